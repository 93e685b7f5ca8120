"""Pages of the browser interface, drawn from the server's view dicts.

Everything here is a pure function of a view (``meeple.server``'s per-seat snapshot: the seat's
observation, its legal moves, its log, public table facts) and of what the browser itself says
(which hotseat seat it has handed over to), so what a seat's browser receives depends only on
what that seat may see. Jinja2 autoescapes every value: names people typed are shown as text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup, escape

from meeple.core.errors import MeepleError
from meeple.core.game import Game, distinct_names, seat_word, with_seat_names
from meeple.core.registry import make
from meeple.web.boards import board_markup

#: Words for the parts of a score, when a game's breakdown key reads badly as it is.
_SPACED = str.maketrans("_", " ")


@cache
def environment() -> Environment:
    """The Jinja2 environment of the pages (autoescape on for every template)."""
    env = Environment(
        loader=PackageLoader("meeple.web", "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["label"] = label
    env.filters["clock"] = clock_text
    env.filters["number"] = number_text
    return env


@cache
def game_for(name: str, players: int, options: tuple[tuple[str, Any], ...]) -> Game:
    """The configured game of a table (cached: games are immutable configurations)."""
    return make(name, players=players, **dict(options))


def table_game(view: dict) -> Game:
    """The configured game a view belongs to (its ``game``, ``players`` and ``options``).

    A replay of a game played under other rules is drawn by the installed ones: with the
    game's default options when the installed rules no longer take its own.

    Raises:
        MeepleError: for a game that is not installed, or a player count it does not take.
    """
    options = tuple(sorted((k, v) for k, v in (view.get("options") or {}).items() if v is not None))
    try:
        return game_for(view["game"], view["players"], options)
    except MeepleError:
        if view.get("status") != "replay" or not options:
            raise
        return game_for(view["game"], view["players"], ())


def label(key: str) -> str:
    """A breakdown key or option name as words: ``final_ascent_flags`` -> ``Final ascent flags``."""
    text = str(key).translate(_SPACED).strip()
    return text[:1].upper() + text[1:]


def number_text(value: Any) -> str:
    """A score as people write it: ``12.0`` -> ``12``, ``2.5`` stays."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def clock_text(seconds: float | None) -> str:
    """Seconds left on a clock as ``m:ss`` (``h:mm:ss`` past an hour); ``""`` without a clock."""
    if seconds is None:
        return ""
    total = max(0, int(seconds))
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def seat_name(view: dict, seat: int | None) -> str:
    """The name shown for ``seat``: its player's name, else "Player N", told apart from every
    other seat's (:func:`~meeple.core.game.distinct_names`: two "easy bot" seats are "easy
    bot" and "easy bot 2"); chance is "the game"."""
    if seat is None or seat < 0:
        return "the game"
    names = seat_names(view)
    return names[seat] if seat < len(names) else seat_word(seat)


def seat_names(view: dict) -> list[str]:
    """Each seat's name in ``view``, seat 0 first, no two alike (a seat without one is
    "Player N"): :func:`~meeple.core.game.distinct_names` of the seats' names."""
    given = {e.get("seat"): str(e.get("name") or "") for e in view.get("seats") or []}
    count = max(len(given), int(view.get("players") or 0))
    return distinct_names([given.get(seat, "") for seat in range(count)])


#: The longest name a board shows in full; a longer one is cut, so the drawing keeps its shape.
BOARD_NAME = 16


def named(view: dict, text: str) -> str:
    """Game text with its seats called by their players' names (``"Player 2"`` -> ``"Bo"``)."""
    return with_seat_names(text, seat_names(view))


#: The parts of a drawing that are its text alternative: titles, descriptions, ARIA labels.
_ALT_TEXT = re.compile(r'(<title[^>]*>.*?</title>|<desc[^>]*>.*?</desc>|aria-label="[^"]*")', re.S)


