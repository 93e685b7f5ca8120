"""Information-set MCTS: strength on a small position, budgets, parameters."""

from __future__ import annotations

import random

import pytest

from meeple.agents import make_agent
from meeple.agents.base import own_agents
from meeple.agents.ismcts import ISMCTSAgent, parse_spec
from meeple.core import ConfigError, make
from meeple.core.driver import play_game
from meeple.core.game import CHANCE, sample_chance


def _peach_position():
    """Solo Peach Festival, seed 5, after 52 actions of the greedy agent: a Column Reward
    choice where hiring the Merchant is worth 10.5 points more than any alternative."""
    game = make("peach-festival", players=1)
    state, _ = play_game(game, [make_agent("greedy", game)], seed=5, max_steps=52)
    return game, state


@pytest.mark.parametrize(
    "spec", ["iterations=60", "iterations=60,horizon=3", "iterations=60,paired=1"]
)
def test_ismcts_finds_the_obvious_best_reward_in_a_small_peach_festival_position(spec):
    game, state = _peach_position()
    legal = state.legal_actions(0)
    assert [a.text for a in legal] == ["merchant", "noreward", "take:1", "take:20"]
    agent = ISMCTSAgent(spec)
    agent.setup(game, 0)
    for seed in range(2):
        assert agent.act(state.observe(0), legal, random.Random(seed)).text == "merchant"


def test_ismcts_wins_a_sealed_bid_game_against_random_more_often_than_not():
    game = make("fixture-pips", players=2)
    wins = 0.0
    for i in range(6):
        agents = [make_agent("ismcts:iterations=60", game), make_agent("random", game)]
        if i % 2:
            agents.reverse()
        state, _ = play_game(game, agents, seed=i)
        wins += state.returns()[i % 2]
    assert wins >= 4


def test_paired_root_sampling_plays_every_root_action_on_each_determinization():
    game, state = _peach_position()
    agent = ISMCTSAgent("iterations=40,paired=1")
    agent.setup(game, 0)
    agent.act(state.observe(0), state.legal_actions(0), random.Random(0))
    assert agent.last_iterations == 40
    assert set(agent.root_stats) == set(state.legal_actions(0))
    assert {visits for visits, _ in agent.root_stats.values()} == {10}


def test_paired_root_sampling_chooses_the_best_mean():
    game, state = _peach_position()
    agent = ISMCTSAgent("iterations=40,paired=1,horizon=3")
    agent.setup(game, 0)
    choice = agent.act(state.observe(0), state.legal_actions(0), random.Random(1))
    assert agent.root_stats[choice][1] == max(mean for _, mean in agent.root_stats.values())


def test_flat_search_keeps_statistics_for_the_root_alone():
    game, state = _peach_position()
    for flat, grows in ((1, False), (0, True)):
        agent = ISMCTSAgent(f"iterations=40,paired=1,horizon=6,flat={flat}")
        agent.setup(game, 0)
        choice = agent.act(state.observe(0), state.legal_actions(0), random.Random(2))
        assert (agent.last_tree_size > 0) == grows
        assert set(agent.root_stats) == set(state.legal_actions(0))
        assert agent.root_stats[choice][1] == max(m for _, m in agent.root_stats.values())


def test_iteration_budget_is_honoured():
    game, state = _peach_position()
    agent = ISMCTSAgent(iterations=37)
    agent.setup(game, 0)
    agent.act(state.observe(0), state.legal_actions(0), random.Random(0))
    assert agent.last_iterations == 37


def test_time_budget_is_honoured_on_the_agents_clock():
    game, state = _peach_position()
    agent = ISMCTSAgent(time=0.1)
    ticks = iter(range(10_000))
    agent.clock = lambda: next(ticks) * 0.01  # every look at the clock is 10 ms later
    agent.setup(game, 0)
    agent.act(state.observe(0), state.legal_actions(0), random.Random(0))
    assert agent.last_iterations == 10


def test_a_paired_search_begins_no_round_that_would_end_past_its_time_limit():
    game, state = _peach_position()
    agent = ISMCTSAgent("time=0.125,paired=1,horizon=2")
    ticks = iter(range(10_000))
    agent.clock = lambda: next(ticks) / 64  # a round reads the clock twice: it lasts one tick
    agent.setup(game, 0)
    agent.act(state.observe(0), state.legal_actions(0), random.Random(0))
    # the limit is tick 8; rounds run over ticks 1-2, 3-4 and 5-6; one begun at 7 would end at 8
    assert agent.last_iterations == 3 * len(state.legal_actions(0))


