"""``meeple games``: the registered games with their metadata."""

from __future__ import annotations

from rich import box
from rich.table import Table

from meeple.cli.common import console, shown
from meeple.core.registry import game_class, game_names


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def games() -> None:
    """List the games with their metadata."""
    con = console()
    table = Table(title="Games", box=box.SIMPLE_HEAD)
    table.add_column("name", no_wrap=True)
    table.add_column("title")
    for col in ("players", "chance", "hidden", "simult.", "version"):
        table.add_column(col, no_wrap=True)
    table.add_column("agents")
    from meeple.agents.base import agent_names

    for name in game_names():
        try:
            cls = game_class(name)
            info = cls.info
        except (ImportError, AttributeError) as e:
            table.add_row(shown(name), f"[dim]not available ({shown(type(e).__name__)})[/]")
            continue
        players = (
            str(info.min_players)
            if info.min_players == info.max_players
            else f"{info.min_players}-{info.max_players}"
        )
        table.add_row(
            shown(name),
            shown(info.title),
            players,
            _yes(info.has_chance),
            _yes(info.hidden_information),
            _yes(info.simultaneous),
            shown(info.version),
            shown(", ".join(agent_names(cls))),
        )
    con.print(table)
