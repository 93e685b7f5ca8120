"""A small but complete game used to test the engine core: *Sealed Pips*.

Rules (ids ``FX-nn`` are cited by the fixture's illegal-action errors):

* FX-01 A deck holds the cards ``1..deck`` (default 12); its unseen part is unordered, so each
  draw is a chance node over the cards still in the deck, all equally likely.
* FX-02 Setup: cards are dealt one at a time round the table until every seat holds ``rounds``
  cards. Hands are hidden from the other seats.
* FX-03 Each round a prize card is revealed from the deck (chance).
* FX-04 Every seat then bids one card from its hand, sealed and simultaneously; a bid leaves the
  hand at once and stays hidden until every seat has bid. Bidding a card one does not hold is
  refused.
* FX-05 Bids are revealed. A card's value is half its number rounded up (cards 1 and 2 are worth
  1, 3 and 4 are worth 2...). The single highest value wins the prize; equal highest values win
  nothing and the prize is discarded.
* FX-06 The winner decides (a pending decision): ``keep`` the prize (its value scores) or
  ``burn`` it. Burning pushes a second decision of the winner: ``hit<s>`` another seat, which
  loses 2 points.
* FX-07 After ``rounds`` rounds the game ends. Score = prizes kept - hits taken; equal scores
  share the rank (competition ranking) and all seats of rank 1 win.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from meeple.core.actions import Action, ActionSpace
from meeple.core.agent import Agent
from meeple.core.errors import ConfigError
from meeple.core.game import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Game,
    GameInfo,
    GameResult,
    SeatResult,
    State,
    observer_seat,
    rank_seats,
)

HIT = 2


def value(card: int) -> int:
    """A card's value (FX-05): half its number, rounded up."""
    return (card + 1) // 2


