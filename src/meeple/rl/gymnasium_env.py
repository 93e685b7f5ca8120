"""Gymnasium adapter: one learner at a meeple game, every other seat played by a meeple agent.

* :class:`MeepleEnv` seats the learner in one seat of any game; chance and the other seats
  (agents built by :func:`meeple.agents.make_agent`, e.g. ``"random"``, ``"heuristic"``,
  ``"hard"``) are stepped automatically until the learner must act again.
* :class:`SoloEnv` is the solo mode of a game that has one (``<Title>SoloEnv``, one class per
  such game): the learner alone, rewarded with the game's solo return.

Observation: the float32 vector of the game's encoder (``Box(-1, 1, (size,))``). Action:
``Discrete(num_actions)``, action ``i`` being ``game.action_space.actions[i]``. Every ``info``
carries ``"action_mask"`` (int8, 1 = legal), also returned by :meth:`MeepleEnv.action_masks`.
Reward: the learner's ``State.returns()`` at the end, 0 before (in a cooperative configuration,
the team's return, which the other seats' agents share); an illegal action leaves the
game unchanged and earns ``illegal_reward`` (default -1), or raises with
``illegal_action="raise"``.

Registered ids (:data:`ENV_IDS`): ``meeple/<Title>-v0`` for every registered game with an
observation encoder (the registry name in title case, ``-`` dropped) and ``meeple/<Title>Solo-v0``
for each that plays solo (``gymnasium.make(id, players=3, ...)``).
"""

from __future__ import annotations

import math
import numbers
import operator
import random
from collections.abc import Sequence
from typing import Any, ClassVar

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from meeple.agents.base import Agent, absolute_spec, make_agent
from meeple.core.errors import ConfigError, IllegalActionError
from meeple.core.game import CHANCE, TERMINAL, plain_number, sample_chance, seat_number
from meeple.core.registry import game_class, specs
from meeple.rl.common import (
    acting_seat,
    build_game,
    legal_mask,
    player_action,
    render_text,
    rng_from,
)
from meeple.rl.encoding import make_encoder


