"""Drivers run games: they sample chance with their own seeded RNG and ask agents to act.

Agents receive only their seat's observation, the legal actions and their own RNG.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from meeple.core.agent import Agent
from meeple.core.game import CHANCE, Game, State, sample_chance
from meeple.core.record import GameRecord
from meeple.core.seeding import make_rng


def play_game(
    game: Game,
    agents: Sequence[Agent],
    seed: int | None = 0,
    state: State | None = None,
    on_step: Callable[[State, int, object], None] | None = None,
    max_steps: int | None = None,
) -> tuple[State, GameRecord]:
    """Play ``game`` to the end (or ``max_steps`` actions) and return the state and its record.

    Args:
        game: A configured game.
        agents: One agent per seat.
        seed: Seed of the chance RNG and of each agent's RNG (derived per seat).
        state: Start from this state instead of a new initial state (a game rebuilt from a
            record, say). Its generators are then derived from the seed and the number of
            actions already played, so a resumed game neither repeats the outcomes its start
            drew nor depends on how it was interrupted: the same seed and position give the
            same continuation.
        on_step: Called as ``on_step(state_before, seat, action)`` before each action is applied.
        max_steps: Stop after this many actions.

    Raises:
        ValueError: if the number of agents differs from the number of seats, or ``state`` is
            a state of another game or configuration.
    """
    if len(agents) != game.num_players:
        raise ValueError(f"{game.info.name} has {game.num_players} seats, got {len(agents)} agents")
    if (
        state is not None
        and state.game is not game
        and (type(state.game) is not type(game) or state.game.config != game.config)
    ):
        raise ValueError(f"the state is one of {state.game!r}, not of {game!r}")
    state = state if state is not None else game.new_initial_state()
    # a new game keeps the streams every recorded seed was played with
    at = (len(state.history),) if state.history else ()
    chance_rng = make_rng(seed, "chance", *at)
    rngs = [make_rng(seed, "seat", i, *at) for i in range(game.num_players)]
    for i, agent in enumerate(agents):
        agent.setup(game, i)
    steps = 0
    while not state.is_terminal() and (max_steps is None or steps < max_steps):
        if state.current_player() == CHANCE:
            seat = CHANCE
            action = sample_chance(state, chance_rng)
        else:
            seat = state.acting_seats()[0]
            # a copy of the legal list: an agent may change what it is given, never the game
            legal = list(state.legal_actions(seat))
            action = agents[seat].act(state.observe(seat), legal, rngs[seat])
        if on_step is not None:
            on_step(state, seat, action)
        state.apply_action(action, seat)
        steps += 1
    record = GameRecord.from_state(state, seed=seed, agents=[a.name for a in agents])
    return state, record


def random_playout(state: State, rng: random.Random) -> State:
    """Play uniformly random legal actions (and sampled chance) from ``state`` to the end, in place.

    Every move goes through the checked :meth:`State.apply_action` (the public path, as the
    engine benchmarks and conformance runs measure it); no observations are built. Search
    rollouts use the unchecked :meth:`State.playout`.
    """
    while True:
        cp = state.current_player()
        if cp == CHANCE:
            state.apply_action(sample_chance(state, rng), CHANCE)
            continue
        if cp < 0 and cp != -2:
            return state
        seat = cp if cp >= 0 else state.acting_seats()[0]
        legal = state.legal_actions(seat)
        state.apply_action(legal[rng.randrange(len(legal))], seat)
