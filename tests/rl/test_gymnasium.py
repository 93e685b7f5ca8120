"""Gymnasium adapter: Gymnasium's check_env on the solo Peach Festival and on a learner seated
against bots in every game, whole masked episodes, illegal actions, seeding."""

from __future__ import annotations

import contextlib
import io
import warnings

import pytest

gym = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import meeple  # noqa: E402
from meeple.agents.base import agent_names  # noqa: E402
from meeple.core.errors import ConfigError, IllegalActionError  # noqa: E402
from meeple.rl import gymnasium_env as ge  # noqa: E402

from .helpers import CONFIGS, SHORT, ids  # noqa: E402

#: Gymnasium id of each game's learner-against-bots environment.
ENV_OF = {
    "peach-festival": "meeple/PeachFestival-v0",
    "annapurna": "meeple/Annapurna-v0",
    "almanac": "meeple/Almanac-v0",
}
#: Each game's own bot (docs/research.md lists the same).
OWN_BOT = {"peach-festival": "greedy", "annapurna": "heuristic", "almanac": "heuristic"}


def _checked(env_id: str, **kwargs) -> None:
    # check_env renders in every mode, "human" included: keep the pictures off the test output
    with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()):
        warnings.simplefilter("error")  # any checker warning fails the test
        env = gym.make(env_id, **kwargs)
        check_env(env.unwrapped)
        env.close()


def test_gymnasium_check_env_passes_for_the_solo_peach_festival():
    """PF-073: the solo mode as a single-agent environment."""
    _checked("meeple/PeachFestivalSolo-v0")
    _checked("meeple/PeachFestivalSolo-v0", difficulty="hard")


@pytest.mark.parametrize(
    ("env_id", "kwargs"),
    [
        ("meeple/PeachFestival-v0", {"players": 2, "opponents": "greedy"}),
        ("meeple/PeachFestival-v0", {"players": 5, "seat": 3}),
        ("meeple/Annapurna-v0", {"players": 2, "opponents": "heuristic"}),
        ("meeple/Annapurna-v0", {"players": 4, "seat": None}),
        ("meeple/Almanac-v0", {"players": 2, "opponents": "heuristic"}),
        ("meeple/Almanac-v0", {"players": 3, "opponents": ["random", "heuristic"]}),
    ],
)
def test_gymnasium_check_env_passes_against_bots(env_id, kwargs):
    _checked(env_id, **kwargs)


@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=ids(CONFIGS))
def test_gymnasium_check_env_passes_for_every_game_and_player_count(name, players):
    """Short configurations (a few Peach Festival rounds, a one-flag Expedition)."""
    if players == 1:
        _checked("meeple/PeachFestivalSolo-v0", difficulty="hard")
        return
    opponents = [("random", "easy", OWN_BOT[name])[i % 3] for i in range(players - 1)]
    _checked(ENV_OF[name], players=players, opponents=opponents, **SHORT[name])


def test_check_env_output_stays_off_stdout(capsys):
    _checked("meeple/Annapurna-v0", players=2, flag_target=1)
    assert capsys.readouterr().out == ""


def test_render_modes_show_the_learner_view(capsys):
    env = gym.make("meeple/Annapurna-v0", render_mode="ansi")
    env.reset(seed=0)
    assert "(you)" in env.render()
    human = ge.MeepleEnv("almanac", players=2, render_mode="human")
    human.reset(seed=0)
    human.render()
    assert "you" in capsys.readouterr().out


def _episode(env, seed: int) -> tuple[float, int, dict]:
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, steps = 0.0, 0
    while True:
        assert env.observation_space.contains(obs)
        legal = np.flatnonzero(info["action_mask"])
        assert legal.size > 0 and np.array_equal(info["action_mask"], env.action_masks())
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        total += reward
        steps += 1
        if terminated or truncated:
            return total, steps, info


def test_a_solo_episode_ends_with_the_score_as_reward():
    """PF-082: the solo game ends after the track; reward = final score / 100."""
    env = ge.PeachFestivalSoloEnv(difficulty="easy")
    total, steps, _ = _episode(env, seed=1)
    assert steps > 10
    assert total == pytest.approx(env.state.result().seats[0].score / 100)
    with pytest.raises(RuntimeError):
        env.step(0)


