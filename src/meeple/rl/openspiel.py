"""OpenSpiel adapter: every meeple game registered as a Python game of ``pyspiel``.

Importing this module registers every registered game that has an observation encoder as
``meeple_<name>`` (the registry name with ``-`` as ``_``; see :data:`SHORT_NAMES`), so
``pyspiel.load_game("meeple_<name>(players=3)")`` works like any OpenSpiel game. Parameters:
``players`` and the game's options (``content`` as a directory string, ``""`` for the packaged
content; a ``starter`` of ``-1`` is ``None``, a first player drawn by chance).

Game type: sequential, explicit chance, imperfect information, terminal rewards; constant-sum
(utility sum 1: the winners share a win worth 1) with two or more players, general-sum for a
solo game (one player whose return is the game's own, such as a final score / 100), identical
for a cooperative configuration (``Game.cooperative``: every player gets the team's return).
Sealed simultaneous decisions are sequentialised: the acting seats commit one after the other in
seat order, and a commitment stays hidden from the other seats' observations (the engine hides
sealed choices until the node resolves). Player actions are the ids of the game's fixed action
space; chance outcomes are the ids of its chance-outcome space.

Observations: the observation string is the seat's observation as canonical JSON; the tensor is
the game's encoder (:mod:`meeple.rl.encoding`). The information state is the same observation:
a seat's observation carries everything the seat knows (the engine's determinization contract),
so it is a Markov information state rather than an action-by-action recall. States implement
``resample_from_infostate`` through ``Game.determinize_observation``, so OpenSpiel's Python
``ISMCTSBot`` (``open_spiel.python.algorithms.ismcts``) searches them. OpenSpiel's C++ IS-MCTS
cannot call back into Python states for resampling; use the Python bot.

An action id outside the game's action (or chance-outcome) space, or an illegal one, raises
:class:`~meeple.core.errors.IllegalActionError` (rule ``CORE-04`` for an unknown id) and leaves
the state unchanged.

``str(state)`` is the full state as canonical JSON (hidden parts included, for debugging).
States serialise as data only (``state.serialize()``, ``pyspiel.serialize_game_and_state``):
their action history, fingerprint and content digest, replayed and checked by
``game.deserialize_state`` and ``pyspiel.deserialize_game_and_state``, which never unpickle
anything from the text (OpenSpiel's own form for Python games carries a pickle, which a crafted
text could make run code; importing this module wraps the two ``pyspiel`` functions so that they
read and write meeple games in the data-only form and leave every other game to OpenSpiel). A
resampled state has no history and does not serialise. Games and states pickle (each game's
class, ``<Title>Game`` in :data:`GAME_CLASSES`, and :class:`MeepleState` are attributes of this
module), so they cross ``multiprocessing`` pools, ``spawn`` ones included.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import numpy as np
import pyspiel

from meeple.core.errors import ConfigError, MeepleError, echo
from meeple.core.game import CHANCE, TERMINAL, Game, State, plain_number
from meeple.core.registry import game_class, make
from meeple.rl.common import acting_seat, chance_outcome, player_action, utility_bounds
from meeple.rl.encoding import ENCODERS, Encoder, make_encoder

#: meeple registry name -> OpenSpiel short name.
SHORT_NAMES: dict[str, str] = {name: "meeple_" + name.replace("-", "_") for name in ENCODERS}

#: Options that OpenSpiel cannot carry as given: option -> (OpenSpiel value meaning ``None``).
_NONE_AS = {"content": "", "starter": -1}


def _dumps(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def parameter_specification(name: str) -> dict[str, Any]:
    """OpenSpiel parameters of the meeple game ``name``, with their defaults."""
    cls = game_class(name)
    players = min(max(2, cls.info.min_players), cls.info.max_players)
    spec: dict[str, Any] = {"players": players}
    for option, default in cls.options.items():
        if default is None:
            default = _NONE_AS.get(option)
        if isinstance(default, bool | int | float | str):
            spec[option] = default
    return spec


def game_config(params: dict[str, Any]) -> dict[str, Any]:
    """meeple configuration (``players`` and options) from OpenSpiel parameters."""
    config = dict(params)
    for option, none_value in _NONE_AS.items():
        if option in config and config[option] == none_value:
            config[option] = None
    return config


class _Context:
    """What every state of one configured game shares (never copied with a state)."""

    def __init__(self, name: str, config: dict[str, Any], game: Game, encoder: Encoder):
        self.name = name
        self.config = config
        self.game = game
        self.encoder = encoder
        self.space = game.action_space
        self.pygame: MeepleGame | None = None


_CONTEXTS: dict[str, _Context] = {}

#: Characters OpenSpiel's game strings cannot carry inside a value.
_GAME_STRING_SYNTAX = ",=()"


def _replayed(
    game: MeepleGame,
    history: list[int],
    fingerprint: str | None = None,
    digest: str | None = None,
) -> MeepleState:
    """An unpickled state: ``history`` (action and outcome ids) replayed from the start.

    Raises:
        ConfigError: when the replayed state is not the pickled one (``fingerprint``) or the
            game's content files are not those it was played with (``digest``), as when the
            game's content directory was edited and loaded again in between.
    """
    state = game.new_initial_state()
    for action in history:
        state.apply_action(action)
    _check_same(state.meeple_state, fingerprint, digest)
    return state


def _check_same(
    state: State, fingerprint: str | None, digest: str | None = None, how: str = "pickled"
) -> None:
    """Refuse a state rebuilt from its history that differs from the one serialised: in
    itself (``fingerprint``), or in the content files its scores are counted from
    (``digest``, :meth:`meeple.core.game.Game.content_digest`); ``None`` checks nothing.
    ``how`` says how the state was kept (``pickled``, ``serialised``).

    Raises:
        ConfigError: when either differs.
    """
    if (fingerprint is not None and state.fingerprint() != fingerprint) or (
        digest is not None and state.game.content_digest() != digest
    ):
        content = state.game.config.get("content")
        where = f" (content directory {content!r})" if content is not None else ""
        raise ConfigError(
            f"the state rebuilt from its history differs from the one {how}: the game's "
            f"content or rules changed since, or the text was edited{where}"
        )


def _load_again(cls: type[MeepleGame], params: dict[str, Any]) -> MeepleGame:
    """A game unpickled or copied: its parameters' game as this process last loaded it."""
    return cls(params, _again=True)


