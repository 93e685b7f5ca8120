"""Gymnasium vector environment: N games in one process behave step for step as Gymnasium's
own SyncVectorEnv over the same environments (observations, rewards, ends, masks, autoreset)."""

from __future__ import annotations

import pytest

gym = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.vector import AutoresetMode, SyncVectorEnv  # noqa: E402

from meeple.rl.gymnasium_env import MeepleEnv  # noqa: E402
from meeple.rl.vector_env import MeepleVectorEnv  # noqa: E402

from .helpers import SHORT  # noqa: E402


def _masked_actions(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A legal action of every row (0 for an empty mask: that environment resets anyway)."""
    return np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks], np.int64)


@pytest.mark.parametrize("name", ["peach-festival", "annapurna", "almanac"])
def test_the_vector_environment_steps_as_gymnasiums_sync_vector_environment(name):
    kwargs = {"players": 2, **SHORT[name]}
    ours = MeepleVectorEnv(name, num_envs=3, **kwargs)
    reference = SyncVectorEnv([lambda: MeepleEnv(name, **kwargs) for _ in range(3)])
    assert ours.metadata["autoreset_mode"] == reference.metadata["autoreset_mode"]
    assert ours.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    assert ours.single_observation_space == reference.single_observation_space
    assert ours.action_space == reference.action_space
    obs, info = ours.reset(seed=7)
    ref_obs, ref_info = reference.reset(seed=7)
    assert obs.tobytes() == ref_obs.tobytes()
    assert np.array_equal(info["action_mask"], ref_info["action_mask"])
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(400):
        assert ours.observation_space.contains(obs)
        actions = _masked_actions(info["action_mask"], rng)
        assert ours.action_space.contains(actions)
        obs, reward, terminated, truncated, info = ours.step(actions)
        ref = reference.step(actions)
        assert obs.tobytes() == ref[0].tobytes()
        assert np.array_equal(reward, ref[1])
        assert np.array_equal(terminated, ref[2]) and np.array_equal(truncated, ref[3])
        assert np.array_equal(info["action_mask"], ref[4]["action_mask"])
        ended += int(terminated.sum())
    assert ended > 0  # autoreset was exercised
    ours.close()
    reference.close()


def test_a_finished_game_resets_on_the_next_step_ignoring_its_action():
    env = MeepleVectorEnv("annapurna", num_envs=2, players=2, flag_target=1)
    _, info = env.reset(seed=1)
    rng = np.random.default_rng(1)
    while True:
        _, reward, terminated, _, info = env.step(_masked_actions(info["action_mask"], rng))
        if terminated.any():
            break
    done = int(np.flatnonzero(terminated)[0])
    assert not info["action_mask"][done].any()  # the last mask of a finished game is empty
    _, reward, terminated, _, info = env.step(np.zeros(2, np.int64))
    assert reward[done] == 0.0 and not terminated[done]
    assert info["action_mask"][done].any()  # a new game, the learner to act


@pytest.mark.parametrize("bad", [0, -1, 1.5, True, "4"])
def test_num_envs_must_be_a_positive_integer(bad):
    with pytest.raises(ValueError, match="num_envs must be a positive integer"):
        MeepleVectorEnv("almanac", num_envs=bad, players=2)


def test_reset_takes_one_seed_per_environment():
    env = MeepleVectorEnv("almanac", num_envs=2, players=2)
    a, _ = env.reset(seed=[5, 9])
    b, _ = env.reset(seed=5)  # environment i gets 5 + i
    assert np.array_equal(a[0], b[0])
    with pytest.raises(ValueError, match="3 seeds given for 2 environments"):
        env.reset(seed=[1, 2, 3])
