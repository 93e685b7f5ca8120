"""Actions: immutable, hashable, with a stable integer id and a compact text notation.

Every game declares a fixed :class:`ActionSpace` per configuration: a numbered list of the
player actions and a separate numbered list of chance outcomes (as OpenSpiel separates
``num_distinct_actions`` from ``max_chance_outcomes``). Actions are interned: the space holds the
only instance of each, so equality and hashing are by identity, which keeps legality checks on
the hot path cheap. Compare actions of different spaces by ``text`` (or ``id``);
:meth:`ActionSpace.get` maps an equal action of another space back to this space's instance.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from typing import Any

from meeple.core.errors import NotationError, echo


class Action:
    """One player action or chance outcome.

    Attributes:
        id: Stable index in the game's player action space (or chance outcome space).
        text: Compact notation, unique within the space; ``str(action)`` returns it.
        kind: Short tag the game's rules dispatch on (e.g. ``"take"``, ``"write"``).
        args: Game-specific immutable parameters of the action.
        chance: True for chance outcomes.
    """

    __slots__ = ("args", "chance", "id", "kind", "text")

    def __init__(
        self, id: int, text: str, kind: str, args: tuple[Any, ...] = (), chance: bool = False
    ):
        self.id = id
        self.text = text
        self.kind = kind
        self.args = args
        self.chance = chance

    def __setattr__(self, name: str, value: Any) -> None:
        if hasattr(self, "chance"):
            raise AttributeError("Action is immutable")
        object.__setattr__(self, name, value)

    def __repr__(self) -> str:
        return f"Action({self.text!r})"

    def __str__(self) -> str:
        return self.text

    def __reduce__(self) -> tuple[Any, ...]:
        return (Action, (self.id, self.text, self.kind, self.args, self.chance))


class ActionSpace:
    """A game's fixed, numbered set of player actions and chance outcomes.

    Args:
        actions: ``(text, kind, args)`` triples for player actions, numbered in order.
        chance_outcomes: ``(text, kind, args)`` triples for chance outcomes, numbered in order.
        aliases: Other spellings accepted by :meth:`parse`, mapped to a notation.

    Raises:
        ValueError: if two entries share a notation, or an alias names no action.
    """

    def __init__(
        self,
        actions: Iterable[tuple[str, str, tuple[Any, ...]]],
        chance_outcomes: Iterable[tuple[str, str, tuple[Any, ...]]] = (),
        aliases: dict[str, str] | None = None,
    ):
        self.actions: tuple[Action, ...] = tuple(
            Action(i, t, k, a) for i, (t, k, a) in enumerate(actions)
        )
        self.chance_outcomes: tuple[Action, ...] = tuple(
            Action(i, t, k, a, chance=True) for i, (t, k, a) in enumerate(chance_outcomes)
        )
        self._by_text: dict[str, Action] = {}
        for a in self.actions + self.chance_outcomes:
            if a.text in self._by_text:
                raise ValueError(f"duplicate action notation {a.text!r}")
            self._by_text[a.text] = a
        self._aliases: dict[str, Action] = {}
        for alias, text in (aliases or {}).items():
            if alias in self._by_text or text not in self._by_text:
                raise ValueError(f"bad alias {alias!r} -> {text!r}")
            self._aliases[alias] = self._by_text[text]

    @property
    def num_actions(self) -> int:
        """Number of distinct player actions (the RL action-space size)."""
        return len(self.actions)

    @property
    def num_chance_outcomes(self) -> int:
        """Number of distinct chance outcomes."""
        return len(self.chance_outcomes)

    def parse(self, text: str) -> Action:
        """Return the action whose notation is ``text`` (surrounding blanks ignored).

        Raises:
            NotationError: if no action has that notation.
        """
        key = text.strip()
        found = self._by_text.get(key) or self._aliases.get(key)
        if found is None:
            raise NotationError(f"unknown action notation {echo(text)}")
        return found

    def get(self, key: Action | str | int, chance: bool = False) -> Action:
        """Coerce an action, its notation or its integer id (in the player or chance space).

        An id is an ``int`` or any integer such as a NumPy integer; a ``bool`` is not an id.

        Raises:
            NotationError: for unknown notation or an id out of range.
        """
        if isinstance(key, str):
            return self.parse(key)
        if isinstance(key, Action):
            own = self.chance_outcomes if key.chance else self.actions
            if key.id < len(own):
                mine = own[key.id]
                if mine is key or mine.text == key.text:
                    return mine
            raise NotationError(f"{echo(key.text)} is not an action of this game")
        table: Sequence[Action] = self.chance_outcomes if chance else self.actions
        if not isinstance(key, bool):
            try:
                index = operator.index(key)  # an int, or a NumPy integer from an argmax
            except TypeError:
                pass
            else:
                if 0 <= index < len(table):
                    return table[index]
        raise NotationError(f"no action with id {echo(key)}")

    def spellings(self, action: Action) -> list[str]:
        """Every text :meth:`parse` reads as ``action``: its notation, then its aliases."""
        return [action.text, *(a for a, act in self._aliases.items() if act is action)]

    @staticmethod
    def fold(text: str) -> str:
        """``text`` without blanks, in lower case: how typed notations are compared."""
        return "".join(text.split()).lower()

    def find_typed(self, text: str, among: Sequence[Action]) -> Action | None:
        """The action of ``among`` that a person meant by typing ``text``.

        ``text`` is read as a notation or alias first; failing that, it is compared with the
        spellings of every action of ``among`` up to blanks and letter case (``EXPLORE B1``,
        ``keep : 22``). For drivers that take moves typed by people (terminal, web).

        Returns:
            The action (one of ``among``), or ``None`` when no action of ``among`` matches, or
            several do after folding.
        """
        exact = self._by_text.get(text.strip()) or self._aliases.get(text.strip())
        if exact is not None:
            return exact if exact in among else None
        folded = self.fold(text)
        found = [a for a in among if any(self.fold(t) == folded for t in self.spellings(a))]
        return found[0] if len(found) == 1 else None

    def __contains__(self, text: str) -> bool:
        return text in self._by_text or text in self._aliases