def _context(name: str, config: dict[str, Any], again: bool = False) -> _Context:
    """The shared context of a newly loaded game: the game is made again (so an edited content
    directory is read again, as :func:`meeple.make` does), and a context whose game has the
    same content is reused. With ``again`` (a game unpickled or copied, whose ``content`` is
    already absolute) the context this process last loaded for ``config`` is taken as it is.

    Raises:
        ConfigError: for a configuration the game refuses, or a content directory whose
            absolute path OpenSpiel's game strings cannot carry (``,``, ``=``, ``(``, ``)``).
        ContentError: for content the game cannot load.
    """
    if again:
        known = _CONTEXTS.get(_dumps([name, config]))
        if known is not None:
            return known
    game = make(name, **config)
    config = dict(config)
    if config.get("content") is not None:
        # the directory the game read, absolute, so a serialised game reloads from anywhere
        content = str(game.config["content"])
        bad = sorted({c for c in content if c in _GAME_STRING_SYNTAX})
        if bad:
            raise ConfigError(
                f"content directory {content!r} has {' '.join(repr(c) for c in bad)} in its "
                "path, which OpenSpiel game strings cannot carry: use a path without , = ( )"
            )
        config["content"] = content
    key = _dumps([name, config])
    ctx = _CONTEXTS.get(key)
    if ctx is None or ctx.game.content is not game.content:
        ctx = _Context(name, config, game, make_encoder(game))
        _CONTEXTS[key] = ctx
    return ctx


def _restore(
    name: str,
    config: dict[str, Any],
    actions: list[tuple[int, int]],
    fingerprint: str | None = None,
    digest: str | None = None,
) -> _Core:
    # an unpickled state joins its game's context (made once per process), not a fresh game
    ctx = _CONTEXTS.get(_dumps([name, config])) or _context(name, config)
    state = ctx.game.new_initial_state()
    for seat, aid in actions:
        if seat == CHANCE:
            state.apply_action(ctx.space.chance_outcomes[aid], CHANCE)
        else:
            state.apply_action(ctx.space.actions[aid], seat)
    _check_same(state, fingerprint, digest)
    return _Core(ctx, state, True)