class PipsState(State):
    """State of Sealed Pips; plain lists so that clone is a handful of list copies."""

    __slots__ = (
        "bids",
        "dealt",
        "deck",
        "hands",
        "hits",
        "last_bids",
        "phase",
        "prize",
        "prizes",
        "public",
        "round",
        "stack",
        "ties",
    )

    def __init__(self, game: Game, empty: bool = False):
        super().__init__(game)
        if empty:
            return
        n = game.num_players
        self.deck: list[int] = list(range(1, game.config["deck"] + 1))
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.bids: list[int | None] = [None] * n
        self.last_bids: list[int | None] | None = None
        self.public: list[int] = []
        self.prize: int | None = None
        self.round = 0
        self.dealt = 0
        self.phase = "deal"
        self.prizes = [0] * n
        self.hits = [0] * n
        self.stack: list[tuple[int, str]] = []
        self.ties = 0

    # -- nodes -------------------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase == "deal" or phase == "reveal":
            return CHANCE
        if phase == "bid":
            return SIMULTANEOUS
        if phase == "decide":
            return self.stack[-1][0]
        return TERMINAL

    def acting_seats(self) -> tuple[int, ...]:
        if self.phase == "bid":
            return tuple(s for s, b in enumerate(self.bids) if b is None)
        if self.phase == "decide":
            return (self.stack[-1][0],)
        return ()

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        space = self.game.action_space.chance_outcomes
        p = 1.0 / len(self.deck)
        return [(space[c - 1], p) for c in self.deck]

    def _legal_actions(self, seat: int) -> list[Action]:
        game: SealedPips = self.game  # type: ignore[assignment]
        if self.phase == "bid":
            return [game.bid_actions[c] for c in self.hands[seat]]
        kind = self.stack[-1][1]
        if kind == "choose":
            return [game.keep, game.burn]
        return [game.hit_actions[s] for s in range(self.num_players) if s != seat]

    def _why_illegal(self, action: Action, seat: int) -> tuple[str, str]:
        if self.phase == "bid":
            if action.kind == "bid":
                return ("FX-04", f"seat {seat} holds no card {action.args[0]} to bid")
            return ("FX-04", "every seat must bid a card from its hand now")
        if self.phase == "decide":
            if action.kind == "hit":
                return ("FX-06", "a seat cannot hit itself, and only after burning the prize")
            return ("FX-06", "the winner must decide what happens to the prize")
        return ("FX-07", "no decision now")

    def _apply(self, action: Action, seat: int) -> None:
        if seat == CHANCE:
            card = action.args[0]
            self.deck.remove(card)
            if self.phase == "deal":
                n = self.num_players
                self.hands[self.dealt % n].append(card)
                self.hands[self.dealt % n].sort()
                self.dealt += 1
                if self.dealt == n * self.game.config["rounds"]:
                    self.phase = "reveal"
            else:
                self.prize = card
                self.public.append(card)
                self.public.sort()
                self.bids = [None] * self.num_players
                self.phase = "bid"
            return
        kind = action.kind
        if kind == "bid":
            card = action.args[0]
            self.hands[seat].remove(card)
            self.bids[seat] = card
            if all(b is not None for b in self.bids):
                self._resolve()
        elif kind == "keep":
            self.stack.pop()
            self.prizes[seat] += value(self.prize)  # type: ignore[arg-type]
            self._after_decision()
        elif kind == "burn":
            self.stack.pop()
            self.stack.append((seat, "hit"))
        else:  # hit
            self.stack.pop()
            self.hits[action.args[0]] += HIT
            self._after_decision()

    def _resolve(self) -> None:
        bids = self.bids
        self.last_bids = list(bids)
        self.public.extend(bids)  # type: ignore[arg-type]
        self.public.sort()
        self.bids = [None] * self.num_players
        values = [value(b) for b in bids]  # type: ignore[arg-type]
        top = max(values)
        winners = [s for s, v in enumerate(values) if v == top]
        if len(winners) == 1:
            self.stack.append((winners[0], "choose"))
            self.phase = "decide"
        else:
            self.ties += 1
            self._after_decision()

    def _after_decision(self) -> None:
        if self.stack:
            self.phase = "decide"
            return
        self.round += 1
        self.prize = None
        self.phase = "end" if self.round == self.game.config["rounds"] else "reveal"

    # -- information -------------------------------------------------------------------------
    def observe(self, seat: int | None) -> dict:
        n = self.game.num_players
        if seat is not None and (type(seat) is not int or not 0 <= seat < n):
            seat = observer_seat(seat, n)
        obs: dict[str, Any] = {
            "phase": self.phase,
            "round": self.round,
            "dealt": self.dealt,
            "prize": self.prize,
            "public": list(self.public),
            "last_bids": None if self.last_bids is None else list(self.last_bids),
            "deck_size": len(self.deck),
            "hand_sizes": [len(h) for h in self.hands],
            "committed": [b is not None for b in self.bids],
            "prizes": list(self.prizes),
            "hits": list(self.hits),
            "stack": [[s, k] for s, k in self.stack],
            "ties": self.ties,
            "seat": seat,
        }
        if seat is not None:
            obs["hand"] = list(self.hands[seat])
            obs["my_bid"] = self.bids[seat]
        return obs

    def snapshot(self) -> dict:
        return {
            "deck": list(self.deck),
            "hands": [list(h) for h in self.hands],
            "bids": list(self.bids),
            "last_bids": self.last_bids,
            "public": list(self.public),
            "prize": self.prize,
            "round": self.round,
            "dealt": self.dealt,
            "phase": self.phase,
            "prizes": list(self.prizes),
            "hits": list(self.hits),
            "stack": [list(e) for e in self.stack],
            "ties": self.ties,
        }

    def clone(self) -> PipsState:
        new = PipsState.__new__(PipsState)
        self._clone_base(new)
        new.deck = self.deck.copy()
        new.hands = [h.copy() for h in self.hands]
        new.bids = self.bids.copy()
        new.last_bids = None if self.last_bids is None else self.last_bids.copy()
        new.public = self.public.copy()
        new.prize = self.prize
        new.round = self.round
        new.dealt = self.dealt
        new.phase = self.phase
        new.prizes = self.prizes.copy()
        new.hits = self.hits.copy()
        new.stack = self.stack.copy()
        new.ties = self.ties
        return new

    # -- outcome -----------------------------------------------------------------------------
    def scores(self) -> list[int]:
        return [p - h for p, h in zip(self.prizes, self.hits, strict=True)]

    def _result(self) -> GameResult:
        scores = self.scores()
        ranks = rank_seats([(s,) for s in scores])
        seats = [
            SeatResult(
                seat=i,
                score=float(scores[i]),
                breakdown={"prizes": float(self.prizes[i]), "hits": float(-self.hits[i])},
                rank=ranks[i],
                winner=ranks[i] == 1,
            )
            for i in range(self.num_players)
        ]
        return GameResult(seats=seats, extras={"rounds": self.round, "ties": self.ties})

    def returns(self) -> list[float]:
        if self.phase != "end":
            return [0.0] * self.num_players
        winners = self.result().winners
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(self.num_players)]


