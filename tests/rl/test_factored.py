"""Factored actions: (kind, target) maps exactly onto the flat legal actions, and Gymnasium's
check_env passes on the factored environments."""

from __future__ import annotations

import warnings

import pytest

gym = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import meeple  # noqa: E402
import meeple.rl.gymnasium_env  # noqa: E402  (registers the environments)
from meeple.core.errors import IllegalActionError  # noqa: E402
from meeple.core.game import CHANCE  # noqa: E402
from meeple.rl.common import legal_mask  # noqa: E402
from meeple.rl.factored import FactoredActions, FactoredActionWrapper  # noqa: E402

from .helpers import random_walk  # noqa: E402


@pytest.mark.parametrize("name", ["annapurna", "almanac", "peach-festival"])
def test_every_flat_action_is_one_pair_and_back(name):
    game = meeple.make(name, players=2)
    f = FactoredActions(game)
    seen = set()
    for i in range(f.num_actions):
        pair = f.pair(i)
        assert f.flat(*pair) == i
        seen.add(pair)
    assert len(seen) == f.num_actions == int(f.sizes.sum())
    assert f.nvec == (len(f.kinds), int(f.sizes.max()))


@pytest.mark.parametrize(("name", "players"), [("annapurna", 2), ("annapurna", 3), ("almanac", 2)])
def test_the_legal_pairs_are_the_legal_actions_over_random_playouts(name, players):
    """Picking a legal kind, then a legal target of it, gives exactly the legal actions."""
    game = meeple.make(name, players=players)
    f = FactoredActions(game)
    checked = 0
    for seed in (1, 2):
        for state in random_walk(name, players, seed=seed):
            if state.is_terminal() or state.current_player() == CHANCE:
                continue
            seat = min(state.acting_seats())
            legal = state.legal_actions(seat)
            mask = legal_mask(game, legal)
            kinds = f.kind_mask(mask)
            built = {
                f.flat(k, t)
                for k in np.flatnonzero(kinds)
                for t in np.flatnonzero(f.target_mask(mask, int(k)))
            }
            assert built == {a.id for a in legal}
            assert sorted(built) == [f.flat(*p) for p in f.pairs(mask)]
            assert set(np.flatnonzero(kinds)) == {f.pair(a.id)[0] for a in legal}
            checked += 1
    assert checked > 100


def test_a_pair_that_names_no_action_is_refused():
    f = FactoredActions(meeple.make("annapurna", players=2))
    small = int(np.argmin(f.sizes))
    with pytest.raises(IllegalActionError, match="CORE-04"):
        f.flat(small, int(f.sizes[small]))  # past its kind's size
    with pytest.raises(IllegalActionError, match="CORE-04"):
        f.flat(len(f.kinds), 0)
    with pytest.raises(IllegalActionError, match="CORE-04"):
        f.pair(f.num_actions)


@pytest.mark.parametrize(
    ("env_id", "kwargs"),
    [
        ("meeple/Annapurna-v0", {"players": 2, "flag_target": 1}),
        ("meeple/Almanac-v0", {"players": 2}),
    ],
)
def test_gymnasium_check_env_passes_on_the_factored_environment(env_id, kwargs):
    env = FactoredActionWrapper(gym.make(env_id, **kwargs).unwrapped)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env, skip_render_check=True)


def test_a_factored_episode_plays_legal_pairs_to_the_end():
    env = FactoredActionWrapper(
        gym.make("meeple/Annapurna-v0", players=2, flag_target=1, illegal_action="raise").unwrapped
    )
    rng = np.random.default_rng(0)
    _, info = env.reset(seed=0)
    done, steps = False, 0
    while not done:
        kind = int(rng.choice(np.flatnonzero(info["kind_mask"])))
        target = int(rng.choice(np.flatnonzero(env.target_mask(kind))))
        _, reward, terminated, truncated, info = env.step(np.array([kind, target]))
        done = terminated or truncated
        steps += 1
    assert steps > 5 and reward in (0.0, 1.0)
    assert not info["kind_mask"].any()


def test_a_factored_pair_naming_no_action_earns_the_illegal_reward():
    env = FactoredActionWrapper(gym.make("meeple/Almanac-v0", players=2).unwrapped)
    env.reset(seed=1)
    f = env.factored
    small = int(np.argmin(f.sizes))
    _, reward, terminated, _, info = env.step(np.array([small, f.nvec[1] - 1]))
    assert reward == -1.0 and not terminated and info["illegal_action"]