def named_board(view: dict, board: Markup) -> Markup:
    """A drawn board with its seats called by their players' names, escaped: cut to
    :data:`BOARD_NAME` characters where drawn, so the drawing keeps its shape, and whole in
    its text alternative (titles, descriptions, ARIA labels), which has no shape to keep."""
    full = seat_names(view)
    cut = [n if len(n) <= BOARD_NAME else n[: BOARD_NAME - 1] + "\u2026" for n in full]
    pieces = _ALT_TEXT.split(str(board))  # drawn text at even places, alternatives at odd
    return Markup(
        "".join(
            with_seat_names(piece, full if i % 2 else cut, escape) for i, piece in enumerate(pieces)
        )
    )


@dataclass
class Move:
    """One legal move as the move list shows it.

    Attributes:
        index: Place in the viewer's legal moves (what a board's ``data-moves`` names).
        move: Its notation (sent back to the server).
        text: Its description in the viewer's position.
        confirm: A question to ask before playing it (a move that writes nothing), or ``""``.
    """

    index: int
    move: str
    text: str
    confirm: str = ""


def moves_of(view: dict) -> list[Move]:
    """The viewer's legal moves, in legal order, with any confirmation the engine asks for."""
    moves = []
    for index, entry in enumerate(view.get("legal") or []):
        confirm = entry.get("confirm") or ""
        if not confirm and entry.get("writes_nothing"):
            confirm = "This move writes nothing on your sheet. Play it anyway?"
        moves.append(
            Move(
                index,
                str(entry["move"]),
                named(view, str(entry.get("text") or entry["move"])),
                confirm,
            )
        )
    return moves


@dataclass
class Frame:
    """What the browser at a table is showing, besides the view itself.

    Attributes:
        table_id: The table.
        held: Seats this browser plays (one, several for hotseat, none for a spectator).
        reveal: The hotseat seat the browser has handed over to (``None`` before any).
        handover: The seat to hand the device to now (the hand-over screen), or ``None``.
        invites: Seat -> invite link, for the person who opened the table.
        watch: The spectator link, for the person who opened the table.
        error: A one-line message about the last request (an illegal or stale move).
    """

    table_id: str
    held: tuple[int, ...] = ()
    reveal: int | None = None
    handover: int | None = None
    invites: dict[int, str] = field(default_factory=dict)
    watch: str = ""
    error: str = ""


def choose_viewer(public: dict, held: Sequence[int], reveal: int | None) -> tuple[str, int | None]:
    """Whose view a browser holding ``held`` seats shows now, from the table's public facts.

    One seat: always that seat's view. Several (hotseat): the first held seat that must act,
    behind a hand-over screen unless the browser has just handed over to it (``reveal``); while
    no held seat acts, the spectator view (nothing private is left on a shared screen).

    Args:
        public: Any view of the table (only ``to_act``, ``chosen`` and ``status`` are read).
        held: Seats this browser plays.
        reveal: The seat last handed over to, if any.

    Returns:
        ``("seat", k)``, ``("handover", k)`` or ``("spectator", None)``.
    """
    if not held:
        return "spectator", None
    if len(held) == 1:
        return "seat", held[0]
    if public.get("status") == "finished":
        return "spectator", None
    chosen = set(public.get("chosen") or ())
    waiting = [s for s in public.get("to_act") or () if s in held and s not in chosen]
    if not waiting:
        return "spectator", None
    seat = reveal if reveal in waiting else waiting[0]
    return ("seat", seat) if seat == reveal else ("handover", seat)


def status_line(view: dict) -> str:
    """Whose turn it is, as one sentence (who has chosen at a sealed node too).

    A replay's step (``status`` ``"replay"``) names whoever was to play, the viewer too: it
    offers no move, so it never says "Your turn".
    """
    if view.get("status") == "finished" or view.get("result"):  # a replay's last step too
        return "The game is over."
    to_act = list(view.get("to_act") or ())
    viewer = None if view.get("status") == "replay" else view.get("viewer")
    if not to_act:
        return "The game is dealing."
    if view.get("sealed"):
        chosen = [seat_name(view, s) for s in view.get("chosen") or ()]
        waiting = [s for s in to_act if s not in (view.get("chosen") or ())]
        names = ", ".join("you" if s == viewer else seat_name(view, s) for s in waiting)
        line = f"Everyone chooses in secret. Waiting for: {names}."
        if chosen:
            line += f" Already chosen: {', '.join(chosen)}."
        return line
    if viewer in to_act:
        return "Your turn."
    return f"{seat_name(view, to_act[0])} to play."


