"""Errors raised by the engine core and by every game.

All engine errors derive from :class:`MeepleError`, so a driver (CLI, web app, RL adapter) can
catch one type and show its message without losing the state it was working on.
"""

from __future__ import annotations

from typing import Any


class MeepleError(Exception):
    """Base class of every error the engine raises on purpose.

    A message longer than :data:`MESSAGE_LIMIT` keeps its start and its end and drops the
    middle (see :func:`bounded`), so no message grows with the input it names.
    """

    def __init__(self, *args: object):
        super().__init__(*(bounded(a) if isinstance(a, str) else a for a in args))


class IllegalActionError(MeepleError):
    """An action that the rules forbid in the current state.

    The state the action was applied to is left unchanged.

    Attributes:
        rule: Rule or ruling id the action breaks, e.g. ``"PF-021"`` or ``"PF-R04"``.
        reason: Human sentence explaining why the action is refused.
        action: The offending action as the caller gave it (notation, id or object).
        seat: The seat that tried to act as the caller gave it: ``CHANCE`` (-1) for a chance
            outcome, ``None`` when no seat was named; any other value (a seat that does not
            exist, text...) is kept as given and shown in the message.
        shown: The move's notation when the refusing code resolved it (``None`` otherwise);
            the message names the move by it.
    """

    def __init__(
        self,
        rule: str,
        reason: str,
        action: object = None,
        seat: object = None,
        shown: str | None = None,
    ):
        self.rule = rule
        self.reason = reason
        self.action = action
        self.seat = seat
        self.shown = shown
        # the message names the move by its notation when the refusing code knows it (an id
        # or an Action given by the caller), else as the caller gave it
        named = echo(shown) if shown is not None else echo(action)
        super().__init__(f"[{rule}] {reason} (action {named}{_by(seat)})")

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled with its own arguments (it crosses process pools), notes included
        args = (self.rule, self.reason, self.action, self.seat, self.shown)
        return (type(self), args, self.__dict__)


def _by(seat: object) -> str:
    """How the message names the seat that acted; any value is shown, none is compared."""
    if seat is None:
        return ", no seat named"
    if type(seat) is int:
        return " by chance" if seat == -1 else f" by seat {seat}"
    return f" by seat {echo(seat)}"


class ConfigError(MeepleError):
    """A game configuration that the game does not support (player count, unknown option...)."""


class RecordError(ConfigError):
    """A game record that cannot be read as one: too large, nested too deep, not UTF-8 JSON,
    or a field missing or of the wrong type. A :class:`ConfigError`, as every refusal of a
    record is."""


class ContentError(MeepleError):
    """Content data (TOML) that fails validation.

    Attributes:
        file: Path of the offending content file.
        field: Dotted path of the offending field inside the file.
    """

    def __init__(self, file: str, field: str, message: str):
        self.file = file
        self.field = field
        self.message = message
        super().__init__(f"{file}: {field}: {message}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.file, self.field, self.message), self.__dict__)


class NotationError(MeepleError, ValueError):
    """Text that does not parse as an action of the game."""


#: The most characters of someone's input an error message repeats.
ECHO_LIMIT = 80
#: The longest error message: a message is cut to it whatever it repeats.
MESSAGE_LIMIT = 1000


def cut(text: str, limit: int = ECHO_LIMIT) -> str:
    """``text`` cut to ``limit`` characters for an error message, saying how long it was
    (``aaaa… (1,000,000 characters)``), so that a message never grows with its input."""
    if len(text) <= limit:
        return text
    return f"{text[: max(limit - 1, 0)]}… ({len(text):,} characters)"


def echo(value: object, limit: int = ECHO_LIMIT) -> str:
    """``repr(value)`` for an error message, cut to ``limit`` characters as :func:`cut` does
    (text is cut before it is quoted, so even a huge string costs little).

    Every message that repeats what a caller gave (a notation, a seat, an option's value)
    shows it through this function or :func:`cut`.
    """
    if isinstance(value, str) and len(value) > limit:
        return f"{value[: max(limit - 1, 0)]!r}… ({len(value):,} characters)"
    try:
        text = repr(value)
    except Exception:  # a caller's object whose repr fails is named by its type
        text = f"<{type(value).__name__}>"
    return cut(text, limit)


def bounded(message: str, limit: int = MESSAGE_LIMIT) -> str:
    """``message`` as an error shows it: whole up to ``limit`` characters, else its start
    and end around a note of how much was cut (the start names the cause, the end often the
    move and seat)."""
    if len(message) <= limit:
        return message
    head, tail = limit * 3 // 5, limit // 5
    return f"{message[:head]} … ({len(message) - head - tail:,} characters cut) … {message[-tail:]}"
