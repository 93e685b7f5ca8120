"""Page 7, Glimmerhollow Mines: shafts opened from the top down, and the crystal vein of the
deepest shaft (rulings AL-R59..AL-R61)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from meeple.games.almanac.pages import ClusterRule, number_word, register

if TYPE_CHECKING:
    from meeple.games.almanac.content import Content, Page
    from meeple.games.almanac.state import AlmanacState


@register
class MineRule(ClusterRule):
    """Glimmerhollow Mines (ruling AL-R59): shafts from the top (cluster 0) down; the top
    ``open_shafts`` are open from the start, and each deeper one opens once a worker (anyone's)
    stands in the shaft above it; with 2 players ``two_player_open_shafts`` are open from the
    start (AL-R61). After all workers are placed, each worker in the deepest shaft with a
    worker earns its owner ``vein_gold`` gold (AL-R60)."""

    key = "mine"
    params: ClassVar[dict[str, int]] = {
        "open_shafts": 1,
        "two_player_open_shafts": 2,
        "vein_gold": 2,
    }
    rule_id = "AL-R59"
    summary = (
        "shafts open from the top down: {first}a shaft opens once a worker stands in the shaft "
        "above (with 2 players the top {two} are open); after all workers are placed, each "
        "worker in the deepest shaft reached earns {vein_gold} gold"
    )

    def summary_values(self, page: Page, content: Content) -> dict[str, Any]:
        first = page.param("open_shafts")
        return {
            "first": "" if first == 1 else f"the top {number_word(first)} are open; ",
            "two": number_word(page.param("two_player_open_shafts")),
        }

    def key_of(
        self, page: Page, visited: int, pg: Sequence[int], occ: Sequence[int], n: int
    ) -> int:
        mask = 0
        for c, cnt in enumerate(self.counts(page, occ)):
            if cnt:
                mask |= 1 << c
        return mask | (1 << page.clusters if n == 2 else 0)

    def clusters_for(self, page: Page, key: int) -> int:
        """AL-R59, AL-R61: the shafts open from the start and those below a worker."""
        k = page.clusters
        two = key >> k & 1
        start = page.param("two_player_open_shafts" if two else "open_shafts")
        open_ = (1 << min(max(start, 1), k)) - 1
        for c in range(1, k):
            if key >> (c - 1) & 1:
                open_ |= 1 << c
        return open_

    def cluster_name(self, page: Page, cluster: int) -> str:
        return f"shaft {cluster + 1}" + (" (the top)" if cluster == 0 else "")

    def after_all_placed(self, st: AlmanacState, page: Page) -> None:
        """AL-R60: the crystal vein pays the workers of the deepest shaft reached."""
        counts = self.counts(page, st.occ)
        deep = max((c for c in range(page.clusters) if counts[c]), default=-1)
        if deep < 0:
            return
        for seat in self.from_guide(st, page, deep):
            st.gold[seat] += page.param("vein_gold")

    def view_lines(self, page: Page, obs: dict[str, Any]) -> list[str]:
        occ = obs["occupied"]
        if len(occ) != len(page.spaces):
            return []
        counts = self.counts(page, occ)
        deep = max((c for c in range(page.clusters) if counts[c]), default=-1)
        if deep < 0:
            return ["  No shaft is worked yet: the vein pays the deepest one reached"]
        return [f"  Deepest shaft reached: {self.cluster_name(page, deep)}"]
