"""The Peach Festival: game metadata, configuration and action space."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence
from functools import lru_cache
from types import SimpleNamespace
from typing import Any, ClassVar

from meeple.core.actions import Action, ActionSpace
from meeple.core.errors import ConfigError
from meeple.core.game import CHANCE, WASTED, Game, GameInfo, and_then, seat_word, state_after
from meeple.games.peach_festival.consts import ACTION, SETUP_DEAL, TRACK
from meeple.games.peach_festival.content import (
    CODES,
    COMMODITIES,
    Content,
    check_solo_conditions,
    load_content,
)
from meeple.games.peach_festival.observation import determinize
from meeple.games.peach_festival.rules import advance
from meeple.games.peach_festival.sheet import PlayerSheet
from meeple.games.peach_festival.state import PeachState

DIFFICULTIES = {"easy": "green", "medium": "orange", "hard": "red"}  # PF-074


@lru_cache(maxsize=16)
def _action_tables(content: Content) -> tuple:
    """The action space and lookup tables for a content set, shared by every game using it.

    Sharing keeps actions interned across game instances: ``make(...).action("te")`` is the
    same object for every player count.
    """
    card_ids = [c.id for c in content.cards]
    max_value = max(content.sheet.lengths) - 1
    actions: list[tuple[str, str, tuple]] = [("peach", "peach", ())]
    for c, code in enumerate(CODES):
        actions.append((code, "take", (c, None, -1)))
        actions.append((code + "+", "take", (c, "+", -1)))
        actions.append((code + "-", "take", (c, "-", -1)))
        for c2, code2 in enumerate(CODES):
            if c2 > c:
                actions.append((f"{code}&{code2}", "take", (c, "&", c2)))
            if c2 != c:
                actions.append((f"{code}>{code2}", "take", (c, ">", c2)))
    for c, code in enumerate(CODES):
        for v in range(max_value + 1):
            actions.append((f"{code}={v}", "write", (c, v)))
    actions += [(f"draw{k}", "draw", (k,)) for k in (1, 2, 3)]
    actions += [("merchant", "merchant", ()), ("noreward", "noreward", ())]
    actions += [("skip", "skip", ()), ("roll", "roll", ())]
    actions += [(f"keep:{i}", "keep", (i,)) for i in card_ids]
    actions += [(f"take:{i}", "take_common", (i,)) for i in card_ids]
    chance: list[tuple[str, str, tuple]] = [(f"card:{i}", "card", (i,)) for i in card_ids]
    for combo in itertools.combinations_with_replacement(range(6), 5):
        counts = tuple(combo.count(c) for c in range(6))
        text = "roll:" + ",".join(f"{CODES[c]}{n}" for c, n in enumerate(counts) if n)
        chance.append((text, "dice", (counts,)))
    chance += [(f"die:{code}", "die", (c,)) for c, code in enumerate(CODES)]
    # Impress is one action per pair (PF-R14); the other order is accepted as a spelling.
    aliases = {f"{b}&{a}": f"{a}&{b}" for i, a in enumerate(CODES) for b in CODES[i + 1 :]}
    space = ActionSpace(actions, chance, aliases)
    by = {a.text: a for a in space.actions + space.chance_outcomes}
    acts = SimpleNamespace(
        peach=by["peach"],
        take={a.args: a for a in space.actions if a.kind == "take"},
        write={a.args: a for a in space.actions if a.kind == "write"},
        draw={k: by[f"draw{k}"] for k in (1, 2, 3)},
        merchant=by["merchant"],
        noreward=by["noreward"],
        skip=by["skip"],
        roll=by["roll"],
        keep={i: by[f"keep:{i}"] for i in card_ids},
        take_common={i: by[f"take:{i}"] for i in card_ids},
        card={i: by[f"card:{i}"] for i in card_ids},
    )
    total = 6**5
    # tuples: every state's chance_outcomes() hands out these very ones
    roll_outcomes = tuple(
        (a, math.factorial(5) / math.prod(math.factorial(n) for n in a.args[0]) / total)
        for a in space.chance_outcomes
        if a.kind == "dice"
    )
    die_outcomes = tuple((a, 1 / 6) for a in space.chance_outcomes if a.kind == "die")
    cumulative = list(itertools.accumulate(p for _, p in roll_outcomes))
    return space, acts, roll_outcomes, die_outcomes, cumulative


class PeachFestival(Game):
    """The Peach Festival for 1 (solo) to 5 players (PF-004, PF-R27).

    Options:
        difficulty: Solo difficulty ``"easy"`` (17 rounds), ``"medium"`` (15) or ``"hard"`` (13)
            (PF-074). Solo only: with 2+ players it stays at the default.
        content: Directory holding ``sheet.toml`` and ``requests.toml`` (default: shipped).
        max_rounds: Safety limit on rounds with 2+ players, a positive integer (PF-R35).
            Default 60; a solo game ends by the turn track only (PF-R24).

    Raises:
        ConfigError: for an unknown difficulty, a difficulty other than the default with 2+
            players, a max_rounds below 1 or other than the default in solo, or an
            unsupported player count.
        ContentError: for invalid content files.
    """

    info: ClassVar[GameInfo] = GameInfo(
        name="peach-festival",
        title="The Peach Festival",
        version="1.0",
        min_players=1,
        max_players=5,
        has_chance=True,
        hidden_information=True,
        simultaneous=True,
        rulebook="the-peach-festival.txt",
    )
    options: ClassVar[dict[str, Any]] = {"difficulty": "medium", "content": None, "max_rounds": 60}
    option_choices: ClassVar[dict[str, tuple[Any, ...]]] = {"difficulty": tuple(DIFFICULTIES)}
    #: the six scoring steps (PF-067..PF-072)
    score_parts: ClassVar[dict[str, str]] = {
        "lantern": "Step 1: the numbers of the Lantern Festival row added up, ×4 (PF-067).",
        "columns": "Step 2: in each column, the number nearest the crate × the multiplier of "
        "its row, added up (PF-068).",
        "requests": "Step 3: 10 for each fulfilled Request card, your own and the Common ones "
        "(a tie fulfils it for everyone tied), 8 cards at most (PF-069); solo, only the cards "
        "taken, by their bottom row (PF-080, PF-081).",
        "merchants": "Step 4: 2 for each hired Merchant (PF-070).",
        "peaches": "Step 5: 1 for each uneaten Peach (PF-071).",
        "total": "Step 6: steps 1-5 added up; the highest score wins, a tie shares the "
        "victory (PF-072); solo, the score to beat next time at the same difficulty.",
    }
    #: the difficulty is the solo game's (PF-074), the round limit the multiplayer one's (PF-R35)
    option_players: ClassVar[dict[str, tuple[int, int]]] = {
        "difficulty": (1, 1),
        "max_rounds": (2, 5),
    }
    #: The state class, for the modules below the state that build one (determinization).
    state_class: ClassVar[type[PeachState]] = PeachState
    option_ranges: ClassVar[dict[str, tuple[int, int, str]]] = {
        "max_rounds": (1, 1000, "ruling PF-R41"),
    }

    def __init__(self, players: int | None = None, **options: Any):
        super().__init__(players, **options)
        difficulty = self.config["difficulty"]
        if not isinstance(difficulty, str) or difficulty not in DIFFICULTIES:
            raise ConfigError(
                f"difficulty must be one of {', '.join(DIFFICULTIES)}, not {difficulty!r}"
            )
        self.solo = self.num_players == 1
        if self.solo:
            check_solo_conditions(self.content)  # PF-R40
        default = self.options["difficulty"]
        if not self.solo and difficulty != default:
            raise ConfigError(
                f"difficulty is a solo option (PF-074): with {self.num_players} players it "
                f"cannot be {difficulty!r}; play with 1 player or leave it at {default!r}"
            )
        max_rounds = self.config["max_rounds"]
        if not isinstance(max_rounds, int) or isinstance(max_rounds, bool) or max_rounds < 1:
            raise ConfigError(
                f"max_rounds must be a positive integer (1 or more), not {max_rounds!r}"
            )
        if self.solo and max_rounds != self.options["max_rounds"]:
            raise ConfigError(
                f"max_rounds limits games with 2+ players (PF-R35): a solo game ends by the "
                f"turn track only (PF-R24), so it cannot be {max_rounds!r}; leave it at "
                f"{self.options['max_rounds']!r}"
            )
        self.max_rounds = max_rounds
        self.track_start = self.sheet.track_start(DIFFICULTIES[self.config["difficulty"]])
        self.lengths = self.sheet.lengths
        self._build_peach_table()
        self._build_two_peach_table()
        self.main_cache: dict[tuple, list[Action]] = {}

    # -- construction -------------------------------------------------------------------------
    def _build_action_space(self) -> ActionSpace:
        self.content: Content = load_content(self.config["content"])
        # a given directory is kept resolved, so that records replay from anywhere
        self.config["content"] = (
            self.content.directory if self.config["content"] not in (None, "") else None
        )
        self.sheet = self.content.sheet
        space, self.acts, self.roll_outcomes, self.die_outcomes, self.roll_cumulative = (
            _action_tables(self.content)
        )
        self.roll_actions = [a for a, _ in self.roll_outcomes]
        self.die_actions = [a for a, _ in self.die_outcomes]
        return space

    def _build_peach_table(self) -> None:
        """``peach_step[p]``: filled prefix after gaining one Peach from prefix ``p`` (PF-R05)."""
        rows = self.sheet.peach_rows
        flat = "".join(rows)
        ends = list(itertools.accumulate(len(r) for r in rows))
        row_of = [r for r, row in enumerate(rows) for _ in row]
        self.peach_total = len(flat)
        step = []
        for p in range(len(flat)):
            q = p + 1
            while q < len(flat) and flat[q] == "G" and row_of[q] == row_of[p]:
                q += 1  # PF-044: grey spots right of the new Peach are filled too
            bonus = self.sheet.peach_bonus[row_of[p]] if q == ends[row_of[p]] else ""
            step.append((q, bonus))
        self.peach_step = step

    def _build_two_peach_table(self) -> None:
        """``two_peach_at[col][row]``: ``(bit, other column)`` of Two-Peach icons by a square."""
        table: list[list[list[tuple[int, int]]]] = [[[] for _ in range(n)] for n in self.lengths]
        for i, (row, left) in enumerate(self.sheet.two_peach):
            table[left][row].append((1 << i, left + 1))
            table[left + 1][row].append((1 << i, left))
        self.two_peach_at = table

    # -- the Game contract --------------------------------------------------------------------
    def new_initial_state(self) -> PeachState:
        """The table before setup: the deck is shuffled (unseen) and dealing starts (PF-007)."""
        state = PeachState(self)
        state.sheets = [PlayerSheet(self.sheet.start_peaches) for _ in range(self.num_players)]
        state.deck_unseen = sorted(c.id for c in self.content.cards)
        state.deck_bottom = []
        state.commons = []
        state.removed = []
        state.draw_queue = [s for s in range(self.num_players) for _ in range(2)]
        state.dice = None
        state.phase = SETUP_DEAL
        state.round = 0
        state.order = ()
        state.cursor = 0
        state.rolling = -1
        state.node = 0
        advance(state)
        return state

    def determinize_observation(self, observation: dict, rng: random.Random) -> PeachState:
        return determinize(self, observation, rng)

    def max_game_length(self) -> int:
        """Bound on actions: setup, then per round a roll, sealed actions and reward decisions."""
        n = self.num_players
        rounds = len(self.sheet.track_rewards) if self.solo else self.max_rounds
        squares = sum(self.lengths)
        per_round = 1 + n * 3 + (3 if self.solo else 0)
        per_sheet = squares * 3 + 8 * 6 + self.peach_total * 2
        return 3 * n + 4 + rounds * per_round + n * per_sheet

    # -- presentation -------------------------------------------------------------------------
    def describe_action(self, action: Action) -> str:
        from meeple.games.peach_festival.render import describe_action

        return describe_action(self, action)

    def describe_move(self, action: Action, observation: dict) -> str:
        from meeple.games.peach_festival.render import describe_move

        return describe_move(self, action, observation)

    def move_hint(self, action: Action, observation: dict) -> str | None:
        """``WASTED`` for a Take Commodities choice that writes nothing: every number it would
        write breaks the Golden Rules (PF-040, ruling PF-R13), so the turn is lost (and a
        Peach eaten for a modified choice, PF-035)."""
        from meeple.games.peach_festival.render import planned_writes

        writes = planned_writes(self, action, observation)
        return WASTED if writes is not None and not any(ok for _, _, ok in writes) else None

    def order_moves(self, legal: Sequence[Action], observation: dict) -> list[Action]:
        """Take Commodities choices by how many numbers they write (two, then one), each
        group as the engine orders it; then every other move (Take a Peach, rewards...);
        wasted choices (:meth:`move_hint`) last."""
        from meeple.games.peach_festival.render import planned_writes

        def rank(action: Action) -> int:
            writes = planned_writes(self, action, observation)
            if writes is None:
                return 2
            good = sum(ok for _, _, ok in writes)
            return 3 if good == 0 else 2 - good

        return sorted(legal, key=rank)

    def describe_move_for(
        self, state: PeachState, seat: int, action: Action, observer: int | None
    ) -> str:
        """A player's move in the past tense, naming its mover; dice and Common cards are
        public; a card drawn into a hand is seen by its drawer.

        The solo turn-track circle's Peach (PF-075) shares the ``peach`` notation with the
        round's Take a Peach action and is told apart by the phase.

        A reward that is lost because it can never be followed (PF-052, PF-R18, PF-R19) is
        told after the move or outcome that brings it about, to everyone (sheets are public).
        """
        from meeple.games.peach_festival.render import full_stop

        told = self._told(state, seat, action, observer)
        return full_stop(and_then(told, self.describe_aftermath(state, seat, action, observer)))

    def describe_aftermath(
        self, state: PeachState, seat: int, action: Action, observer: int | None
    ) -> str:
        """The rewards lost with this move or outcome because they can never be followed
        (PF-052, PF-R18, PF-R19), each seat's in turn; ``""`` when none is. Sheets are public:
        the same for every observer. After the last sealed action it tells every seat's action,
        revealed together (PF-040), and what they bring about."""
        if state.is_terminal():
            return ""
        from meeple.games.peach_festival.render import describe_lost

        after = state_after(state, seat, action)  # the driver's own, when it is telling it
        said = [
            describe_lost(s, item, observer)
            for s in range(self.num_players)
            for item in after.sheets[s].lost[len(state.sheets[s].lost) :]
        ]
        if self.num_players > 1 and state.phase == ACTION and after.phase != ACTION:
            from meeple.games.peach_festival.render import tell_move

            # all sealed actions are in: revealed together (PF-040), each sheet's last action
            shown = "; ".join(
                tell_move(sh.last, s) for s, sh in enumerate(after.sheets) if sh.last is not None
            )
            said.insert(0, f"The actions are revealed: {shown}.")
        return " ".join(said)

    def _told(self, state: PeachState, seat: int, action: Action, observer: int | None) -> str:
        """The move or outcome itself as ``observer`` is told it (see :meth:`describe_move_for`)."""
        if seat != CHANCE:
            from meeple.games.peach_festival.render import tell_move

            return tell_move(action, seat, track=action.kind == "peach" and state.phase == TRACK)
        if action.kind == "card":
            dest = state.draw_queue[0] if state.draw_queue else -1
            if dest < 0:
                return f"Common Request card #{action.args[0]} was dealt face up"
            if dest == observer:
                return f"{seat_word(dest)} drew Request card #{action.args[0]}"
            return ""
        if action.kind == "die":
            from meeple.games.peach_festival.render import NAMES

            return f"{seat_word(state.rolling)} rolled the Die icon: {NAMES[CODES[action.args[0]]]}"
        return self.describe_action(action)

    def render(self, observation: dict) -> Any:
        from meeple.games.peach_festival.render import render_observation

        return render_observation(self, observation)

    def rules_summary(self) -> str:
        from meeple.games.peach_festival.render import rules_summary

        return rules_summary(self)


__all__ = ["COMMODITIES", "DIFFICULTIES", "PeachFestival"]
