"""Page 14, Skell: the plague spreads between traders in the same district (AL-R86..AL-R88).

The city's districts are the page's clusters. A worker may go on any empty space, but placing
one in a district where other players' workers already stand gives its player
``plague_per_worker`` plague tokens for each of them (AL-R86), while the supply of 30 lasts.
The plague spaces pay 4 gold with a plague token (AL-R87). With 2 players a district holding
``two_player_quarantine`` workers is quarantined: closed to all (AL-R88).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from meeple.core.game import seat_word
from meeple.games.almanac.pages import PageRule, counted, register

if TYPE_CHECKING:
    from meeple.games.almanac.content import Content, Page
    from meeple.games.almanac.state import AlmanacState


@register
class PlagueRule(PageRule):
    """Page 14, Skell (rulings AL-R86..AL-R88)."""

    key = "plague"
    params: ClassVar[dict[str, int]] = {"plague_per_worker": 1, "two_player_quarantine": 3}
    geometry = True
    clustered = True
    min_clusters = 2
    rule_id = "AL-R88"
    summary = (
        "any free space, but each other player's worker already in the district gives you "
        "{plague} ({fame} fame each); with 2 players a district of {two_player_quarantine} "
        "workers is quarantined"
    )

    def summary_values(self, page: Page, content: Content) -> dict[str, Any]:
        return {
            "plague": counted(page.param("plague_per_worker"), "plague token"),
            "fame": content.token_fame["plague"],
        }

    def cluster_name(self, page: Page, cluster: int) -> str:
        return "district"

    def cluster_key(self, st: AlmanacState, seat: int) -> int:
        """The quarantined districts (AL-R88, 2 players only)."""
        if st.n != 2:
            return 0
        page = st.content.pages[st.page]
        counts = [0] * page.clusters
        for i, o in enumerate(st.occ):
            if o >= 0:
                counts[page.spaces[i].cluster] += 1
        limit = page.param("two_player_quarantine")
        return sum(1 << k for k, c in enumerate(counts) if c >= limit)

    def clusters_for(self, page: Page, key: int) -> int:
        return ((1 << page.clusters) - 1) & ~key

    def on_place(self, st: AlmanacState, seat: int, page: Page, space: int) -> None:
        """AL-R86: a plague token per other player's worker in the district, while they last."""
        district = page.spaces[space].cluster
        others = sum(
            1
            for i, o in enumerate(st.occ)
            if o >= 0 and o != seat and page.spaces[i].cluster == district
        )
        k = min(others * page.param("plague_per_worker"), st.tok_supply.get("plague", 0))
        if k:
            st.tok_supply["plague"] -= k
            st.tokens[seat]["plague"] = st.tokens[seat].get("plague", 0) + k

    def view_lines(self, page: Page, obs: dict) -> list[str]:
        held = ", ".join(
            f"{seat_word(s)} {p['tokens'].get('plague', 0)}" for s, p in enumerate(obs["players"])
        )
        left = obs["token_supply"].get("plague", 0)
        return [f"Plague tokens (-1 fame each): {held}; {left} left in the supply"]
