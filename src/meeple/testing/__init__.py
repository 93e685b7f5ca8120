"""Conformance suite run on every registered game (see :mod:`meeple.testing.conformance`)."""

from meeple.testing.conformance import (
    ConformanceFailure,
    check_clone_independence,
    check_determinization,
    check_illegal_actions_raise,
    check_notation_round_trip,
    check_policy_view,
    check_random_game,
    check_record_round_trip,
    check_same_seed_same_game,
    run_conformance,
)

__all__ = [
    "ConformanceFailure",
    "check_clone_independence",
    "check_determinization",
    "check_illegal_actions_raise",
    "check_notation_round_trip",
    "check_policy_view",
    "check_random_game",
    "check_record_round_trip",
    "check_same_seed_same_game",
    "run_conformance",
]