class SealedPips(Game):
    """Sealed Pips, the core's fixture game (2-3 seats; options ``rounds`` and ``deck``)."""

    info = GameInfo(
        name="fixture-pips",
        title="Sealed Pips",
        version="1.0",
        min_players=2,
        max_players=3,
        has_chance=True,
        hidden_information=True,
        simultaneous=True,
        rulebook="tests/core/fixture_game.py",
    )
    options: ClassVar[dict[str, Any]] = {"rounds": 3, "deck": 12}
    option_ranges: ClassVar[dict[str, tuple[int, int, str]]] = {
        "rounds": (1, 50, "the fixture's bound"),
        "deck": (3, 500, "the fixture's bound"),
    }
    state_class = PipsState

    def __init__(self, players: int | None = None, **options: Any):
        super().__init__(players, **options)
        rounds, deck = self.config["rounds"], self.config["deck"]
        if not (isinstance(rounds, int) and rounds >= 1):
            raise ConfigError("rounds must be a positive integer")
        if rounds * (self.num_players + 1) > deck:
            raise ConfigError(f"a deck of {deck} cannot serve {rounds} rounds")

    def _build_action_space(self) -> ActionSpace:
        deck = self.config["deck"]
        n = self.config["players"]
        actions = [(f"b{c}", "bid", (c,)) for c in range(1, deck + 1)]
        actions += [("keep", "keep", ()), ("burn", "burn", ())]
        actions += [(f"hit{s}", "hit", (s,)) for s in range(n)]
        space = ActionSpace(actions, [(f"c{c}", "card", (c,)) for c in range(1, deck + 1)])
        self.bid_actions = {a.args[0]: a for a in space.actions if a.kind == "bid"}
        self.keep = space.parse("keep")
        self.burn = space.parse("burn")
        self.hit_actions = [space.parse(f"hit{s}") for s in range(n)]
        return space

    def new_initial_state(self) -> PipsState:
        return self.state_class(self)

    def max_game_length(self) -> int:
        n, r = self.num_players, self.config["rounds"]
        return n * r + r * (1 + n + 2)

    def determinize_observation(self, observation: dict, rng: random.Random) -> PipsState:
        seat = observation["seat"]
        state = self.state_class(self)
        state.phase = observation["phase"]
        state.round = observation["round"]
        state.dealt = observation["dealt"]
        state.prize = observation["prize"]
        state.public = list(observation["public"])
        lb = observation["last_bids"]
        state.last_bids = None if lb is None else list(lb)
        state.prizes = list(observation["prizes"])
        state.hits = list(observation["hits"])
        state.stack = [(s, k) for s, k in observation["stack"]]
        state.ties = observation["ties"]
        known = set(observation["public"]) | set(observation["hand"])
        if observation["my_bid"] is not None:
            known.add(observation["my_bid"])
        pool = sorted(set(range(1, self.config["deck"] + 1)) - known)
        rng.shuffle(pool)
        for s in range(self.num_players):
            if s == seat:
                state.hands[s] = list(observation["hand"])
                state.bids[s] = observation["my_bid"]
                continue
            size = observation["hand_sizes"][s]
            state.hands[s] = sorted(pool[:size])
            del pool[:size]
            if observation["committed"][s]:
                state.bids[s] = pool.pop()
        state.deck = sorted(pool)
        return state

    def describe_action(self, action: Action) -> str:
        if action.chance:
            return f"card {action.args[0]} comes off the deck"
        if action.kind == "bid":
            return f"bid the {action.args[0]}"
        if action.kind == "keep":
            return "keep the prize"
        if action.kind == "burn":
            return "burn the prize and hit someone"
        return f"hit seat {action.args[0]} for {HIT} points"

    def render(self, observation: dict) -> str:
        o = observation
        lines = [
            f"Round {o['round'] + 1}/{self.config['rounds']}  phase {o['phase']}  "
            f"prize {o['prize']}  deck {o['deck_size']}",
            f"Scores: {[p - h for p, h in zip(o['prizes'], o['hits'], strict=True)]}",
            f"Last bids: {o['last_bids']}",
        ]
        if o["seat"] is not None:
            lines.append(f"Your hand: {o['hand']}  your bid: {o['my_bid']}")
        return "\n".join(lines)

    def rules_summary(self) -> str:
        return "Sealed Pips: bid a card each round; the single highest bid wins the prize."


class HighBidder(Agent):
    """A fixture agent: bids its highest card, keeps prizes (a game-specific agent entry)."""

    name = "high"

    def act(self, observation: dict, legal_actions, rng: random.Random) -> Action:
        return max(legal_actions, key=lambda a: (a.kind == "keep", a.args[:1], a.id))


TARGET = "fixture_game:SealedPips"


def register() -> None:
    """Register the fixture game under ``fixture-pips`` (tests only)."""
    from meeple.core.registry import GameSpec
    from meeple.core.registry import register as _register

    spec = GameSpec(SealedPips.info.name, TARGET, agents={"high": "fixture_game:HighBidder"})
    _register(SealedPips.info.name, spec)
