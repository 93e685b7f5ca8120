"""The engine contract on the fixture game: nodes, legality, notation, hidden information."""

from __future__ import annotations

import pickle

import pytest
from fixture_game import SealedPips
from helpers import deal, to_bid

from meeple.core import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Action,
    ActionSpace,
    ConfigError,
    IllegalActionError,
    NotationError,
    make,
    observe,
    sample_chance,
)
from meeple.core.seeding import derive_seed, make_rng


def test_make_builds_the_registered_fixture_with_options():
    game = make("fixture-pips", players=3, rounds=2)
    assert isinstance(game, SealedPips)
    assert game.config == {"players": 3, "rounds": 2, "deck": 12}


@pytest.mark.parametrize(
    "config",
    [
        {"players": 1},
        {"players": 4},
        {"players": "2"},
        {"colour": "red"},
        {"rounds": 4, "players": 3},
    ],
)
def test_unsupported_configuration_raises_config_error(config):
    with pytest.raises(ConfigError):
        make("fixture-pips", **config)


def test_unknown_game_raises_config_error_listing_known_games():
    with pytest.raises(ConfigError, match="fixture-pips"):
        make("no-such-game")


def test_setup_is_a_chance_node_over_the_unseen_unordered_deck(game2):
    state = game2.new_initial_state()
    assert state.current_player() == CHANCE
    outcomes = state.chance_outcomes()
    assert [a.text for a, _ in outcomes] == [f"c{c}" for c in range(1, 13)]
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    state.apply_action("c7")
    assert "c7" not in [a.text for a in state.legal_actions()]
    assert len(state.chance_outcomes()) == 11


def test_sealed_bid_node_lets_seats_commit_in_any_order(game2):
    state = to_bid(game2, [[1, 5, 9], [2, 8, 10]], prize=12)
    assert state.current_player() == SIMULTANEOUS
    assert state.acting_seats() == (0, 1)
    state.apply_action("b8", seat=1)
    assert state.acting_seats() == (0,)
    assert state.current_player() == SIMULTANEOUS
    assert state.legal_actions(1) == ()
    state.apply_action("b5", seat=0)
    # bids revealed; the single highest bidder (seat 1) holds the pending decision
    assert state.current_player() == 1
    assert state.observe(0)["last_bids"] == [5, 8]


def test_simultaneous_commit_is_hidden_from_the_other_seat(game2):
    views = []
    for bid in ("b1", "b9"):
        state = to_bid(game2, [[1, 5, 9], [2, 8, 10]], prize=12)
        state.apply_action(bid, seat=0)
        views.append(state.observe(1))
        assert state.observe(0)["my_bid"] == int(bid[1:])
        assert observe(state, None)["committed"] == [True, False]
    assert views[0] == views[1]
    assert views[0]["committed"] == [True, False]


def test_hidden_hands_do_not_change_the_other_seats_observation(game2):
    a = deal(game2, [[1, 5, 9], [2, 8, 10]])
    b = deal(game2, [[1, 5, 9], [3, 7, 11]])
    assert a.observe(0) == b.observe(0)
    assert a.observe(None) == b.observe(None)
    assert a.observe(1) != b.observe(1)


def test_pending_decision_stack_burn_then_hit(game2):
    state = to_bid(game2, [[1, 5, 9], [2, 8, 10]], prize=12)
    state.apply_action("b9", seat=0)
    state.apply_action("b2", seat=1)
    assert state.current_player() == 0
    assert [a.text for a in state.legal_actions()] == ["keep", "burn"]
    state.apply_action("burn")
    assert state.current_player() == 0
    assert [a.text for a in state.legal_actions()] == ["hit1"]
    state.apply_action("hit1")
    assert state.current_player() == CHANCE
    assert state.observe(None)["hits"] == [0, 2]


