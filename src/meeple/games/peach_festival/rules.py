"""Applying actions: the rules of The Peach Festival as functions over :class:`PeachState`.

Move generation lives in :mod:`.moves`; this module changes the state and then advances it to
the next decision or chance node (:func:`advance`). Rule ids refer to the inventory
(PF-nnn) and to the rulings page (PF-Rnn) in ``docs/games/the-peach-festival.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core.actions import Action
from meeple.core.game import CHANCE, SIMULTANEOUS, TERMINAL
from meeple.games.peach_festival.consts import (
    ACTION,
    DICE,
    OVER,
    RESOLVE,
    ROLL,
    SETUP_COMMON,
    SETUP_DEAL,
    SETUP_KEEP,
    TRACK,
)
from meeple.games.peach_festival.content import SPICES, TEA
from meeple.games.peach_festival.sheet import PlayerSheet

if TYPE_CHECKING:
    from meeple.games.peach_festival.game import PeachFestival
    from meeple.games.peach_festival.state import PeachState


# -- Golden Rules ---------------------------------------------------------------------------------
def valid_numbers(game: PeachFestival, sh: PlayerSheet, col: int) -> tuple[int, ...]:
    """Numbers the Golden Rules allow next in ``col`` (PF-020, PF-021, PF-R19, PF-R28).

    Returns ``()`` for a full column, ``(0,)`` for an empty one, else ``(last, last + 1)``.
    """
    written = sh.cols[col]
    if len(written) >= game.lengths[col]:
        return ()
    if not written:
        return (0,)
    last = written[-1]
    return (last, last + 1)


def is_valid(game: PeachFestival, sh: PlayerSheet, col: int, value: int) -> bool:
    """Whether ``value`` may be written next in ``col`` (PF-020, PF-021, PF-022)."""
    written = sh.cols[col]
    if len(written) >= game.lengths[col]:
        return False
    if not written:
        return value == 0
    return value == written[-1] or value == written[-1] + 1


# -- writing and its rewards ----------------------------------------------------------------------
def write(state: PeachState, seat: int, col: int, value: int) -> None:
    """Write ``value`` in the top-most empty square of ``col`` and trigger its rewards.

    The caller has checked the Golden Rules. Triggers the square's Market Reward (PF-055..PF-064),
    Two-Peach icons beside it (PF-058, PF-R17) and the column's check box (PF-046, PF-R12).
    """
    game: PeachFestival = state.game
    sh = state.sheets[seat]
    column = sh.cols[col]
    column.append(value)
    row = len(column) - 1
    icon = game.sheet.icons[col][row]
    if icon is not None:
        kind, arg = icon
        if kind == "peach":
            gain_peaches(game, sh, 1)  # PF-057
        elif kind == "die":
            # PF-060, PF-R11: during the action step the roll waits for every player.
            if state.phase == RESOLVE:
                sh.dice_left += 1
            else:
                sh.pending.append(("die", 0, False))
        elif kind == "number":
            sh.pending.append(("number", arg, False))  # PF-062
        elif kind == "spices":
            sh.pending.append(("write", SPICES, False))  # PF-063
        elif kind == "tea":
            sh.pending.append(("write", TEA, False))  # PF-064
    for bit, other in game.two_peach_at[col][row]:
        if not sh.two_paid & bit:
            other_col = sh.cols[other]
            if len(other_col) > row and other_col[row] == value:
                sh.two_paid |= bit
                gain_peaches(game, sh, 2)
    bit = 1 << col
    if (value == 3 or row == game.lengths[col] - 1) and not sh.boxes & bit:
        sh.boxes |= bit  # PF-046: marked even when no reward can be gained (PF-052)
        offer_column_reward(state, seat)


def gain_peaches(game: PeachFestival, sh: PlayerSheet, count: int) -> None:
    """Fill ``count`` Peach spots, each the top-left-most empty one (PF-042..PF-045, PF-R05, PF-R15).

    Grey spots right after a filled spot are filled with it; completing a row queues its
    row-end bonus. With no empty spot left nothing is gained (PF-043).
    """
    for _ in range(count):
        if sh.peaches >= game.peach_total:
            return
        new, bonus = game.peach_step[sh.peaches]
        sh.peaches = new
        if bonus == "two":
            sh.pending.append(("number", 2, False))
        elif bonus == "wild":
            sh.pending.append(("write", -1, False))


def column_reward_options(state: PeachState, seat: int) -> list[Action]:
    """The Column Rewards ``seat`` could gain now, without ``noreward`` (PF-047..PF-052, PF-077/78)."""
    deck = len(state.deck_unseen) + len(state.deck_bottom)
    return reward_options(state.game, state.sheets[seat], deck, state.commons)


def reward_options(
    game: PeachFestival, sh: PlayerSheet, deck: int, commons: list[int]
) -> list[Action]:
    """:func:`column_reward_options` from the public facts they hang on: the sheet, the number
    of cards left to draw and the Common cards (so a view of the table can tell them too)."""
    acts = game.acts
    options: list[Action] = []
    if game.solo:
        if sh.uneaten >= 2:  # PF-077, PF-R25
            options.extend(acts.take_common[c] for c in sorted(commons))
    else:
        for k in (1, 2, 3):  # PF-048, PF-R23
            if sh.uneaten >= k and deck >= k:
                options.append(acts.draw[k])
    if sh.merchants < len(game.sheet.merchants):  # PF-051
        options.append(acts.merchant)
    return options


def has_square(game: PeachFestival, sh: PlayerSheet, kind: str, arg: int) -> bool:
    """Whether a Number reward (``kind`` ``"number"``, ``arg`` its number) or a write reward
    (``"write"``, ``arg`` its column, -1: any) has a valid square on ``sh`` now (PF-R18,
    PF-R19)."""
    if kind == "number":
        return any(is_valid(game, sh, c, arg) for c in range(6))
    cols = range(6) if arg == -1 else (arg,)
    return any(valid_numbers(game, sh, c) for c in cols)


def offer_column_reward(state: PeachState, seat: int) -> None:
    """Queue a Column Reward choice unless one was gained this round (PF-053, PF-R29, PF-R36).

    It is queued even when no option is open yet: another reward of the same round may open
    one first (PF-056, ruling PF-R39); :func:`settle` drops it if none does (PF-052).
    """
    sh = state.sheets[seat]
    if sh.reward_gained or any(p[0] == "reward" for p in sh.pending):
        return
    sh.pending.append(("reward", 0, False))


# -- the main action ------------------------------------------------------------------------------
def resolve_main_action(state: PeachState, seat: int) -> None:
    """Carry out ``seat``'s revealed action (PF-031..PF-045, PF-R13, PF-R14)."""
    game: PeachFestival = state.game
    sh = state.sheets[seat]
    action = sh.commit
    if action is None:  # pragma: no cover - guarded by the phase machine
        return
    if action.kind == "peach":
        gain_peaches(game, sh, 1)  # PF-042
        return
    col, mod, second = action.args
    dice = state.dice
    count = dice[col]
    if mod:
        sh.eaten += 1  # PF-035: one Peach eaten, even if nothing ends up written (PF-R13)
    if mod == "+":
        writes = ((col, count + 1),)  # PF-037
    elif mod == "-":
        writes = ((col, count - 1),)
    elif mod == "&":
        writes = ((col, count), (second, dice[second]))  # PF-038, PF-R14
    elif mod == ">":
        writes = ((second, count),)  # PF-039: the number is not recounted
    else:
        writes = ((col, count),)
    for c, v in writes:
        if is_valid(game, sh, c, v):  # PF-040, PF-R13: otherwise nothing is written
            write(state, seat, c, v)


