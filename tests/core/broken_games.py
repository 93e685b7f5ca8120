"""Deliberately broken variants of the fixture game: the conformance suite must catch each."""

from __future__ import annotations

import random

from fixture_game import PipsState, SealedPips

from meeple.core.actions import Action
from meeple.core.game import GameInfo, GameResult


def _info(name: str) -> GameInfo:
    base = SealedPips.info
    return GameInfo(
        name=name,
        title=base.title,
        version=base.version,
        min_players=base.min_players,
        max_players=base.max_players,
        has_chance=True,
        hidden_information=True,
        simultaneous=True,
    )


class LeakyState(PipsState):
    """Observation leaks every hand."""

    __slots__ = ()

    def observe(self, seat: int | None) -> dict:
        obs = super().observe(seat)
        obs["all_hands"] = [list(h) for h in self.hands]
        return obs


class LeakyPips(SealedPips):
    info = _info("broken-leaky")
    state_class = LeakyState


class SharedCloneState(PipsState):
    """Clone shares the hands list with its original."""

    __slots__ = ()

    def clone(self) -> PipsState:
        new = super().clone()
        new.hands = self.hands
        return new


class SharedClonePips(SealedPips):
    info = _info("broken-shared-clone")
    state_class = SharedCloneState


class BadOddsState(PipsState):
    """Chance probabilities that do not sum to 1."""

    __slots__ = ()

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        outcomes = super().chance_outcomes()
        return [(a, p * 0.9) for a, p in outcomes]


class BadOddsPips(SealedPips):
    info = _info("broken-odds")
    state_class = BadOddsState


class TooLongPips(SealedPips):
    """Declares a maximum length its games exceed."""

    info = _info("broken-too-long")

    def max_game_length(self) -> int:
        return 5


class NoWinnerState(PipsState):
    """A result naming no winner."""

    __slots__ = ()

    def _result(self) -> GameResult:
        res = super()._result()
        for s in res.seats:
            s.winner = False
        return res


class NoWinnerPips(SealedPips):
    info = _info("broken-no-winner")
    state_class = NoWinnerState


class UnstableOrderState(PipsState):
    """Orders chance outcomes with an unseeded RNG: not the same game from the same seed."""

    __slots__ = ()

    _salt = random.Random()  # a private RNG, reseeded from the OS on import

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        outcomes = super().chance_outcomes()
        self._salt.shuffle(outcomes)
        return outcomes


class UnstablePips(SealedPips):
    info = _info("broken-unstable")
    state_class = UnstableOrderState


class StrandingState(PipsState):
    """Hides the hand sizes, so a determinization may deal the other seats nothing."""

    __slots__ = ()

    def observe(self, seat: int | None) -> dict:
        obs = super().observe(seat)
        del obs["hand_sizes"], obs["deck_size"]
        return obs


class StrandingPips(SealedPips):
    """Deals the other seats empty hands: consistent with the observation, yet the next
    sealed bid finds them without a card."""

    info = _info("broken-strands")
    state_class = StrandingState

    def determinize_observation(self, observation: dict, rng: random.Random) -> PipsState:
        seat = observation["seat"]
        sizes = [len(observation["hand"]) if s == seat else 0 for s in range(self.num_players)]
        return super().determinize_observation({**observation, "hand_sizes": sizes}, rng)


class SpectatorFallbackState(PipsState):
    """Shows a seat that does not exist the spectator's view instead of refusing it."""

    __slots__ = ()

    def observe(self, seat: int | None) -> dict:
        return super().observe(seat if seat in range(self.game.num_players) else None)


class SpectatorFallbackPips(SealedPips):
    info = _info("broken-observer")
    state_class = SpectatorFallbackState


class StalePolicyViewState(PipsState):
    """Policy view that forgets the seat's own hand."""

    __slots__ = ()

    def policy_view(self, seat: int) -> dict:
        view = self.observe(seat)
        view["hand"] = []
        return view


class StalePolicyViewPips(SealedPips):
    info = _info("broken-policy-view")
    state_class = StalePolicyViewState


class FloatPolicyViewState(PipsState):
    """Policy view whose cards are equal floats, not the observation's ints."""

    __slots__ = ()

    def policy_view(self, seat: int) -> dict:
        view = self.observe(seat)
        view["hand"] = [float(c) for c in view["hand"]]
        return view


class FloatPolicyViewPips(SealedPips):
    info = _info("broken-policy-view-types")
    state_class = FloatPolicyViewState


BROKEN = {
    "broken-leaky": "broken_games:LeakyPips",
    "broken-shared-clone": "broken_games:SharedClonePips",
    "broken-odds": "broken_games:BadOddsPips",
    "broken-too-long": "broken_games:TooLongPips",
    "broken-no-winner": "broken_games:NoWinnerPips",
    "broken-unstable": "broken_games:UnstablePips",
    "broken-strands": "broken_games:StrandingPips",
    "broken-observer": "broken_games:SpectatorFallbackPips",
    "broken-policy-view": "broken_games:StalePolicyViewPips",
    "broken-policy-view-types": "broken_games:FloatPolicyViewPips",
}


def register() -> None:
    """Register the broken variants (tests only)."""
    from meeple.core.registry import register as _register

    for name, target in BROKEN.items():
        _register(name, target)
