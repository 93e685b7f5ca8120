"""Bulk simulation of games between agents: parallel runs, statistics and result files."""

from meeple.sim.frame import results_frame
from meeple.sim.output import read_results, write_results
from meeple.sim.runner import SimSpec, check_simulation, play_one, run_simulation, seat_slots
from meeple.sim.session import Run, open_results, run_games
from meeple.sim.stats import Summary, summarize, wilson_interval

__all__ = [
    "Run",
    "SimSpec",
    "Summary",
    "check_simulation",
    "open_results",
    "play_one",
    "read_results",
    "results_frame",
    "run_games",
    "run_simulation",
    "seat_slots",
    "summarize",
    "wilson_interval",
    "write_results",
]
