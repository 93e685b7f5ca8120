"""PettingZoo adapter: PettingZoo's own api_test and seed_test on every game and player count,
whole games with rewards at the end, and identical runs under different hash seeds."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import warnings

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from meeple.core.errors import IllegalActionError  # noqa: E402
from meeple.rl import pettingzoo_env as pz  # noqa: E402

from .helpers import CONFIGS, ids  # noqa: E402


@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=ids(CONFIGS))
def test_pettingzoo_api_test_passes(name, players):
    with warnings.catch_warnings():
        # Dict observations ({"observation", "action_mask"}) warn, as PettingZoo's own
        # board games' do.
        warnings.simplefilter("ignore")
        api_test(pz.env(name, players=players), num_cycles=1000)


@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=ids(CONFIGS))
def test_pettingzoo_seed_test_passes(name, players):
    seed_test(lambda: pz.env(name, players=players), num_cycles=500)


def _play(env, seed: int) -> dict:
    env.reset(seed=seed)
    for i, agent in enumerate(env.possible_agents):
        env.action_space(agent).seed(seed + i)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    steps = 0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        action = None
        if not (terminated or truncated):
            action = env.action_space(agent).sample(obs["action_mask"])
            steps += 1
        env.step(action)
    return {"totals": totals, "steps": steps}


@pytest.mark.parametrize(("name", "players"), [("peach-festival", 3), ("almanac", 2)])
def test_a_whole_game_ends_with_every_agent_rewarded_once(name, players):
    env = pz.env(name, players=players)
    result = _play(env, seed=5)
    assert env.agents == []
    assert result["steps"] > 10
    assert sum(result["totals"].values()) == pytest.approx(1.0)
    assert all(v in (0.0, 0.5, 1.0) or 0 < v < 1 for v in result["totals"].values())


@pytest.mark.parametrize("players", [2, 4])
def test_a_cooperative_team_is_rewarded_alike(players):
    """Annapurna's cooperative version (ruling AN-R45): every agent gets the team's reward."""
    env = pz.env("annapurna", players=players, mode="cooperative", flag_target=1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # dict observations warn, as in the api test above
        api_test(env, num_cycles=300)
    result = _play(pz.env("annapurna", players=players, mode="cooperative", flag_target=1), 3)
    assert len(set(result["totals"].values())) == 1


def test_only_the_selected_agent_has_legal_actions_in_its_mask():
    env = pz.env("peach-festival", players=3)
    env.reset(seed=0)
    for _ in range(40):
        selected = env.agent_selection
        for agent in env.agents:
            mask = env.observe(agent)["action_mask"]
            assert (mask.sum() > 0) == (agent == selected)
        obs, *_ = env.last()
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))


def _snapshot(env) -> tuple:
    raw = env.unwrapped
    return (
        raw.state_.fingerprint(),
        env.agent_selection,
        dict(env.rewards),
        dict(env._cumulative_rewards),
        dict(env.terminations),
        dict(env.truncations),
    )


def test_an_illegal_action_raises_and_changes_nothing():
    env = pz.env("annapurna", players=2)
    env.reset(seed=1)
    obs, *_ = env.last()
    before = _snapshot(env)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError) as err:
        env.step(illegal)
    assert err.value.rule != "CORE-04"
    assert _snapshot(env) == before


@pytest.mark.parametrize("bad", [10**6, -1, None, 2.0, np.int64(-3)])
def test_an_action_outside_the_action_space_breaks_core_04_and_changes_nothing(bad):
    env = pz.env("peach-festival", players=3)
    env.reset(seed=4)
    for _ in range(7):  # a few real moves first, so rewards and selection have a history
        obs, *_ = env.last()
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    before = _snapshot(env)
    with pytest.raises(IllegalActionError) as err:
        env.step(bad)
    assert err.value.rule == "CORE-04"
    assert _snapshot(env) == before
    obs, *_ = env.last()
    env.step(np.int64(np.flatnonzero(obs["action_mask"])[0]))  # NumPy integers are ids


def test_the_environment_name_uses_underscores_only():
    for name in ("peach-festival", "annapurna", "almanac"):
        env = pz.env(name, players=2)
        assert env.metadata["name"] == f"meeple_{name.replace('-', '_')}_v0"
        assert "-" not in env.metadata["name"] and str(env) == env.metadata["name"]


def test_env_is_order_enforced_and_raw_env_is_not_wrapped():
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    env = pz.env("almanac", players=2)
    assert isinstance(env, OrderEnforcingWrapper)
    assert isinstance(env.unwrapped, pz.MeepleAECEnv)
    assert type(pz.raw_env("almanac", players=2)) is pz.MeepleAECEnv


@pytest.mark.parametrize("make", [pz.env, pz.raw_env], ids=["env", "raw_env"])
def test_calls_before_reset_say_that_reset_is_needed(make):
    env = make("annapurna", players=2, render_mode="ansi")
    calls = (lambda: env.step(0), env.last, lambda: env.observe("player_0"), env.render)
    for call in (*calls, lambda: next(iter(env.agent_iter()))):
        with pytest.raises((AssertionError, RuntimeError), match=r"reset\(\) needs to be called"):
            call()
    env.reset(seed=0)
    env.last()
    assert next(iter(env.agent_iter())) == "player_0"


def test_render_shows_the_spectator_view():
    env = pz.env("annapurna", players=2, render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert isinstance(text, str) and "Annapurna" in text
    assert pz.raw_env("almanac", players=2).render() is None
    with pytest.raises(AssertionError, match="reset"):
        pz.env("almanac", players=2, render_mode="ansi").render()


_SCRIPT = """
import hashlib, json, sys
from meeple.rl import pettingzoo_env as pz
name, players = sys.argv[1], int(sys.argv[2])
env = pz.env(name, players=players)
env.reset(seed=42)
for i, agent in enumerate(env.possible_agents):
    env.action_space(agent).seed(42 + i)
h = hashlib.sha256()
for agent in env.agent_iter():
    obs, reward, terminated, truncated, _ = env.last()
    h.update(obs["observation"].tobytes() + obs["action_mask"].tobytes() + repr(reward).encode())
    action = None if terminated or truncated else env.action_space(agent).sample(obs["action_mask"])
    h.update(repr(action).encode())
    env.step(action)
print(json.dumps(h.hexdigest()))
"""


@pytest.mark.parametrize(
    ("name", "players"), [("peach-festival", 3), ("annapurna", 2), ("almanac", 3)]
)
def test_seeded_runs_agree_across_processes_with_different_hash_seeds(name, players):
    digests = set()
    for hash_seed in ("0", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run(
            [sys.executable, "-c", _SCRIPT, name, str(players)],
            capture_output=True,
            text=True,
            env=env,
            check=True,
            timeout=300,
        )
        digests.add(json.loads(out.stdout.strip().splitlines()[-1]))
    assert len(digests) == 1


def test_a_numpy_integer_seed_starts_the_same_game_as_the_int():
    """NumPy integers work wherever an integer does, the seed of ``reset`` included."""
    a, b = pz.env("annapurna", players=2), pz.env("annapurna", players=2)
    a.reset(seed=3)
    b.reset(seed=np.int64(3))
    assert a.state_.fingerprint() == b.state_.fingerprint()