class _Core:
    """A meeple state inside an OpenSpiel state.

    OpenSpiel clones Python states by deep-copying their attributes and serialises them by
    pickling: here the first is the engine's cheap ``clone()`` and the second the history.
    """

    __slots__ = ("ctx", "from_start", "state")

    def __init__(self, ctx: _Context, state: State, from_start: bool):
        self.ctx = ctx
        self.state = state
        self.from_start = from_start

    def __deepcopy__(self, memo: dict) -> _Core:
        return _Core(self.ctx, self.state.clone(), self.from_start)

    def __reduce__(self):
        if not self.from_start:
            raise pickle_error("a resampled state has no history to serialise")
        actions = [(seat, a.id) for seat, a in self.state.history]
        checks = (self.state.fingerprint(), self.state.game.content_digest())
        return (_restore, (self.ctx.name, self.ctx.config, actions, *checks))


def pickle_error(msg: str) -> Exception:
    import pickle

    return pickle.PicklingError(msg)


class MeepleGame(pyspiel.Game):
    """One configured meeple game as an OpenSpiel game (one subclass per meeple game).

    Args:
        params: OpenSpiel parameters (see :func:`parameter_specification`).

    Raises:
        ConfigError: for an unsupported configuration.
    """

    meeple_name = ""

    def __init__(self, params: dict[str, Any] | None = None, *, _again: bool = False):
        name = self.meeple_name
        spec = parameter_specification(name)
        full = {**spec, **dict(params or {})}
        ctx = _context(name, game_config(full), again=_again)
        if ctx.config.get("content") is not None:
            full["content"] = ctx.config["content"]  # absolute: the game string reloads it
        game = ctx.game
        low, high = utility_bounds(game)
        info = pyspiel.GameInfo(
            num_distinct_actions=game.action_space.num_actions,
            max_chance_outcomes=game.action_space.num_chance_outcomes,
            num_players=game.num_players,
            min_utility=low,
            max_utility=high,
            utility_sum=utility_sum(game),
            max_game_length=game.max_game_length(),
        )
        if game.cooperative:  # one team: every player's utility is the team's
            gtype = _COOP_TYPES[name]
        else:
            gtype = _GAME_TYPES[name] if game.num_players > 1 else _SOLO_TYPES[name]
        super().__init__(gtype, info, full)
        self.ctx = ctx
        self.meeple_game = game

    def __reduce__(self):
        # pickled, copied and sent to spawn workers as its parameters: the copy is this
        # process's game of those parameters as last loaded, or loaded now
        return (_load_again, (type(self), dict(self.get_parameters())))

    def new_initial_state(self) -> MeepleState:
        """A new game before setup (setup randomness comes as chance nodes)."""
        return MeepleState(self)

    def deserialize_state(self, text: str) -> MeepleState:
        """The state ``text`` (from :meth:`MeepleState.serialize`) describes, rebuilt by
        replaying its history and checked against its fingerprint and content digest.

        The text is read as data only: nothing in it is unpickled or evaluated.

        Args:
            text: ``history=`` (``player:action`` pairs, comma-separated), ``fingerprint=``
                and ``content_digest=`` lines.

        Raises:
            ConfigError: for text of another form (OpenSpiel's pickled ``__dict__`` line
                included), a history longer than the game can be, a history entry that is
                not the acting player's legal action, or a replay that ends in another state
                or under other content than the one serialised.
        """
        return _deserialize(self, text)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> MeepleObserver:
        """Observer of a seat's view (see :class:`MeepleObserver`)."""
        return MeepleObserver(self.ctx, iig_obs_type, params)


