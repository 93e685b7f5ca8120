"""Scoring of an Expedition: flags, ranks and returns (AN-061..AN-070, ruling AN-R20; the
cooperative team's, rulings AN-R43..AN-R45)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core.game import GameResult, SeatResult, rank_seats
from meeple.games.annapurna.consts import TEAM

if TYPE_CHECKING:
    from meeple.games.annapurna.state import AnnapurnaState


def game_result(st: AnnapurnaState) -> GameResult:
    """Flags per climber; the winner ranks first, the others by flags then by their
    placing in the final Ascent (AN-068..AN-070, ruling AN-R20)."""
    n = st.game.num_players
    if st.game.cooperative:
        return _team_result(st)
    keys = [(1 if s == st.winner else 0, st.flags[s], -(st.placing[s] or n + 1)) for s in range(n)]
    ranks = rank_seats(keys)
    seats = [
        SeatResult(
            seat=s,
            score=float(st.flags[s]),
            breakdown={
                "flags": float(st.flags[s]),
                "final_ascent_flags": float(st.earned[s]),
                "final_ascent_placing": float(st.placing[s]),
            },
            rank=ranks[s],
            winner=s == st.winner,
        )
        for s in range(n)
    ]
    extras = {"ascents": st.ascent, "final_ascent_left_no_trace": float(st.lntb >= 0)}
    return GameResult(seats, extras)


def _team_result(st: AnnapurnaState) -> GameResult:
    """Ruling AN-R45: every climber scores the team's flags and shares its rank and its
    success; the breakdown keeps each climber's own flags."""
    n = st.game.num_players
    team = float(sum(st.flags))
    won = st.winner == TEAM
    seats = [
        SeatResult(
            seat=s,
            score=team,
            breakdown={
                "flags": float(st.flags[s]),
                "final_ascent_flags": float(st.earned[s]),
                "final_ascent_placing": float(st.placing[s]),
            },
            rank=1,
            winner=won,
        )
        for s in range(n)
    ]
    extras = {
        "ascents": st.ascent,
        "final_ascent_left_no_trace": float(st.lntb >= 0),
        "team_flags": team,
        "team_target": float(st.game.team_target()),
        "team_won": float(won),
    }
    return GameResult(seats, extras)


def returns(st: AnnapurnaState) -> list[float]:
    """1.0 for the Expedition's winner, 0.0 for everyone else (and before the end); in the
    cooperative variant the team's return for every climber: 1.0 when the team reached its
    target, else 0.0 (ruling AN-R45)."""
    n = st.game.num_players
    if st.game.cooperative:
        return [1.0 if st.winner == TEAM else 0.0] * n
    return [1.0 if s == st.winner else 0.0 for s in range(n)]


__all__ = ["game_result", "returns"]
