"""Replaying a saved record: every action with who took it, then the result."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.table import Table

from meeple.cli.common import plural, print_view, shown
from meeple.core.errors import ConfigError
from meeple.core.game import CHANCE, seat_word
from meeple.core.record import GameRecord, apply_recorded, check_replayed, replay, tell_move


def replay_record(
    record: GameRecord,
    con: Console,
    step: bool = False,
    seat: int | None = None,
    read_line: Callable[[], str | None] | None = None,
) -> None:
    """Print the actions of ``record`` one by one, then its result.

    Args:
        record: The record.
        con: Where to print.
        step: Show the rendered view and wait for Enter between actions (``q`` stops).
        seat: Show only what this seat may see, as a driver tells it during play: its view,
            its own actions, what it may learn of the others' actions and of chance outcomes
            (``Game.describe_move_for``: its own draws, dice, face-up cards); others' sealed
            choices show as made, without their content.
        read_line: Input for ``step`` (``None`` at end of input stops waiting).

    Raises:
        ConfigError: for another rules version, an unknown game, a seat that does not exist, or
            a replay that does not end in the recorded state or result.
        IllegalActionError: for an action the installed rules refuse (an unknown move or a
            seat that does not exist included).

    Every error is raised before anything is printed: the record is replayed once in full
    first, so a record that no longer replays (its content edited since, say) is not stepped
    through to the end before it is refused.
    """
    replay(record)  # the whole record, checked, before a line is printed
    state = replay(record, upto=0)
    game = state.game
    if seat is not None and not 0 <= seat < game.num_players:
        raise ConfigError(f"seat {seat} does not exist with {plural(game.num_players, 'player')}")
    agents = record.agents

    def who(s: int) -> str:
        if s == CHANCE:
            return "chance"
        label = agents[s] if s < len(agents) else ""
        return seat_word(s) + (f" ({label})" if label else "")

    # A seat's view never carries the seed (it fixes every hidden card and every draw to
    # come), the fingerprint, or the count of actions (chance draws the seat is not told
    # included): see docs/engine.md, "What a seat-limited view may contain".
    about = (
        f"seed {record.seed}  {plural(len(record.actions), 'action')}"
        if seat is None
        else f"{seat_word(seat)}'s view"
    )
    con.print(
        f"[bold]{shown(game.info.title)}[/] {shown(record.version)}  "
        f"{shown(', '.join(f'{k}={v}' for k, v in record.config.items()))}  {about}",
        soft_wrap=True,  # one line, however long the configuration
    )
    waiting = step
    for n, (s, text) in enumerate(record.actions, 1):
        if waiting:
            print_view(con, game, state.observe(seat))
            con.print("[dim]Enter: next action, q: stop stepping[/]")
            line = read_line() if read_line is not None else None
            if line is None or line.strip().lower() in ("q", "quit"):
                waiting = False
        after = state.clone()
        # the rules check seat and move before anything is told
        apply_recorded(after, n - 1, s, text)
        action = game.action(text, chance=s == CHANCE)
        if seat is not None:  # only what the seat may learn, as play tells it
            entry = tell_move(state, n, s, action, seat)
            state = after
            if entry.sealed:
                then = f". {shown(entry.told)}" if entry.told else ""
                con.print(f"{n:>4}. {shown(who(s))} makes a sealed choice{then}")
            elif s == CHANCE:
                if entry.told:
                    con.print(f"{n:>4}. chance: {shown(entry.told)}")
            elif entry.move is None or entry.told != game.describe_action(action):
                _print_told(con, n, who(s), s, entry.told, entry.move)
            else:
                _print_move(con, n, who(s), game.describe_action(action), action.text)
            continue
        # in full: every move and outcome with its notation; the mover's own words where
        # they differ (a solo turn-track Peach)
        told = game.describe_move_for(state, s, action, s) if s != CHANCE else None
        state = after
        if told is not None and told != game.describe_action(action):
            _print_told(con, n, who(s), s, told, action.text)
            continue
        _print_move(con, n, who(s), game.describe_action(action), action.text)
    check_replayed(record, state)
    con.rule("End of record")
    print_view(con, game, state.observe(seat))
    if not state.is_terminal():
        con.print("The game was not finished.")
        return
    result = state.result()
    table = Table(title="Result")
    for col in ("seat", "player", "score", "rank", "breakdown"):
        table.add_column(col)
    solo = len(result.seats) == 1  # a score to beat, not a winner
    for r in result.seats:
        table.add_row(
            str(r.seat),
            shown(who(r.seat)) + (" ★" if r.winner and not solo else ""),
            f"{r.score:g}",
            str(r.rank),
            shown(", ".join(f"{k} {v:g}" for k, v in r.breakdown.items())),
        )
    con.print(table)
    if solo:
        con.print(f"Final score: {result.seats[0].score:g}")
    if result.extras:
        con.print(shown(", ".join(f"{k}: {v}" for k, v in result.extras.items())))


def _print_told(con: Console, n: int, who: str, seat: int, told: str, text: str | None) -> None:
    """Print move ``n`` of ``seat`` (called ``who``) in the game's words, and its notation when
    the viewer may see it (``text``; ``None`` when it is hidden). Words that name the mover
    first ("Player 2 took 1 Dewleaf.") are not put after its name again."""
    notation = f"  [dim]({shown(text)})[/]" if text is not None else ""
    said = shown(told) if told.startswith(f"{seat_word(seat)} ") else f"{shown(who)}: {shown(told)}"
    con.print(f"{n:>4}. {said}{notation}")


def _print_move(con: Console, n: int, who: str, desc: str, text: str) -> None:
    """Print move ``n`` by its notation, with its description when that says more."""
    extra = f" — {shown(desc)}" if desc != text else ""
    con.print(f"{n:>4}. {shown(who)}: [bold]{shown(text)}[/]{extra}")