def log_lines(view: dict, limit: int = 200) -> list[dict]:
    """The viewer's log in words, oldest first, the last ``limit`` entries.

    Each line is ``{"number", "who", "text", "tail"}`` (``who`` empty for a chance outcome):
    ``text`` is the sentence read, which names the mover first in the games' words ("Bo took 1
    Dewleaf."), ``tail`` what follows the name there (``None`` when the text does not start
    with it, to be told after "Bo: "). Another seat's sealed choice says only that it was
    made ("Bo made a secret choice."); a move the viewer is told nothing of is left out.
    """
    lines = []
    for entry in view.get("log") or []:
        seat = entry.get("seat")
        # what the game itself does (dice, deals) is told without a name before it
        who = "" if seat is None or seat < 0 else seat_name(view, seat)
        text = named(view, entry.get("told") or "")
        if entry.get("sealed"):  # only what the choice brings about once all are revealed
            text = f"{who} made a secret choice." + (f" {text}" if text else "")
        if not text:
            continue
        # a game's words name the mover first ("Bo took 1 Dewleaf."): the name is not
        # repeated before them; other words are told after "Bo: "
        tail = text[len(who) :] if who and text.startswith(f"{who} ") else None
        lines.append({"number": entry.get("number"), "who": who, "text": text, "tail": tail})
    return lines[-limit:]


def score_columns(breakdowns: Sequence[dict], counted: dict[str, str]) -> list[str]:
    """The order of the parts of a score, one order wherever a score is shown (the game page's
    end screen and every replay step): the game's own order of its parts
    (:attr:`~meeple.core.game.Game.score_parts`), then any other part in the order the
    breakdowns first name it.

    A breakdown's own key order is not kept everywhere (a stored replay's frames are JSON with
    sorted keys), so it cannot be what orders the columns.

    Args:
        breakdowns: Each seat's ``{part: value}``, ``"total"`` among them or not.
        counted: The game's ``score_parts`` (``{part: how it is counted}``), in its order.

    Returns:
        The part keys to show as columns, ``"total"`` left out (it is the Score column).
    """
    named = {key for breakdown in breakdowns for key in breakdown}
    parts = [key for key in counted if key in named and key != "total"]
    for breakdown in breakdowns:
        for key in breakdown:
            if key != "total" and key not in parts:
                parts.append(key)
    return parts


def score_table(view: dict) -> dict | None:
    """The end screen's numbers: each seat's score broken down, ranks, winners and tie-break.

    Returns:
        ``None`` before the end, else ``{"parts": [key...], "rows": [{"seat", "name",
        "rank", "winner", "score", "parts": [value...]}], "winners": str, "tie_break": str,
        "notes": [(label, how it is counted)...], "history": dict | None}``, rows in rank
        order; ``notes`` from the game's :attr:`~meeple.core.game.Game.score_parts`, one per
        part shown and the score; ``history`` from :func:`score_history`.
    """
    result = view.get("result")
    if not result:
        return None
    scores = result.get("scores") or []
    breakdowns = result.get("breakdown") or [{} for _ in scores]
    ranks = result.get("ranks") or [1] * len(scores)
    winners = set(result.get("winners") or ())
    game = table_game(view) if view.get("game") else None
    counted = game.score_parts if game is not None else {}
    parts = score_columns(breakdowns, counted)
    rows = [
        {
            "seat": seat,
            "name": seat_name(view, seat),
            "rank": ranks[seat],
            "winner": seat in winners,
            "score": scores[seat],
            "parts": [breakdowns[seat].get(key, "") for key in parts],
        }
        for seat in range(len(scores))
    ]
    rows.sort(key=lambda row: (row["rank"], row["seat"]))
    names = [seat_name(view, s) for s in sorted(winners)]
    if len(scores) == 1:  # a solo game has a score to beat, no rival to win against
        won = f"{seat_name(view, 0)} scored {number_text(scores[0])}."
    elif not names:
        won = "Nobody won."
    elif len(names) == 1:
        won = f"{names[0]} won."
    else:
        won = f"{' and '.join(names)} share the victory."
    tie_break = ""
    best = {scores[s] for s in winners}
    tied = [s for s in range(len(scores)) if s not in winners and scores[s] in best]
    if tied:
        told = (result.get("extras") or {}).get("tie_break")
        rule = f" ({told})" if told else " (see the rulings for the order)"
        others = ", ".join(seat_name(view, s) for s in tied)
        tie_break = f"Tied on score with {others}; decided by the tie-break{rule}."
    notes = [(label(key), counted[key]) for key in parts if key in counted]
    if "total" in counted:
        notes.append(("Score", counted["total"]))
    return {
        "parts": parts,
        "rows": rows,
        "winners": won,
        "tie_break": tie_break,
        "notes": notes,
        "history": score_history(view, game) if game is not None else None,
    }


