"""Page 6, Balloon Town: balloons kept level, and the bug tile sold by sealed bid (rulings
AL-R55..AL-R58)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from meeple.games.almanac.pages import ClusterRule, more_than, number_word, register

if TYPE_CHECKING:
    from meeple.games.almanac.content import Content, Page
    from meeple.games.almanac.state import AlmanacState

#: The most spaces a balloon may have: a balloon's count is 4 bits of the cluster key.
MAX_BALLOON = 15


@register
class BallastRule(ClusterRule):
    """Balloon Town (ruling AL-R55): a worker goes in a balloon with an empty space holding at
    most ``slack`` more workers than the lightest such balloon (anyone's workers count); with
    2 players ``two_player_slack`` (AL-R57). After all workers are placed the players bid
    for the bug tile by the rulebook's bidding rules (AL-074, AL-R56); ``bug_bid`` 0 skips the
    bid."""

    key = "ballast"
    params: ClassVar[dict[str, int]] = {"slack": 0, "two_player_slack": 1, "bug_bid": 1}
    rule_id = "AL-R55"
    summary = (
        "keep the balloons level: place in a balloon with {level} workers than the lightest "
        "open one (with 2 players, {two} more){bid}"
    )

    def summary_values(self, page: Page, content: Content) -> dict[str, Any]:
        bid = ""
        if page.param("bug_bid"):
            bid = (
                "; after all workers are placed, a sealed bid for the bug tile "
                f"(+{content.token_strength['bug']} strength, {content.token_fame['bug']} fame)"
            )
        return {
            "level": more_than(page.param("slack")),
            "two": number_word(page.param("two_player_slack")),
            "bid": bid,
        }

    def key_of(
        self, page: Page, visited: int, pg: Sequence[int], occ: Sequence[int], n: int
    ) -> int:
        k = 0
        for c, cnt in enumerate(self.counts(page, occ)):
            k |= cnt << 4 * c
        return k | (1 << 4 * page.clusters if n == 2 else 0)

    def clusters_for(self, page: Page, key: int) -> int:
        """AL-R55: the open balloons within the slack of the lightest open one."""
        sizes = self.sizes(page)
        counts = [key >> 4 * c & 15 for c in range(page.clusters)]
        slack = page.param("two_player_slack" if key >> 4 * page.clusters & 1 else "slack")
        open_ = [c for c in range(page.clusters) if counts[c] < sizes[c]]
        if not open_:
            return 0
        low = min(counts[c] for c in open_)
        return sum(1 << c for c in open_ if counts[c] <= low + slack)

    def check(self, page: Page) -> tuple[str, str] | None:
        if any(size > MAX_BALLOON for size in self.sizes(page)):
            return ("spaces", f"a balloon has at most {MAX_BALLOON} spaces (ruling AL-R55)")
        if page.param("bug_bid") and "bug" not in page.tokens:
            return ("tokens", "the bid of Balloon Town sells the bug tile (ruling AL-R56)")
        return super().check(page)

    def cluster_name(self, page: Page, cluster: int) -> str:
        return f"balloon {cluster + 1}"

    def after_all_placed(self, st: AlmanacState, page: Page) -> None:
        """AL-R56: a sealed bid for the bug tile while it is on the page."""
        if page.param("bug_bid") and st.tok_supply.get("bug", 0) > 0:
            st.tasks.append(("bid_start", "page"))

    def bid_won(self, st: AlmanacState, page: Page, winner: int) -> None:
        """AL-R56, AL-R58: the winner takes the bug tile."""
        st.tok_supply["bug"] -= 1
        st.tokens[winner]["bug"] = st.tokens[winner].get("bug", 0) + 1

    def view_lines(self, page: Page, obs: dict[str, Any]) -> list[str]:
        occ = obs["occupied"]
        if len(occ) != len(page.spaces):
            return []
        counts = self.counts(page, occ)
        sizes = self.sizes(page)
        load = ", ".join(
            f"{self.cluster_name(page, c)} {counts[c]}/{sizes[c]}" for c in range(page.clusters)
        )
        return [f"  Balloons (workers/spaces): {load}"]