def test_the_first_budget_reached_stops_the_search():
    game, state = _peach_position()
    agent = ISMCTSAgent(iterations=5, time=100.0)
    agent.setup(game, 0)
    agent.act(state.observe(0), state.legal_actions(0), random.Random(0))
    assert agent.last_iterations == 5


def test_a_forced_move_is_played_without_search():
    game = make("fixture-pips", players=2)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    agent = ISMCTSAgent(iterations=50)
    agent.setup(game, 0)
    only = state.legal_actions(0)[:1]
    assert agent.act(state.observe(0), only, random.Random(0)) is only[0]
    assert agent.last_iterations == 0


def test_parameters_come_from_the_spec_text_and_keywords_win():
    agent = make_agent(
        "ismcts:it=12,c=1.5,rollout=heuristic,epsilon=0.2,horizon=8,w=0.3", make("annapurna")
    )
    assert (agent.iterations, agent.c, agent.rollout, agent.epsilon) == (12, 1.5, "heuristic", 0.2)
    assert (agent.horizon, agent.score_weight) == (8, 0.3)
    assert ISMCTSAgent("iterations=12", iterations=30).iterations == 30
    assert ISMCTSAgent().iterations == 1000
    assert parse_spec("t=0.5") == {"time": 0.5}


@pytest.mark.parametrize(
    "spec",
    [
        "ismcts:depth=3",
        "ismcts:iterations=many",
        "ismcts:iterations=0",
        "ismcts:w=2",
        "ismcts:w=nan",
        "ismcts:it=5,it=6",  # given twice
        "ismcts:time=nan",  # would never stop: no iteration budget and no deadline reached
        "ismcts:time=inf",
        "ismcts:time=0",
        "ismcts:c=nan",  # every UCT score NaN: the search would always take the first action
        "ismcts:c=-5",
        "ismcts:c=inf",
        "ismcts:rollout=heuristic,epsilon=2",
        "ismcts:rollout=heuristic,epsilon=-0.1",
        "ismcts:horizon=-3",
        "ismcts:scale=0",  # a division by zero in the shaped reward
        "ismcts:scale=-1",
        "ismcts:bias=nan",
        "ismcts:bias=-1",
        "ismcts:paired=2",
        "ismcts:guide=1",  # random rollouts have no move to expand first
        "ismcts:epsilon=0.2",  # nothing to mix random moves into
        "ismcts:opponents=policy",  # random rollouts have no policy to model the opponents by
        "ismcts:rollout=heuristic,opponents=greedy",
    ],
)
def test_bad_parameters_are_refused(spec):
    with pytest.raises(ConfigError):
        make_agent(spec, make("peach-festival"))


@pytest.mark.parametrize(
    ("name", "rollout"),
    [
        ("annapurna", "oracle"),
        ("annapurna", "heuristic:bogus=1"),
        ("annapurna", "heuristic:progress=x"),
        ("annapurna", "random:x=1"),
        ("peach-festival", "heuristic:lntb=4"),  # its heuristic (greedy) takes no parameters
    ],
)
def test_an_unknown_rollout_policy_or_parameter_is_refused_at_setup(name, rollout):
    game = make(name, players=2)
    agent = ISMCTSAgent(rollout=rollout)
    with pytest.raises(ConfigError):
        agent.setup(game, 0)


@pytest.mark.parametrize("name", ["peach-festival", "almanac"])
def test_a_checkpoint_is_refused_in_a_game_without_checkpoints(name):
    agent = ISMCTSAgent("checkpoint=1")
    with pytest.raises(ConfigError, match="no checkpoint"):
        agent.setup(make(name, players=2), 0)
    ISMCTSAgent("checkpoint=1").setup(make("annapurna", players=2), 0)  # the end of an Ascent


@pytest.mark.parametrize(
    "spec", ["iterations=40,rollout=heuristic", "iterations=40,score_weight=0.5"]
)
def test_rollout_policies_and_shaped_rewards_play_whole_games(spec):
    game = make("fixture-pips", players=3)
    agents = [ISMCTSAgent(spec), make_agent("high", game), make_agent("random", game)]
    state, _ = play_game(game, agents, seed=1)
    assert state.is_terminal()


@pytest.mark.parametrize(
    ("name", "spec"),
    [
        ("annapurna", "iterations=30,checkpoint=1"),
        ("peach-festival", "iterations=30,horizon=5,bias=1"),
        ("almanac", "iterations=30,horizon=10,score_weight=0.5"),
    ],
)
def test_truncated_rollouts_and_progressive_bias_choose_legal_actions(name, spec):
    game = make(name, players=2)
    agents = [make_agent(sorted(own_agents(game))[0], game) for _ in range(2)]
    state, _ = play_game(game, agents, seed=2, max_steps=80)
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    seat = state.acting_seats()[0]
    agent = ISMCTSAgent(spec)
    agent.setup(game, seat)
    legal = state.legal_actions(seat)
    choice = agent.act(state.observe(seat), legal, random.Random(0))
    assert choice in legal
    assert agent.last_iterations == (30 if len(legal) > 1 else 0)


