"""Page 8, Frostbarrow Ferry: the far bank is reached once the ferry is loaded, and its
passengers take the fare (rulings AL-R62..AL-R64)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from meeple.games.almanac.pages import ClusterRule, register

if TYPE_CHECKING:
    from meeple.games.almanac.content import Page
    from meeple.games.almanac.state import AlmanacState

NEAR, DECK, FAR = 0, 1, 2  #: the clusters of the page: near bank, ferry deck, far bank
_TWO = 64  #: cluster-key flag: a 2-player journey (ruling AL-R64)


@register
class FerryRule(ClusterRule):
    """Frostbarrow Ferry (ruling AL-R62): the near bank and the ferry's deck are open; the far
    bank opens once ``crossing`` workers (anyone's) stand on the deck, ``two_player_crossing``
    with 2 players (AL-R64). A worker put on the far bank pays, from the supply, ``fare`` gold
    to the owner of each other player's worker on the deck (AL-R63)."""

    key = "ferry"
    params: ClassVar[dict[str, int]] = {"crossing": 3, "two_player_crossing": 2, "fare": 1}
    rule_id = "AL-R62"
    min_clusters = 3
    summary = (
        "the far bank opens once the ferry's deck holds {crossing} workers ({two_player_crossing} "
        "with 2 players); each worker landing on the far bank earns each other player's worker "
        "on the deck {fare} gold"
    )

    def key_of(
        self, page: Page, visited: int, pg: Sequence[int], occ: Sequence[int], n: int
    ) -> int:
        return min(self.counts(page, occ)[DECK], 63) + (_TWO if n == 2 else 0)

    def clusters_for(self, page: Page, key: int) -> int:
        """AL-R62, AL-R64: the far bank only once the deck holds the crossing load."""
        need = page.param("two_player_crossing" if key & _TWO else "crossing")
        if (key & 63) >= need:
            return (1 << page.clusters) - 1
        return 1 << NEAR | 1 << DECK

    def check(self, page: Page) -> tuple[str, str] | None:
        if page.clusters != 3:
            return ("clusters", "the ferry has 3 clusters: near bank, deck, far bank (AL-R62)")
        return super().check(page)

    def cluster_name(self, page: Page, cluster: int) -> str:
        return ("near bank", "ferry deck", "far bank")[cluster]

    def on_place(self, st: AlmanacState, seat: int, page: Page, space: int) -> None:
        if page.spaces[space].cluster != FAR:
            return
        fare = page.param("fare")
        for s in page.spaces:  # AL-R63: the passengers take the fare
            owner = st.occ[s.index]
            if s.cluster == DECK and owner >= 0 and owner != seat:
                st.gold[owner] += fare

    def view_lines(self, page: Page, obs: dict[str, Any]) -> list[str]:
        occ = obs["occupied"]
        if len(occ) != len(page.spaces):
            return []
        need = page.param("two_player_crossing" if len(obs["players"]) == 2 else "crossing")
        on = self.counts(page, occ)[DECK]
        state = "has crossed: the far bank is open" if on >= need else "waits at the near bank"
        return [f"  The ferry holds {on}/{need} workers and {state}"]
