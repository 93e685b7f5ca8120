"""Annapurna: the configured game (registry name ``"annapurna"``).

2-4 climbers (seats 0..n-1 play colours 0..n-1) play an Expedition of Ascents until one reaches
the flag target (AN-016, AN-068, AN-071). See ``docs/games/annapurna.md`` for the rulings.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, ClassVar

from meeple.core.actions import Action, ActionSpace
from meeple.core.errors import ConfigError
from meeple.core.game import CHANCE, Game, GameInfo, State, and_then, seat_word, state_after
from meeple.games.annapurna import board
from meeple.games.annapurna.consts import (
    AWARDS,
    COOP_ASCENTS,
    LNTB_FLAGS,
    OVER,
    PEAK_TOKENS,
    RACE,
    ROUND_LIMIT,
    V_DROP,
    V_HIDE,
    V_THROW,
    V_TRADE,
)
from meeple.games.annapurna.content import SUIT_SIZE, load_content
from meeple.games.annapurna.effects import EFFECTS
from meeple.games.annapurna.notation import NUM_CARDS, Tables, build_space, card_code
from meeple.games.annapurna.observation import determinize
from meeple.games.annapurna.state import AnnapurnaState

#: Upper bound on the actions of one turn: 3 for the compound action, at most 15 Explores
#: in one turn through Fixed Ropes, each followed by at most 3 choices, 15 Sweeps, the end,
#: Retaliate, two Scavenge windows (the one held over from the previous turn and the turn's
#: own) of 3 calls and a draw each, and the on-peak choices.
_TURN_BOUND = 3 + 15 * 4 + 15 + 1 + 2 + 2 * 4 + 8


#: The verbs of a Backpack card's move, by the state's ``verb`` (AN-030, AN-031, AN-051, AN-053).
_VERBS = {V_TRADE: "Trade", V_HIDE: "Hide", V_DROP: "Drop", V_THROW: "Throw"}
#: The move that starts each verb, and what the verb does, for the log.
_STARTED = {"trade": V_TRADE, "hide": V_HIDE, "drop": V_DROP, "throw": V_THROW}
_BEGUN = {
    "trade": "swapping a Backpack card with a face-down card of their own",
    "hide": "swapping a Backpack card with another climber's face-down card",
    "drop": "placing a Backpack card face up in an empty spot of their own",
    "throw": "placing a Backpack card face up in another climber's empty spot",
}


class Annapurna(Game):
    """Annapurna for 2-4 climbers.

    Options:
        flag_target: Flags that win the Expedition (AN-016; lower it for Shorter Expeditions,
            AN-071). Default 9.
        auto_sweep: Sweep/Bury every balanced group automatically (ruling AN-R05). Default
            False: climbers choose, and may forget (which opens Scavenge windows).
        content: Directory holding another ``suit.toml`` (default: the packaged content).
        starter: Seat that goes first in the first Ascent (AN-020); ``None`` draws it by chance
            (ruling AN-R13), and so does ``-1``, its spelling where ``None`` cannot be written
            (``--option starter=-1`` on the command line, OpenSpiel parameters).
        mode: ``"competitive"``, or ``"cooperative"``: the climbers play as one team for a
            team target of flags within 3 Ascents (our reconstruction of the cooperative
            version the rulebook recommends but does not print; rulings AN-R22, AN-R43..AN-R45).

    Raises:
        ConfigError: for 1 or 5+ climbers (AN-R23), an unknown mode, a bad flag target or
            starter.
        ContentError: for invalid content.
    """

    info = GameInfo(
        name="annapurna",
        title="Annapurna",
        version="1.4",
        min_players=2,
        max_players=4,
        has_chance=True,
        hidden_information=True,
        simultaneous=True,
        rulebook="annapurna.txt",
    )
    options: ClassVar[dict[str, Any]] = {
        "flag_target": 9,
        "auto_sweep": False,
        "content": None,
        "starter": 0,
        "mode": "competitive",
    }
    #: the two modes (ruling AN-R22); the cooperative one is the rulebook's advice for a first game
    option_choices: ClassVar[dict[str, tuple[Any, ...]]] = {"mode": ("competitive", "cooperative")}
    #: flags, and the final Ascent that breaks a tie (AN-068..AN-070, ruling AN-R20)
    score_parts: ClassVar[dict[str, str]] = {
        "flags": "Flags earned over every Ascent; the first climber to the flag target wins "
        "the Expedition (AN-068).",
        "final_ascent_flags": "Flags earned in the final Ascent.",
        "final_ascent_placing": "Place in the final Ascent (1 is best, 0: never reached the "
        "peak); it breaks a tie in flags (AN-070, ruling AN-R20).",
        "total": "The flags; climbers tied on them are ranked by their place in the final "
        "Ascent. In the cooperative mode everyone scores the team's flags (ruling AN-R45).",
    }
    #: the first climber is a seat, or -1 for a draw by chance (ruling AN-R13)
    seat_options: ClassVar[dict[str, tuple[Any, str, str]]] = {
        "starter": (-1, "drawn by chance", "who climbs first in the first Ascent")
    }

    #: The state class, for the modules below the state that build one (determinization).
    state_class: ClassVar[type[AnnapurnaState]] = AnnapurnaState
    option_ranges: ClassVar[dict[str, tuple[int, int, str]]] = {
        "flag_target": (1, 100, "ruling AN-R42"),
    }  # ``starter`` is a seat of the game or -1 (ruling AN-R13), checked below

    def __init__(self, players: int | None = None, **options: Any):
        mode = options.get("mode", "competitive")
        if mode not in ("competitive", "cooperative"):
            raise ConfigError(
                f"annapurna has no {mode!r} mode: 'competitive' or 'cooperative' (ruling AN-R22)"
            )
        super().__init__(players, **options)
        target = self.config["flag_target"]
        if not isinstance(target, int) or isinstance(target, bool) or target < 1:
            raise ConfigError(f"flag_target must be a positive integer, not {target!r}")
        if type(self.config["auto_sweep"]) is not bool:
            raise ConfigError(f"auto_sweep is true or false, not {self.config['auto_sweep']!r}")
        starter = self.config["starter"]
        if starter == -1 and type(starter) is int:
            # -1 is the spelling of "by chance" where None cannot be written (the command
            # line, OpenSpiel parameters); the configuration keeps one spelling, None
            starter = self.config["starter"] = None
        if starter is not None and (
            type(starter) is not int or not 0 <= starter < self.num_players
        ):
            raise ConfigError(
                f"starter must be a seat 0..{self.num_players - 1}, or None (or -1) to draw "
                f"the first climber by chance; not {starter!r}"
            )

    def _build_action_space(self) -> ActionSpace:
        content = self.content = load_content(self.config["content"])
        # a given directory is kept resolved, so that records replay from anywhere
        self.config["content"] = (
            str(Path(content.source).parent) if self.config["content"] not in (None, "") else None
        )
        self.letters: tuple[str, ...] = tuple(c.letter for c in content.colours)
        space, tables = build_space(self.letters)
        self.tables: Tables = tables
        defs = [content.cards[c % SUIT_SIZE] for c in range(NUM_CARDS)]
        self.net: list[int] = [d.net for d in defs] + [0]  # index -1: empty spot
        self.zero: list[bool] = [d.zero for d in defs] + [False]
        self.fx = [EFFECTS[d.effect].apply for d in defs]
        self.params = [d.params for d in defs]
        return space

    # -- states --------------------------------------------------------------------------------
    def new_initial_state(self) -> AnnapurnaState:
        """The Expedition before the first deal; deals (and the starter if not configured)
        come as chance nodes."""
        return AnnapurnaState(self)

    def determinize_observation(self, observation: dict, rng: random.Random) -> AnnapurnaState:
        """See :func:`meeple.games.annapurna.observation.determinize`."""
        return determinize(self, observation, rng)

    @property
    def cooperative(self) -> bool:
        """Whether the climbers play the cooperative variant as one team (ruling AN-R22)."""
        return self.config["mode"] == "cooperative"

    def team_target(self) -> int:
        """The flags the team needs in the cooperative variant: half of ``flag_target`` per
        climber, rounded up (9 flags for 2 climbers, 14 for 3, 18 for 4; ruling AN-R44)."""
        return -(-self.config["flag_target"] * self.num_players // 2)

    def max_ascents(self) -> int:
        """Most Ascents an Expedition can last: each awards at least 4 flags (AN-075); the
        cooperative team has 3 (ruling AN-R44)."""
        if self.cooperative:
            return COOP_ASCENTS
        n = self.num_players
        per_ascent = min(LNTB_FLAGS, sum(AWARDS[n]))
        return (self.config["flag_target"] * n + per_ascent - 1) // per_ascent + 1

    def describe_move_for(
        self, state: AnnapurnaState, seat: int, action: Action, observer: int | None
    ) -> str:
        """Moves that name a card others cannot see are announced without it (AN-R17): the
        Backpack card of a Trade or Hide, a card given into another Cache, a card recovered
        from one's own Cache. Deals are face down: only the end of each climber's deal is
        announced; the first climber is public.

        An Explore names the card it turns face up, to everyone; a peek names the card seen to
        the peeker only. A Trade, Hide, Drop or Throw is told by its verb at each of its steps: the Backpack card
        chosen is named to its owner only, and a dropped or thrown card to everyone when it is
        placed face up (AN-051, AN-053), not before.

        What a move brings about is told after it: a turn skipped by a card (AN-034) and the
        end of an Ascent with every climber's total and flags (AN-060..AN-065), those who
        never peaked said to be so (ruling AN-R34)."""
        told = self._told(state, seat, action, observer)
        after = self.describe_aftermath(state, seat, action, observer)
        return and_then(told, after)

    def describe_aftermath(
        self, state: AnnapurnaState, seat: int, action: Action, observer: int | None
    ) -> str:
        """A turn skipped by a card (AN-034) and the end of an Ascent with every climber's
        total and flags (AN-060..AN-065), those who never peaked said to be so (ruling
        AN-R34); ``""`` otherwise. Public: the same words for every observer."""
        if seat == CHANCE or state.stage == OVER:
            return ""
        after = state_after(state, seat, action)  # the driver's own, when it is telling it
        if after.ascent != state.ascent or after.stage == OVER:
            return self._ascent_end(state.ascent, after)
        if after.skipping and after.turns != state.turns:
            return f"{self._climber(after.turn)}'s turn is skipped by a card: only the Sweep"
        return ""

    def _ascent_end(self, ascent: int, after: AnnapurnaState) -> str:
        """The end of Ascent ``ascent`` (counted from 1) as ``after`` records it: every
        climber in placing order with their total, flags earned and flags in all."""
        n = self.num_players
        parts = []
        for s in sorted(range(n), key=lambda s: after.placing[s]):
            total = after.ended_total[s]
            if after.lntb == s:
                how = f"Left No Trace Behind (total {total})"
            elif total is None:
                how = "never peaked"
            else:
                how = f"total {total:+d}"
            gain = after.earned[s]
            parts.append(
                f"{self._climber(s)} {_ordinal(after.placing[s])}, {how}, "
                f"+{gain} flag{'s' if gain != 1 else ''} ({after.flags[s]} in all)"
            )
        return f"Ascent {ascent} ends: " + "; ".join(parts)

    def _told(self, state: AnnapurnaState, seat: int, action: Action, observer: int | None) -> str:
        """The move itself as ``observer`` is told it (see :meth:`describe_move_for`): a
        player's move in the past tense, naming its mover."""
        kind = action.kind
        if seat == CHANCE:
            if kind == "deal":  # dealt face down: nobody sees it (AN-009, AN-010)
                if state.deal_pos == board.SIZE - 1:
                    return (
                        f"{self.colour(state.deal_seat)}'s mountainside was dealt face down; "
                        "the last 3 cards went to their Backpack"
                    )
                return ""
            if kind == "first":
                if state.stage == RACE:  # AN-043, ruling AN-R06
                    return f"{self.colour(action.args[0])} called Scavenge first"
                return f"{self.colour(action.args[0])} was drawn to go first"
            return self.describe_action(action)
        who = seat_word(seat)
        if kind in ("card", "to") and state.verb in _VERBS:
            return self._placing(state, seat, action, observer)
        P = board.NAMES
        a = action.args
        if kind == "explore":  # the card turns face up for all to see (AN-021, AN-025)
            card = self.card_name(state.mount[seat][a[0]])
            return f"{who} explored {P[a[0]]}: {card} turned face up"
        if kind == "peek":  # what the card is, the peeker alone learns (ruling AN-R17)
            t, p = a
            owner = self._whose(t, seat, observer)
            said = f"{who} looked at the card lying face down at {P[p]} on {owner} mountainside"
            return f"{said}: {self.card_name(state.mount[t][p])}" if observer == seat else said
        if kind == "give":
            if observer in (seat, (seat + 1) % self.num_players):
                return f"{who} gave {self.card_name(a[0])} to the next climber's Cache"
            return f"{who} gave a Backpack card into the next climber's Cache"
        if kind == "recover":
            if observer == seat:
                return f"{who} took {self.card_name(a[0])} back from their Cache"
            return f"{who} took a card back from their Cache"
        if kind in _STARTED:
            return f"{who} began a {_VERBS[_STARTED[kind]]}: {_BEGUN[kind]}"
        if kind == "climb":
            return f"{who} scrambled up to {P[a[0]]} (no face-down card was left to Explore)"
        if kind == "card":
            from meeple.games.annapurna.render import values

            return f"{who} used {self.card_name(a[0])}, {values(self, a[0])}"
        if kind == "to":
            return f"{who} placed it at {P[a[1]]} on {self.colour(a[0])}'s mountainside"
        if kind == "sunyata":
            return f"{who} played Sunyata and did nothing"
        if kind == "pass":
            return f"{who} passed"
        if kind == "end":
            return f"{who} ended the turn, leaving the balanced cards face up"
        if kind == "stow":
            return f"{who} flipped their face-up card at {P[a[0]]} face down"
        if kind == "retaliate":
            return f"{who} retaliated, flipping the thrower's card at {P[a[0]]} face up"
        if kind == "sweep":
            return f"{who} swept the balanced group {board.mask_name(a[0])} into their Cache"
        if kind == "bury":
            return f"{who} buried the balanced group {board.mask_name(a[0])} face down"
        if kind == "scavenge":
            return f"{who} scavenged the card at {P[a[0]]} into their Backpack"
        return f"{who} played {action.text}"

    def _placing(
        self, state: AnnapurnaState, seat: int, action: Action, observer: int | None
    ) -> str:
        """The card and spot steps of a Trade, Hide, Drop or Throw, as ``observer`` is told."""
        verb = state.verb
        name = _VERBS[verb]
        who = seat_word(seat)
        if action.kind == "card":
            if observer == seat:
                return f"{who} chose {self.card_name(action.args[0])} from their Backpack ({name})"
            side = "up" if verb in (V_DROP, V_THROW) else "down"
            return f"{who} chose a Backpack card to place face {side} ({name})"
        t, p = action.args
        where = f"{board.NAMES[p]} on {self._whose(t, seat, observer)} mountainside"
        if verb in (V_DROP, V_THROW):  # the card goes face up: everyone sees it now
            done = "dropped" if verb == V_DROP else "threw"
            return f"{who} {done} {self.card_name(state.sel)} face up at {where}"
        card = self.card_name(state.sel) if observer == seat else "a Backpack card"
        return (
            f"{who} placed {card} face down at {where} ({name}); the card there went to their Cache"
        )

    def _climber(self, seat: int) -> str:
        """A seat in the log's words, with the colour the board calls its climber by:
        ``"Player 2 (Blue)"``."""
        return f"{seat_word(seat)} ({self.colour(seat)})"

    def _whose(self, owner: int, seat: int, observer: int | None) -> str:
        """Whose mountainside, in a sentence about ``seat``'s move told to ``observer``:
        "their own" (the mover's), "your" (the observer's), else the owner's colour."""
        if owner == seat:
            return "their own"
        return "your" if owner == observer else f"{self.colour(owner)}'s"

    def describe_move(self, action: Action, observation: dict) -> str:
        """The move in ``observation``'s position: the cards it concerns that the seat can
        identify, with their Yin/Yang and effect."""
        from meeple.games.annapurna.render import describe_move

        return describe_move(self, action, observation)

    def max_game_length(self) -> int:
        n = self.num_players
        per_ascent = board.SIZE * n + 1 + ROUND_LIMIT * n * _TURN_BOUND
        return self.max_ascents() * per_ascent

    # -- people --------------------------------------------------------------------------------
    def card_name(self, card: int) -> str:
        """``"Red Chocolate Bar (R01)"``."""
        colour = self.content.colours[card // SUIT_SIZE].name
        return f"{colour} {self.content.cards[card % SUIT_SIZE].name} ({self.card_code(card)})"

    def card_code(self, card: int) -> str:
        return card_code(self.letters, card)

    def colour(self, seat: int) -> str:
        return self.content.colours[seat].name

    def move_elements(self, state: State, seat: int, action: Action) -> list[str]:
        """What ``seat`` sets off or takes by ``action`` in ``state`` (read before it is
        applied): ``effect <id>`` when it Explores a card with an effect (the effect ids of
        the content's ``suit.toml``; the Hike flip is an Explore too, the only moves that run
        an effect: AN-005, AN-027, ruling AN-R31), and ``token #1`` .. ``token #3`` when that
        Explore reaches the peak (the order of arrival, AN-045; a 4th arrival takes none,
        ruling AN-R10). Every other move, and a chance outcome, uses nothing.

        Raises:
            TypeError: for a state of another game.
        """
        if not isinstance(state, AnnapurnaState):
            raise TypeError(f"an Annapurna state, not {type(state).__name__}")
        if action.kind != "explore" or seat < 0:
            return []
        position = action.args[0]
        out = []
        effect = self.content.cards[state.mount[seat][position] % SUIT_SIZE].effect
        if effect != "none":
            out.append(f"effect {effect}")
        if position == board.PEAK:  # the next arrival (AN-045)
            arrival = max(state.arrival) + 1
            if arrival <= PEAK_TOKENS:
                out.append(f"token #{arrival}")
        return out

    def score_history(self, observation: dict) -> dict | None:
        """Every climber's flags per finished Ascent, with the placing, total and peak token
        that earned them, the total, the ties the placings broke and how the winner won
        (AN-061..AN-070, rulings AN-R20, AN-R21, AN-R46; :func:`.render.ascent_table`);
        ``None`` before the first Ascent ends."""
        from meeple.games.annapurna.render import ascent_table

        return ascent_table(observation, seat_word)

    def seat_title(self, seat: int) -> str:
        """The colour of ``seat``'s climber, which names it on the board and in the log."""
        return self.colour(seat)

    def describe_action(self, action: Action) -> str:
        from meeple.games.annapurna.render import describe_action

        return describe_action(self, action)

    def render(self, observation: dict) -> Any:
        from meeple.games.annapurna.render import render_observation

        return render_observation(self, observation)

    def rules_summary(self) -> str:
        from meeple.games.annapurna.render import rules_summary

        return rules_summary(self)

    @property
    def content_dir(self) -> Path:
        return Path(self.content.source).parent


def _ordinal(place: int) -> str:
    """``1`` -> ``"1st"`` (placings go up to 4)."""
    return f"{place}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(place, 'th') }"
