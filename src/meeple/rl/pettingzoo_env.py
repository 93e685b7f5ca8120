"""PettingZoo adapter: every meeple game as an AEC (agent-environment-cycle) environment.

``env(name, players=3)`` builds an environment with agents ``player_0``..``player_{n-1}``
(agent ``player_i`` sits in seat ``i``), wrapped in PettingZoo's ``OrderEnforcingWrapper`` as
PettingZoo's own environments are (``step``, ``last``, ``observe``, ``render`` or
``agent_iter`` before ``reset`` raise an ``AssertionError`` saying so); ``raw_env(...)`` is the unwrapped :class:`MeepleAECEnv`.
The environment's name (``metadata["name"]``) is ``meeple_<game>_v0`` with underscores for
dashes. ``observe(agent)`` returns
``{"observation": float32 vector of the game's encoder, "action_mask": int8 mask}``; the mask is
all zeros except for the agent that must act now. Spaces are fixed per configuration:
``Dict(observation=Box(-1, 1, (size,)), action_mask=Box(0, 1, (num_actions,), int8))`` and
``Discrete(num_actions)`` (the game's fixed action space, action ``i`` being
``game.action_space.actions[i]``).

Chance nodes are sampled by the environment with a generator seeded by ``reset(seed=...)``.
Sealed simultaneous decisions are taken one seat after the other in seat order; the engine hides
each commitment from the other seats until all are in. Rewards come at the end only: each
agent's ``State.returns()`` (a shared win worth 1; a solo game's own return, such as a score / 100;
in a cooperative configuration every agent's reward is the team's). An illegal
action raises :class:`~meeple.core.errors.IllegalActionError` and changes nothing (neither the
game nor the rewards, selection or flags); an id outside ``Discrete(num_actions)`` (or
``None`` for an agent still playing) breaks rule ``CORE-04``.

``render()`` shows the game's terminal picture of the spectator's view (``render_mode="human"``
prints it, ``"ansi"`` returns it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from meeple.core.game import SIMULTANEOUS, TERMINAL, plain_number
from meeple.rl.common import (
    acting_seat,
    build_game,
    legal_mask,
    play_chance,
    player_action,
    render_text,
    rng_from,
)
from meeple.rl.encoding import make_encoder

if TYPE_CHECKING:
    import random

    from meeple.core.game import Game, State


def _start_game(
    game: Game, np_random: np.random.Generator | None, seed: int | None
) -> tuple[np.random.Generator, random.Random, State]:
    """A new game of ``game`` past its opening chance nodes, as both environments' ``reset``
    starts one.

    Args:
        game: The game to start.
        np_random: The environment's generator so far (``None`` before the first one).
        seed: ``reset``'s seed (NumPy integers too); ``None`` goes on with ``np_random``,
            or with a fresh unseeded generator when there is none yet.

    Returns:
        The generator the environment keeps, the chance generator drawn from it, and the
        initial state with its chance nodes played.
    """
    if seed is not None:
        np_random, _ = seeding.np_random(plain_number(seed))
    elif np_random is None:
        np_random, _ = seeding.np_random()
    rng = rng_from(np_random)
    state = game.new_initial_state()
    play_chance(state, rng)
    return np_random, rng, state


class _Spaces:
    """What both environments answer alike: the spaces of each agent, their name, and
    ``close()``."""

    observation_spaces: dict[str, spaces.Space]
    action_spaces: dict[str, spaces.Space]
    metadata: dict[str, Any]

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def close(self) -> None:
        """Nothing to release."""

    def __str__(self) -> str:
        return str(self.metadata["name"])


def _show(game: Game, state: State, render_mode: str | None) -> str | None:
    """The spectator's view of ``state`` as the terminal draws it: printed for ``"human"``
    (then ``None``), returned for ``"ansi"``."""
    text = render_text(game, state.observe(None))
    if render_mode == "human":
        print(text)
        return None
    return text


class MeepleAECEnv(_Spaces, AECEnv):
    """A meeple game as a PettingZoo AEC environment (see the module docstring).

    Args:
        game: meeple registry name (one of :func:`meeple.game_names`).
        players: Number of seats (default: the game's smallest).
        render_mode: ``None``, ``"human"`` or ``"ansi"``.
        **options: Game options, e.g. ``max_rounds=5``.

    Raises:
        ConfigError: for an unknown game, player count or option.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"],
        "name": "meeple_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        players: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.game = build_game(game, players, options)
        self.encoder = make_encoder(self.game)
        self.render_mode = render_mode
        slug = self.game.info.name.replace("-", "_")
        self.metadata = {**self.metadata, "name": f"meeple_{slug}_v0"}
        n = self.game.num_players
        num_actions = self.game.action_space.num_actions
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(-1.0, 1.0, self.encoder.shape, np.float32),
                    "action_mask": spaces.Box(0, 1, (num_actions,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(num_actions) for a in self.possible_agents}
        self._np_random: np.random.Generator | None = None
        self.state_ = None
        self.agents = []

    @property
    def np_random(self) -> np.random.Generator:
        if self._np_random is None:
            self._np_random, _ = seeding.np_random()
        return self._np_random

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Start a new game; ``seed`` seeds the chance generator."""
        self._np_random, self._rng, self.state_ = _start_game(self.game, self._np_random, seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        seat = acting_seat(self.state_)
        if seat >= 0:
            self.agent_selection = self.possible_agents[seat]

    def _require_reset(self, call: str) -> None:
        if self.state_ is None:
            raise RuntimeError(f"reset() needs to be called before {call}()")

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Observation, cumulative reward, termination, truncation and info of the selected
        agent.

        Raises:
            RuntimeError: before ``reset()``.
        """
        self._require_reset("last")
        return super().last(observe)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s encoded observation and legal-action mask.

        Raises:
            RuntimeError: before ``reset()``.
        """
        self._require_reset("observe")
        seat = self.agent_name_mapping[agent]
        state = self.state_
        if seat == acting_seat(state):
            mask = legal_mask(self.game, state.legal_actions(seat))
        else:
            mask = np.zeros(self.game.action_space.num_actions, np.int8)
        return {"observation": self.encoder.encode_state(state, seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action (``None`` for an agent that is done).

        Raises:
            RuntimeError: before ``reset()``.
            IllegalActionError: for an illegal action or an id outside the action space
                (``CORE-04``); nothing changes.
        """
        self._require_reset("step")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.agent_name_mapping[agent]
        self.state_.apply_action(player_action(self.game, action, seat), seat)
        self._cumulative_rewards[agent] = 0.0
        play_chance(self.state_, self._rng)
        if self.state_.current_player() == TERMINAL:
            returns = self.state_.returns()
            for a in self.agents:
                self.rewards[a] = float(returns[self.agent_name_mapping[a]])
                self.terminations[a] = True
        else:
            for a in self.agents:
                self.rewards[a] = 0.0
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        """Iterate over the agents to act, as PettingZoo's ``agent_iter``.

        Raises:
            RuntimeError: before ``reset()`` (the iteration would otherwise be empty).
        """
        self._require_reset("agent_iter")
        return super().agent_iter(max_iter)

    def render(self) -> str | None:
        """The spectator's view as the game draws it in the terminal (``None`` without a
        render mode).

        Raises:
            RuntimeError: before ``reset()``, with a render mode.
        """
        if self.render_mode is None:
            return None
        self._require_reset("render")
        return _show(self.game, self.state_, self.render_mode)


class MeepleOrderEnforcingWrapper(OrderEnforcingWrapper):
    """PettingZoo's ``OrderEnforcingWrapper``, with ``last()`` before ``reset()`` refused in
    the same words as ``step()`` (the plain wrapper raises an ``AttributeError`` about
    ``agent_selection``)."""

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """As ``AECEnv.last``.

        Raises:
            AssertionError: before ``reset()`` (as PettingZoo's wrapper does for ``step``).
        """
        if not self._has_reset:
            raise AssertionError("reset() needs to be called before last().")
        # the environment's own last(): the same fields, without a trip through the
        # wrapper's attribute forwarding for each of them
        return self.env.last(observe)

    def __str__(self) -> str:
        return str(self.env)


class MeepleParallelEnv(_Spaces, ParallelEnv):
    """A meeple game as a PettingZoo Parallel environment: every seat that must act now acts
    in one ``step``.

    At a sealed simultaneous node (The Peach Festival's actions and its setup keep, PF-030,
    PF-R10; Almanac's bids, AL-G22) every seat still to choose acts in the same step; at any
    other node the one seat to act does. ``step`` takes an action for every live agent, as
    PettingZoo's parallel API requires; the action of an agent that does not act now (its
    mask is all zeros) is ignored, whatever it is. The acting seats' choices are checked
    first and then applied in seat order, so one illegal choice changes nothing, and the
    engine hides each sealed choice from the others until all are in. Chance is sampled by
    the environment (seeded by ``reset(seed=...)``), rewards come at the end
    (``State.returns()``), and every agent then leaves ``agents`` at once.

    Observations, spaces and agent names are those of :class:`MeepleAECEnv`.

    Args:
        game: meeple registry name.
        players: Number of seats (default: the game's smallest).
        render_mode: ``None``, ``"human"`` or ``"ansi"``.
        **options: Game options.

    Raises:
        ConfigError: for an unknown game, player count or option.
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["human", "ansi"], "name": "meeple_v0"}

    def __init__(
        self, game: str, players: int | None = None, render_mode: str | None = None, **options
    ):
        self._aec = MeepleAECEnv(game, players, render_mode=render_mode, **options)
        self.game = self._aec.game
        self.encoder = self._aec.encoder
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": self._aec.metadata["name"]}
        self.possible_agents = self._aec.possible_agents
        self.agent_name_mapping = self._aec.agent_name_mapping
        self.observation_spaces = self._aec.observation_spaces
        self.action_spaces = self._aec.action_spaces
        self._np_random: np.random.Generator | None = None
        self.state_ = None
        self.agents = []

    def acting(self) -> tuple[int, ...]:
        """The seats that act in the next ``step`` (none once the game is over).

        Raises:
            RuntimeError: before ``reset()``.
        """
        if self.state_ is None:
            raise RuntimeError("reset() needs to be called before acting()")
        cp = self.state_.current_player()
        if cp == SIMULTANEOUS:
            return tuple(sorted(self.state_.acting_seats()))
        return (cp,) if cp >= 0 else ()

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        state = self.state_
        acting = self.acting()
        num_actions = self.game.action_space.num_actions
        out = {}
        for agent in self.agents:
            seat = self.agent_name_mapping[agent]
            if seat in acting:
                mask = legal_mask(self.game, state.legal_actions(seat))
            else:
                mask = np.zeros(num_actions, np.int8)
            out[agent] = {
                "observation": self.encoder.encode_state(state, seat),
                "action_mask": mask,
            }
        return out

    def reset(
        self, seed: int | None = None, options: dict | None = None
    ) -> tuple[dict[str, dict[str, np.ndarray]], dict[str, dict]]:
        """Start a new game; ``seed`` seeds the chance generator.

        Returns:
            Every agent's observation and an empty info dict per agent.
        """
        self._np_random, self._rng, self.state_ = _start_game(self.game, self._np_random, seed)
        self.agents = self.possible_agents[:]
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[dict, dict, dict, dict, dict]:
        """Apply the acting agents' actions (others' entries are ignored).

        Args:
            actions: Agent name -> action id; an acting agent's entry is required.

        Returns:
            ``(observations, rewards, terminations, truncations, infos)``, each keyed by the
            agents live before the step.

        Raises:
            RuntimeError: before ``reset()``, or after the game is over.
            IllegalActionError: for a missing, illegal or out-of-space action of an acting
                agent (``CORE-04`` for a missing one or an id outside the space, else the
                rule it breaks); nothing changes.
        """
        if self.state_ is None:
            raise RuntimeError("reset() needs to be called before step()")
        if not self.agents:
            raise RuntimeError("the game is over: call reset()")
        state = self.state_
        chosen = []
        for seat in self.acting():
            agent = self.possible_agents[seat]
            action = player_action(self.game, actions.get(agent), seat)
            if action not in state.legal_actions(seat):
                state.clone().apply_action(action, seat)  # raises the rule it breaks
                raise AssertionError(f"{action} was refused but applies")  # pragma: no cover
            chosen.append((seat, action))
        for seat, action in chosen:  # seat order; sealed choices stay hidden until all are in
            state.apply_action(action, seat)
        play_chance(state, self._rng)
        live = self.agents
        over = state.current_player() == TERMINAL
        returns = state.returns() if over else None
        rewards = {a: float(returns[self.agent_name_mapping[a]]) if over else 0.0 for a in live}
        terminations = dict.fromkeys(live, over)
        truncations = dict.fromkeys(live, False)
        infos = {a: {} for a in live}
        observations = self._observations()
        if over:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        """The spectator's view as the game draws it in the terminal (``None`` without a
        render mode)."""
        if self.render_mode is None:
            return None
        if self.state_ is None:
            raise RuntimeError("reset() needs to be called before render()")
        return _show(self.game, self.state_, self.render_mode)


def parallel_env(game: str, players: int | None = None, **kwargs: Any) -> MeepleParallelEnv:
    """A PettingZoo Parallel environment of ``game`` (see :class:`MeepleParallelEnv`).

    Raises:
        ConfigError: for an unknown game, player count or option.
    """
    return MeepleParallelEnv(game, players, **kwargs)


def raw_env(game: str, players: int | None = None, **kwargs: Any) -> MeepleAECEnv:
    """The unwrapped AEC environment of ``game`` (see :class:`MeepleAECEnv`)."""
    return MeepleAECEnv(game, players, **kwargs)


def env(game: str, players: int | None = None, **kwargs: Any) -> AECEnv:
    """A PettingZoo AEC environment of ``game``: :class:`MeepleAECEnv` in PettingZoo's
    ``OrderEnforcingWrapper`` (``env.unwrapped`` is the :class:`MeepleAECEnv`).

    Raises:
        ConfigError: for an unknown game, player count or option.
    """
    return MeepleOrderEnforcingWrapper(raw_env(game, players, **kwargs))


__all__ = [
    "MeepleAECEnv",
    "MeepleOrderEnforcingWrapper",
    "MeepleParallelEnv",
    "env",
    "parallel_env",
    "raw_env",
]
