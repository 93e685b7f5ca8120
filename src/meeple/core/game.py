"""The game contract: metadata, the :class:`Game` factory and the :class:`State` base class.

Vocabulary follows OpenSpiel: ``current_player``, ``legal_actions``, ``apply_action``,
``chance_outcomes``, ``observe``, ``returns``, ``clone``, ``is_terminal``. A state is one of four
kinds of node:

* a *decision node*: one seat must act (``current_player() >= 0``);
* a *simultaneous node*: several seats commit sealed choices in any order; none sees another's
  pending choice; the node resolves when the last one commits (``current_player() == SIMULTANEOUS``,
  ``acting_seats()`` lists who still has to commit);
* a *chance node*: the driver samples one of ``chance_outcomes()`` with its own seeded RNG and
  applies it (``current_player() == CHANCE``);
* a *terminal* state (``current_player() == TERMINAL``).

The engine never owns an RNG and never calls an agent: drivers do.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import numbers
import operator
import random
import re
from collections.abc import Callable, Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, ClassVar, SupportsIndex, cast

from meeple.core.actions import Action, ActionSpace
from meeple.core.errors import ConfigError, IllegalActionError, NotationError, echo

CHANCE = -1
SIMULTANEOUS = -2
TERMINAL = -4

#: :meth:`Game.move_hint` of a legal move that changes nothing for the seat playing it.
WASTED = "wasted"


@dataclass(frozen=True)
class GameInfo:
    """Metadata a game declares once, up front.

    Attributes:
        name: Registry name, e.g. ``"peach-festival"``.
        title: Printed title.
        version: Rules version; bumped whenever behaviour changes (records name it).
        min_players: Smallest supported seat count.
        max_players: Largest supported seat count.
        has_chance: Whether the game has chance nodes.
        hidden_information: Whether some seat may not see the whole state.
        simultaneous: Whether the game has simultaneous (sealed) decision nodes.
        rulebook: The rulebook the rules implement.
    """

    name: str
    title: str
    version: str
    min_players: int
    max_players: int
    has_chance: bool
    hidden_information: bool
    simultaneous: bool
    rulebook: str = ""


@dataclass
class SeatResult:
    """Final result of one seat: total score, per-category breakdown and rank (1 = best)."""

    seat: int
    score: float
    breakdown: dict[str, float]
    rank: int
    winner: bool


@dataclass
class GameResult:
    """Final result of a game: one :class:`SeatResult` per seat, plus game-specific extras."""

    seats: list[SeatResult]
    extras: dict[str, Any] = field(default_factory=dict)

    @property
    def scores(self) -> list[float]:
        return [s.score for s in self.seats]

    @property
    def winners(self) -> list[int]:
        return [s.seat for s in self.seats if s.winner]

    def to_dict(self) -> dict[str, Any]:
        return {
            "scores": self.scores,
            "winners": self.winners,
            "ranks": [s.rank for s in self.seats],
            "breakdown": [s.breakdown for s in self.seats],
            "extras": self.extras,
        }


def seat_word(seat: int) -> str:
    """How the words told to players name ``seat``: ``0`` -> ``"Player 1"``.

    Game text (descriptions, the log, the end and the boards) names seats only this way, so
    that a driver can put its players' names in their place (:func:`with_seat_names`); the
    notation of moves and records keeps its seat numbers from 0.
    """
    return f"Player {seat + 1}"


_SEAT_WORD = re.compile(r"\bPlayer ([1-9][0-9]?)\b")


def _name_key(name: str) -> str:
    return " ".join(name.split()).casefold()


def distinct_name(name: str, others: Sequence[str], seat: int) -> str:
    """``name`` for ``seat`` told apart from the ``others`` seats' names: itself when no
    other seat has it (compared without case or repeated spaces), else with the first number
    from 2 that makes it distinct (``"easy bot"`` -> ``"easy bot 2"``); an empty name is the
    seat's :func:`seat_word`, told apart the same way.

    Args:
        name: The name wanted (a person's as typed, a bot's level name).
        others: The names the other seats keep.
        seat: The seat it is for, from 0.

    Returns:
        A name no seat of ``others`` has.
    """
    name = " ".join(name.split()) or seat_word(seat)
    taken = {_name_key(other) for other in others}
    if _name_key(name) not in taken:
        return name
    number = 2
    while _name_key(f"{name} {number}") in taken:
        number += 1
    return f"{name} {number}"


def distinct_names(names: Sequence[str]) -> list[str]:
    """A name per seat, seat 0 first, no two alike: the first seat of a repeated name keeps
    it, each later one gets the first number from 2 no seat has (``["easy bot", "easy bot"]``
    -> ``["easy bot", "easy bot 2"]``); an empty name is the seat's :func:`seat_word`.

    Args:
        names: The names given, one per seat (``""`` for none).

    Returns:
        As many names, each distinct (compared without case or repeated spaces).
    """
    wanted = [" ".join(n.split()) or seat_word(seat) for seat, n in enumerate(names)]
    out: list[str] = []
    for seat, name in enumerate(wanted):
        if any(_name_key(name) == _name_key(kept) for kept in out):
            # the later seats' names as given stay free for them: "easy bot 2" typed by a
            # person at a later seat is not taken by an earlier bot
            name = distinct_name(name, out + wanted[seat + 1 :], seat)
        out.append(name)
    return out


def with_seat_names(text: str, names: Sequence[str], escape: Callable[[str], str] = str) -> str:
    """``text`` with each :func:`seat_word` of a seat of ``names`` replaced by its name.

    Args:
        text: Game text (or markup drawn by a game).
        names: A name per seat, seat 0 first; an empty name keeps the seat's word.
        escape: Applied to each name put in (``markupsafe.escape`` for markup).

    Returns:
        The text, each "Player N" with ``1 <= N <= len(names)`` replaced in one pass (a name
        that reads "Player 2" is not replaced again).
    """

    def name(match: re.Match[str]) -> str:
        n = int(match.group(1)) - 1
        if n < len(names) and names[n]:
            return escape(names[n])
        return match.group(0)

    return _SEAT_WORD.sub(name, text)


def and_then(told: str, more: str) -> str:
    """``told`` and then ``more`` as one text, as a move's description runs on into what it
    brings about: ``told`` ended by a full stop when it ends without ``.``, ``!`` or ``?``;
    either one alone when the other is empty."""
    if not more:
        return told
    if told and told[-1] not in ".!?":
        told += "."
    return f"{told} {more}" if told else more


def plain_number(value: Any) -> Any:
    """``value`` as a plain ``int`` or ``float`` when it is a number of another type (a NumPy
    integer or float, a 0-d integer array); anything else, bools and text included,
    unchanged. Configuration from sweeps and arrays then counts as the numbers it stands for.
    """
    if value is None or isinstance(value, bool | str) or type(value) in (int, float):
        return value
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, numbers.Real) and not hasattr(type(value), "__index__"):
        return float(value)
    if getattr(type(value), "__index__", None) is not None:
        try:
            return operator.index(value)
        except TypeError:  # an array of several values: left for the option's own check
            return value
    return value


def rank_seats(keys: Sequence[tuple[Any, ...]]) -> list[int]:
    """Competition ranks (1 = best) from per-seat sort keys, larger is better; equal keys tie."""
    return [1 + sum(1 for other in keys if other > k) for k in keys]


class Game:
    """A configured game: rules, content and action space, and a factory for initial states.

    Subclasses set :attr:`info` and :attr:`options` and build :attr:`action_space`.

    Args:
        players: Number of seats.
        **options: Game options (see the game's ``options`` declaration).

    Raises:
        ConfigError: for an unsupported player count, an unknown option, or a numeric option
            outside its range (:attr:`option_ranges`).
    """

    info: ClassVar[GameInfo]
    #: Option name -> default value. Unknown options are refused.
    options: ClassVar[dict[str, Any]] = {}
    #: The values an option may take, for the options that have only a few (a lobby offers
    #: them as a list instead of a text field); every other option is free within its checks.
    option_choices: ClassVar[dict[str, tuple[Any, ...]]] = {}
    #: Options whose value is a seat of the game (``0..players-1``), each with the one other
    #: value it may take, that value's words and what the option means, e.g.
    #: ``{"starter": (-1, "drawn by chance", "who climbs first")}``: a lobby offers the seats
    #: of the chosen player count and that value as a list.
    seat_options: ClassVar[dict[str, tuple[Any, str, str]]] = {}
    #: Breakdown key (of :class:`SeatResult`) -> how the rulebook counts that part, ``"total"``
    #: for the score itself: an end screen explains each number with it.
    score_parts: ClassVar[dict[str, str]] = {}
    #: Options that apply only to some player counts, each with ``(fewest, most)`` players:
    #: a lobby offers them only then (the game refuses a value other than the default at
    #: another count).
    option_players: ClassVar[dict[str, tuple[int, int]]] = {}
    #: Numeric option name -> ``(least, greatest, source)``: the whole numbers it may take and
    #: the ruling that sets them, so no value can make the game's bounds (its
    #: ``max_game_length``) overflow what a driver or adapter can hold. An option bounded by
    #: the configuration itself (Annapurna's ``starter``, a seat of the game) is checked by
    #: the game instead; either way every numeric option refuses a value beyond its range
    #: (a test tries each). ``None`` is left to the game's own check.
    option_ranges: ClassVar[dict[str, tuple[int, int, str]]] = {}

    def __init__(self, players: int | None = None, **options: Any):
        if players is None:
            players = self.info.min_players
        # NumPy integers (hyperparameter sweeps, arrays) count as the ints they stand for
        players = plain_number(players)
        options = {k: plain_number(v) for k, v in options.items()}
        if (
            isinstance(players, bool)
            or not isinstance(players, int)
            or not (self.info.min_players <= players <= self.info.max_players)
        ):
            raise ConfigError(
                f"{self.info.name} takes {self.info.min_players}-{self.info.max_players} "
                f"players, not {echo(players)}"
            )
        unknown = set(options) - set(self.options)
        if unknown:
            raise ConfigError(
                f"{self.info.name} has no option(s) {echo(sorted(unknown))}; "
                f"known: {sorted(self.options)}"
            )
        for name, value in options.items():
            self.check_option_range(name, value)
        self.num_players = players
        self.config: dict[str, Any] = {"players": players, **self.options, **options}
        self.action_space: ActionSpace = self._build_action_space()

    @classmethod
    def check_option_range(cls, name: str, value: Any) -> None:
        """Refuse ``value`` for the numeric option ``name`` outside :attr:`option_ranges`
        (any other option, and ``None``, pass: the game checks them).

        Raises:
            ConfigError: naming the option, its range and the ruling that sets it.
        """
        bounds = cls.option_ranges.get(name)
        if bounds is None or value is None:
            return
        low, high, source = bounds
        if type(value) is not int or not low <= value <= high:
            raise ConfigError(
                f"{cls.info.name} option {name} is a whole number from {low:,} to {high:,} "
                f"({source}), not {echo(value)}"
            )

    # -- to implement -------------------------------------------------------------------------
    def _build_action_space(self) -> ActionSpace:
        raise NotImplementedError

    def new_initial_state(self) -> State:
        """The state before setup; setup randomness comes as chance nodes."""
        raise NotImplementedError

    def determinize_observation(self, observation: dict[str, Any], rng: random.Random) -> State:
        """A full state consistent with ``observation``, hidden parts sampled with ``rng``.

        The result depends only on the observation and the RNG, so a bot that searches
        determinizations cannot peek.
        """
        raise NotImplementedError

    def max_game_length(self) -> int:
        """Upper bound on the number of actions (player and chance) in one game."""
        raise NotImplementedError

    # -- shared -------------------------------------------------------------------------------
    @property
    def cooperative(self) -> bool:
        """Whether every seat plays for one team in this configuration: ``returns()`` is
        then the same for every seat, the team's (research adapters declare identical
        utilities). False unless a game's variant says so."""
        return False

    def content_digest(self) -> str | None:
        """A digest of the content files this game was made with (their names and bytes,
        wherever the directory lies; :func:`meeple.core.content.content_digest`), or ``None``
        for a game without content files. Results files record it, so runs on equal content
        pool and runs on edited content do not.
        """
        from meeple.core.content import content_digest

        content = getattr(self, "content", None)
        return None if content is None else content_digest(content)

    def action(self, key: Action | str | int, chance: bool = False) -> Action:
        """Coerce notation, id or action to this game's :class:`Action`.

        Raises:
            NotationError: for unknown notation or id.
        """
        return self.action_space.get(key, chance)

    def describe_action(self, action: Action) -> str:
        """A human sentence for ``action`` (default: its notation)."""
        return action.text

    def describe_move(self, action: Action, observation: dict[str, Any]) -> str:
        """A sentence for ``action`` in the position a seat sees (default: describe_action).

        Games override it to say what the move would do there (e.g. which number is written).
        """
        return self.describe_action(action)

    def move_hint(self, action: Action, observation: dict[str, Any]) -> str | None:
        """A note, as data, on what ``action`` would do in the position ``observation`` shows,
        for a driver's move list: :data:`WASTED` for a legal move that changes nothing for the
        seat (a driver asks for confirmation before playing it), ``None`` otherwise (default).
        """
        return None

    def order_moves(self, legal: Sequence[Action], observation: dict[str, Any]) -> list[Action]:
        """``legal`` in the order a move list shows them: the game's most useful moves first
        and :data:`WASTED` ones last (default: as given, wasted ones last, the order kept
        otherwise). Drivers number moves in this order; the engine's own order
        (:meth:`State.legal_actions`) is unchanged.
        """
        return sorted(legal, key=lambda a: self.move_hint(a, observation) == WASTED)

    def describe_move_for(
        self, state: State, seat: int, action: Action, observer: int | None
    ) -> str:
        """What ``observer`` may be told when ``seat`` takes ``action`` in ``state`` (before it
        is applied); ``observer=None`` is a spectator; ``""`` means nothing is announced.

        Drivers announce other seats' moves and chance outcomes through this, never through
        ``describe_action``, since an action's notation may name a hidden card. By default
        player moves are announced and chance outcomes are not; games override it to hide
        private moves and to announce public outcomes (dice, face-up cards). Sealed choices at
        simultaneous nodes are never announced by drivers.
        """
        if seat == CHANCE:
            return ""
        return self.describe_action(action)

    def describe_aftermath(
        self, state: State, seat: int, action: Action, observer: int | None
    ) -> str:
        """What ``action`` brings about, as ``observer`` may be told it: ``""`` (default) or
        sentences such as the end of a round or a reward lost. Games include it in
        :meth:`describe_move_for`; drivers tell it on its own after another seat's sealed
        choice, whose content stays secret (so it may only say what follows from the choices
        once all are revealed: for every choice but the last, nothing).
        """
        return ""

    def render(self, observation: dict[str, Any]) -> Any:
        """A picture of ``observation`` for the terminal: a ``rich`` renderable or a string."""
        return json.dumps(observation, indent=1)

    def move_elements(self, state: State, seat: int, action: Action) -> list[str]:
        """The named elements (``"<kind> <id or name>"``, as :meth:`State.elements`) that
        ``seat`` uses by taking ``action`` in ``state``, read before it is applied: for a game
        whose state keeps no record of them, a driver replays a finished game's history
        through this (:mod:`meeple.sim.recorded`). The default: none.

        It reads the whole state, hidden parts included: drivers call it on finished games
        only, whose record is theirs to read.
        """
        return []

    def score_history(self, observation: dict[str, Any]) -> dict[str, Any] | None:
        """How the score built up, round by round, as ``observation`` shows it, for an end
        screen beside the breakdown: ``None`` (default) for a game that shows none, else
        ``{"caption", "corner" (the rows' heading), "seats": [seat...], "columns": [heading
        per seat], "rows": [{"label", "cells": [[value, how]...] per seat}], "total":
        {"label", "cells"}, "notes": [sentence...]}``, all text (``how`` in parts joined by
        ``", "``, which a narrow screen may break between), seats named by
        :func:`seat_word` (a driver puts its players' names in, escaped). Only what the
        observation shows may be in it.
        """
        return None

    def seat_title(self, seat: int) -> str:
        """What the game's own words call ``seat`` besides :func:`seat_word` (Annapurna's
        climbers go by colour), for a driver to show beside the player's name; ``""``
        (default) when the game has no such word."""
        return ""

    def rules_summary(self) -> str:
        """A short reminder of the rules, shown by the terminal's ``rules`` command."""
        return f"{self.info.title}: see the rulebook ({self.info.rulebook})."

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """Resample what ``seat`` cannot see in ``state``; see :meth:`determinize_observation`."""
        return self.determinize_observation(state.observe(seat), rng)

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.config.items())
        return f"{type(self).__name__}({opts})"