def _annapurna_choice():
    """Two climbers, seed 4: the first decision with at least 3 options after 30 actions of the
    heuristic climbers (then the last legal action at each step)."""
    game = make("annapurna", players=2)
    agents = [make_agent("heuristic", game) for _ in range(2)]
    state, _ = play_game(game, agents, seed=4, max_steps=30)
    while state.is_chance_node() or len(state.legal_actions(state.acting_seats()[0])) < 3:
        if state.is_chance_node():
            state.apply_action(state.legal_actions()[0])
        else:
            seat = state.acting_seats()[0]
            state.apply_action(state.legal_actions(seat)[-1], seat)
    return game, state, state.acting_seats()[0]


@pytest.mark.parametrize(
    ("rollout", "policy"),
    [("heuristic", "heuristic"), ("heuristic:progress=4;reach=0", "heuristic:progress=4,reach=0")],
)
def test_guided_expansion_first_tries_the_rollout_policys_move(rollout, policy):
    game, state, seat = _annapurna_choice()
    legal = state.legal_actions(seat)
    heuristic = make_agent(policy, game)
    heuristic.setup(game, seat)
    expected = heuristic.act(state.observe(seat), legal, random.Random(0))
    for seed in range(3):
        agent = ISMCTSAgent(f"iterations=1,rollout={rollout},checkpoint=1,guide=1")
        agent.setup(game, seat)
        assert agent.act(state.observe(seat), legal, random.Random(seed)) == expected


def test_observer_keys_share_the_opponents_nodes_between_determinizations():
    # the opponent's Backpack is resampled in every determinization: keyed by its own view, an
    # opponent's node is met once; keyed by the searcher's view, it is met again and again
    game, state, seat = _annapurna_choice()
    legal = state.legal_actions(seat)
    sizes = {}
    for observer in (0, 1):
        agent = ISMCTSAgent(f"iterations=200,rollout=heuristic,checkpoint=1,observer={observer}")
        agent.setup(game, seat)
        assert agent.act(state.observe(seat), legal, random.Random(3)) in legal
        sizes[observer] = agent.last_tree_size
    assert sizes[1] < sizes[0]


def test_policy_modelled_opponents_leave_only_the_searchers_own_nodes_in_the_tree():
    # opponents=policy: the other climber's moves below the root are the heuristic's, so the
    # nodes kept are the searching seat's own, fewer than with the opponent's nodes as well
    game, state, seat = _annapurna_choice()
    legal = state.legal_actions(seat)
    spec = "iterations=200,rollout=heuristic,checkpoint=1,paired=1,guide=1,opponents={}"
    sizes = {}
    for mode in ("tree", "policy"):
        agent = ISMCTSAgent(spec.format(mode))
        agent.setup(game, seat)
        assert agent.act(state.observe(seat), legal, random.Random(3)) in legal
        assert agent.opponents == mode and agent.last_iterations >= 200
        sizes[mode] = agent.last_tree_size
    assert 0 < sizes["policy"] < sizes["tree"]


@pytest.mark.parametrize("spec", ["iterations=40", "iterations=40,paired=1"])
def test_the_search_spends_its_budget_on_the_offered_actions_only(spec):
    game, state = _peach_position()
    offered = state.legal_actions(0)[2:]  # take:1 and take:20, not the Merchant
    agent = ISMCTSAgent(spec)
    agent.setup(game, 0)
    choice = agent.act(state.observe(0), offered, random.Random(1))
    assert choice in offered and set(agent.root_stats) == set(offered)
    assert sum(visits for visits, _ in agent.root_stats.values()) == 40


@pytest.mark.parametrize("spec", ["iterations=20", "iterations=20,paired=1"])
def test_an_offered_action_the_position_does_not_allow_is_never_played_into(spec):
    game, state = _peach_position()
    legal = state.legal_actions(0)
    foreign = next(a for a in game.action_space.actions if a not in legal)
    agent = ISMCTSAgent(spec)
    agent.setup(game, 0)
    choice = agent.act(state.observe(0), [legal[0], foreign], random.Random(1))
    assert choice == legal[0] and foreign not in agent.root_stats


