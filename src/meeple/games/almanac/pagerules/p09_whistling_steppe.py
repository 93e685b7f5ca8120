"""Page 9, Whistling Steppe: the wind turns from pipe to pipe, and the pipe it points at when
all are placed sings a good to each worker there (rulings AL-R65..AL-R67)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from meeple.games.almanac.pages import ClusterRule, number_word, register

if TYPE_CHECKING:
    from meeple.games.almanac.content import Content, Page
    from meeple.games.almanac.state import AlmanacState

_TWO = 64  #: cluster-key flag: a 2-player journey (ruling AL-R67)


@register
class WindRule(ClusterRule):
    """Whistling Steppe (ruling AL-R65): stone pipes in a ring (clusters in clockwise order);
    the wind points at one (``st.pg[0]``, from ``wind_start``). A worker goes in one of the
    ``width`` pipes from the wind's clockwise (``two_player_width`` with 2 players, AL-R67);
    the wind then turns to the pipe after the one used, skipping pipes with no empty space.
    After all workers are placed, each worker in the wind's pipe gains ``whistle_goods`` goods
    of choice (AL-R66)."""

    key = "wind"
    params: ClassVar[dict[str, int]] = {
        "wind_start": 0,
        "width": 2,
        "two_player_width": 3,
        "whistle_goods": 1,
    }
    rule_id = "AL-R65"
    min_clusters = 3
    summary = (
        "place in the pipe the wind points at{near} (with 2 players, {near2}); the wind then "
        "turns to the pipe after yours; at the end each worker in the wind's pipe gains {goods}"
    )

    def summary_values(self, page: Page, content: Content) -> dict[str, Any]:
        def nexts(width: int) -> str:
            return "the next one" if width == 2 else f"the next {number_word(width - 1)}"

        width = page.param("width")
        goods = page.param("whistle_goods")
        return {
            "near": f" or {nexts(width)} clockwise" if width > 1 else "",
            "near2": nexts(page.param("two_player_width")),
            "goods": "a good of choice" if goods == 1 else f"{goods} goods of choice",
        }

    def setup(self, st: AlmanacState, page: Page) -> None:
        st.pg = [page.param("wind_start") % page.clusters]

    def key_of(
        self, page: Page, visited: int, pg: Sequence[int], occ: Sequence[int], n: int
    ) -> int:
        return pg[0] + (_TWO if n == 2 else 0)

    def clusters_for(self, page: Page, key: int) -> int:
        """AL-R65, AL-R67: the pipes within the width from the wind's, clockwise."""
        k = page.clusters
        width = min(page.param("two_player_width" if key & _TWO else "width"), k)
        wind = key & 63
        return sum(1 << (wind + i) % k for i in range(max(width, 1)))

    def cluster_name(self, page: Page, cluster: int) -> str:
        return f"pipe {cluster + 1}"

    def on_place(self, st: AlmanacState, seat: int, page: Page, space: int) -> None:
        used = page.spaces[space].cluster
        k = page.clusters
        counts = self.counts(page, st.occ)
        sizes = self.sizes(page)
        for step in range(1, k + 1):
            nxt = (used + step) % k
            if counts[nxt] < sizes[nxt]:
                st.pg[0] = nxt
                return
        # every pipe is full: the wind stays where it is

    def after_all_placed(self, st: AlmanacState, page: Page) -> None:
        """AL-R66: the wind's pipe sings a good of choice to each of its workers."""
        self.grant_goods(st, self.from_guide(st, page, st.pg[0]), page.param("whistle_goods"))

    def view_lines(self, page: Page, obs: dict[str, Any]) -> list[str]:
        pg = obs["page_state"]
        if not pg:
            return []
        return [f"  The wind points at {self.cluster_name(page, pg[0])} (pipes run clockwise)"]