def test_illegal_bid_names_the_rule_and_leaves_the_state_unchanged(game2):
    state = to_bid(game2, [[1, 5, 9], [2, 8, 10]], prize=12)
    before = state.fingerprint()
    history = list(state.history)
    with pytest.raises(IllegalActionError) as err:
        state.apply_action("b2", seat=0)
    assert err.value.rule == "FX-04"
    assert "holds no card 2" in err.value.reason
    assert err.value.seat == 0
    assert state.fingerprint() == before
    assert state.history == history
    # the cached legal actions are still right afterwards
    assert [a.text for a in state.legal_actions(0)] == ["b1", "b5", "b9"]


@pytest.mark.parametrize(
    ("action", "seat", "rule"),
    [
        ("b1", None, "CORE-03"),  # simultaneous node: seat required
        ("nonsense", 0, "CORE-04"),  # unknown notation
        (999, 0, "CORE-04"),  # id out of range
        ("c3", 0, "CORE-05"),  # chance outcome by a seat
        ("keep", 0, "FX-04"),  # wrong kind of decision
    ],
)
def test_core_refusals_name_their_rule(game2, action, seat, rule):
    state = to_bid(game2, [[1, 5, 9], [2, 8, 10]], prize=12)
    before = state.fingerprint()
    with pytest.raises(IllegalActionError) as err:
        state.apply_action(action, seat)
    assert err.value.rule == rule
    assert state.fingerprint() == before


def test_a_refused_action_is_kept_as_the_caller_gave_it(game2):
    """IllegalActionError.action is the caller's value (id, notation or Action), for the
    game's own refusals as for the core's; the message shows an Action by its notation."""
    state = to_bid(game2, [[1, 5, 9], [2, 8, 10]], prize=12)
    keep = game2.action("keep")
    for given in (keep.id, "keep", keep):
        with pytest.raises(IllegalActionError) as err:
            state.apply_action(given, 0)
        assert err.value.rule == "FX-04" and err.value.action is given
        assert "(action 'keep' by seat 0)" in str(err.value)  # named by its notation


def test_chance_outcome_off_a_chance_node_is_a_core_refusal(game2):
    state = to_bid(game2, [[1, 5, 9], [2, 8, 10]], prize=12)
    before = state.fingerprint()
    with pytest.raises(IllegalActionError) as err:
        state.apply_action("c3", CHANCE)
    # refused by the core, not by the game's reasons for a seat's illegal move
    assert err.value.rule.startswith("CORE-")
    assert state.fingerprint() == before


def test_chance_outcome_at_a_decision_node_is_refused_whatever_the_game_says():
    """CORE-07: a chance outcome applies only at a chance node, even one the game would take as
    an outcome of its own node kind (Annapurna's "first" climber draw)."""
    import meeple

    state = meeple.make("annapurna", players=2).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0], CHANCE)
    assert state.current_player() >= 0
    before, length = state.fingerprint(), len(state.history)
    with pytest.raises(IllegalActionError) as err:
        state.apply_action("first B", CHANCE)
    assert err.value.rule == "CORE-07" and "not a chance node" in err.value.reason
    assert state.fingerprint() == before and len(state.history) == length


def test_result_is_refused_before_the_game_is_over(game2):
    """A mid-game result would count hidden cards and name winners too early."""
    state = game2.new_initial_state()
    with pytest.raises(ValueError, match="not over"):
        state.result()


def test_seat_without_a_decision_cannot_act(game2):
    state = to_bid(game2, [[1, 5, 9], [2, 8, 10]], prize=12)
    state.apply_action("b1", seat=0)
    before = state.fingerprint()
    with pytest.raises(IllegalActionError) as err:
        state.apply_action("b5", seat=0)
    assert err.value.rule == "CORE-06" and "already chosen" in err.value.reason
    assert state.fingerprint() == before


def test_player_action_at_a_chance_node_is_refused(game2):
    state = game2.new_initial_state()
    with pytest.raises(IllegalActionError) as err:
        state.apply_action("b1", seat=0)
    assert err.value.rule == "CORE-06"
    with pytest.raises(IllegalActionError) as err:
        state.apply_action("b1", seat=CHANCE)
    assert err.value.rule == "CORE-05"


