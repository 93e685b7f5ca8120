"""Page 18, Brother's Colosseum: arenas where the strongest caravan wins (AL-R99..AL-R102).

The colosseum's arenas are the page's clusters. A player may have at most ``per_arena``
workers in each arena (AL-R99), ``two_player_per_arena`` with 2 players (AL-R102). Once all
workers are placed, each arena's contest is won by the strongest caravan among the players
with a worker there, ties to the first of them clockwise from the Guide: ``purse`` gold
(AL-R100). Enchanted shields add 1 strength (AL-R101).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from meeple.core.game import seat_word
from meeple.games.almanac.pages import PageRule, register

if TYPE_CHECKING:
    from meeple.games.almanac.content import Content, Page
    from meeple.games.almanac.state import AlmanacState


def winners(page: Page, n: int, guide: int, occ: list[int], strength: list[int]) -> list[int]:
    """The winner of each arena's contest (-1: nobody there), AL-R100."""
    out = []
    for k in range(page.clusters):
        there = {o for i, o in enumerate(occ) if o >= 0 and page.spaces[i].cluster == k}
        best = -1
        for j in range(n):
            s = (guide + j) % n
            if s in there and (best < 0 or strength[s] > strength[best]):
                best = s
        out.append(best)
    return out


@register
class ArenaRule(PageRule):
    """Page 18, Brother's Colosseum (rulings AL-R99..AL-R102)."""

    key = "arena"
    params: ClassVar[dict[str, int]] = {"per_arena": 2, "two_player_per_arena": 3, "purse": 1}
    geometry = True
    clustered = True
    min_clusters = 2
    rule_id = "AL-R99"
    summary = (
        "at most {per_arena} of your workers in each arena ({two_player_per_arena} with 2 "
        "players); once all are placed the strongest caravan in each arena wins its purse of "
        "{purse} gold; enchanted shields add {strength} strength"
    )

    def summary_values(self, page: Page, content: Content) -> dict[str, Any]:
        return {"strength": content.token_strength["shield"]}

    def cluster_name(self, page: Page, cluster: int) -> str:
        return "arena"

    def cluster_key(self, st: AlmanacState, seat: int) -> int:
        """The arenas where ``seat`` has its limit of workers (AL-R99, AL-R102)."""
        page = st.content.pages[st.page]
        limit = page.param("two_player_per_arena" if st.n == 2 else "per_arena")
        counts = [0] * page.clusters
        for i, o in enumerate(st.occ):
            if o == seat:
                counts[page.spaces[i].cluster] += 1
        return sum(1 << k for k, c in enumerate(counts) if c >= limit)

    def clusters_for(self, page: Page, key: int) -> int:
        return ((1 << page.clusters) - 1) & ~key

    def after_all_placed(self, st: AlmanacState, page: Page) -> None:
        """AL-R100: each arena's purse to its strongest caravan."""
        purse = page.param("purse")
        strength = [st.strength(s) for s in range(st.n)]
        for w in winners(page, st.n, st.guide, st.occ, strength):
            if w >= 0:
                st.gold[w] += purse

    def view_lines(self, page: Page, obs: dict) -> list[str]:
        strength = [p["strength"] for p in obs["players"]]
        won = winners(page, len(strength), obs["guide"], obs["occupied"], strength)
        lead = ", ".join(
            f"c{k} " + ("nobody" if w < 0 else f"{seat_word(w)}") for k, w in enumerate(won)
        )
        return [f"Arenas, strongest caravan there now: {lead}"]