def test_act_needs_setup_and_at_least_one_legal_action():
    game, state = _peach_position()
    agent = ISMCTSAgent("iterations=5")
    with pytest.raises(RuntimeError, match="setup"):
        agent.act(state.observe(0), state.legal_actions(0), random.Random(0))
    agent.setup(game, 0)
    with pytest.raises(ValueError, match="at least one legal action"):
        agent.act(state.observe(0), [], random.Random(0))


def test_scale_needs_the_score_weight_it_sizes():
    with pytest.raises(ConfigError, match="give score_weight too"):
        make_agent("ismcts:horizon=10,scale=5", make("peach-festival"))
    assert make_agent("ismcts:score_weight=0.5,scale=5", make("peach-festival")).scale == 5


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"iterations": "100"}, "iterations must be a whole number, not '100'"),
        ({"iterations": 2.5}, "iterations must be a whole number"),
        ({"iterations": True}, "iterations must be a whole number"),
        ({"c": "1"}, "c must be a number, not '1'"),
        ({"rollout": 3}, "rollout must be text"),
        ({"flat": "1"}, "flat must be a whole number, not '1'"),
        ({"paired": 2}, "paired is 0 or 1, not 2"),
        ({"iterations": 0}, "iterations must be at least 1"),
    ],
)
def test_python_arguments_of_the_wrong_type_are_refused_naming_the_parameter(kwargs, message):
    with pytest.raises(ConfigError, match=message):
        ISMCTSAgent(**kwargs)


def test_numpy_numbers_configure_the_search():
    np = pytest.importorskip("numpy")
    agent = ISMCTSAgent(iterations=np.int64(50), c=np.float32(0.5))
    assert agent.iterations == 50 and type(agent.iterations) is int and agent.c == 0.5


def _after(state, seat, action):
    after = state.clone()
    after.apply_action(action, seat)
    return after


def _ends_the_ascent_in_every_world(game, state, seat, action) -> bool:
    """``action`` ends the Ascent (not the Expedition) with the same flags whatever the cards
    ``seat`` cannot see (a peak card's effect, say, could otherwise prolong the turn)."""
    worlds = [state] + [
        game.determinize_observation(state.observe(seat), random.Random(k)) for k in range(12)
    ]
    flags = set()
    for world in worlds:
        after = _after(world, seat, action)
        if after.ascent == world.ascent or after.is_terminal():
            return False
        flags.add(tuple(after.flags))
    return len(flags) == 1


def _annapurna_ascent_end():
    """Two heuristic climbers, seeds from 0: the first decision with a legal move that ends
    the Ascent (and not the Expedition) in every world the climber cannot tell apart."""
    game = make("annapurna", players=2)
    for seed in range(40):
        agents = [make_agent("heuristic", game) for _ in range(2)]
        for s, agent in enumerate(agents):
            agent.setup(game, s)
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng), CHANCE)
                continue
            seat = state.acting_seats()[0]
            legal = state.legal_actions(seat)
            for a in legal if len(legal) > 1 else ():
                if _ends_the_ascent_in_every_world(game, state, seat, a):
                    return game, state, seat, a, _after(state, seat, a)
            state.apply_action(agents[seat].act(state.observe(seat), legal, rng), seat)
    raise AssertionError("no Ascent-ending move found")


def test_a_tree_move_that_ends_the_ascent_is_scored_by_the_flag_race_at_the_checkpoint():
    """checkpoint=1 stops the tree's descent as it stops rollouts: every playout after a root
    move that ends the Ascent is the flag race of the flags it leaves (public, so exact)."""
    from meeple.games.annapurna.heuristics import flag_race

    game, state, seat, ender, after = _annapurna_ascent_end()
    agent = ISMCTSAgent("iterations=40,checkpoint=1,rollout=heuristic,paired=1,guide=1")
    agent.setup(game, seat)
    agent.act(state.observe(seat), state.legal_actions(seat), random.Random(0))
    visits, mean = agent.root_stats[ender]
    target = game.config["flag_target"]
    assert visits > 0 and mean == pytest.approx(flag_race(tuple(after.flags), target)[seat])


@pytest.mark.parametrize("rollout", ["random", "heuristic"])
def test_evaluated_positions_are_not_blended_with_the_score_weight(rollout):
    """score_weight (and its scale) blend terminal rewards only: a search whose rollouts all
    stop at the horizon keeps the same statistics with or without them."""
    game, state, seat = _annapurna_choice()
    stats = []
    for extra in ("", ",score_weight=0.5,scale=0.5"):
        agent = ISMCTSAgent(f"iterations=60,horizon=2,rollout={rollout}" + extra)
        agent.setup(game, seat)
        agent.act(state.observe(seat), state.legal_actions(seat), random.Random(3))
        stats.append(agent.root_stats)
    assert stats[0] == stats[1]