@pytest.mark.parametrize(("game", "players"), [("annapurna", 3), ("almanac", 2)])
def test_a_learner_plays_a_whole_game_against_bots(game, players):
    env = (
        ge.MeepleEnv(game, players=players, opponents="random", flag_target=2)
        if game == "annapurna"
        else ge.MeepleEnv(game, players=players)
    )
    total, _, info = _episode(env, seed=4)
    assert total == pytest.approx(env.state.returns()[info["seat"]])


def test_a_learner_in_a_cooperative_team_gets_the_teams_return():
    """Annapurna's cooperative version (ruling AN-R45): the learner's reward is the team's."""
    env = ge.MeepleEnv("annapurna", players=3, opponents="heuristic", mode="cooperative")
    total, _, info = _episode(env, seed=2)
    returns = env.state.returns()
    assert len(set(returns)) == 1 and total == pytest.approx(returns[info["seat"]])


def test_seeded_resets_repeat_the_same_episode():
    env = ge.MeepleEnv("peach-festival", players=3, opponents="greedy", max_rounds=3)
    a = _episode(env, seed=9)
    first = env.state.fingerprint()
    b = _episode(env, seed=9)
    assert a[:2] == b[:2] and env.state.fingerprint() == first


def test_an_illegal_action_is_penalised_or_raises():
    env = ge.MeepleEnv("almanac", players=2)
    obs, info = env.reset(seed=3)
    before = env.state.fingerprint()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    obs2, reward, terminated, _, info2 = env.step(illegal)
    assert reward == -1.0 and info2["illegal_action"] and not terminated
    assert np.array_equal(obs, obs2) and env.state.fingerprint() == before
    strict = ge.MeepleEnv("almanac", players=2, illegal_action="raise")
    strict.reset(seed=3)
    with pytest.raises(IllegalActionError):
        strict.step(illegal)


def test_an_action_id_outside_the_space_is_penalised_or_breaks_core_04():
    env = ge.MeepleEnv("annapurna", players=2)
    obs, _ = env.reset(seed=2)
    before = env.state.fingerprint()
    for bad in (10**6, -1, np.int64(-5)):
        obs2, reward, terminated, _, info = env.step(bad)
        assert reward == -1.0 and info["illegal_action"] and not terminated
        assert np.array_equal(obs, obs2) and env.state.fingerprint() == before
    strict = ge.MeepleEnv("annapurna", players=2, illegal_action="raise")
    strict.reset(seed=2)
    for bad in (10**6, -1):
        with pytest.raises(IllegalActionError) as err:
            strict.step(bad)
        assert err.value.rule == "CORE-04"
    assert strict.state.fingerprint() == before and strict.steps == 0


def test_step_before_reset_says_that_reset_is_needed():
    with pytest.raises(RuntimeError, match="reset"):
        ge.MeepleEnv("almanac", players=2).step(0)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 2},
        {"players": 3},
        {"seat": 1},
        {"opponents": "greedy"},
        {"game": "almanac"},
        {"players": True},
        {"players": 1.0},
        {"seat": False},
        {"seat": 0.0},
    ],
)
def test_the_solo_environment_refuses_another_configuration(kwargs):
    """PF-073: the solo mode has one player, in seat 0, with no opponent."""
    with pytest.raises(ConfigError, match="PeachFestivalSolo"):
        gym.make("meeple/PeachFestivalSolo-v0", **kwargs)


def test_the_solo_environment_accepts_its_own_fixed_values():
    env = gym.make("meeple/PeachFestivalSolo-v0", players=1, seat=0, opponents=[])
    assert env.unwrapped.game.num_players == 1
    env = gym.make("meeple/PeachFestivalSolo-v0", players=np.int64(1), seat=np.int8(0))
    assert env.unwrapped.game.num_players == 1


