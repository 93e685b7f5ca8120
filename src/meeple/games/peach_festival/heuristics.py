"""Heuristics, the heuristic (greedy) agent and the search evaluator of The Peach Festival.

The heuristic agent sees only its observation: it rebuilds a state with
:meth:`PeachFestival.determinize_observation`, tries each legal action on a copy, and keeps the
one with the best immediate score (ties broken by its own RNG).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import cast

from meeple.core.actions import Action
from meeple.core.agent import Agent
from meeple.core.evaluation import Evaluator
from meeple.core.game import State
from meeple.games.peach_festival import rules
from meeple.games.peach_festival.scoring import score_breakdown
from meeple.games.peach_festival.state import ACTION, RESOLVE, SETUP_KEEP, PeachState

#: Value of a reward still to be taken (a number to write, a roll, a Column Reward).
PENDING_VALUE = 1.5


def immediate_value(state: PeachState, seat: int) -> float:
    """Score ``seat`` would have if the game ended now, plus credit for the pending rewards it
    can follow now (one waiting for another, ruling PF-R39, is not counted)."""
    sh = state.sheets[seat]
    return score_breakdown(state, seat)["total"] + PENDING_VALUE * (
        len(rules.followable(state, seat)) + sh.dice_left + len(state.draw_queue)
    )


def action_value(state: PeachState, seat: int, action: Action) -> float:
    """Immediate value of ``action`` for ``seat`` on a copy of ``state`` (``state`` unchanged)."""
    trial = state.clone()
    if trial.phase == ACTION:
        # Resolve only this seat's action: the others' sealed choices do not change its sheet.
        trial.sheets[seat].commit = action
        trial.phase = RESOLVE
        rules.resolve_main_action(trial, seat)
    elif trial.phase == SETUP_KEEP:
        rules.keep_card(trial, seat, action.args[0])
    else:
        trial.apply_action(action, seat)
    return immediate_value(trial, seat)


class HeuristicAgent(Agent):
    """Chooses the action with the best immediate score gain (registered as ``heuristic`` and,
    as records name it, ``greedy``)."""

    name = "heuristic"

    def act(self, observation: dict, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        state = self.game.determinize_observation(observation, rng)
        seat = observation["seat"]
        best: list[Action] = []
        best_value = float("-inf")
        for action in legal_actions:
            value = action_value(state, seat, action)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif value > best_value - 1e-9:
                best.append(action)
        return best[rng.randrange(len(best))]


#: The former name of :class:`HeuristicAgent`.
GreedyAgent = HeuristicAgent


def _scores(state: State) -> list[float]:
    # score now plus the heuristic agent's credit for rewards still to take
    st = cast(PeachState, state)
    return [immediate_value(st, s) for s in range(st.num_players)]


#: The search evaluator (:mod:`meeple.core.evaluation`): a margin of 10 points is worth tanh(1).
EVALUATOR = Evaluator(_scores, scale=10.0)
