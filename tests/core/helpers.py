"""Helpers that drive the fixture game to chosen positions with explicit chance outcomes."""

from __future__ import annotations

from fixture_game import PipsState, SealedPips


def deal(game: SealedPips, hands: list[list[int]]) -> PipsState:
    """A state right after setup, each seat holding ``hands[seat]`` (dealt round the table)."""
    state = game.new_initial_state()
    for i in range(len(hands[0])):
        for hand in hands:
            state.apply_action(f"c{hand[i]}")
    return state


def to_bid(game: SealedPips, hands: list[list[int]], prize: int) -> PipsState:
    """A state at the first sealed-bid node with ``prize`` revealed."""
    state = deal(game, hands)
    state.apply_action(f"c{prize}")
    return state