def test_terminal_state_refuses_every_action_and_ranks_ties(game2):
    from meeple.agents import RandomAgent
    from meeple.core.driver import play_game

    state, _ = play_game(game2, [RandomAgent(), RandomAgent()], seed=3)
    assert state.current_player() == TERMINAL
    with pytest.raises(IllegalActionError) as err:
        state.apply_action("keep", 0)
    assert err.value.rule == "CORE-02"
    assert state.legal_actions(0) == ()


def test_equal_values_win_nothing_and_equal_scores_share_first_rank(game2):
    state = deal(game2, [[1, 3, 5], [2, 4, 6]])
    assert state.returns() == [0.0, 0.0]
    for prize, (x, y) in zip((7, 8, 9), ((1, 2), (3, 4), (5, 6)), strict=True):
        state.apply_action(f"c{prize}")
        state.apply_action(f"b{x}", 0)
        state.apply_action(f"b{y}", 1)
    assert state.is_terminal()
    res = state.result()
    assert res.scores == [0.0, 0.0]
    assert [s.rank for s in res.seats] == [1, 1]
    assert res.winners == [0, 1]
    assert state.returns() == [0.5, 0.5]
    assert res.extras == {"rounds": 3, "ties": 3}


def test_scores_are_prizes_kept_minus_hits_with_competition_ranks():
    game = SealedPips(players=3, rounds=2)
    state = deal(game, [[1, 7], [2, 8], [5, 10]])
    state.apply_action("c12")  # prize worth 6
    for seat, bid in enumerate(("b1", "b2", "b5")):
        state.apply_action(bid, seat)
    state.apply_action("keep")  # seat 2 scores 6
    state.apply_action("c11")
    for seat, bid in enumerate(("b7", "b8", "b10")):
        state.apply_action(bid, seat)
    state.apply_action("burn")
    state.apply_action("hit1")
    res = state.result()
    assert res.scores == [0.0, -2.0, 6.0]
    assert [s.rank for s in res.seats] == [2, 3, 1]
    assert res.to_dict()["breakdown"][1] == {"prizes": 0.0, "hits": -2.0}
    assert state.returns() == [0.0, 0.0, 1.0]


def test_notation_and_id_round_trip_for_the_whole_space(game):
    space = game.action_space
    for a in space.actions:
        assert game.action(a.text) is a
        assert game.action(a.id) is a
        assert str(a) == a.text
    for a in space.chance_outcomes:
        assert game.action(a.text, chance=True) is a
        assert game.action(a.id, chance=True) is a
    assert space.num_actions == 12 + 2 + game.num_players
    assert space.num_chance_outcomes == 12
    with pytest.raises(NotationError):
        game.action("b13")
    with pytest.raises(NotationError):
        game.action(-1)


def test_actions_are_immutable_hashable_and_picklable(game2):
    a = game2.action("b3")
    with pytest.raises(AttributeError):
        a.text = "x"
    assert {a: 1}[game2.action(2)] == 1
    back = pickle.loads(pickle.dumps(a))
    assert (back.id, back.text, back.kind, back.args) == (a.id, a.text, a.kind, a.args)
    # an equal action from elsewhere maps back to this space's interned instance
    assert game2.action(back) is a
    chance = game2.action("c3", chance=True)
    assert chance is not game2.action(chance.id) and chance.chance
    with pytest.raises(NotationError):
        game2.action(SealedPips(players=3).action("hit2"))


def test_action_space_refuses_duplicate_notation():
    with pytest.raises(ValueError, match="duplicate"):
        ActionSpace([("x", "k", ()), ("x", "k", ())])
    space = ActionSpace([("x", "k", ())])
    assert isinstance(space.get("x"), Action) and "x" in space and "y" not in space


