"""The cooperative version the rulebook recommends for a first game ("If this is your first
time playing Annapurna we recommend starting with the cooperative version"), as our
reconstruction: rulings AN-R22 (one team, the same turns), AN-R43 (the team's flags),
AN-R44 (the team's target within 3 Ascents) and AN-R45 (one result and return for all)."""

from __future__ import annotations

import random

from meeple.core.game import CHANCE, sample_chance
from meeple.games.annapurna.consts import COOP_ASCENTS, DECIDE, TEAM
from meeple.games.annapurna.game import Annapurna
from meeple.games.annapurna.heuristics import EVALUATOR, HeuristicAgent

from .helpers import (
    RUSH,
    ZERO_RUSH,
    actor,
    climb_route,
    code,
    finish,
    hike_all,
    idle,
    layout,
    play,
    setup,
    texts,
)


def both_peak(**options) -> Annapurna:
    """Red climbs the plain route to a total of +2, then Blue to a total of 0: the Ascent ends."""
    state = hike_all(setup(2, layouts={0: RUSH, 1: ZERO_RUSH}, mode="cooperative", **options), "e1")
    climb_route(state, 0)
    climb_route(state, 1)
    return state


def test_each_climber_earns_the_team_flags_by_its_own_distance_from_zero():
    """Ruling AN-R43: 3 flags at exactly 0, 2 at one off, 1 at two off, none further."""
    state = both_peak()
    assert state.ascent == 2 and state.earned == [1, 3] and state.flags == [1, 3]
    assert "the team has 4 of 9 flags" in state.game.render(state.observe(0))


def test_left_no_trace_behind_ends_the_ascent_and_nobody_else_gets_any_flags():
    """AN-063 in the cooperative version (ruling AN-R43): the first climber to peak at zero
    collects 4 flags for the team and the Ascent ends."""
    state = hike_all(setup(2, layouts={0: ZERO_RUSH}, mode="cooperative"), "e1")
    climb_route(state, 0)
    assert state.ascent == 2 and state.lntb == 0 and state.flags == [4, 0]


def test_the_team_wins_together_when_its_flags_reach_the_target():
    """Rulings AN-R44, AN-R45: half the flag target per climber (here 2 for 2 climbers); every
    climber wins, ranks first, scores the team's flags, and has the team's return."""
    state = both_peak(flag_target=2)
    assert state.game.team_target() == 2
    assert state.is_terminal() and state.winner == TEAM
    assert state.returns() == [1.0, 1.0]
    result = state.result()
    assert result.winners == [0, 1] and result.scores == [4.0, 4.0]
    assert [s.rank for s in result.seats] == [1, 1] and result.extras["team_won"] == 1.0
    assert "the Expedition succeeds" in state.game.render(state.observe(1))


def test_the_team_fails_when_its_ascents_run_out_short_of_the_target():
    """Ruling AN-R44: 3 Ascents (the fewest "It takes 3 to 7 Ascents" gives); then the team's
    return is 0 for every climber."""
    game = Annapurna(3, mode="cooperative", flag_target=100)
    assert game.max_ascents() == COOP_ASCENTS == 3
    state = game.new_initial_state()
    state.playout(random.Random(2))
    assert state.is_terminal() and state.ascent == 3 and state.winner == -1
    assert state.returns() == [0.0, 0.0, 0.0] and state.result().winners == []
    assert "the Expedition fails" in game.render(state.observe(None))


def test_the_target_is_half_the_flag_target_per_climber_rounded_up():
    """Ruling AN-R44."""
    assert [Annapurna(n, mode="cooperative").team_target() for n in (2, 3, 4)] == [9, 14, 18]


def test_partners_keep_every_action_of_the_competitive_game():
    """Ruling AN-R22: Hide, Throw, Scavenge and Retaliate stay (a partner may help or harm)."""
    state = hike_all(setup(2, mode="cooperative"))
    assert {"trade", "hide"} <= set(texts(state))
    state = hike_all(setup(3, layouts={0: layout(a1=14, b1=15)}, mode="cooperative"))
    play(state, "explore b1", "end")
    assert state.acting_seats() == (1, 2)


def test_the_evaluator_scores_every_climber_with_the_team():
    """Ruling AN-R45: the search's score-now is the team's flags for every seat."""
    state = both_peak()
    values = EVALUATOR.scores(state)
    assert len(set(values)) == 1 and values[0] >= 4.0
    assert EVALUATOR.value(state) is None  # no flag race between partners


# -- the cooperative heuristic -----------------------------------------------------------------
def _agent(state, seat: int) -> HeuristicAgent:
    agent = HeuristicAgent()
    agent.setup(state.game, seat)
    return agent


def test_the_cooperative_climber_leaves_a_partners_balanced_cards_alone():
    """A partner at a total of 0 loses balance with any card taken: pass (ruling AN-R43);
    the competitive climber takes one."""
    for mode, wanted in (("cooperative", "pass"), ("competitive", "scavenge")):
        state = hike_all(setup(2, layouts={0: layout(a1=14, b1=15)}, mode=mode))
        play(state, "explore b1", "end")
        legal = state.legal_actions(1)
        choice = _agent(state, 1).act(state.observe(1), legal, random.Random(0))
        assert choice.kind == wanted


def test_the_cooperative_climber_never_retaliates_on_a_partner():
    """AN-054 in the cooperative version: a partner's face-down card is the team's own."""
    state = setup(2, layouts={0: RUSH, 1: layout(a1=14, a2=15)}, mode="cooperative")
    climb_route(state, 0, stop="b4")
    play(state, "explore b4")
    finish(state)
    play(state, "explore a2", "sweep a1+a2")
    finish(state)
    play(state, "explore a5")
    finish(state)
    idle(state)
    play(state, "throw", f"card {code(0, 14)}", "to B:a1")
    assert state.stage == DECIDE and actor(state) == 1
    legal = state.legal_actions(1)
    assert _agent(state, 1).act(state.observe(1), legal, random.Random(0)).text == "pass"


def test_the_cooperative_climber_throws_only_a_card_that_brings_a_partner_closer_to_zero():
    """Every Throw a cooperative heuristic makes in seeded Expeditions lowers its target's
    distance from zero (ruling AN-R43)."""
    game = Annapurna(3, mode="cooperative")
    throws = 0
    for seed in range(6):
        rng = random.Random(seed)
        agents = [_agent(game.new_initial_state(), s) for s in range(3)]
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(sample_chance(state, rng), CHANCE)
                continue
            seat = actor(state)
            act = agents[seat].act(state.observe(seat), state.legal_actions(seat), rng)
            if act.kind == "to" and state.verb == 4:
                t = act.args[0]
                before = abs(state.total(t))
                state.apply_action(act, seat)
                assert abs(state.total(t)) < before
                throws += 1
                continue
            state.apply_action(act, seat)
    assert throws > 0