class MeepleEnv(gym.Env):
    """A learner seated at a meeple game against meeple agents (see the module docstring).

    Args:
        game: meeple registry name.
        players: Number of seats (default: the game's smallest).
        seat: The learner's seat (an integer, NumPy integers included); ``None`` draws it at
            every reset.
        opponents: One agent for every other seat, or one per other seat in seat order. An
            agent is a spec (``"random"``, ``"hard"``, ``"mybots.py:MyAgent"``...; a fresh
            agent per episode) or an agent object with ``setup`` and ``act`` (reused, set up
            again at every reset). ``None``: ``"random"``.
        illegal_action: ``"penalty"`` (default) or ``"raise"``.
        illegal_reward: Reward of a refused action under ``"penalty"``.
        max_steps: Truncate after this many learner steps, a positive integer (``None``:
            never).
        render_mode: ``None``, ``"human"`` or ``"ansi"``.
        **options: Game options, e.g. ``max_rounds=5`` or ``flag_target=3``.

    Raises:
        ConfigError: for an unknown game, option or agent name.
        ValueError: for a bad seat, opponent list, mode or ``max_steps``.
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["human", "ansi"], "render_fps": 4}

    def __init__(
        self,
        game: str,
        players: int | None = None,
        seat: int | None = 0,
        opponents: str | Agent | Sequence[str | Agent] | None = "random",
        illegal_action: str = "penalty",
        illegal_reward: float = -1.0,
        max_steps: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ):
        self.game = build_game(game, players, options)
        n = self.game.num_players
        if seat is not None:
            try:
                number = seat_number(seat)
            except ValueError:
                number = -1
            if not 0 <= number < n:
                raise ValueError(f"seat must be 0..{n - 1} or None, not {seat!r}")
            seat = number
        if opponents is None:
            opponents = "random"
        if isinstance(opponents, str) or _is_agent(opponents):
            specs = [opponents] * (n - 1)
        elif isinstance(opponents, Sequence) and not isinstance(opponents, bytes | bytearray):
            specs = list(opponents)
        else:
            raise ValueError(
                f"opponents are an agent spec, an agent object or a list of them, not {opponents!r}"
            )
        if len(specs) != n - 1:
            raise ValueError(f"{n - 1} opponents needed, got {len(specs)}")
        for i, spec in enumerate(specs):  # fail now on an unknown agent name
            if isinstance(spec, str):
                make_agent(spec, self.game)
                specs[i] = absolute_spec(spec)  # an agent file is found from anywhere later
            elif (
                not _is_agent(spec)
                or isinstance(spec, type)
                or (isinstance(spec, Agent) and type(spec).act is Agent.act)
            ):
                raise ValueError(
                    f"an opponent is an agent spec such as 'random' or an agent object (an "
                    f"instance) with setup() and an act() of its own, not {spec!r}"
                )
        objects = [id(spec) for spec in specs if not isinstance(spec, str)]
        if len(set(objects)) != len(objects):
            raise ValueError(
                "one agent object can play one seat only (it is set up for its seat): give "
                "an object per opponent seat, or a spec, which builds an agent per seat"
            )
        if max_steps is not None:
            steps = _plain_int(max_steps)
            if steps is None or steps < 1:
                raise ValueError(f"max_steps must be a positive integer or None, not {max_steps!r}")
            max_steps = steps
        if illegal_action not in ("penalty", "raise"):
            raise ValueError("illegal_action must be 'penalty' or 'raise'")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.opponent_specs = specs
        self.fixed_seat = seat
        self.illegal_action = illegal_action
        if isinstance(illegal_reward, bool) or not isinstance(illegal_reward, numbers.Real):
            raise ValueError(f"illegal_reward must be a finite number, not {illegal_reward!r}")
        self.illegal_reward = float(illegal_reward)
        if not math.isfinite(self.illegal_reward):
            raise ValueError(f"illegal_reward must be a finite number, not {illegal_reward!r}")
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.encoder = make_encoder(self.game)
        self.observation_space = spaces.Box(-1.0, 1.0, self.encoder.shape, np.float32)
        self.action_space = spaces.Discrete(self.game.action_space.num_actions)
        self.state = None
        self.seat = 0 if seat is None else seat
        self._failed: str | None = None  # why the episode cannot go on (an opponent failed)

    # -- gymnasium API ----------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Start a new game and play until the learner must act."""
        super().reset(seed=plain_number(seed))  # a NumPy integer seeds like an int
        n = self.game.num_players
        master = rng_from(self.np_random)
        self.seat = master.randrange(n) if self.fixed_seat is None else self.fixed_seat
        self._chance_rng = random.Random(master.getrandbits(63))
        others = [s for s in range(n) if s != self.seat]
        self.opponents: dict[int, tuple[Agent, random.Random]] = {}
        for s, spec in zip(others, self.opponent_specs, strict=True):
            agent = make_agent(spec, self.game) if isinstance(spec, str) else spec
            agent.setup(self.game, s)
            self.opponents[s] = (agent, random.Random(master.getrandbits(63)))
        self.steps = 0
        self._failed = None
        self.state = self.game.new_initial_state()
        self._advance()
        return self._observation(), self._info()

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """Apply the learner's action, then chance and the opponents until its next turn.

        Raises:
            RuntimeError: before ``reset``, after the end of the game, after the step that
                truncated the episode, or after an opponent failed (call ``reset``).
            Exception: whatever an opponent's ``act`` raises, or the engine's
                ``IllegalActionError`` for an opponent's answer that is not one of its legal
                actions, with a note naming the opponent's seat. The learner's action was
                applied then; the episode cannot go on, and later steps raise
                ``RuntimeError`` until ``reset``.
            IllegalActionError: for a value that is not an integer id (``None``, text, a
                float, a ``bool``, an array other than a 0-d one), whatever ``illegal_action``
                says, since that is a bug of the caller rather than a move (``CORE-04``); and
                with ``illegal_action="raise"``, for an illegal action (``CORE-04`` for an id
                outside the action space, else the rule the action breaks). The game is
                unchanged.
        """
        if self.state is None:
            raise RuntimeError("reset() needs to be called before step()")
        if self._failed is not None:
            raise RuntimeError(f"the episode stopped when {self._failed}: call reset()")
        if self.state.current_player() == TERMINAL:
            raise RuntimeError("the game is over: call reset()")
        if self.max_steps is not None and self.steps >= self.max_steps:
            raise RuntimeError(
                f"the episode was truncated after max_steps={self.max_steps}: call reset()"
            )
        if _plain_int(action) is None:
            raise IllegalActionError(
                "CORE-04",
                f"an action is an integer id 0..{self.action_space.n - 1}, not {action!r}",
                action,
                self.seat,
            )
        try:
            act = player_action(self.game, action, self.seat)
        except IllegalActionError:  # CORE-04: not an id of the action space
            if self.illegal_action == "raise":
                raise
            act = None
        legal = self.state.legal_actions(self.seat)
        if act is not None and act not in legal and self.illegal_action == "raise":
            self.state.apply_action(act, self.seat)  # raises, naming the rule broken
        self.steps += 1
        truncated = self.max_steps is not None and self.steps >= self.max_steps
        if act is None or act not in legal:
            info = self._info()
            info["illegal_action"] = True
            return self._observation(), self.illegal_reward, False, truncated, info
        self.state.apply_action(act, self.seat)
        self._advance()
        terminated = self.state.current_player() == TERMINAL
        reward = float(self.state.returns()[self.seat]) if terminated else 0.0
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, terminated, truncated and not terminated, self._info()

    def render(self) -> str | None:
        """The learner's view as the game draws it in the terminal."""
        if self.render_mode is None or self.state is None:
            return None
        text = render_text(self.game, self.state.observe(self.seat))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""

    # -- helpers ----------------------------------------------------------------------------
    def action_masks(self) -> np.ndarray:
        """The learner's legal-action mask now (int8, 1 = legal; all 0 when the learner is
        not to act, or the episode stopped on an opponent's failure)."""
        if self.state is None or self._failed is not None or acting_seat(self.state) != self.seat:
            return np.zeros(self.action_space.n, np.int8)
        return legal_mask(self.game, self.state.legal_actions(self.seat))

    def _advance(self) -> None:
        state = self.state
        while True:
            seat = acting_seat(state)
            if seat == CHANCE:
                state.apply_action(sample_chance(state, self._chance_rng), CHANCE)
            elif seat == TERMINAL or seat == self.seat:
                return
            else:
                agent, rng = self.opponents[seat]
                try:
                    state.apply_action(
                        agent.act(state.observe(seat), list(state.legal_actions(seat)), rng), seat
                    )
                except Exception as e:  # the game cannot go on without this seat's move
                    self._failed = f"the opponent at seat {seat} failed ({type(e).__name__})"
                    e.add_note(
                        f"raised by the opponent at seat {seat}; the episode cannot go on: "
                        "call reset()"
                    )
                    raise

    def _observation(self) -> np.ndarray:
        return self.encoder.encode_state(self.state, self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), "seat": self.seat}


