"""Page 19, Sister's Port: ships boarded in turn, theatre tickets (rulings AL-R103..AL-R105).

The harbour's ships are the page's clusters, boarded in order: ship 0 is open, and ship ``k``
opens once ship ``k-1`` holds ``to_sail`` workers (AL-R103), ``two_player_to_sail`` with 2
players (AL-R105). A player holding a theatre ticket may board any ship (AL-R104).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from meeple.core.game import seat_word
from meeple.games.almanac.pages import PageRule, register

if TYPE_CHECKING:
    from meeple.games.almanac.content import Content, Page
    from meeple.games.almanac.state import AlmanacState


def ships_open(page: Page, occ: list[int], to_sail: int) -> int:
    """How many ships, from ship 0, are open to board (AL-R103)."""
    counts = [0] * page.clusters
    for i, o in enumerate(occ):
        if o >= 0:
            counts[page.spaces[i].cluster] += 1
    k = 1
    while k < page.clusters and counts[k - 1] >= to_sail:
        k += 1
    return k


@register
class PortRule(PageRule):
    """Page 19, Sister's Port (rulings AL-R103..AL-R105)."""

    key = "port"
    params: ClassVar[dict[str, int]] = {"to_sail": 2, "two_player_to_sail": 2}
    geometry = True
    clustered = True
    min_clusters = 2
    rule_id = "AL-R103"
    summary = (
        "ships board in turn: the next opens once the one before holds {to_sail} workers{two}; "
        "a theatre ticket lets its holder board any ship"
    )

    def summary_values(self, page: Page, content: Content) -> dict[str, Any]:
        two = page.param("two_player_to_sail")
        return {"two": "" if two == page.param("to_sail") else f" ({two} with 2 players)"}

    def cluster_name(self, page: Page, cluster: int) -> str:
        return "ship"

    def to_sail(self, page: Page, n: int) -> int:
        return page.param("two_player_to_sail" if n == 2 else "to_sail")

    def cluster_key(self, st: AlmanacState, seat: int) -> int:
        """The ships open (1..clusters), or 0 for a ticket holder (every ship, AL-R104)."""
        if st.tokens[seat].get("theatre", 0) > 0:
            return 0
        page = st.content.pages[st.page]
        return ships_open(page, st.occ, self.to_sail(page, st.n))

    def clusters_for(self, page: Page, key: int) -> int:
        if not key:
            return (1 << page.clusters) - 1
        return (1 << key) - 1

    def check(self, page: Page) -> tuple[str, str] | None:
        if any(s.token == "theatre" and s.cluster == 0 for s in page.spaces):
            return ("spaces", "the theatre boards later ships, not ship 0 (AL-R104)")
        return None

    def view_lines(self, page: Page, obs: dict) -> list[str]:
        k = ships_open(page, obs["occupied"], self.to_sail(page, len(obs["players"])))
        tickets = [s for s, p in enumerate(obs["players"]) if p["tokens"].get("theatre")]
        held = ", ".join(f"{seat_word(s)}" for s in tickets) or "nobody"
        return [f"Ships open to board: c0..c{k - 1}; theatre tickets (any ship): {held}"]