# -- pending decisions ----------------------------------------------------------------------------
_SPECIFICITY = {"number": 0, "write": 1}


def consume_write(state: PeachState, seat: int, col: int, value: int) -> None:
    """Resolve a write decision with the most specific pending reward that admits it (PF-R33)."""
    game: PeachFestival = state.game
    sh = state.sheets[seat]
    best = -1
    best_rank = 9
    for i, (kind, arg, _) in enumerate(sh.pending):
        if kind == "number" and arg == value:
            rank = 0
        elif kind == "write" and arg == col:
            rank = 1
        elif kind == "write" and arg == -1:
            rank = 2
        else:
            continue
        if rank < best_rank:
            best, best_rank = i, rank
    del sh.pending[best]
    if is_valid(game, sh, col, value):
        write(state, seat, col, value)


def followable(state: PeachState, seat: int) -> list[tuple]:
    """The items of ``seat``'s pending list that can be followed now, in its order.

    A Number with no valid column (PF-R18), a write into a full column (PF-R19) and a Column
    Reward with no option (PF-052) cannot; a roll, a card to keep and a turn-track Peach can.
    """
    game: PeachFestival = state.game
    sh = state.sheets[seat]
    live = []
    for item in sh.pending:
        kind, arg, _ = item
        if kind in ("number", "write"):
            ok = has_square(game, sh, kind, arg)
        elif kind == "reward":
            ok = bool(column_reward_options(state, seat))
        else:
            ok = True
        if ok:
            live.append(item)
    return live


