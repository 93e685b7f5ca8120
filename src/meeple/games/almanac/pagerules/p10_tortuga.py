"""Page 10, Tortuga: a crew spread over the coves, and the turtles that carry cargo (rulings
AL-R68..AL-R71)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from meeple.core.game import seat_word
from meeple.games.almanac.pages import ClusterRule, more_than, number_word, register

if TYPE_CHECKING:
    from meeple.games.almanac.content import Content, Page
    from meeple.games.almanac.state import AlmanacState

#: Bits of a seat's count in one cove (``st.visited``): a crew of at most 7 in a cove.
_BITS = 3
MAX_COVES = 5


@register
class CoveRule(ClusterRule):
    """Tortuga (ruling AL-R68): each worker goes in a cove with an empty space where the seat
    has at most ``slack`` more workers than in its emptiest such cove (``two_player_slack``
    with 2 players, AL-R70). A turtle tile adds ``turtle_crates`` crates to the caravan for the
    rest of the journey (AL-R69).

    ``st.visited[seat]`` holds the seat's workers in each cove, 3 bits a cove."""

    key = "coves"
    params: ClassVar[dict[str, int]] = {"slack": 0, "two_player_slack": 1, "turtle_crates": 1}
    rule_id = "AL-R68"
    summary = (
        "spread your crew: each worker goes in a cove where you have {level} workers than in "
        "your emptiest open cove (with 2 players, {two} more); a turtle carries {crates} for "
        "the rest of the journey"
    )

    def summary_values(self, page: Page, content: Content) -> dict[str, Any]:
        crates = page.param("turtle_crates")
        return {
            "level": more_than(page.param("slack")),
            "two": number_word(page.param("two_player_slack")),
            "crates": f"{crates} more crate" + ("" if crates == 1 else "s"),
        }

    def key_of(
        self, page: Page, visited: int, pg: Sequence[int], occ: Sequence[int], n: int
    ) -> int:
        k = page.clusters
        full = 0
        sizes = self.sizes(page)
        for c, cnt in enumerate(self.counts(page, occ)):
            if cnt >= sizes[c]:
                full |= 1 << c
        return visited | full << _BITS * k | (1 << (_BITS + 1) * k if n == 2 else 0)

    def clusters_for(self, page: Page, key: int) -> int:
        """AL-R68, AL-R70: the open coves within the slack of the seat's emptiest open one."""
        k = page.clusters
        mine = [key >> _BITS * c & 7 for c in range(k)]
        full = key >> _BITS * k
        slack = page.param("two_player_slack" if key >> (_BITS + 1) * k & 1 else "slack")
        open_ = [c for c in range(k) if not full >> c & 1]
        if not open_:
            return 0
        low = min(mine[c] for c in open_)
        return sum(1 << c for c in open_ if mine[c] <= low + slack)

    def check(self, page: Page) -> tuple[str, str] | None:
        if page.clusters > MAX_COVES:
            return ("clusters", f"Tortuga has at most {MAX_COVES} coves (ruling AL-R68)")
        return super().check(page)

    def cluster_name(self, page: Page, cluster: int) -> str:
        return f"cove {cluster + 1}"

    def on_place(self, st: AlmanacState, seat: int, page: Page, space: int) -> None:
        sp = page.spaces[space]
        shift = _BITS * sp.cluster
        if (st.visited[seat] >> shift & 7) < 7:
            st.visited[seat] += 1 << shift
        if sp.action == "token" and sp.token == "turtle":
            st.crates[seat] += page.param("turtle_crates")  # AL-R69: for the whole journey

    def view_lines(self, page: Page, obs: dict[str, Any]) -> list[str]:
        out = []
        me = obs["viewer"]
        for s, p in enumerate(obs["players"]):
            v = p["visited"]
            if v:
                crew = ", ".join(
                    f"{self.cluster_name(page, c)} {v >> _BITS * c & 7}"
                    for c in range(page.clusters)
                )
                out.append(f"  {'Your' if s == me else f'{seat_word(s)}'} crew: {crew}")
        return out
