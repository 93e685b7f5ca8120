"""Legal move generation for The Peach Festival (apart from applying them, in :mod:`.rules`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from meeple.core.actions import Action
from meeple.games.peach_festival import rules
from meeple.games.peach_festival.consts import ACTION, SETUP_KEEP, TRACK
from meeple.games.peach_festival.content import CODES, COLUMN_NAMES, SPICES, TEA

if TYPE_CHECKING:
    from meeple.games.peach_festival.game import PeachFestival
    from meeple.games.peach_festival.state import PeachState


def main_actions(game: PeachFestival, dice: tuple[int, ...], can_eat: bool) -> tuple[Action, ...]:
    """Take Commodities / Take a Peach options for a roll (PF-030..PF-039, PF-R14, PF-R38).

    Cached per ``(dice, can_eat)``: the options depend on nothing else. A tuple, since every
    state of the game shares it.
    """
    key = (dice, can_eat)
    cached = game.main_cache.get(key)
    if cached is None:
        acts = game.acts
        cached = [acts.take[(c, None, -1)] for c in range(6)]
        if can_eat:
            for c in range(6):
                cached.append(acts.take[(c, "+", -1)])
                if dice[c] >= 1:  # Manipulate may lower to 0, not below
                    cached.append(acts.take[(c, "-", -1)])
                for c2 in range(6):
                    if c2 > c:
                        cached.append(acts.take[(c, "&", c2)])
                    if c2 != c:
                        cached.append(acts.take[(c, ">", c2)])
        cached.append(acts.peach)
        cached.sort(key=lambda a: a.id)
        cached = game.main_cache[key] = tuple(cached)
    return cached


def legal_actions(state: PeachState, seat: int) -> Sequence[Action]:
    """Legal actions of ``seat``, which must be one of ``state.acting_seats()``; sorted by id."""
    game: PeachFestival = state.game
    sh = state.sheets[seat]
    acts = game.acts
    phase = state.phase
    if phase == ACTION:
        return main_actions(game, state.dice, sh.uneaten > 0)
    if phase == SETUP_KEEP:
        return [acts.keep[c] for c in sorted(sh.hand)]
    pending = sh.pending
    if any(p[0] == "keep" for p in pending):  # the drawn cards are settled first
        return [acts.keep[c] for c in sorted(sh.hand)]
    out: set[Action] = set()
    optional = False
    for kind, arg, opt in pending:
        optional |= opt
        if kind == "number":
            out.update(acts.write[(c, arg)] for c in range(6) if rules.is_valid(game, sh, c, arg))
        elif kind == "write":
            cols = range(6) if arg == -1 else (arg,)
            for c in cols:
                out.update(acts.write[(c, v)] for v in rules.valid_numbers(game, sh, c))
        elif kind == "die":
            out.add(acts.roll)
        elif kind == "reward":
            out.update(rules.column_reward_options(state, seat))
            out.add(acts.noreward)
        elif kind == "peach":  # a turn-track Peach circle (PF-075)
            out.add(acts.peach)
    if optional:
        out.add(acts.skip)
    return sorted(out, key=lambda a: a.id)


def why_illegal(state: PeachState, action: Action, seat: int) -> tuple[str, str]:
    """The rule that forbids ``action`` to ``seat`` here, for :class:`IllegalActionError`.

    Returns:
        ``(rule id, reason)``: the rule of the step the game is in (the action step, setup,
        keeping drawn cards, a reward), then the most specific reason in that step.
    """
    game: PeachFestival = state.game
    sh = state.sheets[seat]
    kind = action.kind
    phase = state.phase
    if phase == ACTION:
        if kind not in ("take", "peach"):
            return ("PF-030", "choose Take Commodities or Take a Peach now")
        _, mod, _ = action.args
        if mod and sh.uneaten == 0:  # PF-R38
            return ("PF-036", "there is no filled-in Peach to eat")
        if mod == "-":
            return ("PF-037", "Manipulate may lower the number to 0, not below")
        return ("PF-R14", "Impress is offered once per pair of commodities")
    if phase == SETUP_KEEP:
        return ("PF-007", "keep one of the 2 Request cards dealt to you")
    if any(p[0] == "keep" for p in sh.pending):
        return ("PF-048", "keep one of the Request cards you drew")
    if kind == "write":
        col, value = action.args
        if not any(p[0] in ("number", "write") for p in sh.pending):
            return ("PF-041", "no reward lets you write a number now")
        if not sh.cols[col] and value != 0:
            return ("PF-020", "the first number written in a column must be a 0")
        if len(sh.cols[col]) >= game.lengths[col]:
            return ("PF-R28", "that column is full")
        if not rules.is_valid(game, sh, col, value):
            return ("PF-021", "each number must equal the previous one or be exactly 1 higher")
        return _why_write_illegal(state, seat)
    if kind in ("draw", "merchant", "take_common", "noreward"):
        return _why_reward_illegal(state, action, seat)
    if kind in ("take", "peach"):
        if phase == TRACK:  # solo, before the roll
            return ("PF-075", "the turn-track circle is settled before the dice are rolled")
        return ("PF-030", "one action per round: settle this round's rewards now")
    if kind == "keep":
        return ("PF-048", "there are no drawn Request cards to keep")
    if kind == "roll":
        return ("PF-059", "there is no Die icon to roll")
    if kind == "skip":
        return ("PF-R32", "only a turn-track reward may be declined")
    return ("CORE-01", f"{action} is not a legal action now")


def _why_write_illegal(state: PeachState, seat: int) -> tuple[str, str]:
    """A write the Golden Rules allow but no pending reward does (PF-059, PF-062..PF-064).

    The rule named is the pending reward's: a Number (PF-062, also a row-end 2), else the
    column-bound write (Spices PF-063, Tea Leaves PF-064, a rolled Die PF-059). A wildcard
    admits every valid write, so it never refuses one.
    """
    pending = state.sheets[seat].pending
    numbers = sorted({arg for kind, arg, _ in pending if kind == "number"})
    cols = sorted({arg for kind, arg, _ in pending if kind == "write" and arg >= 0})
    allowed = [f"a {n} in a column where it is valid" for n in numbers]
    allowed += [f"a valid number in {COLUMN_NAMES[c]} ({CODES[c]})" for c in cols]
    rule = "PF-062" if numbers else {SPICES: "PF-063", TEA: "PF-064"}.get(cols[0], "PF-059")
    return (rule, "the pending reward(s) allow only " + " or ".join(allowed))


def _why_reward_illegal(state: PeachState, action: Action, seat: int) -> tuple[str, str]:
    """The rule a refused Column Reward choice breaks (PF-047..PF-053, PF-077, PF-078).

    The two modes offer different rewards: drawing from the deck is the multiplayer reward A
    (PF-048), taking a Common card the solo one (PF-077). A reward of the other mode is never
    legal, so that is the reason given before any timing, Peach or deck count.
    """
    game: PeachFestival = state.game
    sh = state.sheets[seat]
    kind = action.kind
    if kind == "draw" and game.solo:
        return (
            "PF-077",
            "in the solo mode Column Reward A takes one of the Common cards (take:ID) "
            "instead of drawing from the deck",
        )
    if kind == "take_common" and not game.solo:
        return (
            "PF-077",
            "taking a Common card is the solo mode's Column Reward A; with 2 or more players "
            "Column Reward A draws Request cards from the deck (draw1..draw3)",
        )
    if not any(p[0] == "reward" for p in sh.pending):
        if sh.reward_gained:
            return ("PF-053", "a Column Reward was already gained this round (at most 1 per round)")
        return ("PF-047", "a Column Reward is chosen only right after marking a column's box")
    if kind == "merchant":
        return ("PF-051", "all 3 Merchants are hired")
    if kind == "draw":
        k = action.args[0]
        if sh.uneaten < k:
            return (
                "PF-048",
                f"drawing {k} card(s) crosses out {k} filled-in Peach(es); "
                f"you have {sh.uneaten} uneaten",
            )
        deck = len(state.deck_unseen) + len(state.deck_bottom)
        return ("PF-R23", f"cross out no more Peaches than the deck holds cards ({deck})")
    card = action.args[0]  # take_common, solo
    if card not in state.commons:
        commons = ", ".join(f"#{c}" for c in sorted(state.commons)) or "none"
        return ("PF-077", f"take one of the Common Request cards ({commons}), not #{card}")
    return ("PF-R25", f"taking a Common card eats 2 Peaches; you have {sh.uneaten} uneaten")


def chance_outcomes(state: PeachState) -> list[tuple[Action, float]]:
    """Outcomes of the chance node: a Request card draw, the 5-dice roll or one Die-icon die.

    A card is drawn uniformly from the unseen part of the deck; the roll is one outcome per
    count vector of 5 fair six-faced dice with multinomial probabilities (PF-029, PF-R09).
    """
    game: PeachFestival = state.game
    if state.draw_queue and state.deck_unseen:
        p = 1.0 / len(state.deck_unseen)
        return [(game.acts.card[c], p) for c in state.deck_unseen]
    if state.rolling >= 0:
        return game.die_outcomes
    return game.roll_outcomes
