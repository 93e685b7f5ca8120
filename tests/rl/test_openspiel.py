"""OpenSpiel adapter: pyspiel's own random simulation test, chance outcomes, observations,
serialisation, resampling, and OpenSpiel's MCTS and IS-MCTS bots playing whole games."""

from __future__ import annotations

import copy
import math
import multiprocessing
import operator
import pickle
import random
import shutil

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import meeple  # noqa: E402
from meeple.core.errors import ConfigError, IllegalActionError  # noqa: E402
from meeple.core.game import CHANCE  # noqa: E402
from meeple.rl import openspiel as mo  # noqa: E402
from meeple.rl.common import utility_bounds  # noqa: E402
from meeple.rl.encoding import make_encoder  # noqa: E402

from .helpers import CONFIGS, ids, short  # noqa: E402

mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")
ismcts = pytest.importorskip("open_spiel.python.algorithms.ismcts")


@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=ids(CONFIGS))
def test_pyspiel_random_sim_test_passes(name, players):
    game = mo.load_game(name, players=players)
    sims = 3 if players <= 3 else 2
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("peach-festival", {"players": 1, "difficulty": "hard"}),
        ("peach-festival", {"players": 3, "max_rounds": 5}),
        ("annapurna", {"players": 3, "starter": -1, "auto_sweep": True, "flag_target": 4}),
        ("annapurna", {"players": 2, "mode": "cooperative", "flag_target": 2}),
        ("annapurna", {"players": 4, "mode": "cooperative", "flag_target": 1}),
    ],
)
def test_pyspiel_random_sim_test_passes_for_variants(name, params):
    game = mo.load_game(name, **params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_cooperative_team_has_identical_utilities(players):
    """Annapurna's cooperative version (ruling AN-R45): one return for the whole team."""
    game = mo.load_game("annapurna", players=players, mode="cooperative", flag_target=1)
    assert game.get_type().utility == pyspiel.GameType.Utility.IDENTICAL
    assert game.utility_sum() is None
    rng = random.Random(players)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert len(set(state.returns())) == 1


def test_every_game_is_registered_with_its_parameters():
    names = set(pyspiel.registered_names())
    for name, short_name in mo.SHORT_NAMES.items():
        assert short_name in names
        game = pyspiel.load_game(short_name)
        gtype = game.get_type()
        assert gtype.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert gtype.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert gtype.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert gtype.utility == pyspiel.GameType.Utility.CONSTANT_SUM
        cls = meeple.core.game_class(name)
        assert gtype.min_num_players == cls.info.min_players
        assert gtype.max_num_players == cls.info.max_players
        assert "players" in gtype.parameter_specification


@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=ids(CONFIGS))
def test_multiplayer_games_are_constant_sum_and_the_solo_game_general_sum(name, players):
    """Winners share a win worth 1, so every multiplayer terminal state's returns sum to 1
    (random_sim_test checks the declared sum); the solo return is a score (PF-082)."""
    game = mo.load_game(name, players=players)
    utility = pyspiel.GameType.Utility
    if players == 1:
        assert game.get_type().utility == utility.GENERAL_SUM
    else:
        assert game.get_type().utility == utility.CONSTANT_SUM
        assert game.utility_sum() == 1.0


@pytest.mark.parametrize(("name", "players"), [("peach-festival", 1), ("annapurna", 3)])
def test_game_info_comes_from_the_fixed_action_space(name, players):
    game = mo.load_game(name, players=players)
    ours = meeple.make(name, players=players)
    assert game.num_distinct_actions() == ours.action_space.num_actions
    assert game.max_chance_outcomes() == ours.action_space.num_chance_outcomes
    assert game.max_game_length() == ours.max_game_length()
    assert game.num_players() == players
    assert (game.min_utility(), game.max_utility()) == pytest.approx(utility_bounds(ours))
    assert game.observation_tensor_shape() == [make_encoder(ours).size]
    assert game.information_state_tensor_shape() == game.observation_tensor_shape()