class _FailsOnItsThirdMove:
    """An opponent whose third answer is an action that is not legal (a bug of its own)."""

    def setup(self, game, seat):
        self.game, self.moves = game, 0

    def act(self, observation, legal_actions, rng):
        self.moves += 1
        if self.moves < 3:
            return legal_actions[0]
        return next(a for a in self.game.action_space.actions if a not in legal_actions)


def test_an_opponent_that_fails_stops_the_episode_until_reset():
    env = ge.MeepleEnv("almanac", players=2, opponents=_FailsOnItsThirdMove())
    _, info = env.reset(seed=0)
    with pytest.raises(IllegalActionError) as raised:
        for _ in range(50):
            _, _, _, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert raised.value.seat == 1
    assert any("opponent at seat 1" in note for note in raised.value.__notes__)
    assert not env.action_masks().any()
    for action in (0, 1):  # no penalty loop: the episode cannot go on
        with pytest.raises(RuntimeError, match=r"opponent at seat 1 failed.*call reset"):
            env.step(action)
    _, info = env.reset(seed=1)
    assert info["action_mask"].any()
    env.step(int(np.flatnonzero(info["action_mask"])[0]))


@pytest.mark.parametrize("name", ["peach-festival", "annapurna", "almanac"])
def test_opponent_names_are_the_game_agents_and_the_levels(name):
    """The names docs/research.md lists for each game build opponents."""
    own = OWN_BOT[name]
    assert own in agent_names(meeple.make(name, players=2))
    for spec in ("random", own, "easy", "medium", "hard", "ismcts:iterations=20"):
        env = ge.MeepleEnv(name, players=2, opponents=spec)
        assert env.opponent_specs == [spec]
    assert "heuristic" in agent_names(meeple.make(name, players=2))  # one name in every game
    with pytest.raises(ConfigError):
        ge.MeepleEnv(name, players=2, opponents="oracle")


def test_bad_configurations_are_refused():
    with pytest.raises(ValueError):
        ge.MeepleEnv("annapurna", players=2, seat=2)
    with pytest.raises(ValueError):
        ge.MeepleEnv("annapurna", players=3, opponents=["random"])
    with pytest.raises(Exception, match="agent"):
        ge.MeepleEnv("annapurna", players=2, opponents="oracle")


def test_max_steps_truncates_the_episode():
    env = ge.MeepleEnv("peach-festival", players=2, max_steps=3)
    _, info = env.reset(seed=0)
    for _ in range(3):
        _, _, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert truncated and not terminated
    mark = env.unwrapped.state.fingerprint()
    with pytest.raises(RuntimeError, match="truncated after max_steps=3"):
        env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert env.unwrapped.state.fingerprint() == mark
    _, info = env.reset(seed=1)  # a new episode counts afresh
    env.step(int(np.flatnonzero(info["action_mask"])[0]))


def test_max_steps_counts_refused_illegal_actions():
    env = ge.MeepleEnv("peach-festival", players=2, max_steps=2)
    _, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    assert env.step(illegal)[1:4] == (-1.0, False, False)
    assert env.step(illegal)[3] is True


def test_the_action_mask_is_empty_once_the_game_is_over():
    env = ge.MeepleEnv("peach-festival", players=1)
    _, info = env.reset(seed=0)
    terminated = False
    while not terminated:
        _, _, terminated, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert not info["action_mask"].any()


@pytest.mark.parametrize("seat", [1.5, True, "1", -1, 2])
def test_a_seat_that_is_not_one_of_the_game_is_refused_when_the_environment_is_built(seat):
    with pytest.raises(ValueError, match=r"seat must be 0\.\.1 or None"):
        ge.MeepleEnv("annapurna", players=2, seat=seat)


@pytest.mark.parametrize("opponents", [5, [3], [None]])
def test_opponents_that_are_neither_specs_nor_agents_are_refused(opponents):
    with pytest.raises(ValueError, match="agent spec"):
        ge.MeepleEnv("annapurna", players=2, opponents=opponents)