def score_history(view: dict, game: Game) -> dict | None:
    """The game's round-by-round table of the score (:meth:`Game.score_history`) from the
    viewer's observation, its seats called by their players' names; ``None`` when the game
    shows none. Every text stays plain (the template escapes it)."""
    observation = view.get("observation")
    history = game.score_history(observation) if observation else None
    if not history:
        return None

    def words(value: Any) -> Any:
        if isinstance(value, str):
            return named(view, value)
        if isinstance(value, list):
            return [words(v) for v in value]
        if isinstance(value, dict):
            return {k: words(v) for k, v in value.items()}
        return value

    named_history: dict = words(history)
    named_history["titles"] = [game.seat_title(s) for s in history.get("seats") or ()]
    return named_history


def _board_moves(view: dict) -> list[tuple[str, str]]:
    """The viewer's moves as a board takes them: notation and the game's own words (the
    names go in once, over the whole drawing)."""
    return [
        (str(entry["move"]), str(entry.get("text") or entry["move"]))
        for entry in view.get("legal") or []
    ]


def render_view(view: dict, frame: Frame, *, replay: dict | None = None) -> str:
    """The table's frame for one browser: the board, moves, status, log, rules and end screen.

    Args:
        view: The server's view of ``view["viewer"]`` (``None``: the spectator's).
        frame: What this browser holds and has handed over to.
        replay: ``{"step", "steps", "viewer"}`` when showing a replay position.

    Returns:
        HTML of the ``#frame`` element's content.
    """
    game = table_game(view)
    moves = moves_of(view)
    board = named_board(view, board_markup(game, view["observation"], _board_moves(view)))
    return (
        environment()
        .get_template("frame.html")
        .render(
            view=view,
            frame=frame,
            game=game,
            moves=moves,
            board=board,
            status=status_line(view),
            log=log_lines(view),
            scores=score_table(view),
            rules=game.rules_summary(),
            rulings_url=f"/rulings/{game.info.name}",
            seat_name=lambda seat: seat_name(view, seat),
            replay=replay,
        )
    )


def render_handover(view: dict, frame: Frame) -> str:
    """The hand-over screen before ``frame.handover``'s view: public facts only.

    Args:
        view: The spectator's view of the table (nothing private is on a shared screen).
        frame: The browser's frame, ``handover`` set.
    """
    return (
        environment()
        .get_template("handover.html")
        .render(view=view, frame=frame, name=seat_name(view, frame.handover))
    )


def rulings_html(name: str) -> Markup | None:
    """The rulings page of game ``name`` as HTML (raw HTML in the file is escaped), or ``None``.

    The pages are package data (``meeple.web/rulings``, the project's ``docs/games``), read
    through :mod:`importlib.resources`, so an installed wheel serves them as a checkout does.
    """
    from importlib.resources import files

    from markdown_it import MarkdownIt

    docs = files("meeple.web").joinpath("rulings")
    title = make(name).info.title.lower().replace(" ", "-").replace(":", "")
    for candidate in (f"{name}.md", f"{title}.md", f"the-{name}.md"):
        page = docs.joinpath(candidate)
        if page.is_file():
            return Markup(MarkdownIt("commonmark", {"html": False}).render(page.read_text("utf-8")))
    return None