@pytest.mark.parametrize(
    ("name", "players"), [("peach-festival", 2), ("annapurna", 2), ("almanac", 3)]
)
def test_chance_outcomes_match_the_engine(name, players):
    """Every chance node: sorted distinct outcome ids, probabilities in (0, 1] summing to 1,
    equal to the engine's distribution, and the same as the legal chance actions."""
    game = mo.load_game(name, players=players, **short(name, players))
    state = game.new_initial_state()
    rng = np.random.RandomState(7)
    chance_nodes = 0
    while not state.is_terminal():
        if state.is_chance_node():
            chance_nodes += 1
            outcomes = state.chance_outcomes()
            acts = [a for a, _ in outcomes]
            assert acts == sorted(set(acts)) == state.legal_actions()
            assert all(0 < p <= 1 for _, p in outcomes)
            assert math.isclose(sum(p for _, p in outcomes), 1.0, abs_tol=1e-9)
            ours = {a.id: p for a, p in state.meeple_state.chance_outcomes()}
            assert dict(outcomes) == pytest.approx(ours)
            for a in acts[:3]:
                assert state.action_to_string(CHANCE, a) == (
                    state.meeple_state.game.action_space.chance_outcomes[a].text
                )
            action = rng.choice(acts, p=[p for _, p in outcomes])
        else:
            legal = state.legal_actions()
            action = legal[rng.randint(len(legal))]
        state.apply_action(int(action))
    assert chance_nodes > 3


@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=ids(CONFIGS))
def test_masks_are_the_legal_actions_of_each_player_at_every_node(name, players):
    """A seat's mask covers the player actions and marks its legal actions; at a chance node a
    seat has none (even where chance outcome ids run past the player actions, as in The Peach
    Festival) and the chance player's mask covers the chance outcomes."""
    game = mo.load_game(name, players=players, **short(name, players))
    state = game.new_initial_state()
    rng = np.random.RandomState(3)
    chance = 0
    for _ in range(300):
        if state.is_terminal():
            break
        for p in range(players):
            mask = state.legal_actions_mask(np.int64(p))
            assert len(mask) == game.num_distinct_actions()
            assert [a for a, m in enumerate(mask) if m] == state.legal_actions(p)
        assert state.legal_actions(-4) == []  # a pseudo-player never has legal actions
        if state.is_chance_node():
            chance += 1
            assert all(state.legal_actions(p) == [] for p in range(players))
            mask = state.legal_actions_mask()
            assert len(mask) == game.max_chance_outcomes()
            assert [a for a, m in enumerate(mask) if m] == [a for a, _ in state.chance_outcomes()]
            outcomes = state.chance_outcomes()
            action = rng.choice([a for a, _ in outcomes], p=[q for _, q in outcomes])
        else:
            legal = state.legal_actions()
            assert state.legal_actions_mask() == state.legal_actions_mask(state.current_player())
            assert state.legal_actions(-1) == [] and not any(state.legal_actions_mask(-1))
            assert len(state.legal_actions_mask(-1)) == game.max_chance_outcomes()
            action = legal[rng.randint(len(legal))]
        state.apply_action(int(action))
    assert chance > 0


def test_simultaneous_choices_are_sequentialised_and_hidden():
    """PF-030: the seats commit in seat order; a commitment stays out of the others' views."""
    game = mo.load_game("peach-festival", players=3)
    state = game.new_initial_state()
    rng = np.random.RandomState(1)
    while not state.meeple_state.is_simultaneous_node() or state.meeple_state.round < 1:
        if state.is_chance_node():
            acts, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(acts, p=probs)))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randint(len(legal))])
    assert state.current_player() == 0
    before = [state.observation_string(p) for p in (1, 2)]
    state.apply_action(state.legal_actions()[0])
    assert state.current_player() == 1
    assert state.legal_actions(0) == [] and state.legal_actions(2) == []
    after = [state.observation_string(p) for p in (1, 2)]
    assert '"committed":true' in after[0] and before != after
    assert '"commit":null' in after[0].split('"sheets"')[1].split("}")[0]