def settle(state: PeachState, seat: int) -> list[tuple]:
    """The pending decisions ``seat`` can follow now; drop those that can never be followed.

    Rewards may be gained in any order (PF-056), so a reward that cannot be followed now waits
    while another pending decision can be followed, or while a Die roll of this round is still
    to come (PF-R11): that one may make it possible (ruling PF-R39). Once nothing can be
    followed and no roll is coming, the waiting ones are dropped.

    Returns:
        :func:`followable` (empty: nothing for ``seat`` to decide now).
    """
    sh = state.sheets[seat]
    live = followable(state, seat)
    if not live and sh.pending and not sh.dice_left:
        sh.lost.extend(sh.pending)
        sh.pending = []
    return live


def _only_mandatory_dice(live: list[tuple]) -> bool:
    return bool(live) and all(k == "die" and not opt for k, _, opt in live)


def apply_decision(state: PeachState, action: Action, seat: int) -> None:
    """Apply a player's decision during setup, the action step or reward resolution."""
    game: PeachFestival = state.game
    sh = state.sheets[seat]
    kind = action.kind
    if state.phase in (SETUP_KEEP, ACTION):
        sh.commit = action  # sealed until every seat has committed (PF-030, PF-R10)
        return
    if kind == "write":
        consume_write(state, seat, *action.args)
    elif kind == "keep":
        keep_card(state, seat, action.args[0])
    elif kind == "draw":
        _remove_pending(sh, "reward")
        k = action.args[0]
        sh.eaten += k  # PF-048, PF-R16: crossed-out Peaches are eaten
        sh.reward_gained = True
        sh.pending.append(("keep", 0, False))
        state.draw_queue.extend([seat] * k)
    elif kind == "merchant":
        _remove_pending(sh, "reward")
        gain = game.sheet.merchants[sh.merchants]
        sh.merchants += 1  # PF-050: the left-most unmarked Merchant
        sh.reward_gained = True
        gain_peaches(game, sh, gain)
        if game.solo:  # PF-078: both Common cards go to the box; 2 new ones are drawn
            state.removed.extend(state.commons)
            state.commons = []
            state.draw_queue.extend((-1, -1))
    elif kind == "take_common":
        _remove_pending(sh, "reward")
        sh.eaten += 2  # PF-077
        sh.reward_gained = True
        sh.requests.append(action.args[0])
        # the other Common card is discarded, out of the game (PF-R25)
        state.removed.extend(c for c in state.commons if c != action.args[0])
        state.commons = []
        state.draw_queue.extend((-1, -1))
    elif kind == "noreward":
        _remove_pending(sh, "reward")
    elif kind == "peach":  # a turn-track Peach circle, gained (PF-075, ruling PF-R32)
        _remove_pending(sh, "peach")
        gain_peaches(game, sh, 1)
    elif kind == "skip":
        for i, (_, _, optional) in enumerate(sh.pending):
            if optional:
                del sh.pending[i]
                break
    elif kind == "roll":
        state.rolling = seat


def _remove_pending(sh: PlayerSheet, kind: str) -> None:
    for i, item in enumerate(sh.pending):
        if item[0] == kind:
            del sh.pending[i]
            return


def keep_card(state: PeachState, seat: int, card: int) -> None:
    """Keep ``card`` face up; the rest goes under the deck (PF-007, PF-048, PF-R23, PF-R31).

    Returned cards go in ascending ID order; at setup the seats return theirs in seat order.
    """
    sh = state.sheets[seat]
    _remove_pending(sh, "keep")
    sh.requests.append(card)
    for other in sorted(sh.hand):
        if other != card:
            state.deck_bottom.append([other, seat])
    sh.hand = []


# -- chance ---------------------------------------------------------------------------------------
def deliver_card(state: PeachState, card: int) -> None:
    """Give the drawn ``card`` to the first destination in the draw queue."""
    dest = state.draw_queue.pop(0)
    if dest < 0:
        state.commons.append(card)
    else:
        state.sheets[dest].hand.append(card)


def apply_chance(state: PeachState, action: Action) -> None:
    kind = action.kind
    if kind == "card":
        state.deck_unseen.remove(action.args[0])
        deliver_card(state, action.args[0])
    elif kind == "dice":
        state.dice = action.args[0]
        state.phase = ACTION
        for sh in state.sheets:
            sh.commit = None  # last round's revealed actions stay visible until the roll
    else:  # a single Die-icon die (PF-059, PF-061)
        game: PeachFestival = state.game
        seat = state.rolling
        state.rolling = -1
        sh = state.sheets[seat]
        for i, item in enumerate(sh.pending):
            if item[0] == "die":
                optional = item[2]
                del sh.pending[i]
                break
        col = action.args[0]
        if not valid_numbers(game, sh, col):
            col = -1  # PF-061: the player sets the die to any face with room
        sh.pending.append(("write", col, optional))


