"""Page 11, Silver Falls: pools climbed worker by worker up to the brink, and the silver mist
bottled there (rulings AL-R72..AL-R75)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from meeple.games.almanac.pages import ClusterRule, number_word, register

if TYPE_CHECKING:
    from meeple.games.almanac.content import Content, Page
    from meeple.games.almanac.state import AlmanacState

_TWO = 64  #: cluster-key flag: a 2-player journey (ruling AL-R75)


@register
class BrinkRule(ClusterRule):
    """Silver Falls (ruling AL-R72): pools from the foot of the falls (cluster 0) up to the
    brink (the last); a seat's k-th worker on the page (from 0) goes in a pool no higher than
    pool k, pool k + ``two_player_reach`` with 2 players (AL-R75). A mist space gives 1 bottle
    plus ``mist_per_pool`` for each pool above the foot, as many as are left (AL-R73). After
    all workers are placed, each worker on the brink earns ``brink_gold`` gold (AL-R74).

    ``st.visited[seat]`` counts the seat's workers on the page."""

    key = "brink"
    params: ClassVar[dict[str, int]] = {"two_player_reach": 1, "mist_per_pool": 1, "brink_gold": 2}
    rule_id = "AL-R72"
    summary = (
        "climb the falls: your first worker goes at the foot, each later one at most one pool "
        "higher per worker before it (with 2 players, {two} more); mist is bottled {mist} at "
        "a time by pool (+{strength} strength each); each worker on the brink earns "
        "{brink_gold} gold at the end"
    )

    def summary_values(self, page: Page, content: Content) -> dict[str, Any]:
        per = page.param("mist_per_pool")
        amounts = sorted({1 + s.cluster * per for s in page.spaces if s.token == "mist"})
        words = [str(a) for a in amounts]
        mist = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
        return {
            "two": number_word(page.param("two_player_reach")),
            "mist": mist,
            "strength": content.token_strength["mist"],
        }

    def key_of(
        self, page: Page, visited: int, pg: Sequence[int], occ: Sequence[int], n: int
    ) -> int:
        return min(visited, 63) + (_TWO if n == 2 else 0)

    def clusters_for(self, page: Page, key: int) -> int:
        """AL-R72, AL-R75: the pools up to the seat's reach."""
        reach = (key & 63) + (page.param("two_player_reach") if key & _TWO else 0)
        return (1 << min(reach + 1, page.clusters)) - 1

    def cluster_name(self, page: Page, cluster: int) -> str:
        if cluster == page.clusters - 1:
            return "the brink"
        return "the foot" if cluster == 0 else f"pool {cluster + 1}"

    def on_place(self, st: AlmanacState, seat: int, page: Page, space: int) -> None:
        sp = page.spaces[space]
        st.visited[seat] += 1
        if sp.action == "token" and sp.token == "mist":
            # AL-R73: the higher the pool, the more mist is bottled (the first came with the
            # space's token)
            more = min(sp.cluster * page.param("mist_per_pool"), st.tok_supply.get("mist", 0))
            if more > 0:
                st.tok_supply["mist"] -= more
                st.tokens[seat]["mist"] = st.tokens[seat].get("mist", 0) + more

    def after_all_placed(self, st: AlmanacState, page: Page) -> None:
        """AL-R74: the brink pays its workers."""
        for seat in self.from_guide(st, page, page.clusters - 1):
            st.gold[seat] += page.param("brink_gold")

    def view_lines(self, page: Page, obs: dict[str, Any]) -> list[str]:
        me = obs["viewer"]
        if not isinstance(me, int):
            return []
        v = obs["players"][me]["visited"]
        two = page.param("two_player_reach") if len(obs["players"]) == 2 else 0
        top = self.cluster_name(page, min(v + two, page.clusters - 1))
        return [f"  You have {v} worker(s) on the falls: you may climb up to {top}"]