def _is_agent(value: object) -> bool:
    """Whether ``value`` is an agent object (it has the protocol's ``setup`` and ``act``)."""
    return callable(getattr(value, "setup", None)) and callable(getattr(value, "act", None))


def _plain_int(value: object) -> int | None:
    """``value`` as a plain ``int`` if it is an integer (NumPy integers and 0-d integer arrays
    included), else ``None`` (bools, floats, text, ``None``, other arrays)."""
    if isinstance(value, bool | np.bool_ | float | str) or value is None:
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


class SoloEnv(MeepleEnv):
    """A one-player game alone (its solo rules): the reward is the game's solo return.

    Each game that plays solo has its subclass ``<Title>SoloEnv`` (registered as
    ``meeple/<Title>Solo-v0``) with :attr:`solo_game` set.

    Args:
        **kwargs: As :class:`MeepleEnv` (``illegal_action``, ``render_mode``, the game's
            options...), but the game, player count, seat and opponents are fixed
            (``players=1``, ``seat=0`` and no opponents are accepted).

    Raises:
        ConfigError: for another game, player count, seat or any opponent (use
            ``meeple/<Title>-v0`` for a learner against opponents).
    """

    #: Registry name of the game this environment plays alone.
    solo_game: ClassVar[str] = ""

    def __init__(self, **kwargs: Any):
        fixed = {"game": self.solo_game, "players": 1, "seat": 0, "opponents": ()}
        title = _title(self.solo_game)
        for key, value in fixed.items():
            if key in kwargs:
                given = kwargs.pop(key)
                if key == "opponents":
                    same = given is None or (isinstance(given, Sequence) and tuple(given) == ())
                elif key == "game":
                    same = isinstance(given, str) and given == value
                else:  # an integer, as MeepleEnv takes it: True and 1.0 are not 1
                    same = _plain_int(given) == value
                if not same:
                    raise ConfigError(
                        f"meeple/{title}Solo-v0 is the one-player "
                        f"{game_class(self.solo_game).info.title}: {key}={given!r} is not "
                        f"accepted (fixed at {value!r}); use meeple/{title}-v0 for a learner "
                        "against opponents"
                    )
        super().__init__(**fixed, **kwargs)