class MeepleState(pyspiel.State):
    """An OpenSpiel state delegating to a meeple state (see the module docstring)."""

    def __init__(self, game: MeepleGame):
        super().__init__(game)
        ctx = game.ctx
        if ctx.pygame is None:
            ctx.pygame = game
        self._core = _Core(ctx, ctx.game.new_initial_state(), True)

    def __deepcopy__(self, memo: dict) -> MeepleState:
        # a copy is a clone: the same game and context, no reloading, resampled states too
        return self.clone()

    def __reduce__(self):
        # pickled as its game (see MeepleGame.__reduce__) and its history, replayed through
        # OpenSpiel when unpickled: the game as this process last loaded it, not reloaded,
        # and checked against the state's fingerprint
        if not self._core.from_start:
            raise pickle_error("a resampled state has no history to serialise")
        state = self._core.state
        checks = (state.fingerprint(), state.game.content_digest())
        return (_replayed, (self.get_game(), list(self.history()), *checks))

    def __copy__(self) -> MeepleState:
        return self.clone()

    def serialize(self) -> str:
        """The state as data only: its history (``player:action`` pairs, as OpenSpiel writes
        them), its fingerprint and its game's content digest, one ``key=value`` line each.

        Raises:
            ValueError: for a resampled state, which has no history to serialise.
        """
        if not self._core.from_start:
            raise ValueError("a resampled state has no history to serialise")
        state = self._core.state
        history = ",".join(f"{h.player}:{h.action}" for h in self.full_history())
        digest = state.game.content_digest()
        return (
            f"history={history}\nfingerprint={state.fingerprint()}\n"
            f"content_digest={'' if digest is None else digest}\n"
        )

    @property
    def meeple_state(self) -> State:
        """The underlying meeple state (read it; apply actions through OpenSpiel)."""
        return self._core.state

    def current_player(self) -> int:
        return acting_seat(self._core.state)

    def _legal_actions(self, player: int) -> list[int]:
        st = self._core.state
        if player < 0 or player != acting_seat(st):
            return []
        return sorted(a.id for a in st.legal_actions(player))

    def legal_actions(self, player: int | None = None) -> list[int]:
        """Legal action ids of ``player`` (default: the player to move; at a chance node, the
        chance outcomes' ids). The chance player's are the chance outcomes at a chance node;
        a seat at a chance node, and any other pseudo-player, has none.

        pyspiel's own version answers a seat at a chance node with the chance outcomes' ids,
        which may lie beyond the player action space (in a game with more chance outcomes than
        player actions).
        """
        if player is None:
            return super().legal_actions()
        player = plain_number(player)
        if player == pyspiel.PlayerId.CHANCE:
            return [a for a, _ in self.chance_outcomes()] if self.is_chance_node() else []
        if player < 0 or self.is_chance_node():
            return []
        return super().legal_actions(player)

    def legal_actions_mask(self, player: int | None = None) -> list[int]:
        """0/1 list over the player actions (over the chance outcomes for the chance player),
        1 where legal.

        Replaces pyspiel's version, which writes the chance outcomes' ids into a mask sized for
        the player actions when asked for a seat at a chance node: out of bounds where there are
        more chance outcomes than player actions.
        """
        if player is None:
            player = self.current_player()
        player = plain_number(player)
        game = self.get_game()
        if player == pyspiel.PlayerId.CHANCE:
            size = game.max_chance_outcomes()
        else:
            size = game.num_distinct_actions()
        mask = [0] * size
        for a in self.legal_actions(player):
            if 0 <= a < size:
                mask[a] = 1
        return mask

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return sorted((a.id, p) for a, p in self._core.state.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        """Apply the action (or chance outcome) with id ``action``.

        Raises:
            IllegalActionError: for an id outside the space (``CORE-04``) or an illegal action;
                the state is unchanged.
        """
        core = self._core
        st = core.state
        seat = acting_seat(st)
        if seat == CHANCE:
            st.apply_action(chance_outcome(core.ctx.game, action), CHANCE)
        else:
            st.apply_action(player_action(core.ctx.game, action, seat), seat)

    def _action_to_string(self, player: int, action: int) -> str:
        game = self._core.ctx.game
        if player == CHANCE:
            return chance_outcome(game, action).text
        return player_action(game, action, player).text

    def is_terminal(self) -> bool:
        return self._core.state.current_player() == TERMINAL

    def returns(self) -> list[float]:
        st = self._core.state
        if st.current_player() != TERMINAL:
            return [0.0] * st.num_players
        return [float(r) for r in st.returns()]

    def __str__(self) -> str:
        return _dumps(self._core.state.snapshot())

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> MeepleState:
        """A state the seat ``player_id`` cannot tell from this one.

        Hidden parts are resampled by ``Game.determinize_observation`` from the seat's
        observation, with an RNG seeded from ``probability_sampler()`` (a uniform [0, 1) draw).
        The result has no OpenSpiel history.
        """
        core = self._core
        rng = random.Random(int(probability_sampler() * 2**53))
        det = core.ctx.game.determinize_observation(core.state.observe(player_id), rng)
        new = core.ctx.pygame.new_initial_state()
        new._core = _Core(core.ctx, det, False)
        return new


class MeepleObserver:
    """OpenSpiel observer over meeple observations.

    With private information of a single player (the default, and the information state) the
    string is the seat's observation as canonical JSON and the tensor its encoding
    (one block ``"observation"``). With no private information the string is the spectator's
    observation; with every player's, the full state; these two come without tensor.

    Raises:
        ValueError: for observer parameters (none are supported).
    """

    def __init__(self, ctx: _Context, iig_obs_type: Any = None, params: Any = None):
        if params:
            raise ValueError(f"observer parameters are not supported: {params}")
        private = (
            iig_obs_type.private_info
            if iig_obs_type is not None
            else pyspiel.PrivateInfoType.SINGLE_PLAYER
        )
        self.ctx = ctx
        self.private = private
        if private == pyspiel.PrivateInfoType.SINGLE_PLAYER:
            self.tensor: np.ndarray | None = np.zeros(ctx.encoder.size, np.float32)
            self.dict: dict[str, np.ndarray] = {"observation": self.tensor}
        else:
            self.tensor = None
            self.dict = {}

    def set_from(self, state: MeepleState, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s view of ``state``."""
        if self.tensor is None:
            return
        self.ctx.encoder.encode_state(state._core.state, player, self.tensor)

    def string_from(self, state: MeepleState, player: int) -> str:
        """``player``'s view of ``state`` as canonical JSON."""
        st = state._core.state
        if self.private == pyspiel.PrivateInfoType.SINGLE_PLAYER:
            return _dumps(st.observe(player))
        if self.private == pyspiel.PrivateInfoType.NONE:
            return _dumps(st.observe(None))
        return _dumps(st.snapshot())


#: The lines of a serialised state, in order (see :meth:`MeepleState.serialize`).
_STATE_KEYS = ("history", "fingerprint", "content_digest")
_HISTORY_ENTRY = re.compile(r"(-?[0-9]{1,9}):([0-9]{1,9})")
_HEX = re.compile(r"[0-9a-f]{1,128}")


def _deserialize(game: MeepleGame, text: str) -> MeepleState:
    """:meth:`MeepleGame.deserialize_state`: parse ``text`` as data and replay it."""
    if not isinstance(text, str):
        raise ConfigError(f"a serialised state is text, not {type(text).__name__}")
    meeple_game = game.meeple_game
    # each entry is at most "-1:" and the digits of an id, plus a comma
    limit = 500 + game.max_game_length() * 24
    if len(text) > limit:
        raise ConfigError(
            f"not a serialised {meeple_game.info.name} state: {len(text)} characters, more "
            f"than any game's history takes ({limit})"
        )
    lines = text.split("\n")
    while lines and lines[-1] == "":
        lines.pop()
    fields: dict[str, str] = {}
    for n, line in enumerate(lines):
        key, sep, value = line.partition("=")
        if not sep or n >= len(_STATE_KEYS) or key != _STATE_KEYS[n]:
            raise ConfigError(
                f"not a serialised {meeple_game.info.name} state: line {n + 1} is "
                f"{echo(line)}, expected {_STATE_KEYS[n] if n < len(_STATE_KEYS) else 'no more'}"
                " (a meeple state's text is its history, fingerprint and content digest; "
                "nothing pickled is read)"
            )
        fields[key] = value
    if len(fields) != len(_STATE_KEYS):
        missing = ", ".join(k for k in _STATE_KEYS if k not in fields)
        raise ConfigError(f"not a serialised {meeple_game.info.name} state: no {missing} line")
    fingerprint, digest = fields["fingerprint"], fields["content_digest"]
    for key, value in (("fingerprint", fingerprint), ("content_digest", digest)):
        if value and not _HEX.fullmatch(value):
            raise ConfigError(f"serialised state: {key} {echo(value)} is not a hex digest")
    entries = fields["history"].split(",") if fields["history"] else []
    if len(entries) > game.max_game_length():
        raise ConfigError(
            f"serialised state: {len(entries)} actions, more than a game can have "
            f"({game.max_game_length()})"
        )
    state = game.new_initial_state()
    for n, entry in enumerate(entries):
        match = _HISTORY_ENTRY.fullmatch(entry)
        if match is None:
            raise ConfigError(
                f"serialised state: history entry {n} is {echo(entry)}, not player:action"
            )
        player, action = int(match[1]), int(match[2])
        if player != state.current_player():
            raise ConfigError(
                f"serialised state: history entry {n} is player {player}'s, but player "
                f"{state.current_player()} acts there"
            )
        try:
            state.apply_action(action)
        except MeepleError as e:
            raise ConfigError(f"serialised state: history entry {n}: {e}") from None
    _check_same(state.meeple_state, fingerprint, digest or None, how="serialised")
    return state


#: The header OpenSpiel's ``serialize_game_and_state`` writes, and its section markers.
_SERIAL_HEADER = (
    "# Automatically generated by OpenSpiel SerializeGameAndState\n[Meta]\nVersion: 1\n\n"
)
_GAME_TAG = "[Game]\n"
_STATE_TAG = "\n[State]\n"


def _is_meeple_game_string(game_string: str) -> bool:
    short = game_string.partition("(")[0].strip()
    return short in SHORT_NAMES.values()


def serialize_game_and_state(game: pyspiel.Game, state: pyspiel.State) -> str:
    """``pyspiel.serialize_game_and_state``, data only for meeple games.

    A meeple state's part is :meth:`MeepleState.serialize`; every other game is left to
    OpenSpiel's own function.
    """
    if isinstance(game, MeepleGame) and isinstance(state, MeepleState):
        return f"{_SERIAL_HEADER}{_GAME_TAG}{game}{_STATE_TAG}{state.serialize()}"
    return _PYSPIEL_SERIALIZE(game, state)


def deserialize_game_and_state(text: str) -> tuple[pyspiel.Game, pyspiel.State]:
    """``pyspiel.deserialize_game_and_state``, data only for meeple games.

    The text's game string is loaded as :func:`pyspiel.load_game` loads it and its state part
    rebuilt by :meth:`MeepleGame.deserialize_state` (replayed, never unpickled); text naming
    another game is left to OpenSpiel's own function.

    Raises:
        ConfigError: for a meeple game's text that is not of this form, and as
            :meth:`MeepleGame.deserialize_state`.
    """
    if isinstance(text, str):
        head, tag, rest = text.partition(_GAME_TAG)
        game_string, state_tag, state_text = rest.partition(_STATE_TAG)
        if tag and _is_meeple_game_string(game_string):
            if head != _SERIAL_HEADER[: len(head)] or not state_tag or "\n" in game_string:
                raise ConfigError(
                    "not a serialised meeple game: expected OpenSpiel's header, a [Game] line "
                    "and a [State] section"
                )
            game = pyspiel.load_game(game_string)
            return game, game.deserialize_state(state_text)
    return _PYSPIEL_DESERIALIZE(text)


def _wrap_pyspiel() -> None:
    """Make ``pyspiel``'s two serialisation functions those of this module (once), so that
    meeple games never pass through OpenSpiel's pickled form from text."""
    if getattr(pyspiel.deserialize_game_and_state, "__module__", None) != __name__:
        pyspiel.serialize_game_and_state = serialize_game_and_state
        pyspiel.deserialize_game_and_state = deserialize_game_and_state


def utility_sum(game: Game) -> float | None:
    """Sum of every terminal state's returns: 1 with two or more players (the winners share a
    win worth 1), ``None`` for one player (a solo game's return is its own, such as a score)
    and for a cooperative team (every player gets the team's return: the sum is 0 or n)."""
    return 1.0 if game.num_players > 1 and not game.cooperative else None


def _game_type(name: str, solo: bool = False, team: bool = False) -> pyspiel.GameType:
    cls = game_class(name)
    utility = pyspiel.GameType.Utility
    kind = utility.IDENTICAL if team else utility.GENERAL_SUM if solo else utility.CONSTANT_SUM
    return pyspiel.GameType(
        short_name=SHORT_NAMES[name],
        long_name=f"meeple {cls.info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=kind,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.info.max_players,
        min_num_players=cls.info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_specification(name),
    )


_GAME_TYPES: dict[str, pyspiel.GameType] = {}
#: The game type of one-player configurations (general-sum), per meeple game.
_SOLO_TYPES: dict[str, pyspiel.GameType] = {}
#: The game type of cooperative configurations (identical utilities), per meeple game.
_COOP_TYPES: dict[str, pyspiel.GameType] = {}


#: The game class of each meeple game with an encoder, made by :func:`_game_class`. Every
#: class is an attribute of this module (so games pickle by reference to their class).
GAME_CLASSES: dict[str, type[MeepleGame]] = {}


def _game_class(name: str) -> type[MeepleGame]:
    """The game class of ``name`` (a title-cased name: ``tic-tac`` -> ``TicTacGame``), made
    once and set as a module attribute."""
    cls = GAME_CLASSES.get(name)
    if cls is None:
        title = "".join(part.title() for part in name.split("-")) + "Game"
        info = game_class(name).info
        doc = f"{info.title} as ``{SHORT_NAMES[name]}`` ({info.min_players}-{info.max_players} players)."
        attrs = {"meeple_name": name, "__module__": __name__, "__doc__": doc}
        cls = type(title, (MeepleGame,), attrs)
        globals()[title] = cls
        GAME_CLASSES[name] = cls
    return cls


def register_games() -> list[str]:
    """Register every meeple game with ``pyspiel`` (idempotent); returns the short names."""
    # Classes, not closures, are registered: OpenSpiel keeps the creator until the interpreter
    # has shut down, and only a class outlives the shutdown safely.
    registered = set(pyspiel.registered_names())
    for name, short in SHORT_NAMES.items():
        if name not in _GAME_TYPES:
            _GAME_TYPES[name] = _game_type(name)
            _SOLO_TYPES[name] = _game_type(name, solo=True)
            _COOP_TYPES[name] = _game_type(name, team=True)
        if short not in registered:
            pyspiel.register_game(_GAME_TYPES[name], _game_class(name))
    return list(SHORT_NAMES.values())


def load_game(name: str, **params: Any) -> pyspiel.Game:
    """``pyspiel.load_game`` for a meeple game by its meeple or OpenSpiel name.

    Example: ``load_game(name, players=3)`` with a registry name such as those of
    :func:`meeple.game_names`.

    Raises:
        ConfigError: for a numeric option outside its range (checked before ``pyspiel``
            sees it), and as :func:`meeple.make`.
    """
    register_games()
    short = SHORT_NAMES.get(name, name)
    # NumPy numbers (sweeps) as the plain numbers pyspiel's parameters take
    params = {k: plain_number(v) for k, v in params.items()}
    meeple_name = next((m for m, s in SHORT_NAMES.items() if s == short), None)
    if meeple_name is not None:
        # checked here: pyspiel cannot even hold an integer beyond 32 bits, and says so
        # opaquely (a RuntimeError) before the game sees it
        for option, value in params.items():
            game_class(meeple_name).check_option_range(option, value)
    return pyspiel.load_game(short, params)


def resampler(seed: int):
    """A seeded resampling callback for ``ISMCTSBot.set_resampler`` (reproducible searches)."""
    rng = random.Random(seed)

    def resample(state: MeepleState, player: int) -> MeepleState:
        return state.resample_from_infostate(player, rng.random)

    return resample


#: OpenSpiel's own functions, for every game that is not a meeple game. Kept across a reload
#: of this module (which would otherwise keep this module's wrappers as OpenSpiel's).
_PYSPIEL_SERIALIZE = globals().get("_PYSPIEL_SERIALIZE", pyspiel.serialize_game_and_state)
_PYSPIEL_DESERIALIZE = globals().get("_PYSPIEL_DESERIALIZE", pyspiel.deserialize_game_and_state)

register_games()
_wrap_pyspiel()

__all__ = [
    "GAME_CLASSES",
    "SHORT_NAMES",
    "MeepleGame",
    "MeepleObserver",
    "MeepleState",
    "deserialize_game_and_state",
    "game_config",
    "load_game",
    "parameter_specification",
    "register_games",
    "resampler",
    "serialize_game_and_state",
    "utility_sum",
]
