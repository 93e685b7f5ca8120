"""Page 16, High Frost Palace: halls opened by the court's favour (rulings AL-R92..AL-R95).

The palace has 3 halls (clusters): the Gate (c0) is open to all; the Hall (c1) to a player
holding a favor token; the Throne room (c2) to a player holding a royalty token (AL-R92).
Each worker placed in the Gate gains ``favors_at_gate`` favors, each worker in the Hall
``royalty_in_hall`` royalty tokens, while the 4 of each last (AL-R93); the City Key waits in
the Throne room (AL-R94). With 2 players the Hall is open without a favor (AL-R95).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from meeple.core.game import seat_word
from meeple.games.almanac.pages import PageRule, counted, register

if TYPE_CHECKING:
    from meeple.games.almanac.content import Content, Page
    from meeple.games.almanac.state import AlmanacState

GATE, HALL, THRONE = 0, 1, 2


@register
class CourtRule(PageRule):
    """Page 16, High Frost Palace (rulings AL-R92..AL-R95)."""

    key = "court"
    params: ClassVar[dict[str, int]] = {
        "favors_at_gate": 1,
        "royalty_in_hall": 1,
        "two_player_open_hall": 1,
    }
    geometry = True
    clustered = True
    min_clusters = 2
    rule_id = "AL-R92"
    summary = (
        "the Gate is open to all and each worker there earns {favor}; the Hall needs a favor "
        "and each worker there earns {royalty}; the Throne room, with the City Key, needs a "
        "royalty token{two}"
    )

    def summary_values(self, page: Page, content: Content) -> dict[str, Any]:
        two = page.param("two_player_open_hall")
        return {
            "favor": counted(page.param("favors_at_gate"), "favor"),
            "royalty": counted(page.param("royalty_in_hall"), "royalty token"),
            "two": " (with 2 players the Hall needs no favor)" if two else "",
        }

    def cluster_name(self, page: Page, cluster: int) -> str:
        return ("Gate", "Hall", "Throne room")[cluster] if cluster < 3 else "hall"

    def check(self, page: Page) -> tuple[str, str] | None:
        if page.clusters != 3:
            return ("clusters", "the palace has 3 halls: Gate, Hall, Throne room (AL-R92)")
        if any(s.token == "city_key" and s.cluster != THRONE for s in page.spaces):
            return ("spaces", "the City Key waits in the Throne room, cluster 2 (AL-R94)")
        return None

    def cluster_key(self, st: AlmanacState, seat: int) -> int:
        """A favor held (bit 0), a royalty token held (bit 1), 2 players (bit 2)."""
        t = st.tokens[seat]
        return (t.get("favor", 0) > 0) | (t.get("royalty", 0) > 0) << 1 | (st.n == 2) << 2

    def clusters_for(self, page: Page, key: int) -> int:
        """AL-R92: the Gate; the Hall with a favor (AL-R95: or with 2 players); the Throne
        room with a royalty token."""
        open_ = 1 << GATE
        if key & 1 or (key & 4 and page.param("two_player_open_hall")):
            open_ |= 1 << HALL
        if key & 2:
            open_ |= 1 << THRONE
        return open_

    def on_place(self, st: AlmanacState, seat: int, page: Page, space: int) -> None:
        """AL-R93: the court's notice comes with the worker (while the tokens last)."""
        hall = page.spaces[space].cluster
        kind, n = (
            ("favor", page.param("favors_at_gate"))
            if hall == GATE
            else ("royalty", page.param("royalty_in_hall"))
            if hall == HALL
            else ("", 0)
        )
        n = min(n, st.tok_supply.get(kind, 0)) if kind else 0
        if n:
            st.tok_supply[kind] -= n
            st.tokens[seat][kind] = st.tokens[seat].get(kind, 0) + n

    def view_lines(self, page: Page, obs: dict) -> list[str]:
        sup = obs["token_supply"]
        held = "; ".join(
            f"{seat_word(s)}: {p['tokens'].get('favor', 0)} favor, {p['tokens'].get('royalty', 0)} "
            f"royalty" + (", the City Key" if p["tokens"].get("city_key") else "")
            for s, p in enumerate(obs["players"])
        )
        return [
            "Halls: c0 Gate (open), c1 Hall (a favor), c2 Throne room (a royalty token)",
            f"  Left: {sup.get('favor', 0)} favors, {sup.get('royalty', 0)} royalty; {held}",
        ]