def test_opponents_may_be_agent_objects_and_none_means_random():
    from meeple.agents.base import RandomAgent

    mine = RandomAgent()
    env = ge.MeepleEnv("almanac", players=3, opponents=[mine, "heuristic"], seat=0)
    env.reset(seed=1)
    assert env.opponents[1][0] is mine and mine.seat == 1
    assert ge.MeepleEnv("annapurna", players=2, opponents=None).opponent_specs == ["random"]
    solo = gym.make("meeple/PeachFestivalSolo-v0", opponents=None)
    assert solo.unwrapped.opponent_specs == []


@pytest.mark.parametrize("steps", [0, -1, 2.5, "3"])
def test_max_steps_must_be_a_positive_integer(steps):
    with pytest.raises(ValueError, match="max_steps must be a positive integer"):
        ge.MeepleEnv("annapurna", players=2, max_steps=steps)


@pytest.mark.parametrize("mode", ["penalty", "raise"])
def test_a_value_that_is_no_action_id_raises_core_04_in_either_mode(mode):
    env = ge.MeepleEnv("annapurna", players=2, illegal_action=mode)
    env.reset(seed=2)
    before = env.state.fingerprint()
    for bad in (None, "3", 1.5, True, np.array([1, 2])):
        with pytest.raises(IllegalActionError, match="integer id") as err:
            env.step(bad)
        assert err.value.rule == "CORE-04"
    assert env.state.fingerprint() == before and env.steps == 0


def test_numpy_integers_configure_an_environment():
    env = ge.MeepleEnv(
        "annapurna",
        players=np.int64(3),
        seat=np.int64(1),
        flag_target=np.int32(2),
        max_steps=np.int64(4),
    )
    assert env.game.num_players == 3 and env.game.config["flag_target"] == 2
    assert type(env.game.config["flag_target"]) is int and env.max_steps == 4


def test_one_agent_object_plays_one_seat_only():
    from meeple.agents.base import RandomAgent

    one = RandomAgent()
    for opponents in (one, [one, one]):
        with pytest.raises(ValueError, match="one agent object can play one seat only"):
            ge.MeepleEnv("annapurna", players=3, opponents=opponents)
    assert ge.MeepleEnv("annapurna", players=2, opponents=one).opponent_specs == [one]


@pytest.mark.parametrize("opponents", ["class", b"random"])
def test_an_agent_class_or_bytes_is_no_opponent(opponents):
    from meeple.agents.base import RandomAgent

    with pytest.raises(ValueError, match="opponent"):
        ge.MeepleEnv(
            "annapurna", players=2, opponents=RandomAgent if opponents == "class" else opponents
        )


def test_an_agent_file_opponent_is_found_again_from_another_directory(tmp_path, monkeypatch):
    (tmp_path / "mine.py").write_text(
        "from meeple.agents.base import Agent\n\n\n"
        "class First(Agent):\n"
        "    def act(self, observation, legal_actions, rng):\n"
        "        return legal_actions[0]\n"
    )
    monkeypatch.chdir(tmp_path)
    env = ge.MeepleEnv("annapurna", players=2, opponents="mine.py:First", flag_target=1)
    env.reset(seed=0)
    monkeypatch.chdir(tmp_path.parent)
    env.reset(seed=1)
    assert env.opponent_specs == [f"{tmp_path / 'mine.py'}:First"]


@pytest.mark.parametrize("reward", [float("nan"), float("inf"), None, True, 1j, "1"])
def test_illegal_reward_must_be_finite(reward):
    with pytest.raises(ValueError, match="illegal_reward must be a finite number"):
        ge.MeepleEnv("annapurna", players=2, illegal_reward=reward)


def test_an_instance_of_the_bare_agent_class_is_no_opponent():
    from meeple.agents.base import Agent

    with pytest.raises(ValueError, match="act\\(\\) of its own"):
        ge.MeepleEnv("annapurna", players=2, opponents=Agent())


def test_a_numpy_integer_seed_starts_the_same_game_as_the_int():
    """NumPy integers work wherever an integer does, the seed of ``reset`` included."""
    a, b = ge.MeepleEnv("annapurna", players=2), ge.MeepleEnv("annapurna", players=2)
    obs_a, _ = a.reset(seed=3)
    obs_b, _ = b.reset(seed=np.int64(3))
    assert np.array_equal(obs_a, obs_b) and a.seat == b.seat
