"""Finding and drawing a game's board for the browser, without naming any game.

A game's board is ``render_board(observation, moves) -> str``: one standalone ``<svg>`` drawn
from the viewing seat's observation only, whose clickable parts carry ``class="pick"`` and
``data-moves`` (indices into ``moves``). The web layer finds it through the registry when the
registry offers a ``board`` target, else by convention in the game's package (``<pkg>.svg``),
else it shows the game's text rendering, escaped.
"""

from __future__ import annotations

import importlib
import inspect
import io
import logging
import re
from collections.abc import Callable, Sequence
from functools import cache

from markupsafe import Markup, escape

from meeple.core import registry
from meeple.core.game import Game

#: ``render_board(observation, moves[, game=game])``; moves are ``(notation, description)`` pairs.
BoardFn = Callable[..., str]

# What a board must never hold: it is inserted into the page as markup.
# (a reference inside the picture itself, ``href="#peach"`` or ``url(#shade)``, is fine).
_UNSAFE = re.compile(
    r"<\s*script|<\s*foreignObject|\son[a-z]+\s*=|javascript:"
    r"|href\s*=\s*(?:[\"'](?!#)|[^\"'#\s])|url\(\s*(?:[\"'](?!#)|[^\"'#\s])|@import",
    re.I,
)
_log = logging.getLogger(__name__)


@cache
def find_board(name: str) -> BoardFn | None:
    """The board function of the registered game ``name``, or ``None`` when it has none.

    Looked up through the ``board`` target of the game's registry spec when the registry
    names one (``"module:render_board"``), else by convention as ``<the game's
    package>.svg.render_board``.

    Args:
        name: A registered game name.

    Returns:
        The function, or ``None`` (the page then shows the text rendering).
    """
    spec_of = getattr(registry, "game_spec", None)  # a registry whose specs name boards
    target = getattr(spec_of(name), "board", None) if callable(spec_of) else None
    if target:
        module, _, attr = target.partition(":")
        return getattr(importlib.import_module(module), attr)
    package = registry.game_class(name).__module__.rsplit(".", 1)[0]
    try:
        module = importlib.import_module(package + ".svg")
    except ModuleNotFoundError as error:
        if error.name != package + ".svg":
            raise  # the board exists but something it imports is missing: a real error
        return None
    return getattr(module, "render_board", None)


def text_view(game: Game, observation: dict) -> str:
    """The game's terminal picture of ``observation`` as plain text (no colour codes)."""
    picture = game.render(observation)
    if isinstance(picture, str):
        return picture
    from rich.console import Console

    out = io.StringIO()
    Console(file=out, width=100, color_system=None, force_terminal=False).print(picture)
    return out.getvalue()


def board_markup(game: Game, observation: dict, moves: Sequence[tuple[str, str]]) -> Markup:
    """The board of ``observation`` as markup for the page.

    The game's SVG board when it has one and it is safe to insert (no script, event
    attribute or reference outside the picture), else its text rendering in an escaped
    ``<pre>``; a board that fails or is unsafe is logged as an error.

    Args:
        game: The configured game.
        observation: ``state.observe(viewer)``.
        moves: The viewer's legal moves as ``(notation, description)``, in legal order.
    """
    board = find_board(game.info.name)
    if board is not None:
        try:
            svg = _call(board, observation, list(moves), game)
        except Exception:
            # a drawing bug must not take the table away: the text view still plays
            _log.exception("%s: render_board failed; showing the text view", game.info.name)
        else:
            if svg.lstrip().startswith("<svg") and not _UNSAFE.search(svg):
                return Markup(svg)
            _log.error("%s: render_board gave unsafe markup; showing the text view", game.info.name)
    try:
        text = text_view(game, observation)
    except Exception:
        # the move list below still offers every legal move; the error is for the log
        _log.exception("%s: the text view failed", game.info.name)
        return Markup(
            '<p class="text-board error">This position cannot be drawn; every move is in the list.</p>'
        )
    return Markup('<pre class="text-board">{}</pre>').format(escape(text))


@cache
def _takes_game(board: BoardFn) -> bool:
    try:
        return "game" in inspect.signature(board).parameters
    except (TypeError, ValueError):
        return False


def _call(board: BoardFn, observation: dict, moves: list[tuple[str, str]], game: Game) -> str:
    """``board(observation, moves)``, with ``game=`` too when the board takes the game (its
    configured content then names the cards)."""
    if _takes_game(board):
        return board(observation, moves, game=game)
    return board(observation, moves)
