"""Page 13, Grassland Fair: tents that fill up, and three-card monte (rulings AL-R83..AL-R85).

The fair's tents are the page's clusters; a tent holding ``tent_capacity`` workers is full and
closed to everyone (AL-R83), ``two_player_capacity`` with 2 players (AL-R85). A monte space
takes a monte card token for its cost and then rolls the 6-sided die: 4-5 win
``monte_purse`` gold, 6 twice that (AL-R84).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from meeple.games.almanac.pages import PageRule, register

if TYPE_CHECKING:
    from meeple.games.almanac.content import Content, Page
    from meeple.games.almanac.state import AlmanacState


def monte_roll(purse: int) -> tuple:
    """The die table of a monte game (AL-R84): ``("roll", ((lo, hi, effects), ...))``."""
    return ("roll", ((1, 3, ()), (4, 5, (("gold", purse),)), (6, 6, (("gold", 2 * purse),))))


@register
class FairRule(PageRule):
    """Page 13, Grassland Fair (rulings AL-R83..AL-R85)."""

    key = "fair"
    params: ClassVar[dict[str, int]] = {
        "tent_capacity": 3,
        "two_player_capacity": 2,
        "monte_purse": 3,
    }
    geometry = True
    clustered = True
    min_clusters = 2
    rule_id = "AL-R83"
    summary = (
        "a tent holding {tent_capacity} workers ({two_player_capacity} with 2 players) is full; a "
        "monte card costs its gold and rolls the die: 4-5 win {monte_purse} gold, 6 wins {six}"
    )

    def summary_values(self, page: Page, content: Content) -> dict[str, Any]:
        return {"six": 2 * page.param("monte_purse")}

    def cluster_name(self, page: Page, cluster: int) -> str:
        monte = any(s.cluster == cluster and s.token == "monte" for s in page.spaces)
        return "card tent" if monte else "tent"

    def capacity(self, page: Page, n: int) -> int:
        return page.param("two_player_capacity" if n == 2 else "tent_capacity")

    def cluster_key(self, st: AlmanacState, seat: int) -> int:
        """The full tents (AL-R83, AL-R85)."""
        page = st.content.pages[st.page]
        return full_tents(page, st.occ, self.capacity(page, st.n))

    def open_spaces(self, st: AlmanacState, seat: int, page: Page) -> list[int]:
        full = full_tents(page, st.occ, self.capacity(page, st.n))
        return [i for i, s in enumerate(page.spaces) if st.occ[i] < 0 and not full >> s.cluster & 1]

    def clusters_for(self, page: Page, key: int) -> int:
        return ((1 << page.clusters) - 1) & ~key

    def on_place(self, st: AlmanacState, seat: int, page: Page, space: int) -> None:
        if page.spaces[space].token == "monte":  # AL-R84: the card is taken, then the game
            st.tasks.append(("d6", seat, monte_roll(page.param("monte_purse"))))

    def check(self, page: Page) -> tuple[str, str] | None:
        if not any(s.token == "monte" for s in page.spaces):
            return ("spaces", "the fair needs a monte space for its monte cards (AL-R84)")
        return None

    def view_lines(self, page: Page, obs: dict) -> list[str]:
        cap = self.capacity(page, len(obs["players"]))
        counts = [0] * page.clusters
        for i, o in enumerate(obs["occupied"]):
            if o >= 0:
                counts[page.spaces[i].cluster] += 1
        tents = ", ".join(f"c{k} {n}/{cap}" for k, n in enumerate(counts))
        return [f"Tents (workers/capacity): {tents}"]


def full_tents(page: Page, occ: list[int], cap: int) -> int:
    """Bitmask of the tents holding ``cap`` workers or more."""
    counts = [0] * page.clusters
    for i, o in enumerate(occ):
        if o >= 0:
            counts[page.spaces[i].cluster] += 1
    return sum(1 << k for k, n in enumerate(counts) if n >= cap)