def test_legal_actions_are_deterministic_and_cached(game2):
    state = to_bid(game2, [[9, 1, 5], [2, 8, 10]], prize=12)
    first = state.legal_actions(0)
    assert first is state.legal_actions(0)
    assert [a.text for a in first] == ["b1", "b5", "b9"]
    assert [a.text for a in state.clone().legal_actions(0)] == ["b1", "b5", "b9"]
    with pytest.raises(ValueError, match="simultaneous"):
        state.legal_actions()


def test_sample_chance_uses_only_the_drivers_rng(game2):
    state = game2.new_initial_state()
    draws = [sample_chance(state, make_rng(5, "x")).text for _ in range(3)]
    assert len(set(draws)) == 1
    with pytest.raises(ValueError):
        sample_chance(to_bid(game2, [[1, 5, 9], [2, 8, 10]], prize=12), make_rng(0))


def test_derive_seed_is_stable_and_label_sensitive():
    assert derive_seed(1, "game", 3) == derive_seed(1, "game", 3)
    assert derive_seed(1, "game", 3) != derive_seed(1, "game", 4)
    assert 0 <= derive_seed(None) < 2**63
    # a fixed value: independent of the process and of PYTHONHASHSEED
    assert derive_seed(0, "chance") == derive_seed(0, "chance")


def test_booleans_are_not_action_ids():
    """``True`` is an ``int`` in Python, but never an action id."""
    import pytest

    import meeple
    from meeple.core.errors import IllegalActionError

    state = meeple.make("peach-festival", players=2).new_initial_state()
    before = state.fingerprint()
    with pytest.raises(IllegalActionError) as e:
        state.apply_action(True)
    assert e.value.rule == "CORE-04" and state.fingerprint() == before


def test_impossible_chance_outcome_names_the_core_rule():
    import pytest

    import meeple
    from meeple.core.errors import IllegalActionError

    state = meeple.make("peach-festival", players=2).new_initial_state()
    state.apply_action("card:3")
    with pytest.raises(IllegalActionError) as e:
        state.apply_action("card:3")  # already drawn
    assert e.value.rule == "CORE-07"


def test_an_agent_that_changes_its_legal_list_cannot_make_an_illegal_move_legal(game2):
    """The driver gives each agent a copy of the legal list, so the game's own list (against
    which every move is checked) stays as the rules made it."""
    from meeple.agents.base import Agent
    from meeple.core.driver import play_game

    class Smuggler(Agent):
        def act(self, observation, legal_actions, rng):
            foreign = next(a for a in self.game.action_space.actions if a not in legal_actions)
            legal_actions.append(foreign)
            return foreign

    with pytest.raises(IllegalActionError):
        play_game(game2, [Smuggler(), Smuggler()], seed=1)


def test_an_action_space_lists_every_spelling_parse_reads_as_an_action():
    """An action's notation first, then its aliases; an action without aliases has one."""
    space = ActionSpace(
        [("a&b", "pair", ()), ("c", "one", ())], aliases={"b&a": "a&b", "B&A": "a&b"}
    )
    pair, one = space.actions
    assert space.spellings(pair) == ["a&b", "b&a", "B&A"]
    assert all(space.parse(t) is pair for t in space.spellings(pair))
    assert space.spellings(one) == ["c"]


def test_typed_moves_are_found_up_to_blanks_and_letter_case():
    """ActionSpace.find_typed: what drivers do with a move a person typed."""
    import meeple

    game = meeple.make("annapurna", players=2)
    space = game.action_space
    legal = [game.action("explore b1"), game.action("explore b2"), game.action("trade")]
    assert space.find_typed("EXPLORE  B1", legal) is legal[0]
    assert space.find_typed(" Trade ", legal) is legal[2]
    assert space.find_typed("explore b3", legal) is None  # a move, but not among these
    assert space.find_typed("climb", legal) is None
    assert space.find_typed("explore", legal) is None  # no spelling of one move alone
