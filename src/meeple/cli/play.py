"""Interactive play in the terminal: human seats against bots.

Only a human seat's own observation is ever shown. At a simultaneous node each human seat
commits in turn; sealed commitments are announced without their content (a human's own choice
is echoed in full only when that human is alone at the table), and chance outcomes are never
printed (what a seat may know of them is in its rendered view). With several humans sharing
the screen, their moves are announced as the table may see them, like the bots' moves.
"""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.table import Table

from meeple.agents.base import Agent
from meeple.cli.common import print_view, shown
from meeple.core.actions import Action
from meeple.core.errors import ConfigError, IllegalActionError
from meeple.core.game import CHANCE, Game, State, sample_chance, seat_word
from meeple.core.record import GameRecord
from meeple.core.seeding import make_rng
from meeple.sim.text import printable

HELP = """Commands:
  <number>   play the move with that number in the list
  <notation> play a move by its notation (shown beside each number; letter case and
             extra blanks do not matter)
  <prefix>   list the legal moves whose notation starts with it
  moves      list the legal moves again
  view       show your view again
  rules      a summary of the rules
  help       this help
  quit       stop the game (the unfinished game is still saved)"""


#: What stops the game at a prompt (and at a handoff).
QUIT_WORDS = ("quit", "exit", "q")


class Quit(Exception):
    """The person at the keyboard asked to stop (or the input ended)."""

    def __init__(self, eof: bool = False):
        super().__init__("quit")
        self.eof = eof