def test_observation_strings_and_tensors_come_from_the_seat_observation():
    game = mo.load_game("almanac", players=2)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    enc = make_encoder(state.meeple_state.game)
    for p in range(2):
        obs = state.meeple_state.observe(p)
        assert state.observation_tensor(p) == pytest.approx(list(enc.encode(obs)))
        assert state.information_state_tensor(p) == state.observation_tensor(p)
        assert state.information_state_string(p) == state.observation_string(p)
    assert state.observation_string(0) != state.observation_string(1)
    public = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    from open_spiel.python.observation import make_observation

    spectator = make_observation(game, public)
    assert spectator.string_from(state, 0) == spectator.string_from(state, 1)


def _advance(state, moves: int, seed: int):
    rng = np.random.RandomState(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        if state.is_chance_node():
            acts, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(acts, p=probs)))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randint(len(legal))])
    return state


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("peach-festival", {"players": 1, "difficulty": "easy"}),
        ("peach-festival", {"players": 3}),
        ("annapurna", {"players": 2, "flag_target": 3}),
        ("almanac", {"players": 4}),
    ],
)
def test_games_and_states_pickle_through_module_level_classes(name, params):
    game = mo.load_game(name, **params)
    cls = type(game)
    assert cls is mo.GAME_CLASSES[name] and getattr(mo, cls.__name__) is cls
    assert getattr(mo, type(game.new_initial_state()).__name__) is mo.MeepleState
    twin = pickle.loads(pickle.dumps(game))
    assert type(twin) is cls and str(twin) == str(game)
    assert twin.num_players() == game.num_players()
    for other in (twin, copy.copy(game), copy.deepcopy(game)):  # a copy plays like the original
        first = other.new_initial_state()
        first.apply_action(first.chance_outcomes()[0][0])
        assert other.make_py_observer() is not None and str(other) == str(game)
    state = _advance(game.new_initial_state(), 40, seed=2)
    again = pickle.loads(pickle.dumps(state))
    assert again.history() == state.history() and str(again) == str(state)
    assert again.legal_actions() == state.legal_actions()


def test_games_and_states_cross_a_spawn_process_pool():
    """A ``spawn`` worker imports the game classes by name and rebuilds the game."""
    game = mo.load_game("annapurna", players=3)
    state = _advance(game.new_initial_state(), 30, seed=1)
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        name = pool.apply(str, (game,))
        history = pool.apply(operator.methodcaller("history"), (state,))
    assert name == str(game)
    assert history == state.history()


@pytest.mark.parametrize("bad", [99999, -2, 10**12])
@pytest.mark.parametrize("chance", [True, False])
def test_an_action_id_outside_the_space_breaks_core_04_and_changes_nothing(bad, chance):
    game = mo.load_game("almanac", players=2)
    state = game.new_initial_state()
    if not chance:
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
    assert state.is_chance_node() == chance
    before, history = str(state), state.history()
    with pytest.raises(IllegalActionError) as err:
        state.apply_action(bad)
    assert err.value.rule == "CORE-04"
    assert str(state) == before and state.history() == history
    with pytest.raises(IllegalActionError):
        state.action_to_string(state.current_player(), bad)


def test_an_illegal_action_id_names_its_rule_and_changes_nothing():
    game = mo.load_game("annapurna", players=2)
    state = _advance(game.new_initial_state(), 20, seed=5)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    before, history = str(state), state.history()
    with pytest.raises(IllegalActionError) as err:
        state.apply_action(illegal)
    assert err.value.rule != "CORE-04"
    assert str(state) == before and state.history() == history


def test_states_serialise_as_their_history():
    game = mo.load_game("annapurna", players=2)
    state = game.new_initial_state()
    rng = np.random.RandomState(3)
    for _ in range(60):
        if state.is_chance_node():
            acts, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(acts, p=probs)))
        else:
            state.apply_action(state.legal_actions()[0])
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    assert str(state2) == str(state)
    assert state2.history() == state.history()


