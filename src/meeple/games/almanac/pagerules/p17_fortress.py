"""Page 17, High Frost Fortress: sentries on the walls, medals for the strong (AL-R96..AL-R98).

The fortress's walls are the page's clusters; the spaces of a wall stand in a row, in their
order in the data. A worker is a sentry: the spaces next to it on its wall are closed to the
other players (AL-R96). A medal space needs a caravan of strength ``medal_strength`` or more
besides its gold (AL-R97). With 2 players a sentry closes its neighbours to its owner too
(AL-R98). The rule opens single spaces: its key is the bitmask of the spaces open.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from meeple.games.almanac.pages import PageRule, page_table, register

if TYPE_CHECKING:
    from meeple.games.almanac.content import Content, Page
    from meeple.games.almanac.state import AlmanacState


def neighbours(page: Page) -> tuple[tuple[int, ...], ...]:
    """The spaces next to each space on its wall (the previous and next of its cluster)."""

    def build(p: Page) -> tuple[tuple[int, ...], ...]:
        rows: dict[int, list[int]] = {}
        for s in p.spaces:
            rows.setdefault(s.cluster, []).append(s.index)
        out: list[tuple[int, ...]] = [()] * len(p.spaces)
        for row in rows.values():
            for j, i in enumerate(row):
                out[i] = tuple(row[k] for k in (j - 1, j + 1) if 0 <= k < len(row))
        return tuple(out)

    return page_table(page, "wall_neighbours", build)


@register
class FortressRule(PageRule):
    """Page 17, High Frost Fortress (rulings AL-R96..AL-R98)."""

    key = "fortress"
    params: ClassVar[dict[str, int]] = {"medal_strength": 2, "two_player_own_sentries": 1}
    geometry = True
    clustered = True
    min_clusters = 2
    rule_id = "AL-R96"
    summary = (
        "a worker is a sentry: the spaces beside it on its wall are closed to the others{two}; "
        "a medal needs a caravan of strength {medal_strength} or more"
    )

    def summary_values(self, page: Page, content: Content) -> dict[str, Any]:
        return {"two": " (with 2 players to all)" if page.param("two_player_own_sentries") else ""}

    def cluster_name(self, page: Page, cluster: int) -> str:
        return "wall"

    def check(self, page: Page) -> tuple[str, str] | None:
        if not any(s.token == "medal" for s in page.spaces):
            return ("spaces", "the fortress awards its medals on medal spaces (AL-R97)")
        return None

    def cluster_key(self, st: AlmanacState, seat: int) -> int:
        """The bitmask of the spaces open to ``seat`` (AL-R96..AL-R98)."""
        page = st.content.pages[st.page]
        nb = neighbours(page)
        occ = st.occ
        own = st.n == 2 and page.param("two_player_own_sentries")
        strong = st.strength(seat) >= page.param("medal_strength")
        mask = 0
        for i, s in enumerate(page.spaces):
            if s.token == "medal" and not strong:
                continue
            if any(occ[j] >= 0 and (own or occ[j] != seat) for j in nb[i]):
                continue
            mask |= 1 << i
        return mask

    def space_mask(self, page: Page, key: int, in_clusters: Callable[[int], int]) -> int:
        return key

    def view_lines(self, page: Page, obs: dict) -> list[str]:
        walls = ", ".join(
            f"c{k}: " + " ".join(str(s.index) for s in page.spaces if s.cluster == k)
            for k in range(page.clusters)
        )
        need = page.param("medal_strength")
        return [f"Walls, spaces in a row: {walls}", f"  A medal needs strength {need}"]
