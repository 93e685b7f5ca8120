"""No peeking: an agent's choice depends only on its own observation, legal actions and RNG.

For every registered game and every agent (the generic ones, the game's own, the levels that
give those parameters, ISMCTS in each rollout mode with a small budget), positions from seeded random games are paired with a *twin*:
``game.determinize(state, seat, rng)`` resamples everything the acting seat cannot see, so the
seat's observation is identical while hidden cards, hands and sealed commitments differ. The
agent, fresh and with the same RNG seed, must choose the same action in both.
"""

from __future__ import annotations

import random

import pytest

from meeple.agents import agent_names, make_agent
from meeple.agents.evaluation import evaluator_for
from meeple.agents.levels import levels_for
from meeple.core import CHANCE, game_names, make, sample_chance
from meeple.core.seeding import make_rng

ISMCTS = [
    "ismcts:iterations=12",
    "ismcts:iterations=12,rollout=heuristic,horizon=6",
    "ismcts:iterations=12,rollout=heuristic,paired=1,checkpoint=1",
    "ismcts:iterations=12,observer=1",
    "ismcts:iterations=12,rollout=heuristic,opponents=policy",
]
POSITIONS = 4


def _positions(game, seed: int) -> list:
    """Decision points with a real choice from one seeded random game (state, seat)."""
    rng = make_rng(seed, "no-peeking")
    state = game.new_initial_state()
    found = []
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng), CHANCE)
            continue
        seats = state.acting_seats()
        seat = seats[rng.randrange(len(seats))]
        legal = state.legal_actions(seat)
        if len(legal) > 1 and rng.random() < 0.15:
            found.append((state.clone(), seat))
        state.apply_action(legal[rng.randrange(len(legal))], seat)
    step = max(1, len(found) // POSITIONS)
    return found[::step][:POSITIONS]


def _cases():
    # The core tests register deliberately broken games (e.g. one whose observation leaks);
    # they are there to be caught by the conformance suite, not to test agents.
    for name in (n for n in game_names() if not n.startswith("broken-")):
        game = make(name, players=max(2, make(name).info.min_players))
        specs = [a for a in agent_names(game) if a not in ("easy", "medium", "hard", "ismcts")]
        # levels that are a game agent with parameters (e.g. a slipping heuristic); the search
        # levels differ from ISMCTS below only in budget
        for spec in levels_for(game).values():
            if spec not in specs and not spec.startswith("ismcts"):
                specs.append(spec)
        for spec in [*specs, *ISMCTS]:
            if "checkpoint=1" in spec and getattr(evaluator_for(game), "checkpoint", None) is None:
                spec = spec.replace("checkpoint=1", "horizon=6")  # refused without checkpoints
            yield pytest.param(name, spec, id=f"{name}-{spec}")


@pytest.mark.parametrize(("name", "spec"), list(_cases()))
def test_agent_chooses_the_same_action_in_states_its_seat_cannot_tell_apart(name, spec):
    game = make(name, players=max(2, make(name).info.min_players))
    differing = 0
    for k, (state, seat) in enumerate(_positions(game, seed=11)):
        twin = game.determinize(state, seat, random.Random(1000 + k))
        obs = state.observe(seat)
        assert twin.observe(seat) == obs
        legal, twin_legal = state.legal_actions(seat), twin.legal_actions(seat)
        assert [a.text for a in legal] == [a.text for a in twin_legal]
        differing += twin.fingerprint() != state.fingerprint()
        choices = []
        for s, seen in ((state, obs), (twin, twin.observe(seat))):
            agent = make_agent(spec, game)
            agent.setup(game, seat)
            choices.append(agent.act(seen, s.legal_actions(seat), random.Random(7 + k)).text)
        assert choices[0] == choices[1], f"{spec} peeked at seat {seat}'s hidden information"
    if game.info.hidden_information:
        assert differing, "no twin differed from its original: the test checked nothing"


@pytest.mark.parametrize("name", [n for n in game_names() if not n.startswith("broken-")])
def test_every_agent_and_level_is_honest(name):
    game = make(name, players=max(2, make(name).info.min_players))
    for spec in agent_names(game):
        assert make_agent(spec, game).honest, spec
