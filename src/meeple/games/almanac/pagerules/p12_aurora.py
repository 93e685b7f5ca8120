"""Page 12, Aurora: bands of the sky glow in the colours of the goods (rulings AL-R80..AL-R82).

The page has 5 bands (clusters): band ``k`` of 0-3 glows in the colour of the ``k``-th good of
the page's supply-and-demand bar (the most valuable first), band 4 is the pale band. A worker
may go in the pale band, or in a coloured band while its player carries a good of that colour
(AL-R80). With 2 players the last ``two_player_open_bands`` coloured bands are open to all too
(AL-R81). The light marker's holder chooses the next location instead of the Guide (AL-R82).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from meeple.core.game import seat_word
from meeple.games.almanac.pages import PageRule, number_word, register

if TYPE_CHECKING:
    from meeple.games.almanac.content import Content, Page
    from meeple.games.almanac.state import AlmanacState

#: The bands of the sky: 4 coloured ones, then the pale one.
BANDS = 5
PALE = 4


@register
class AuroraRule(PageRule):
    """Page 12, Aurora (rulings AL-R80..AL-R82)."""

    key = "aurora"
    params: ClassVar[dict[str, int]] = {"open_bands": 0, "two_player_open_bands": 1}
    geometry = True
    clustered = True
    min_clusters = 2
    rule_id = "AL-R80"
    summary = (
        "a coloured band is open to you while you carry a good of its colour; the pale band "
        "is open to all{wide} (with 2 players, {two} too); the light marker's holder chooses "
        "the next page"
    )

    def summary_values(self, page: Page, content: Content) -> dict[str, Any]:
        def bands(k: int) -> str:
            if k == 1:
                return "the plentiful band"
            return f"the {number_word(k)} most plentiful bands"

        wide = page.param("open_bands")
        return {
            "wide": f", and so {'is' if wide == 1 else 'are'} {bands(wide)}" if wide else "",
            "two": bands(page.param("two_player_open_bands")),
        }

    def cluster_name(self, page: Page, cluster: int) -> str:
        if cluster >= len(page.bar):
            return "pale band"
        return ("Dewleaf", "Emberspice", "Everice", "Skyfish")[page.bar[cluster]] + " band"

    def check(self, page: Page) -> tuple[str, str] | None:
        if page.clusters != BANDS:
            return ("clusters", "Aurora's sky has 5 bands: 4 colours and the pale one (AL-R80)")
        if sum(1 for s in page.spaces if s.token == "light") > 1:
            return ("spaces", "the light marker is a single token (AL-010)")
        return None

    def cluster_key(self, st: AlmanacState, seat: int) -> int:
        """The goods ``seat`` carries (a bit per type), and 16 more with 2 players."""
        g = st.goods[seat]
        held = (g[0] > 0) | (g[1] > 0) << 1 | (g[2] > 0) << 2 | (g[3] > 0) << 3
        return held | (16 if st.n == 2 else 0)

    def clusters_for(self, page: Page, key: int) -> int:
        """AL-R80: the pale band and the bands of the goods held; the last ``open_bands``
        coloured bands as well (AL-R107), ``two_player_open_bands`` with 2 players (AL-R81)."""
        open_ = 1 << PALE
        for band, good in enumerate(page.bar):
            if key >> good & 1:
                open_ |= 1 << band
        wide = page.param("two_player_open_bands" if key & 16 else "open_bands")
        for band in range(PALE - min(wide, PALE), PALE):
            open_ |= 1 << band
        return open_

    def route_chooser(self, st: AlmanacState, page: Page) -> int:
        """AL-R82: the seer holding the light marker reads the road ahead."""
        for s in range(st.n):
            if st.tokens[s].get("light", 0) > 0:
                return s
        return st.guide

    def view_lines(self, page: Page, obs: dict) -> list[str]:
        from_bar = [f"c{band} {('dew', 'emb', 'eve', 'sky')[g]}" for band, g in enumerate(page.bar)]
        lines = [f"Bands: {', '.join(from_bar)}, c{PALE} pale (open to all)"]
        for s, p in enumerate(obs["players"]):
            if p["tokens"].get("light"):
                lines.append(f"  {seat_word(s)} holds the light marker and chooses the next page")
        return lines