class State:
    """Base class of every game state. State is data; the game's rules module changes it.

    Subclasses implement the ``_``-prefixed hooks. The public methods here add the shared
    contract: notation/id coercion, legality checking with a rule id, caching of legal
    actions, and the action history used by records.
    """

    __slots__ = ("_legal_cache", "game", "history")

    def __init__(self, game: Game):
        self.game = game
        #: Every action applied so far as ``(seat, action)``; ``seat`` is ``CHANCE`` for chance.
        self.history: list[tuple[int, Action]] = []
        self._legal_cache: dict[int, tuple[Action, ...]] = {}

    # -- hooks --------------------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act, or ``CHANCE``, ``SIMULTANEOUS`` or ``TERMINAL``."""
        raise NotImplementedError

    def acting_seats(self) -> tuple[int, ...]:
        """Seats that must still decide at this node (empty at chance and terminal nodes)."""
        p = self.current_player()
        return (p,) if p >= 0 else ()

    def _is_acting(self, seat: int) -> bool:
        """Whether ``seat`` must decide now (games may answer faster than ``acting_seats``)."""
        return seat in self.acting_seats()

    def _legal_actions(self, seat: int) -> Sequence[Action]:
        raise NotImplementedError

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        """``(outcome, probability)`` pairs at a chance node; probabilities sum to 1.

        A sequence the caller must not edit: a game may hand out one shared tuple (dice
        odds); copy it to change it.
        """
        raise NotImplementedError

    def _is_chance_outcome(self, action: Action) -> bool:
        """Whether ``action`` is an outcome of the current chance node (games may answer
        faster than listing the outcomes). Only called at chance nodes."""
        return False

    def _chance_actions(self) -> list[Action]:
        """The outcomes of ``chance_outcomes()`` without probabilities (games may cache it)."""
        return [a for a, _ in self.chance_outcomes()]

    def _apply(self, action: Action, seat: int) -> None:
        raise NotImplementedError

    def _why_illegal(self, action: Action, seat: int) -> tuple[str, str]:
        """Rule id and reason explaining why ``action`` is not legal for ``seat`` now."""
        return ("CORE-01", f"{action} is not among the legal actions now")

    def observe(self, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` may see (``None``: a spectator), as JSON-serialisable data.

        Games start with the check of :func:`observer_seat`, so every game refuses the same
        seats the same way.

        Raises:
            ValueError: for a seat that is not ``None`` or one of ``0..num_players-1``.
        """
        raise NotImplementedError

    def policy_view(self, seat: int) -> dict[str, Any]:
        """``observe(seat)`` for an agent that reads it by key during one ``act`` call.

        A search calls this for the moves of its rollout policy when the policy's
        ``reads_by_key`` is true (see :class:`meeple.core.agent.Agent`). A game may return a
        lazy mapping here whose ``view[key]`` equals ``observe(seat)[key]`` for every key, each
        value computed when first read: it reflects the state as it is when the value is read,
        so it is valid only until the state changes, and ``len``, iteration, ``in`` and
        ``get`` need not see the keys not read yet. A lazy view may hold the state itself, so it
        is for a search's own policy on the search's determinizations: drivers give agents
        :meth:`observe`. This default is ``observe(seat)`` itself.

        Raises:
            ValueError: for ``None`` (a policy view is a seat's) and, as :meth:`observe`, for a
                seat that is not one of the game's seats.
        """
        if seat is None:
            raise ValueError("a policy view is a seat's, not a spectator's")
        return self.observe(seat)

    def snapshot(self) -> dict[str, Any]:
        """The full state, hidden parts included, as JSON-serialisable data."""
        raise NotImplementedError

    def clone(self) -> State:
        """An independent copy. Subclasses copy their own fields cheaply (no deepcopy)."""
        raise NotImplementedError

    def result(self) -> GameResult:
        """Final scores with breakdown and ranks.

        Raises:
            ValueError: before the game is over: scores mid-game would be counted from the
                whole state, hidden cards included, and name winners too early.
        """
        if not self.is_terminal():
            raise ValueError("the game is not over: result() is defined at terminal states only")
        return self._result()

    def _result(self) -> GameResult:
        """The game's final result (called at terminal states only)."""
        raise NotImplementedError

    def returns(self) -> list[float]:
        """Per-seat utility at a terminal state (0 for every seat before the end)."""
        raise NotImplementedError

    def elements(self) -> list[list[str]]:
        """Per seat, the game's named elements that seat had or used by the end (cards,
        contracts, encounters...), for a designer's per-element strength
        (:mod:`meeple.sim.elements`). Read by drivers at terminal states only, like
        :meth:`result`. The default: none for any seat.

        Returns:
            One list of element names per seat, each name ``"<kind> <id or name>"``.
        """
        return [[] for _ in range(self.num_players)]

    def render(self, seat: int | None = None) -> str:
        """Plain-text picture of what ``seat`` sees."""
        return json.dumps(self.observe(seat), indent=1)

    # -- shared API ---------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.game.num_players

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def is_simultaneous_node(self) -> bool:
        return self.current_player() == SIMULTANEOUS

    def legal_actions(self, seat: int | None = None) -> tuple[Action, ...]:
        """Legal actions of ``seat`` (default: the current player), in a deterministic order.

        At a chance node (or with ``seat=CHANCE``) these are the possible outcomes. A seat that
        need not act now has no legal actions, nor have the node markers ``SIMULTANEOUS`` and
        ``TERMINAL``. A tuple, whatever the game's hook returns: the engine checks moves
        against it and a game may share it between states, so no caller can edit it.

        Raises:
            ValueError: for a seat that is not an integer (text, a float, a ``bool``) or a seat
                the game does not have (``seat >= num_players``, or negative and not one of
                the node markers), as :meth:`observe` and :meth:`apply_action` (rule
                ``CORE-08``) refuse it.
        """
        if seat is None:
            seat = self.current_player()
            if seat == SIMULTANEOUS:
                raise ValueError("simultaneous node: name the seat whose actions you want")
        if type(seat) is not int:  # a NumPy integer works; text, floats and bools do not
            seat = seat_number(seat)
        cached = self._legal_cache.get(seat)
        if cached is not None:
            return cached
        acts: Sequence[Action]
        if seat == CHANCE:
            acts = self._chance_actions() if self.is_chance_node() else []
        elif seat >= self.num_players or (seat < 0 and seat not in (SIMULTANEOUS, TERMINAL)):
            raise ValueError(
                f"seat {seat} is not a seat: this game has seats 0..{self.num_players - 1} "
                "(and CHANCE, SIMULTANEOUS and TERMINAL mark nodes)"
            )
        elif seat < 0 or not self._is_acting(seat):
            acts = []
        else:
            acts = self._legal_actions(seat)
        # a game's list, which a caller could edit, becomes a tuple
        frozen = acts if isinstance(acts, tuple) else tuple(acts)
        self._legal_cache[seat] = frozen
        return frozen

    def apply_action(self, action: Action | str | int, seat: int | None = None) -> None:
        """Apply a player action or chance outcome.

        Args:
            action: An :class:`Action`, its notation, or its integer id.
            seat: The acting seat (an ``int`` or any integer such as a NumPy integer, not a
                ``bool``), or ``CHANCE`` for a chance outcome; required at simultaneous nodes,
                defaults to the current player (or chance) otherwise.

        Raises:
            IllegalActionError: when the rules forbid it; the state is then unchanged. The error
                names the rule (``error.rule``): ``CORE-08`` for a seat that is a ``bool``, not
                an integer, or neither ``CHANCE`` nor one of the game's seats.
        """
        cp = self.current_player()
        if cp == TERMINAL:
            raise IllegalActionError("CORE-02", "the game is over", action, seat)
        if seat is None:
            if cp == SIMULTANEOUS:
                raise IllegalActionError(
                    "CORE-03",
                    "simultaneous node: name the seat that commits (seat=...)",
                    action,
                    seat,
                )
            seat = cp
        elif type(seat) is not int or not CHANCE <= seat < self.game.num_players:
            seat = _acting_seat(seat, self.game.num_players, action)
        chance = seat == CHANCE
        space = self.game.action_space
        if (
            action.__class__ is Action
            and action.id < len(table := space.chance_outcomes if action.chance else space.actions)
            and table[action.id] is action
        ):
            act = action  # already this game's interned action: the common, fast case
        else:
            try:
                act = space.get(action, chance)
            except NotationError as e:
                raise IllegalActionError("CORE-04", str(e), action, seat) from None
        if act.chance != chance:
            raise IllegalActionError(
                "CORE-05",
                "chance outcomes are applied at chance nodes only, as seat CHANCE"
                if act.chance
                else "a chance node takes a chance outcome"
                if cp == CHANCE
                else "a player action is applied by the seat that takes it, not as CHANCE",
                action,
                seat,
                act.text,
            )
        if chance and cp != CHANCE:
            raise IllegalActionError(
                "CORE-07",
                "this is not a chance node: no chance outcome applies now",
                action,
                seat,
                act.text,
            )
        if chance and self._is_chance_outcome(act):
            pass  # a possible outcome, checked without listing every outcome
        elif act not in (legal := self._legal_cache.get(seat) or self.legal_actions(seat)):
            if not legal:
                why = f"seat {seat} has no decision to make now"
                if cp == SIMULTANEOUS and not chance:
                    why += " (at this sealed node it has already chosen, or takes no part)"
                raise IllegalActionError("CORE-06", why, action, seat, act.text)
            if chance:
                raise IllegalActionError(
                    "CORE-07",
                    f"{act} is not a possible outcome of this chance node",
                    action,
                    seat,
                    act.text,
                )
            rule, why = self._why_illegal(act, seat)
            raise IllegalActionError(rule, why, action, seat, act.text)
        self._legal_cache = {}
        self.history.append((seat, act))
        self._apply(act, seat)

    def apply_legal(self, action: Action, seat: int) -> None:
        """Apply an action already known to be legal here, without checking it again.

        For search loops (rollouts, tree descent) that take ``action`` straight from this
        state's ``legal_actions(seat)``, or from :func:`sample_chance` with ``seat=CHANCE``.
        The result is the same as :meth:`apply_action` (same history, same state); only the
        checks are skipped, which saves a sizeable share of a rollout step.

        Args:
            action: This game's interned :class:`Action`, legal for ``seat`` in this state.
            seat: The acting seat, or ``CHANCE`` for a chance outcome.

        Raises:
            Nothing is checked: an action that is not legal here leaves the state undefined.
            Code that cannot guarantee legality calls :meth:`apply_action`.
        """
        self._legal_cache = {}
        self.history.append((seat, action))
        self._apply(action, seat)

    def playout(
        self,
        rng: random.Random,
        max_steps: int | None = None,
        stop: Callable[[State], bool] | None = None,
    ) -> int:
        """Play uniformly random legal actions and sampled chance outcomes, in place.

        The fast forward model of rollouts: no observations are built and moves are applied
        as with :meth:`apply_legal`. At a simultaneous node the first acting seat commits.
        Random draws follow :func:`sample_chance` at chance nodes and ``rng.randrange`` over
        the legal list at decisions with more than one option, so a playout is reproducible
        from the RNG's state.

        Args:
            rng: The caller's seeded RNG (the engine owns none).
            max_steps: Stop once this many decisions have been played (chance outcomes are
                not counted); ``None``: no limit.
            stop: Stop as soon as ``stop(state)`` is true (checked before every step).

        Returns:
            The number of decisions played. The playout ends at a terminal state, at
            ``max_steps``, when ``stop`` says so, or at a decision whose seat has no legal
            action (possible only in states built by hand); the caller tells these apart
            from the state.
        """
        fast = getattr(self, "sample_chance_outcome", None)
        history = self.history
        # the hooks, bound once: a step then costs no attribute lookups on the state
        current_player = self.current_player
        legal_actions = self._legal_actions
        apply = self._apply
        append = history.append
        bounded = max_steps is not None or stop is not None
        # rng.randrange(n), unrolled: the same draws from the same stream (getrandbits of
        # n's bit length until below n), without two Python calls per step
        plain = type(rng) is random.Random
        getrandbits = rng.getrandbits
        self._legal_cache = {}
        steps = 0
        while True:
            cp = current_player()
            if cp == TERMINAL:
                break
            if bounded and (
                (max_steps is not None and steps >= max_steps) or (stop is not None and stop(self))
            ):
                break
            if cp >= 0:
                seat = cp
            elif cp == CHANCE:
                act = fast(rng) if fast is not None else _sample_outcome(self, rng)
                append((CHANCE, act))
                apply(act, CHANCE)
                continue
            else:
                seats = self.acting_seats()
                if not seats:
                    break
                seat = seats[0]
            legal = legal_actions(seat)
            if not legal:
                break
            n = len(legal)
            if n == 1:
                act = legal[0]
            elif plain:
                k = n.bit_length()
                r = getrandbits(k)
                while r >= n:
                    r = getrandbits(k)
                act = legal[r]
            else:
                act = legal[rng.randrange(n)]
            append((seat, act))
            apply(act, seat)
            steps += 1
        self._legal_cache = {}  # whatever the rules cached on the way may be stale now
        return steps

    def fingerprint(self) -> str:
        """SHA-256 of the canonical full snapshot: equal fingerprints mean equal states."""
        data = json.dumps(self.snapshot(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(data.encode()).hexdigest()

    def move_number(self) -> int:
        return len(self.history)

    def _clone_base(self, new: State) -> State:
        """Copy the base-class fields into ``new`` (call from subclasses' ``clone``)."""
        new.game = self.game
        new.history = self.history.copy()
        new._legal_cache = {}
        return new


def _acting_seat(seat: object, players: int, action: object) -> int:
    """``seat`` as a plain ``int`` if it names a seat of ``players`` or ``CHANCE``.

    Raises:
        IllegalActionError: rule ``CORE-08``, for a ``bool``, a value that is not an
            integer, or a seat that does not exist.
    """
    seats = f"seats are 0..{players - 1}, or CHANCE ({CHANCE}) for a chance outcome"
    try:
        index = seat_number(seat, seats)
    except ValueError as e:
        why = str(e)
    else:
        if CHANCE <= index < players:
            return index
        why = f"there is no seat {index}: {seats}"
    raise IllegalActionError("CORE-08", why, action, seat)


#: ``(before, seat, action, after)`` of the action a driver is telling (see :func:`telling`).
_TOLD: ContextVar[tuple[State, int, Action, State] | None] = ContextVar("meeple_told", default=None)


def state_after(state: State, seat: int, action: Action) -> State:
    """``state`` once ``seat`` takes ``action``, ``state`` left as it was: what a game's words
    for a move look at to tell what it brings about (:meth:`Game.describe_aftermath`).

    A new copy, unless a driver is telling that very action from a state it already holds
    after it (:func:`telling`): then that state, which the caller reads and never changes.
    Telling a move to every viewer otherwise copied the state once per viewer.

    Raises:
        IllegalActionError: when ``seat`` cannot take ``action`` in ``state``.
    """
    told = _TOLD.get()
    if told is not None and told[0] is state and told[1] == seat and told[2] is action:
        return told[3]
    after = state.clone()
    after.apply_action(action, seat)
    return after


@contextlib.contextmanager
def telling(before: State, after: State) -> Iterator[None]:
    """While open, :func:`state_after` of ``before`` and the action that led to ``after``
    (``after.history[-1]``) is ``after`` itself. For drivers that tell an action they have
    applied (:func:`meeple.core.record.tell_applied`)."""
    seat, action = after.history[-1]
    token = _TOLD.set((before, seat, action, after))
    try:
        yield
    finally:
        _TOLD.reset(token)


def sample_chance(state: State, rng: random.Random) -> Action:
    """Sample a chance outcome of ``state`` with ``rng`` (the driver's RNG, never the engine's).

    Uses the state's ``sample_chance_outcome`` fast path when it has one (it must follow the
    same distribution as ``chance_outcomes()``).

    Raises:
        ValueError: if ``state`` is not a chance node.
    """
    if not state.is_chance_node():
        raise ValueError("not a chance node")
    fast = getattr(state, "sample_chance_outcome", None)
    if fast is not None:
        outcome: Action = fast(rng)
        return outcome
    return _sample_outcome(state, rng)


def _sample_outcome(state: State, rng: random.Random) -> Action:
    """Sample from ``state.chance_outcomes()`` with one ``rng.random()`` draw (state known to be
    a chance node)."""
    outcomes = state.chance_outcomes()
    if len(outcomes) == 1:
        return outcomes[0][0]
    r = rng.random()
    acc = 0.0
    for act, p in outcomes:
        acc += p
        if r < acc:
            return act
    return outcomes[-1][0]


def seat_number(seat: object, seats: str = "") -> int:
    """``seat`` as a plain ``int``: an ``int`` or any integer such as a NumPy integer.

    Args:
        seat: The value a caller gave as a seat.
        seats: What the seats are, added to the message.

    Raises:
        ValueError: for a ``bool`` or a value that is not an integer (text, a float, None).
    """
    tail = f"; {seats}" if seats else ""
    if isinstance(seat, bool):
        raise ValueError(f"{echo(seat)} is not a seat: booleans are not seat numbers{tail}")
    try:
        return operator.index(cast("SupportsIndex", seat))  # TypeError if not an integer
    except TypeError:
        raise ValueError(f"seat {echo(seat)} is not an integer{tail}") from None


def observer_seat(seat: object, players: int) -> int | None:
    """``seat`` checked as an observer of a game of ``players`` seats.

    Every game's ``observe`` starts with the cheap test and calls this only when it fails, so
    the common case costs one comparison::

        if seat is not None and (type(seat) is not int or not 0 <= seat < n):
            seat = observer_seat(seat, n)

    Args:
        seat: ``None`` (a spectator) or a seat: an ``int`` or any integer such as a NumPy
            integer, not a ``bool``.
        players: Number of seats of the game.

    Returns:
        ``None``, or the seat as a plain ``int``.

    Raises:
        ValueError: for a ``bool``, a value that is not an integer, or a seat outside
            ``0..players-1`` (``CHANCE`` included: chance observes nothing).
    """
    if seat is None:
        return None
    observers = f"observers are seats 0..{players - 1}, or None for a spectator"
    index = seat_number(seat, observers)
    if not 0 <= index < players:
        raise ValueError(f"there is no seat {index} to observe from: {observers}")
    return index


def observe(state: State, seat: int | None) -> dict[str, Any]:
    """The one door for hidden information: what ``seat`` may see (``None``: spectator).

    Raises:
        ValueError: for a seat that is not ``None`` or one of the game's seats (see
            :func:`observer_seat`).
    """
    n = state.game.num_players
    if seat is not None and (type(seat) is not int or not 0 <= seat < n):
        seat = observer_seat(seat, n)
    return state.observe(seat)


__all__ = [
    "CHANCE",
    "SIMULTANEOUS",
    "TERMINAL",
    "ConfigError",
    "Game",
    "GameInfo",
    "GameResult",
    "SeatResult",
    "State",
    "observe",
    "observer_seat",
    "rank_seats",
    "sample_chance",
]