@pytest.mark.parametrize(
    ("name", "players"), [("peach-festival", 2), ("annapurna", 3), ("almanac", 2)]
)
def test_resampled_states_keep_the_information_state(name, players):
    game = mo.load_game(name, players=players)
    state = game.new_initial_state()
    rng = np.random.RandomState(4)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    checked = 0
    for step in range(150):
        if state.is_terminal():
            break
        if state.is_chance_node():
            acts, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(acts, p=probs)))
            continue
        if step % 10 == 0:
            p = state.current_player()
            twin = state.resample_from_infostate(p, sampler)
            assert twin.information_state_string(p) == state.information_state_string(p)
            assert twin.current_player() == p
            assert twin.legal_actions() == state.legal_actions()
            checked += 1
        legal = state.legal_actions()
        state.apply_action(legal[rng.randint(len(legal))])
    assert checked >= 3


def _play(game, bots, seed: int) -> tuple[list[float], int]:
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            acts, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(acts, p=probs)))
        else:
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(int(action))
            decisions += 1
    return state.returns(), decisions


def _short_game(name: str, players: int):
    return mo.load_game(name, players=players, **short(name, players))


@pytest.mark.parametrize(
    ("name", "players"),
    [("peach-festival", 1), ("peach-festival", 2), ("annapurna", 2), ("almanac", 2)],
)
def test_openspiel_mcts_bots_play_complete_games(name, players):
    game = _short_game(name, players)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    bots = [
        mcts.MCTSBot(game, 2.0, 6, evaluator, random_state=np.random.RandomState(10 + p))
        for p in range(players)
    ]
    returns, decisions = _play(game, bots, seed=2)
    assert decisions > 0 and len(returns) == players
    low, high = game.min_utility(), game.max_utility()
    assert all(low <= r <= high for r in returns)


@pytest.mark.parametrize(
    ("name", "players"),
    [("peach-festival", 1), ("peach-festival", 3), ("annapurna", 2), ("almanac", 2)],
)
def test_openspiel_ismcts_bots_play_complete_games(name, players):
    """IS-MCTS searches worlds resampled through ``determinize_observation``.

    Every seat is given a seeded resampler so the game is the same on every run (the bot's
    default one draws from an OpenSpiel sampler seeded by the system): odd seats use
    :func:`meeple.rl.openspiel.resampler`, even ones ``resample_from_infostate`` with a seeded
    ``pyspiel.UniformProbabilitySampler``, as the default does.
    """
    game = _short_game(name, players)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    bots = []
    for p in range(players):
        bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 6, random_state=np.random.RandomState(p))
        if p % 2:
            bot.set_resampler(mo.resampler(seed=p))
        else:
            sampler = pyspiel.UniformProbabilitySampler(100 + p, 0.0, 1.0)
            bot.set_resampler(
                lambda state, player, s=sampler: state.resample_from_infostate(player, s)
            )
        bots.append(bot)
    returns, decisions = _play(game, bots, seed=3)
    assert decisions > 0 and len(returns) == players


def test_unknown_parameters_and_player_counts_are_refused():
    with pytest.raises(Exception, match=r"players|take"):
        mo.load_game("annapurna", players=5)
    with pytest.raises(pyspiel.SpielError):
        mo.load_game("almanac", colour="blue")


def _almanac_content(tmp_path, name: str = "content"):
    from meeple.games.almanac.content import DEFAULT_DIR

    d = tmp_path / name
    shutil.copytree(DEFAULT_DIR, d)
    return d


def test_a_new_load_game_reads_an_edited_content_directory(tmp_path):
    d = _almanac_content(tmp_path)
    before = mo.load_game("almanac", players=2, content=str(d))
    cards = d / "cards.toml"
    text = cards.read_text()
    assert "starting_gold = [5, 6, 7, 8]" in text
    cards.write_text(text.replace("starting_gold = [5, 6, 7, 8]", "starting_gold = [6, 7, 8, 9]"))
    after = mo.load_game("almanac", players=2, content=str(d))
    assert after.meeple_game.content is not before.meeple_game.content
    assert after.meeple_game.content.starting_gold[0] == 6
    assert before.meeple_game.content.starting_gold[0] == 5  # a loaded game keeps its content