@dataclass
class PlaySession:
    """One terminal game.

    Attributes:
        game: The configured game.
        humans: Human seats.
        bots: Agent of every other seat, already set up for it (``agent.setup(game, seat)``),
            so that a configuration error is reported before the session is made.
        seed: Seed of chance and of the bots' RNGs.
        console: Where everything is printed.
        read_line: Returns the next input line, or ``None`` at end of input.
        echo_input: Print each input line after the prompt (input from a pipe or file).
        on_action: Called with the seat and the action after every action is applied (chance
            included), before anything else happens: a save file made durable move by move.
    """

    game: Game
    humans: Sequence[int]
    bots: dict[int, Agent]
    seed: int
    console: Console
    read_line: Callable[[], str | None]
    echo_input: bool = False
    on_action: Callable[[int, Action], None] | None = None
    state: State = field(init=False)
    _last_viewer: int | None = field(default=None, init=False)

    def __post_init__(self) -> None:
        self.state = self.game.new_initial_state()
        self.chance_rng = make_rng(self.seed, "chance")
        self.rngs = [make_rng(self.seed, "seat", i) for i in range(self.game.num_players)]

    # -- labels --------------------------------------------------------------------------------
    def who(self, seat: int) -> str:
        if seat in self.bots:
            return f"{seat_word(seat)} ({self.bots[seat].name})"
        return f"{seat_word(seat)} (you)" if len(self.humans) == 1 else f"{seat_word(seat)} (human)"

    def agent_labels(self) -> list[str]:
        return [
            self.bots[s].name if s in self.bots else "human" for s in range(self.game.num_players)
        ]

    def record(self) -> GameRecord:
        return GameRecord.from_state(self.state, seed=self.seed, agents=self.agent_labels())

    def apply(self, action: Action, seat: int) -> None:
        """Apply ``action`` for ``seat`` and tell :attr:`on_action` (once it is applied).

        Raises:
            IllegalActionError: for an illegal action (nothing is applied or told).
        """
        self.state.apply_action(action, seat)
        if self.on_action is not None:
            self.on_action(*self.state.history[-1])

    def resume(self, actions: Sequence[Sequence[Any]]) -> None:
        """Play a saved game's actions again, silently, to continue it where it stopped.

        Chance outcomes are drawn again from the seed's chance RNG (so the rest of the game
        draws as it would have) and must be the saved ones; each bot is asked again for its
        saved moves, so that its RNG and its memory continue as they were. A bot that answers
        otherwise (one with a time budget, say) goes on with an RNG of its own for the rest.
        :attr:`on_action` is not told.

        Raises:
            ConfigError: for a chance outcome the seed does not draw.
            IllegalActionError: for an action the rules refuse.
        """
        game = self.game
        drifted: set[int] = set()
        for n, (seat, text) in enumerate(actions, 1):
            state = self.state
            if seat == CHANCE:
                drawn = sample_chance(state, self.chance_rng)
                if drawn.text != text:
                    raise ConfigError(
                        f"action {n} of the saved game, the chance outcome {text!r}, is not "
                        "the one its seed draws: the file was edited, or is of another game"
                    )
                state.apply_action(drawn, CHANCE)
                continue
            action = game.action(text)
            if seat in self.bots and seat not in drifted:
                legal = state.legal_actions(seat)
                answer: Any = None
                with contextlib.suppress(Exception):
                    answer = self.bots[seat].act(state.observe(seat), list(legal), self.rngs[seat])
                    answer = game.action(answer)
                if answer != action:
                    drifted.add(seat)
                    self.rngs[seat] = make_rng(self.seed, "seat", seat, "resumed", n)
            state.apply_action(action, seat)

    # -- loop ----------------------------------------------------------------------------------
    def run(self) -> bool:
        """Play until the end; returns False if the person quit first."""
        con = self.console
        try:
            while not self.state.is_terminal():
                cp = self.state.current_player()
                if cp == CHANCE:
                    outcome = sample_chance(self.state, self.chance_rng)
                    viewer = self.humans[0] if len(self.humans) == 1 else None
                    told = self.game.describe_move_for(self.state, CHANCE, outcome, viewer)
                    self.apply(outcome, CHANCE)
                    if told:  # only outcomes the table may see (dice, face-up cards)
                        con.print(f"[cyan]{shown(told)}[/]")
                    continue
                seats = self.state.acting_seats()
                sealed = cp < 0
                bot_seats = [s for s in seats if s in self.bots]
                seat = bot_seats[0] if bot_seats else seats[0]
                if seat in self.bots:
                    self.bot_move(seat, sealed)
                else:
                    self.human_move(seat, sealed)
        except Quit as q:
            con.print("[yellow]Input ended; game stopped.[/]" if q.eof else "Game stopped.")
            return False
        self.show_end()
        return True

    def bot_move(self, seat: int, sealed: bool) -> None:
        state = self.state
        agent = self.bots[seat]
        legal = state.legal_actions(seat)
        try:
            # a copy: an agent may change what it is given, never the game's list
            answer = agent.act(state.observe(seat), list(legal), self.rngs[seat])
        except SystemExit as e:  # a bot's exit() stops the game, saying whose it was
            raise RuntimeError(f"the bot playing as {self.who(seat)} called exit ({e!r})") from e
        except KeyboardInterrupt:
            raise
        except BaseException as e:  # a bot of one's own may have a bug: say whose it is
            e.add_note(f"raised by the bot playing as {self.who(seat)}")
            raise
        # an action (or an equal copy), its notation or its id, as the engine takes them;
        # an answer that breaks while being read is no move either
        action: Action | None = None
        with contextlib.suppress(Exception):
            action = self.game.action(answer)
        if action not in legal:  # stop, saying which bot answered what
            given: object
            try:
                said, given = repr(answer), answer
            except Exception:  # the error must not break on printing the answer
                said = given = f"an unprintable {type(answer).__name__}"
            raise IllegalActionError(
                "CORE-04",
                f"{self.who(seat)} answered {said}, which is not one of its legal actions",
                given,
                seat,
            )
        # What the people at the table may learn of this move, decided before it is applied:
        # the notation itself may name a hidden card.
        viewer = self.humans[0] if len(self.humans) == 1 else None
        told = self.game.describe_move_for(state, seat, action, viewer)
        then = self.game.describe_aftermath(state, seat, action, viewer) if sealed else ""
        self.apply(action, seat)
        self.announce(seat, action, told, sealed, then)

    def announce(self, seat: int, action: Action, told: str, sealed: bool, then: str = "") -> None:
        """Print a move that has been played.

        Args:
            seat: The seat that moved.
            action: Its action.
            told: What the people at the table may learn of it (``describe_move_for``).
            sealed: A sealed choice at a simultaneous node: only the fact of it is printed,
                and ``then``.
            then: For a sealed choice, what it brings about (``describe_aftermath``).
        """
        if sealed:
            after = f" {shown(then)}" if then else ""
            self.console.print(f"{shown(self.who(seat))} has made a sealed choice.{after}")
        elif told != self.game.describe_action(action):
            # a game's own words name the mover ("Player 2 took 1 Dewleaf."): not twice
            if told.startswith(f"{seat_word(seat)} "):
                self.console.print(shown(told))
            elif told:
                self.console.print(f"{shown(self.who(seat))}: {shown(told)}")
        else:
            self.console.print(f"{shown(self.who(seat))} plays {self.describe(action)}")

    def describe(self, action) -> str:
        text = self.game.describe_action(action)
        if text == action.text:
            return f"[bold]{shown(action.text)}[/]"
        return f"[bold]{shown(action.text)}[/] — {shown(text)}"

    def handoff(self, seat: int) -> None:
        """With several humans, let the next one take the keyboard before showing a view,
        the very first view too (nobody may glance at a seat's hand before its player sits)."""
        if len(self.humans) > 1 and self._last_viewer != seat:
            # the last person's view was wiped when they moved: what the screen shows now is
            # the table's news (moves announced since), left to read until Enter
            self.console.print(f"[bold]Pass the keyboard to {seat_word(seat)}; press Enter.[/]")
            line = self.read_line()
            if line is None:
                raise Quit(eof=True)
            typed = line.strip()
            if typed.lower() in QUIT_WORDS:
                raise Quit()
            self.clear_screen()
            if typed:  # a move typed before its player has seen the view is not played
                self.console.print(
                    f"[yellow]Not played: {shown(typed)!r} (typed before the view).[/]"
                )
        self._last_viewer = seat

    def show_moves(
        self, legal: Sequence, only: Sequence | None = None, observation: dict | None = None
    ) -> None:
        """Print the numbered legal moves (``only``: just these, keeping their numbers)."""
        table = Table(show_header=False, box=None, padding=(0, 1))
        keep = None if only is None else {a.id for a in only}
        for i, action in enumerate(legal, 1):
            if keep is not None and action.id not in keep:
                continue
            if observation is not None:
                text = self.game.describe_move(action, observation)
            else:
                text = self.game.describe_action(action)
            table.add_row(f"{i:>3}", shown(action.text), shown(text) if text != action.text else "")
        self.console.print(table)

    def human_move(self, seat: int, sealed: bool) -> None:
        """Read commands until the human at ``seat`` plays a legal move, then announce it.

        A move is a number from the list (ASCII digits only) or a notation; anything else is
        a command, a notation prefix or unknown input. A lone human's move is echoed in full.
        With several humans sharing the screen it is announced as the bots' moves are: a
        sealed choice without its content, any other move as the table may see it.

        Raises:
            Quit: if the human quits or the input ends.
        """
        con = self.console
        state = self.state
        space = self.game.action_space
        self.handoff(seat)
        con.rule(f"{shown(self.who(seat))} to move" + (" (sealed)" if sealed else ""))
        observation = state.observe(seat)
        print_view(con, self.game, observation)
        legal = state.legal_actions(seat)
        self.show_moves(legal, observation=observation)
        while True:
            con.print(f"{seat_word(seat)}> ", end="", markup=False)
            line = self.read_line()
            if line is None:
                con.print()
                raise Quit(eof=True)
            if self.echo_input:
                con.print(printable(line.rstrip("\n")), markup=False, highlight=False)
            text = line.strip()
            low = text.lower()
            if not text:
                continue
            if low in QUIT_WORDS:
                raise Quit()
            if low in ("help", "?", "h"):
                con.print(HELP, markup=False)
                continue
            if low == "rules":
                con.print(printable(self.game.rules_summary(), newlines=True), markup=False)
                continue
            if low in ("moves", "m"):
                self.show_moves(legal, observation=observation)
                continue
            if low in ("view", "v"):
                print_view(con, self.game, state.observe(seat))
                continue
            action: Action | str
            if text.isascii() and text.isdigit() and text not in space:
                n = int(text)
                if not 1 <= n <= len(legal):
                    con.print(
                        f"[red]No move number {n}; choose 1-{len(legal)}, a notation, or help.[/]"
                    )
                    continue
                action = legal[n - 1]
            elif text in space:
                action = text
            elif (loose := space.find_typed(text, legal)) is not None:
                action = loose  # typed with other spacing or letter case
            else:
                folded = space.fold(text)
                matches = [a for a in legal if space.fold(a.text).startswith(folded)]
                if matches:
                    con.print(f"Legal moves starting with {shown(text)!r}:")
                    self.show_moves(legal, only=matches, observation=observation)
                    continue
                con.print(
                    f"[red]Unknown move {shown(text)!r}: not a move number or a notation of "
                    f"{shown(self.game.info.title)}. Type help.[/]"
                )
                continue
            played = self.game.action(action)
            shared = len(self.humans) > 1  # other people see the screen
            told = self.game.describe_action(played)
            if played in legal:  # decided before the move, like a bot's; alone, in full
                told = self.game.describe_move_for(state, seat, played, None if shared else seat)
            then = ""
            if sealed and shared and played in legal:
                then = self.game.describe_aftermath(state, seat, played, None)
            try:
                self.apply(played, seat)
            except IllegalActionError as e:
                con.print(f"[red]Illegal move ({shown(e.rule)}): {shown(e.reason)}[/]")
                continue
            if shared:  # this person's private view leaves the screen before anything else
                self.clear_screen()
            self.announce(seat, played, told, sealed and shared, then)
            return

    def clear_screen(self) -> None:
        """Clear a terminal, its scrollback too (a shared screen must not keep a private view
        within reach); nothing when the output is not a terminal."""
        if self.console.is_terminal:
            self.console.clear()
            self.console.file.write("\x1b[3J")  # erase the scrollback as well
            self.console.file.flush()

    def show_end(self) -> None:
        con = self.console
        state = self.state
        con.rule("Game over")
        viewer = self.humans[0] if len(self.humans) == 1 else None
        print_view(con, self.game, state.observe(viewer))
        result = state.result()
        table = Table(title="Result")
        for col in ("seat", "player", "score", "rank", "breakdown"):
            table.add_column(col)
        for s in result.seats:
            parts = ", ".join(f"{k} {v:g}" for k, v in s.breakdown.items())
            table.add_row(
                str(s.seat),
                shown(self.who(s.seat)) + (" ★" if s.winner and len(result.seats) > 1 else ""),
                f"{s.score:g}",
                str(s.rank),
                shown(parts),
            )
        con.print(table)
        if len(result.seats) == 1:  # a solo game has a score to beat, not a winner
            con.print(f"Final score: {result.seats[0].score:g}")
            return
        winners = ", ".join(self.who(s) for s in result.winners)
        con.print(f"Winner{'s' if len(result.winners) > 1 else ''}: {shown(winners)}")


def new_seed() -> int:
    """A fresh seed for a game started without one (from the OS, never the global RNG)."""
    return secrets.randbits(31)
