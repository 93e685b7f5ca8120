"""PettingZoo Parallel adapter: PettingZoo's own parallel_api_test on every game and player
count, sealed simultaneous choices taken in one step, and nothing changed by a refused one."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import parallel_api_test  # noqa: E402

from meeple.core.errors import IllegalActionError  # noqa: E402
from meeple.core.game import SIMULTANEOUS  # noqa: E402
from meeple.rl import pettingzoo_env as pz  # noqa: E402

from .helpers import CONFIGS, ids  # noqa: E402


@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=ids(CONFIGS))
def test_pettingzoo_parallel_api_test_passes(name, players):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # Dict observations warn, as in the AEC suite
        parallel_api_test(pz.parallel_env(name, players=players), num_cycles=1000)


def _masked(env, observations, rng) -> dict:
    """A random legal action for every acting agent, 0 for the others."""
    actions = {}
    for agent in env.agents:
        legal = np.flatnonzero(observations[agent]["action_mask"])
        actions[agent] = int(rng.choice(legal)) if len(legal) else 0
    return actions


def _play(name: str, players: int, seed: int) -> tuple[list, dict, int]:
    env = pz.parallel_env(name, players=players)
    rng = np.random.default_rng(seed)
    observations, _ = env.reset(seed=seed)
    trace = []
    totals = dict.fromkeys(env.possible_agents, 0.0)
    steps = 0
    while env.agents:
        observations, rewards, *_ = env.step(_masked(env, observations, rng))
        trace.append(b"".join(o["observation"].tobytes() for o in observations.values()))
        for agent, r in rewards.items():
            totals[agent] += r
        steps += 1
    return trace, totals, steps


@pytest.mark.parametrize(("name", "players"), [("peach-festival", 2), ("almanac", 2)])
def test_a_seeded_parallel_game_replays_identically_and_pays_its_returns(name, players):
    first, totals, steps = _play(name, players, seed=3)
    again, totals_again, _ = _play(name, players, seed=3)
    assert first == again and totals == totals_again
    assert steps > 10
    assert sum(totals.values()) == pytest.approx(1.0)  # winners share a win worth 1


def _to_sealed_node(env, rng):
    observations, _ = env.reset(seed=1)
    while env.state_.current_player() != SIMULTANEOUS:
        observations, *_ = env.step(_masked(env, observations, rng))
    return observations


def test_every_seat_of_a_sealed_node_acts_in_the_same_step():
    env = pz.parallel_env("peach-festival", players=3)
    rng = np.random.default_rng(0)
    observations = _to_sealed_node(env, rng)
    acting = env.acting()
    assert len(acting) == 3
    assert all(observations[f"player_{s}"]["action_mask"].any() for s in acting)
    before = len(env.state_.history)
    env.step(_masked(env, observations, rng))
    committed = [seat for seat, _ in env.state_.history[before : before + 3]]
    assert committed == [0, 1, 2]  # applied in seat order, in one step


def test_a_refused_choice_at_a_sealed_node_changes_nothing():
    env = pz.parallel_env("peach-festival", players=2)
    rng = np.random.default_rng(0)
    observations = _to_sealed_node(env, rng)
    actions = _masked(env, observations, rng)
    illegal = int(np.flatnonzero(observations["player_1"]["action_mask"] == 0)[0])
    history = list(env.state_.history)
    with pytest.raises(IllegalActionError):
        env.step({**actions, "player_1": illegal})
    with pytest.raises(IllegalActionError, match="CORE-04"):
        env.step({"player_0": actions["player_0"]})  # player_1 gave nothing
    assert env.state_.history == history  # player_0's legal choice was not applied either
    env.step(actions)
    assert len(env.state_.history) > len(history)


def test_an_agent_that_does_not_act_may_send_anything():
    env = pz.parallel_env("annapurna", players=2)
    observations, _ = env.reset(seed=2)
    (seat,) = env.acting()
    other = f"player_{1 - seat}"
    assert not observations[other]["action_mask"].any()
    legal = int(np.flatnonzero(observations[f"player_{seat}"]["action_mask"])[0])
    env.step({f"player_{seat}": legal, other: None})
    assert len(env.state_.history) > 0


def test_a_step_before_reset_or_after_the_end_is_refused():
    env = pz.parallel_env("almanac", players=2)
    with pytest.raises(RuntimeError, match="reset"):
        env.step({})
    rng = np.random.default_rng(4)
    observations, _ = env.reset(seed=4)
    while env.agents:
        observations, *_ = env.step(_masked(env, observations, rng))
    with pytest.raises(RuntimeError, match="over"):
        env.step({})