def test_a_relative_content_directory_serialises_as_its_absolute_path(tmp_path, monkeypatch):
    _almanac_content(tmp_path, "mine")
    monkeypatch.chdir(tmp_path)
    game = mo.load_game("almanac", players=2, content="mine")
    assert game.get_parameters()["content"] == str(tmp_path / "mine")
    state = game.new_initial_state()
    state.apply_action(state.chance_outcomes()[0][0])
    text = pyspiel.serialize_game_and_state(game, state)
    pickled = pickle.dumps(state)
    monkeypatch.chdir(tmp_path.parent)  # elsewhere, where no "mine" exists
    _, again = pyspiel.deserialize_game_and_state(text)
    assert str(again) == str(state)
    assert str(pickle.loads(pickled)) == str(state)


def test_a_content_path_a_game_string_cannot_carry_is_refused(tmp_path):
    d = _almanac_content(tmp_path, "a,b")
    with pytest.raises(ConfigError, match="game strings cannot carry"):
        mo.load_game("almanac", players=2, content=str(d))


def test_numpy_numbers_load_a_game():
    game = mo.load_game("almanac", players=np.int64(3))
    assert game.num_players() == 3


def test_pickles_and_copies_keep_the_game_this_process_loaded(tmp_path):
    d = _almanac_content(tmp_path)
    game = mo.load_game("almanac", players=2, content=str(d))
    state = _advance(game.new_initial_state(), 20, seed=1)
    cards = d / "cards.toml"
    cards.write_text(
        cards.read_text().replace("starting_gold = [5, 6, 7, 8]", "starting_gold = [6, 7, 8, 9]")
    )
    for again in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state), copy.copy(state)):
        assert again.get_game().meeple_game is game.meeple_game
        assert str(again) == str(state) and again.history() == state.history()
    assert pickle.loads(pickle.dumps(game)).meeple_game is game.meeple_game
    # a new load reads the directory as it is now
    assert mo.load_game("almanac", players=2, content=str(d)).meeple_game is not game.meeple_game


def test_a_state_pickled_before_its_content_was_edited_and_loaded_again_is_refused(tmp_path):
    d = _almanac_content(tmp_path)
    game = mo.load_game("almanac", players=2, content=str(d))
    state = _advance(game.new_initial_state(), 40, seed=1)
    pickled = pickle.dumps(state)
    core = pickle.dumps(state._core)
    cards = d / "cards.toml"
    cards.write_text(
        cards.read_text().replace("starting_gold = [5, 6, 7, 8]", "starting_gold = [6, 7, 8, 9]")
    )
    mo.load_game("almanac", players=2, content=str(d))  # this process now has the new content
    for data in (pickled, core):
        with pytest.raises(ConfigError, match="differs from the one pickled"):
            pickle.loads(data)


def test_a_state_pickled_before_its_scoring_content_was_edited_and_loaded_again_is_refused(
    tmp_path,
):
    """The scores come from content the state does not hold: the content files are checked
    too, not only the state rebuilt."""
    from meeple.games.peach_festival.content import DEFAULT_DIR

    d = tmp_path / "pf"
    shutil.copytree(DEFAULT_DIR, d)
    game = mo.load_game("peach-festival", players=2, content=str(d))
    state = _advance(game.new_initial_state(), 30, seed=1)
    pickled = pickle.dumps(state)
    sheet = d / "sheet.toml"
    lines = sheet.read_text().splitlines()
    sheet.write_text(
        "\n".join(
            "multipliers = [5, 5, 5, 5, 5, 5, 5, 5, 5]" if x.startswith("multipliers =") else x
            for x in lines
        )
        + "\n"
    )
    mo.load_game("peach-festival", players=2, content=str(d))
    with pytest.raises(ConfigError, match="differs from the one pickled"):
        pickle.loads(pickled)