# -- the phase machine ----------------------------------------------------------------------------
def start_round(state: PeachState) -> None:
    """Begin a round: clear the round's flags; solo: mark the next turn-track circle (PF-075/76)."""
    game: PeachFestival = state.game
    state.round += 1
    state.dice = None
    for sh in state.sheets:
        sh.reward_gained = False
    if game.solo:
        sh = state.sheets[0]
        # PF-076, PF-R07: round 1 marks the difficulty's circle, later rounds the next one down.
        sh.track = game.track_start if state.round == 1 else sh.track + 1
        icon = game.sheet.track_rewards[sh.track]
        state.phase = TRACK
        state.order = (0,)
        state.cursor = 0
        if icon is not None:
            kind, arg = icon
            if kind == "peach":  # declinable like every circle (ruling PF-R32): `peach` or `skip`
                sh.pending.append(("peach", 1, True))
            elif kind == "die":
                sh.pending.append(("die", 0, True))
            elif kind == "number":
                sh.pending.append(("number", arg, True))
            else:
                sh.pending.append(("write", SPICES if kind == "spices" else TEA, True))
    else:
        state.phase = ROLL


def end_round(state: PeachState) -> None:
    """Check for game end (PF-066, PF-079, PF-R24, PF-R35) or start the next round."""
    game: PeachFestival = state.game
    if game.solo:
        over = state.sheets[0].track >= len(game.sheet.track_rewards) - 1
    else:
        over = any(sh.boxes_marked >= 5 for sh in state.sheets)
    if over or (not game.solo and state.round >= game.max_rounds):  # PF-R24: solo by the track
        state.phase = OVER
    else:
        start_round(state)


def resolution_order(
    state: PeachState,
) -> tuple[int, ...]:  # Common cards never change here (PF-R30)
    """Seats by ascending ID of their most recently taken Request card (PF-049, PF-R10)."""
    return tuple(sorted(range(len(state.sheets)), key=lambda s: state.sheets[s].requests[-1]))


def advance(state: PeachState) -> None:
    """Move the state forward until a decision or chance node, then cache it in ``state.node``."""
    game: PeachFestival = state.game
    sheets = state.sheets
    while True:
        if state.draw_queue:
            if state.deck_unseen:
                state.node = CHANCE
                return
            if state.deck_bottom:
                deliver_card(state, state.deck_bottom.pop(0)[0])
            else:
                state.draw_queue.clear()  # deck exhausted: draw what there is (PF-R25)
            continue
        if state.rolling >= 0:
            state.node = CHANCE
            return
        phase = state.phase
        if phase == ACTION:
            if any(sh.commit is None for sh in sheets):
                state.node = 0 if len(sheets) == 1 else SIMULTANEOUS
                return
            # Revealed together: every sheet is written, then rewards are settled seat by seat.
            state.phase = RESOLVE
            state.order = resolution_order(state)
            state.cursor = 0
            for seat in state.order:
                sheets[seat].last = sheets[seat].commit
                resolve_main_action(state, seat)
            continue
        if phase == ROLL:
            state.node = CHANCE
            return
        if phase == SETUP_DEAL:
            state.phase = SETUP_KEEP
            continue
        if phase == SETUP_KEEP:
            waiting = [s for s, sh in enumerate(sheets) if sh.commit is None]
            if waiting:
                state.node = waiting[0] if len(sheets) == 1 else SIMULTANEOUS
                return
            for seat, sh in enumerate(sheets):  # revealed together, returned in seat order
                card = sh.commit.args[0]
                sh.commit = None
                keep_card(state, seat, card)
                for col in game.content.card(card).start:
                    sh.cols[col].append(0)  # PF-008; no rewards at setup (PF-R26)
            state.phase = SETUP_COMMON
            state.draw_queue.extend((-1, -1))  # PF-009
            continue
        if phase == SETUP_COMMON:
            start_round(state)
            continue
        if phase == OVER:
            state.node = TERMINAL
            return
        # TRACK, RESOLVE, DICE: the seat at the cursor settles its pending decisions, one seat
        # at a time, since draws touch the shared deck (PF-R37).
        seat = state.order[state.cursor]
        sh = sheets[seat]
        if sh.pending:
            live = settle(state, seat)
            if live:
                if _only_mandatory_dice(live):
                    state.rolling = seat  # PF-R34: nothing else to decide first
                    continue
                state.node = seat
                return
        if phase == DICE and sh.dice_left:
            sh.dice_left -= 1
            sh.pending.append(("die", 0, False))
            continue
        state.cursor += 1
        if state.cursor < len(state.order):
            continue
        if phase == TRACK:
            state.phase = ROLL
        elif phase == RESOLVE:
            state.phase = DICE
            state.cursor = 0
        else:
            end_round(state)
