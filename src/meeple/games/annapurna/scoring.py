"""Scoring of an Expedition: flags, ranks and returns (AN-061..AN-070, ruling AN-R20)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core.game import GameResult, SeatResult, rank_seats

if TYPE_CHECKING:
    from meeple.games.annapurna.state import AnnapurnaState


def game_result(st: AnnapurnaState) -> GameResult:
    """Flags per climber; the winner ranks first, the others by flags then by their
    placing in the final Ascent (AN-068..AN-070, ruling AN-R20)."""
    n = st.game.num_players
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


def returns(st: AnnapurnaState) -> list[float]:
    """1.0 for the Expedition's winner, 0.0 for everyone else (and before the end)."""
    return [1.0 if s == st.winner else 0.0 for s in range(st.game.num_players)]


__all__ = ["game_result", "returns"]