def _title(name: str) -> str:
    """A registry name as the title case of environment ids (``tic-tac`` -> ``TicTac``)."""
    return "".join(part.title() for part in name.split("-"))


def _solo_class(name: str) -> type[SoloEnv]:
    """The solo environment class of game ``name``, made once and set as a module attribute
    (so ``entry_point`` strings and pickles find it)."""
    title = _title(name) + "SoloEnv"
    cls = globals().get(title)
    if cls is None:
        doc = f"{game_class(name).info.title} played solo: :class:`SoloEnv` of ``{name}``."
        cls = type(title, (SoloEnv,), {"solo_game": name, "__module__": __name__, "__doc__": doc})
        globals()[title] = cls
    return cls


def _env_ids() -> dict[str, dict[str, Any]]:
    ids: dict[str, dict[str, Any]] = {}
    for spec in specs():
        if spec.encoder is None:
            continue
        info = game_class(spec.name).info
        if info.min_players == 1:
            ids[f"meeple/{_title(spec.name)}Solo-v0"] = {}
        players = min(max(2, info.min_players), info.max_players)
        if players > 1:
            ids[f"meeple/{_title(spec.name)}-v0"] = {"game": spec.name, "players": players}
    return ids


#: Gymnasium ids registered by this module -> constructor keyword defaults: ``meeple/<Title>-v0``
#: for every game with an encoder, and ``meeple/<Title>Solo-v0`` for one that plays solo.
ENV_IDS: dict[str, dict[str, Any]] = _env_ids()


def register_envs() -> None:
    """Register :data:`ENV_IDS` with Gymnasium (idempotent)."""
    for env_id, kwargs in ENV_IDS.items():
        if env_id in gym.registry:
            continue
        if env_id.endswith("Solo-v0"):
            name = next(s.name for s in specs() if env_id == f"meeple/{_title(s.name)}Solo-v0")
            entry = _solo_class(name).__name__
        else:
            entry = "MeepleEnv"
        gym.register(id=env_id, entry_point=f"meeple.rl.gymnasium_env:{entry}", kwargs=kwargs)


register_envs()

__all__ = ["ENV_IDS", "MeepleEnv", "SoloEnv", "register_envs"]
