"""Page 15, Lanternmoor: travellers follow the last lantern lit (rulings AL-R89..AL-R91).

The moor's lantern posts are the page's clusters, joined by its ``paths``. The first worker on
the page may go anywhere; every later one, whoever places it, goes in the cluster of the last
worker placed or one within ``reach`` paths of it (AL-R89). When those clusters have no empty
space left the lanterns gutter and every cluster is open (AL-R90). With 2 players the reach
is ``two_player_reach`` (AL-R91). ``st.pg`` holds the cluster of the last worker (-1: none).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from meeple.games.almanac.pages import PageRule, register

if TYPE_CHECKING:
    from meeple.games.almanac.content import Content, Page
    from meeple.games.almanac.state import AlmanacState


def within(page: Page, start: int, steps: int) -> int:
    """Bitmask of the clusters at most ``steps`` paths from ``start``."""
    reach = 1 << start
    for _ in range(steps):
        grown = reach
        for a, b in page.paths:
            if reach >> a & 1:
                grown |= 1 << b
            if reach >> b & 1:
                grown |= 1 << a
        reach = grown
    return reach


@register
class LanternRule(PageRule):
    """Page 15, Lanternmoor (rulings AL-R89..AL-R91)."""

    key = "lanterns"
    params: ClassVar[dict[str, int]] = {"reach": 1, "two_player_reach": 2}
    geometry = True
    clustered = True
    min_clusters = 2
    geometry_fields = ("paths",)
    rule_id = "AL-R89"
    summary = (
        "follow the lanterns: each worker goes in the post of the last worker placed, by "
        "anyone, or one {reach_words} away ({two_player_reach} with 2 players); when those are "
        "full, anywhere"
    )

    def summary_values(self, page: Page, content: Content) -> dict[str, Any]:
        reach = page.param("reach")
        return {"reach_words": "a path" if reach == 1 else f"{reach} paths"}

    def cluster_name(self, page: Page, cluster: int) -> str:
        return "post"

    def setup(self, st: AlmanacState, page: Page) -> None:
        st.pg = [-1]

    def check(self, page: Page) -> tuple[str, str] | None:
        if not page.paths:
            return ("paths", "the lantern posts are joined by paths (AL-R89)")
        return None

    def cluster_key(self, st: AlmanacState, seat: int) -> int:
        """0 (every post) before the first worker or once the lit posts are full (AL-R90);
        else the last post plus 1 and the reach times 64."""
        last = st.pg[0] if st.pg else -1
        if last < 0:
            return 0
        page = st.content.pages[st.page]
        steps = page.param("two_player_reach" if st.n == 2 else "reach")
        lit = within(page, last, steps)
        occ = st.occ
        if not any(occ[i] < 0 and lit >> s.cluster & 1 for i, s in enumerate(page.spaces)):
            return 0
        return last + 1 + 64 * steps

    def clusters_for(self, page: Page, key: int) -> int:
        if not key:
            return (1 << page.clusters) - 1
        return within(page, key % 64 - 1, key // 64)

    def on_place(self, st: AlmanacState, seat: int, page: Page, space: int) -> None:
        st.pg[0] = page.spaces[space].cluster

    def view_lines(self, page: Page, obs: dict) -> list[str]:
        paths = ", ".join(f"c{a}-c{b}" for a, b in page.paths)
        last = obs["page_state"][0] if obs["page_state"] else -1
        where = f"the last worker stands at post c{last}" if last >= 0 else "no worker yet"
        return [f"Lantern posts joined by paths: {paths}", f"  Now {where}"]
