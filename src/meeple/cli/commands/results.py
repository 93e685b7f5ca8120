"""``meeple results``: saved results files pooled into one tournament table."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from meeple.cli.common import console, fail, plural, resolve_game, shown
from meeple.core.errors import ConfigError, MeepleError
from meeple.core.registry import game_spec
from meeple.sim.defaults import limit_warning


def split_game_and_files(inputs: list[str]) -> tuple[str | None, list[Path]]:
    """The game named before the files, if any, and the files: a first argument that is a
    registered game's name (or alias) and not a file is the game.

    Raises:
        typer.Exit: after an ``error:`` line, when no file is given.
    """
    game: str | None = None
    if inputs and not Path(inputs[0]).exists() and _is_game(inputs[0]):
        game, inputs = inputs[0], inputs[1:]
    if not inputs:
        raise fail("no results file given")
    return game, [Path(f) for f in inputs]


def _is_game(name: str) -> bool:
    try:
        game_spec(name)
    except ConfigError:
        return False
    return True


def results(
    inputs: Annotated[
        list[str],
        typer.Argument(
            metavar="[GAME] FILES...",
            help="Results files of `simulate` or `tournament` runs (.csv, .jsonl, or the "
            ".partial.jsonl of a run cut short), after the game's name when the files do not "
            "name their game (see `meeple games`).",
        ),
    ],
) -> None:
    """Pool saved results files and print the tournament tables over all their games:
    standings with 95% intervals and openskill ratings, head-to-head sign tests and seat
    advantage. Runs of one match on several seeds, played apart or on several machines,
    then count as one. Head to head counts a deal of --duplicate rotations as one and every
    other game on its own; solo, every deal the agents all played is one game between them.
    Rounds of seatings with games missing (a run stopped mid-round) and games of one agent
    alone are left out, with a note."""
    from meeple.cli.tournament import print_standings
    from meeple.sim.output import read_results
    from meeple.sim.tournament import pool_results, tournament_tables

    game, files = split_game_and_files(inputs)
    try:
        loaded = []
        seen: set[Path] = set()
        for path in files:
            if path.resolve() in seen:
                raise ConfigError(f"{str(path)!r} is given twice")
            seen.add(path.resolve())
            try:
                loaded.append((str(path), read_results(path)))
            except OSError as e:
                raise ConfigError(f"cannot read {str(path)!r}: {e.strerror or e}") from None
        pooled = pool_results(loaded)
        if game is None:
            if not pooled.game_names:
                raise ConfigError(
                    "these results do not name their game (an older file): give the game's "
                    "name before the files"
                )
            game = pooled.game_names[0]
    except MeepleError as e:
        raise fail(str(e)) from None
    cls = resolve_game(game)
    try:
        other = [g for g in pooled.game_names if g != cls.info.name]
        if other:
            raise ConfigError(f"these results are not of {cls.info.name}: they are of {other[0]}")
        # files from before rows named their game are told by their options (every one of
        # the game's options is recorded)
        keys = set(pooled.options)
        if not pooled.game_names and keys and keys != set(cls.options):
            raise ConfigError(
                f"these results are not of {cls.info.name}: their options are "
                f"{', '.join(sorted(keys))}, not {', '.join(sorted(cls.options))}"
            )
        low, high = cls.info.min_players, cls.info.max_players
        if not low <= pooled.players <= high:
            raise ConfigError(
                f"these results are not of {cls.info.name}: games of {pooled.players} seats "
                f"({cls.info.name} takes {low}-{high})"
            )
    except MeepleError as e:
        raise fail(str(e)) from None
    rows, labels, players = pooled.rows, pooled.labels, pooled.players
    solo = players == 1
    summary, rated, pairs = tournament_tables(
        rows, labels, players, pooled.multi_seat, pooled.by_deal
    )
    # the rows record every option, defaults included: name those a run changed
    changed = {k: v for k, v in pooled.options.items() if cls.options.get(k) != v}
    places = {r.get("options", {}).get("content") for r in rows}
    if len(places) > 1:  # pooled by their files' digest: equal files in several places
        places_text = ", ".join(
            "the packaged content" if d is None else str(d)
            for d in sorted(places, key=lambda d: "" if d is None else str(d))
        )
        changed["content"] = f"equal files in {places_text}"
    opts = ", ".join(f"{k}={v}" for k, v in sorted(changed.items()))
    versions = ", ".join(pooled.versions) or "not recorded"
    con = console()
    con.print(
        f"[bold]{shown(cls.info.title)}[/] results: {plural(len(rows), 'game')} "
        + (f"on {plural(pooled.deals, 'deal')} " if solo else "")
        + f"from {plural(len(files), 'file')}, "
        + ("solo" if solo else plural(players, "player"))
        + f", rules {shown(versions)}"
        + (f", options {shown(opts)}" if opts else "")
    )
    if len(pooled.versions) > 1 or (pooled.versions and pooled.versions[0] != cls.info.version):
        con.print(
            f"[dim]The installed rules are version {shown(cls.info.version)}; games of other "
            "versions are counted as they were played.[/]"
        )
    if pooled.unfinished:
        con.print(
            f"[dim]{plural(pooled.unfinished, 'game')} left out: "
            + (
                "deals not every agent of the run played"
                if solo
                else "rounds of seatings (the games of a run that share a seed) with games "
                "missing, as a run stopped mid-round or a --games that is not a whole number "
                "of rounds leaves them"
            )
            + ".[/]"
        )
    if pooled.alone:
        con.print(
            f"[dim]{plural(pooled.alone, 'game')} left out: "
            + ("deals one agent played alone" if solo else "games of one agent against itself")
            + ".[/]"
        )
    if len(labels) < 2:
        con.print("[dim]One agent only: nothing to compare.[/]")
    if pooled.multi_seat:
        con.print(
            "[dim]Agents held several seats of a game: an agent counts once per game, by its "
            "best-placed seat"
            + (
                "; head to head counts each deal of --duplicate rotations as one (won by ranking "
                "better than the other in more of the deal's games)"
                + (
                    " and every other game as one"
                    if any(len(row["deal"]) == 3 for row in rows)
                    else ""
                )
                + f" ({pooled.deals} in all).[/]"
                if pooled.by_deal
                else ".[/]"
            )
        )
    warning = limit_warning(rows)
    if warning:
        con.print(f"[yellow]warning:[/] {shown(warning)}", soft_wrap=True)
    print_standings(
        con,
        summary,
        rated,
        pairs,
        unit="deals" if pooled.by_deal else "games",
        solo=solo,
    )
