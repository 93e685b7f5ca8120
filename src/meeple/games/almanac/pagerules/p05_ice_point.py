"""Page 5, Ice Point: two shores across the cape, crossed worker by worker, and the
doppelganger potions (rulings AL-R51..AL-R54)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from meeple.core.game import seat_word
from meeple.games.almanac.pages import ClusterRule, counted, number_word, register, times_word

if TYPE_CHECKING:
    from meeple.games.almanac.content import Content, Page
    from meeple.games.almanac.state import AlmanacState

_TWO = 256  #: cluster-key flag: a 2-player journey (ruling AL-R53)


@register
class MirrorRule(ClusterRule):
    """Ice Point (ruling AL-R51): a seat's first worker goes on any shore, each later one on a
    shore other than that of its last worker. With 2 players a seat may stay on its shore
    ``two_player_stays`` times (AL-R53). A doppelganger potion brings ``potion_workers``
    workers from behind the screen onto the caravan for the rest of the journey, or a good of
    choice for each one the screen no longer holds (AL-R52).

    ``st.visited[seat]`` holds the shore of the seat's last worker plus 1 (bits 0-3, 0: none
    yet) and the times it stayed (bits 4-7)."""

    key = "mirror"
    params: ClassVar[dict[str, int]] = {"two_player_stays": 1, "potion_workers": 1}
    rule_id = "AL-R51"
    summary = (
        "the cape has {shores} shores: each later worker goes on the other shore from your last "
        "one (with 2 players you may stay {stays}); a doppelganger potion brings {double} from "
        "behind your screen onto your caravan for the rest of the journey"
    )

    def summary_values(self, page: Page, content: Content) -> dict[str, Any]:
        return {
            "shores": number_word(page.clusters),
            "stays": times_word(page.param("two_player_stays")),
            "double": counted(page.param("potion_workers"), "worker"),
        }

    def key_of(
        self, page: Page, visited: int, pg: Sequence[int], occ: Sequence[int], n: int
    ) -> int:
        return visited + (_TWO if n == 2 else 0)

    def clusters_for(self, page: Page, key: int) -> int:
        """AL-R51: every shore but the last one's; AL-R53: with 2 players every shore while
        the seat may still stay."""
        every = (1 << page.clusters) - 1
        last = key & 15
        if not last:
            return every
        if key & _TWO and (key >> 4 & 15) < page.param("two_player_stays"):
            return every
        return every & ~(1 << (last - 1))

    def cluster_name(self, page: Page, cluster: int) -> str:
        return ("west shore", "east shore")[cluster] if page.clusters == 2 else f"shore {cluster}"

    def on_place(self, st: AlmanacState, seat: int, page: Page, space: int) -> None:
        sp = page.spaces[space]
        v = st.visited[seat]
        stays = v >> 4 & 15
        if (v & 15) == sp.cluster + 1:
            stays = min(stays + 1, 15)
        st.visited[seat] = (sp.cluster + 1) | stays << 4
        if sp.action == "token" and sp.token == "potion":
            # AL-R52: the potion's double is a worker from behind the screen (AL-R16: it may
            # be placed this round); a screen with none left gives a good of choice instead
            want = page.param("potion_workers")
            came = min(want, st.reserve(seat))
            st.workers[seat] += came
            self.grant_goods(st, [seat], want - came)

    def view_lines(self, page: Page, obs: dict[str, Any]) -> list[str]:
        me = obs["viewer"]
        out = []
        for s, p in enumerate(obs["players"]):
            if p["visited"] & 15:
                who = "Your" if s == me else f"{seat_word(s)}'s"
                shore = self.cluster_name(page, (p["visited"] & 15) - 1)
                out.append(f"  {who} last worker is on the {shore}")
        return out