def test_a_resampled_state_copies_but_does_not_pickle():
    game = mo.load_game("annapurna", players=2)
    state = _advance(game.new_initial_state(), 30, seed=2)
    seat = max(0, state.current_player())
    resampled = state.resample_from_infostate(seat, np.random.RandomState(0).rand)
    assert str(copy.deepcopy(resampled)) == str(resampled)
    with pytest.raises(pickle.PicklingError, match="no history"):
        pickle.dumps(resampled)


def _played(name: str, players: int, steps: int, seed: int = 3):
    game = mo.load_game(name, players=players)
    state = game.new_initial_state()
    rng = np.random.RandomState(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            acts, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(acts, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return game, state


class _WritesAFile:
    """Unpickled, it writes a file: the proof that a text was unpickled."""

    def __init__(self, path: str):
        self.path = path

    def __reduce__(self):
        return (_touch, (self.path,))


def _touch(path: str) -> None:
    with open(path, "w") as f:
        f.write("unpickled")


@pytest.mark.parametrize("name", ["peach-festival", "annapurna", "almanac"])
def test_a_serialised_state_is_data_only_and_a_crafted_pickle_in_it_never_runs(name, tmp_path):
    import base64

    game, state = _played(name, 2, 40)
    text = pyspiel.serialize_game_and_state(game, state)
    assert "__dict__" not in text and "history=" in text
    marker = tmp_path / "ran"
    payload = base64.b64encode(pickle.dumps({"_core": _WritesAFile(str(marker))})).decode()
    # OpenSpiel's own form for a Python game's state, with a pickle that writes a file
    history = ",".join(f"{h.player}:{h.action}" for h in state.full_history())
    crafted = text.split("[State]\n")[0] + (
        f"[State]\nhistory={history}\nmove_number={len(state.history())}\n__dict__={payload}\n"
    )
    for attempt in (
        lambda: pyspiel.deserialize_game_and_state(crafted),
        lambda: game.deserialize_state(crafted.split("[State]\n")[1]),
        lambda: game.deserialize_state(state.serialize() + f"__dict__={payload}\n"),
    ):
        with pytest.raises(ConfigError, match="nothing pickled is read"):
            attempt()
    assert not marker.exists()


def test_a_serialised_state_with_an_edited_history_or_fingerprint_is_refused():
    game, state = _played("annapurna", 2, 60)
    text = state.serialize()
    lines = text.splitlines()
    entries = lines[0].removeprefix("history=").split(",")
    shorter = "\n".join([f"history={','.join(entries[:-1])}", *lines[1:]])
    with pytest.raises(ConfigError, match="differs from the one serialised"):
        game.deserialize_state(shorter)
    forged = text.replace(lines[1], "fingerprint=" + "0" * 64)
    with pytest.raises(ConfigError, match="differs from the one serialised"):
        game.deserialize_state(forged)
    with pytest.raises(ConfigError, match="history entry 0 is 'x:9'"):
        game.deserialize_state(text.replace(lines[0], "history=x:9"))
    with pytest.raises(ConfigError, match="is player 1's, but player -1 acts there"):
        game.deserialize_state(text.replace(lines[0], "history=1:0"))
    with pytest.raises(ConfigError, match="more than any game's history takes"):
        game.deserialize_state("history=" + "-1:0," * 10**6)
    assert str(game.deserialize_state(text)) == str(state)


def test_other_games_still_serialise_through_openspiel():
    game = pyspiel.load_game("tic_tac_toe")
    state = game.new_initial_state()
    state.apply_action(4)
    again_game, again = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(game, state)
    )
    assert str(again_game) == str(game) and str(again) == str(state)


@pytest.mark.parametrize(
    ("name", "option"), [("peach-festival", "max_rounds"), ("annapurna", "flag_target")]
)
def test_an_option_beyond_its_range_is_a_config_error_through_openspiel(name, option):
    with pytest.raises(ConfigError, match=f"{option} is a whole number from 1 to"):
        mo.load_game(name, players=2, **{option: 10**12})
    with pytest.raises(ConfigError, match=f"{option} is a whole number from 1 to"):
        pyspiel.load_game(f"{mo.SHORT_NAMES[name]}(players=2,{option}=1000000)")
