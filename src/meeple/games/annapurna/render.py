"""Text pictures of an observation, human sentences for actions, and a rules reminder.

Everything here reads an observation (what one seat may see, ruling AN-R17) or public action
data; nothing looks at a state, so a picture can never show another climber's Backpack, Cache
or a face-down card the viewer cannot identify.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from meeple.core.actions import Action
from meeple.core.text import fit, plural
from meeple.games.annapurna import board
from meeple.games.annapurna.consts import (
    COOP_ASCENTS,
    D_CLIMB,
    D_GIVE,
    D_PEEK,
    D_RECOVER,
    D_RETALIATE,
    D_STOW,
    PEAK_TOKENS,
    TEAM,
    V_DROP,
    V_HIDE,
    V_THROW,
    V_TRADE,
    VERB_NAMES,
)
from meeple.games.annapurna.content import SUIT_SIZE
from meeple.games.annapurna.effects import EFFECTS

if TYPE_CHECKING:
    from meeple.games.annapurna.game import Annapurna

CELL = 10

#: What each stage of the turn asks for, in players' words.
STAGE_WORDS = {
    "deal": "dealing the mountainsides",
    "start": "drawing the first climber",
    "main": "choosing the turn's action",
    "card": "choosing a Backpack card",
    "spot": "choosing where the card goes",
    "decide": "resolving a card effect",
    "sweep": "Sweeping balanced groups",
    "scavenge": "Scavenge window open",
    "over": "the Expedition is over",
    "race": "drawing who called Scavenge first",
}

LEGEND = "\n".join(
    (
        "Legend: each spot shows its position, then the card. R14+1 = face-up card 14",
        "  of the Red suit, worth Yang minus Yin = +1 (=0: zero on its own); [R??] =",
        "  face-down card you cannot identify; [R01] = face-down card you know; -- =",
        "  empty spot; * = the climber's meeple. Row 1 is the bottom (a1..e1), row 5",
        "  the peak (a5); a card rests on the two below it. Card numbers mean the same",
        "  card in every colour (see the card key and `rules`).",
    )
)


# -- cards -------------------------------------------------------------------------------------
def effect_text(game: Annapurna, card: int) -> str:
    """One line of rules text for ``card``'s effect, from the content (e.g. Spyglass: "Look at
    1 face-down card on any mountainside.")."""
    d = game.content.cards[card % SUIT_SIZE]
    if d.effect == "peek":
        n = d.params["count"]
        where = "any mountainside" if d.params["scope"] == "any" else "your own mountainside"
        return f"Look at {n} face-down card{'s, one at a time,' if n > 1 else ''} on {where}."
    return EFFECTS[d.effect].describe(d.params)


def values(game: Annapurna, card: int) -> str:
    """``"Yin 0, Yang 1 (+1)"``: the symbols and the net value (ruling AN-R02)."""
    d = game.content.cards[card % SUIT_SIZE]
    net = f"{d.net:+d}" if d.net else "=0"
    return f"Yin {d.yin}, Yang {d.yang} ({net})"


def short_name(game: Annapurna, card: int) -> str:
    """``"R14 Sunrise +1"``."""
    d = game.content.cards[card % SUIT_SIZE]
    net = f"{d.net:+d}" if d.net else "=0"
    return f"{game.card_code(card)} {d.name} {net}"


def card_line(game: Annapurna, card: int) -> str:
    """``"R14 Sunrise — Yin 0, Yang 1 (+1): No effect."``."""
    d = game.content.cards[card % SUIT_SIZE]
    return f"{game.card_code(card)} {d.name} — {values(game, card)}: {effect_text(game, card)}"


def card_key(game: Annapurna, numbers: set[int]) -> list[str]:
    """Lines of the card key for suit numbers ``numbers`` (0-based)."""
    out = []
    for i in sorted(numbers):
        d = game.content.cards[i]
        net = f"{d.net:+d}" if d.net else "=0"
        out.append(
            f"  {i + 1:02d} {d.name:<14} Yin {d.yin} Yang {d.yang} ({net:>2})  "
            f"{effect_text(game, i)}"
        )
    return out


# -- the pyramid -------------------------------------------------------------------------------
def _cell(game: Annapurna, entry: object, pos: int, here: bool) -> str:
    if entry is None:
        text = "--"
    elif isinstance(entry, int):
        net = game.net[entry]
        text = f"{game.card_code(entry)}{net:+d}" if net else f"{game.card_code(entry)}=0"
    else:
        colour, card = entry  # type: ignore[misc]
        text = f"[{game.card_code(card)}]" if card is not None else f"[{game.letters[colour]}??]"
    text = f"{board.NAMES[pos]} {text}"
    if here:
        text = "*" + text
    return text.center(CELL)


def render_pyramid(game: Annapurna, side: list, loc: int) -> list[str]:
    """Lines of one mountainside, peak on top; ``*`` marks the meeple."""
    lines = []
    for r in reversed(range(board.ROWS)):
        cells = [p for p in range(board.SIZE) if board.ROW[p] == r]
        pad = " " * (r * CELL // 2)
        row = "".join(_cell(game, side[p], p, p == loc) for p in cells)
        lines.append(pad + row + f"  row {r + 1}" + ("  (peak)" if r == board.ROWS - 1 else ""))
    lines.append("".join("abcde"[i].center(CELL) for i in range(board.ROWS)) + "  (columns)")
    return lines


def _identified(game: Annapurna, side: list) -> list[str]:
    """Names of the cards on a mountainside the viewer can identify, by position."""
    out = []
    for p, e in enumerate(side):
        if isinstance(e, int):
            out.append(f"{board.NAMES[p]} {game.content.cards[e % SUIT_SIZE].name}")
        elif e is not None and e[1] is not None:
            out.append(f"{board.NAMES[p]} [{game.content.cards[e[1] % SUIT_SIZE].name}, face down]")
    return out


def _seen_by(game: Annapurna, obs: dict, t: int) -> list[str]:
    """Face-down cards of ``t``'s mountainside that climbers other than the viewer were seen
    to identify (ruling AN-R41), by position: ``b1 (Red)``, or ``b1 (everyone)`` when every
    climber identifies it (Buried, stowed, or placed and peeked at by all)."""
    n = game.num_players
    out = []
    for side, p, who in obs.get("identified") or ():
        if side != t:
            continue
        if len(who) == n:
            out.append(f"{board.NAMES[p]} (everyone)")
            continue
        others = [game.colour(u) for u in who if u != obs["seat"]]
        if others:
            out.append(f"{board.NAMES[p]} ({', '.join(others)})")
    return out


def _status(c: dict, peak_turn: bool) -> str:
    if c["arrival"] and peak_turn:  # ruling AN-R08: the peak turn still Sweeps
        return f"finishing the peak turn (reached the peak #{c['arrival']})"
    if c["arrival"]:
        return f"Protecting (reached the peak #{c['arrival']})"
    if c["loc"] < 0:
        return "at the trailhead"
    return f"Climbing, at {board.NAMES[c['loc']]}"


def _marks(game: Annapurna, c: dict) -> list[str]:
    marks = []
    if c["skips"]:
        marks.append("next turn skipped (only the Sweep)")
    if c["shields"]:
        marks.append("sheltered: nobody may Hide or Throw here until their next turn")
    if c["peakfx"]:
        names = ", ".join(game.content.cards[x % SUIT_SIZE].name for x in c["peakfx"])
        marks.append(f"on reaching the peak may flip a face-up card face down ({names})")
    if c["extra"]:
        marks.append("takes an extra turn after this one")
    return marks


def pending_text(game: Annapurna, entry: list) -> str:
    """The top pending decision ``[kind, seat, a, b]`` in players' words."""
    kind, seat, a, b = entry
    who = game.colour(seat)
    if kind == D_PEEK:
        where = "any mountainside" if b else "their own mountainside"
        return f"{who} may look at {a} more face-down card(s) on {where}"
    if kind == D_CLIMB:
        return f"{who} may Explore one more card (Fixed Rope / Ice Axe)"
    if kind == D_GIVE:
        nxt = game.colour((seat + 1) % game.num_players)
        return f"{who} must give a Backpack card into {nxt}'s Cache (Crevasse)"
    if kind == D_RECOVER:
        return f"{who} may take a card from their Cache back into their Backpack (Porter)"
    if kind == D_STOW:
        return f"{who} is on the peak and may flip a face-up card of theirs face down"
    if kind == D_RETALIATE:
        return (
            f"{who} may Retaliate: flip one of {game.colour(a)}'s face-down cards face up "
            "(no effect)"
        )
    return f"{who} must decide"


def _cards(game: Annapurna, cards: object, mine: bool) -> list[str]:
    if not isinstance(cards, list):
        n = int(cards)  # type: ignore[call-overload]
        return [f"{n} card{'' if n == 1 else 's'} (hidden)"]
    if not cards:
        return ["empty"]
    return [card_line(game, x) for x in cards]


def render_observation(game: Annapurna, obs: dict) -> str:
    """An ASCII picture of every climber's mountainside as ``obs``'s seat sees it: every card the
    seat can identify is named with its Yin/Yang and effect (in the Backpack, the Cache, and in
    the card key for the mountainsides)."""
    me = obs["seat"]
    turn = obs["turn"]
    stage = obs["stage"]
    # the climber who peaked this turn still Sweeps (rulebook, Protecting; ruling AN-R08)
    protecting = bool(obs["climbers"][turn]["arrival"]) and not obs["peaked_now"]
    doing = STAGE_WORDS.get(stage, stage)
    if stage == "sweep" and protecting:
        doing = "Burying balanced groups"
    goal = f"first to {plural(obs['target'], 'flag')}"
    if obs.get("cooperative"):  # rulings AN-R43, AN-R44
        team = sum(c["flags"] for c in obs["climbers"])
        goal = (
            f"cooperative: the team has {team} of {plural(obs['team_target'], 'flag')}, "
            f"{COOP_ASCENTS} Ascents"
        )
    out = [f"Annapurna — Ascent {obs['ascent']}, {goal}. Turn: {game.colour(turn)} ({doing})"]
    # an Expedition may end in its first Ascent (Left No Trace Behind, a shorter Expedition)
    over = obs["winner"] >= 0 or stage == "over"
    if (obs["ascent"] > 1 or over) and any(
        obs["climbers"][t]["placing"] for t in range(obs["players"])
    ):
        order = sorted(range(obs["players"]), key=lambda t: obs["climbers"][t]["placing"])
        parts = [
            f"{game.colour(t)} #{obs['climbers'][t]['placing']}"
            f" ({_ended(obs['climbers'][t].get('ended_total'))}) +{obs['climbers'][t]['earned']}"
            for t in order
        ]
        lntb = obs["lntb"]
        extra = f" ({game.colour(lntb)} Left No Trace Behind)" if lntb >= 0 else ""
        label = "Final Ascent" if over else "Previous Ascent"
        out.append(f"{label}: " + ", ".join(parts) + " flags" + extra)
    seen: set[int] = set()
    for t, c in enumerate(obs["climbers"]):
        total = sum(game.net[e] for e in c["side"] if isinstance(e, int))
        who = game.colour(t) + (" (you)" if t == me else "")
        marks = _marks(game, c)
        out.append("")
        peak_turn = t == turn and obs["peaked_now"]
        out.append(f"{who}: {_status(c, peak_turn)}; face-up total {total:+d}; flags {c['flags']}")
        out += [f"  ({m})" for m in marks]
        mine = isinstance(c["pack"], list)
        pack = _cards(game, c["pack"], mine)
        cache = _cards(game, c["cache"], mine)
        if mine:
            out.append("  Backpack:")
            out += ["    " + x for x in pack]
            out.append("  Cache:")
            out += ["    " + x for x in cache]
        else:
            out.append(f"  Backpack: {pack[0]}   Cache: {cache[0]}")
            # the cards the viewer remembers there (ruling AN-R39)
            for label, key in (("Backpack", "known_pack"), ("Cache", "known_cache")):
                held = obs[key][t] if t < len(obs.get(key) or []) else []
                if held:
                    names = ", ".join(short_name(game, x) for x in held)
                    out.append(f"    you know in the {label}: {names}")
        out += ["  " + line for line in render_pyramid(game, c["side"], c["loc"])]
        named = _identified(game, c["side"])
        if named:
            out.append("  Known here: " + ", ".join(named))
        others = _seen_by(game, obs, t)
        if others:
            out.append("  Face-down cards others know: " + ", ".join(others))
        for e in c["side"]:
            if isinstance(e, int):
                seen.add(e % SUIT_SIZE)
            elif e is not None and e[1] is not None:
                seen.add(e[1] % SUIT_SIZE)
    if obs["pending"]:
        out.append("\nWaiting: " + pending_text(game, obs["pending"][-1]))
    if obs["verb"]:
        card = obs["card"]
        verb = VERB_NAMES[obs["verb"]].capitalize()
        if card is not None and card >= 0:
            what = f" with {short_name(game, card)}"
        elif stage == "spot":
            what = " with a Backpack card (face down until placed)"
        else:
            what = ""
        out.append(f"\n{game.colour(turn)} is doing a {verb}{what}")
    out += scavenge_lines(game, obs)
    if obs["winner"] >= 0:
        out.append(f"\n{game.colour(obs['winner'])} wins the Expedition!")
    elif stage == "over" and obs.get("cooperative"):
        out.append(
            "\nThe team reached its target together: the Expedition succeeds!"
            if obs["winner"] == TEAM
            else "\nThe team fell short of its target: the Expedition fails."
        )
    if over:  # the whole Expedition, Ascent by Ascent (ruling AN-R46)
        out.append("")
        out += ascent_lines(game, obs)
    if seen:
        out.append("\nCard key (cards you can identify on the mountainsides):")
        out += card_key(game, seen)
    out.append(LEGEND)
    return fit("\n".join(out))


# -- the Ascents so far -------------------------------------------------------------------------
def ordinal(place: int) -> str:
    """``1`` -> ``"1st"`` (placings and arrivals go up to 4)."""
    return f"{place}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(place, 'th') }"


def _names(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _plus(v: int) -> str:
    """``+2``, ``-3``, ``+0``: a total with its sign, in plain characters."""
    return f"{v:+d}"


def _detail(obs: dict, ascent: dict, t: int, signed: Callable[[int], str] = _plus) -> str:
    """How climber ``t`` came by its flags in ``ascent``: its placing, its face-up total and
    when it reached the peak, the peak token it took (rulebook, Peaking and Peak Tokens: the
    token tells the order of arrival at the peak), its sign written by ``signed``."""
    c = ascent["climbers"][t]
    lntb = ascent["lntb"]
    if lntb == t:  # AN-063
        return "Left No Trace Behind"
    if lntb >= 0:
        return "ended early, no flags"
    if c["total"] is None:  # ruling AN-R34
        return (
            "never peaked" if obs.get("cooperative") else f"{ordinal(c['placing'])}, never peaked"
        )
    # a 4th arrival takes no peak token (ruling AN-R10)
    arrived = f"{ordinal(c['arrival'])} to the peak"
    token = (
        f"{arrived} (peak token #{c['arrival']})"
        if c["arrival"] <= PEAK_TOKENS
        else f"{arrived} (no peak token left)"
    )
    total = f"total {signed(c['total'])}"
    if obs.get("cooperative"):  # ruling AN-R43: by its own distance from zero
        return f"{total}, {token}"
    return f"placed {ordinal(c['placing'])}, {total}, {token}"


def _ascent_notes(obs: dict, name: Callable[[int], str]) -> list[str]:
    """The ties an Ascent's placings broke, the climbers who never peaked, and how the winner
    won (AN-062, AN-068..AN-070, rulings AN-R20, AN-R21, AN-R34, AN-R44)."""
    notes = []
    coop = bool(obs.get("cooperative"))
    for a in obs.get("ascents") or ():
        if a["lntb"] >= 0:
            notes.append(
                f"Ascent {a['ascent']}: {name(a['lntb'])} reached the peak first with a total of "
                "0, Left No Trace Behind: 4 flags, nobody else scores (AN-063)."
            )
            continue
        climbers = a["climbers"]
        if not coop:
            by_distance: dict[int, list[int]] = {}
            for t, c in enumerate(climbers):
                if c["total"] is not None:
                    by_distance.setdefault(abs(c["total"]), []).append(t)
            for distance, tied in sorted(by_distance.items()):
                if len(tied) > 1:
                    tied.sort(key=lambda t: climbers[t]["arrival"])
                    notes.append(
                        f"Ascent {a['ascent']}: {_names([name(t) for t in tied])} tied at "
                        f"{'0' if not distance else f'±{distance}'}; the first to the peak "
                        "placed higher (AN-062, ruling AN-R21)."
                    )
        never = [t for t, c in enumerate(climbers) if c["total"] is None]
        if never:
            after = (
                "earned no flags (ruling AN-R43)" if coop else "placed after every climber who did"
            )
            notes.append(
                f"Ascent {a['ascent']} ended at the round limit: {_names([name(t) for t in never])} "
                f"never peaked and {after} (ruling AN-R34)."
            )
    winner = obs["winner"]
    flags = [c["flags"] for c in obs["climbers"]]
    if coop and obs["stage"] == "over":
        done = "reached" if winner == TEAM else "fell short of"
        notes.append(
            f"The team's flags: {sum(flags)}; it {done} its target of {obs['team_target']} "
            f"within {COOP_ASCENTS} Ascents (ruling AN-R44)."
        )
    elif not coop and winner >= 0:
        best = flags[winner]
        target = obs["target"]
        tied = [t for t in range(len(flags)) if flags[t] == best and t != winner]
        reached = [t for t in range(len(flags)) if flags[t] >= target]
        last = obs["ascents"][-1]["climbers"] if obs.get("ascents") else []
        if tied and last:
            places = " against ".join(ordinal(last[t]["placing"]) for t in [winner, *tied])
            notes.append(
                f"{_names([name(t) for t in [winner, *tied]])} have {plural(best, 'flag')} each: "
                f"{name(winner)} wins by the better place in the final Ascent ({places}; "
                "AN-070, ruling AN-R20)."
            )
        elif len(reached) > 1:
            notes.append(
                f"{_names([name(t) for t in reached])} reached {plural(target, 'flag')} in the same "
                f"Ascent: {name(winner)} wins with the most flags, {best} (AN-069)."
            )
        else:
            notes.append(f"{name(winner)} is the first to reach {plural(target, 'flag')} (AN-068).")
    return notes


def ascent_table(
    obs: dict, name: Callable[[int], str], signed: Callable[[int], str] = _plus
) -> dict | None:
    """Every climber's flags per finished Ascent, as ``obs`` shows them to everyone (ruling
    AN-R46), for an end screen.

    Args:
        obs: An observation (any seat's or the spectator's: the Ascents are public).
        name: How to call a climber (``game.colour``, or :func:`meeple.core.game.seat_word`
            for a driver that puts its players' names in).
        signed: How to write a total with its sign (default ``+2``/``-3``; a board passes
            its own, with a true minus sign).

    Returns:
        ``None`` before the first Ascent ends, else ``{"caption", "corner": "Ascent",
        "seats": [seat...], "columns": [name...], "rows": [{"label": "k" (the Ascent,
        from 1), "cells": [[flags, how]...]}],
        "total": {"label", "cells"}, "goal": words, "notes": [sentence...]}``: a cell is the
        flags earned (``"+3"``) and how (placing, total, peak token); a total cell the flags
        so far (``"2 flags"``) and the goal (``"target 9"``); the notes tell the ties the placings
        broke (AN-062, ruling AN-R21) and who won by what (AN-068..AN-070, ruling AN-R20).
    """
    ascents = obs.get("ascents") or []
    if not ascents:
        return None
    n = obs["players"]
    rows = [
        {
            "label": str(a["ascent"]),
            "cells": [
                [f"+{a['climbers'][t]['earned']}", _detail(obs, a, t, signed)] for t in range(n)
            ],
        }
        for a in ascents
    ]
    flags = [c["flags"] for c in obs["climbers"]]
    over = obs["stage"] == "over"
    label = "Total" if over else "So far"
    if obs.get("cooperative"):  # ruling AN-R45: each climber's own flags, and the team's
        total = {
            "label": f"{label} (team: {plural(sum(flags), 'flag')})",
            "cells": [[plural(f, "flag"), ""] for f in flags],
        }
        goal = f"the team's target {obs['team_target']}"
    else:
        total = {
            "label": label,
            "cells": [[plural(f, "flag"), f"target {obs['target']}"] for f in flags],
        }
        goal = f"target {plural(obs['target'], 'flag')}"
    return {
        "caption": "Flags per Ascent",
        "corner": "Ascent",
        "seats": list(range(n)),
        "columns": [name(t) for t in range(n)],
        "rows": rows,
        "total": total,
        "goal": goal,
        "notes": _ascent_notes(obs, name),
    }


def ascent_lines(game: Annapurna, obs: dict) -> list[str]:
    """:func:`ascent_table` as text lines: one row per Ascent, one column per climber (12
    characters: the flags and the placing, total and token in short), the total, then the
    notes; ``[]`` before the first Ascent ends."""
    table = ascent_table(obs, game.colour)
    if table is None:
        return []
    width = 15
    head = "Ascent".ljust(9) + "".join(c[: width - 1].ljust(width) for c in table["columns"])
    how = "total, peak token" if obs.get("cooperative") else "place, total, peak token"
    out = [f"Flags per Ascent (flags, {how}):", head.rstrip()]
    for k, row in enumerate(table["rows"]):
        cells = []
        for t, (got, _) in enumerate(row["cells"]):
            cells.append(f"{got} {_short(obs, obs['ascents'][k], t)}".ljust(width))
        out.append((str(k + 1).ljust(9) + "".join(cells)).rstrip())
    out.append(
        (
            table["total"]["label"].split(" (")[0].ljust(9)
            + "".join(c[0].ljust(width) for c in table["total"]["cells"])
        ).rstrip()
    )
    # rulebook, Peaking and Peak Tokens: the token tells the order of arrival at the peak
    out.append("#n: the peak token, taken by the n-th climber to reach the peak.")
    out += table["notes"]
    return out


def _short(obs: dict, ascent: dict, t: int) -> str:
    """:func:`_detail` in at most 12 characters: ``1st -1 #2``, ``LNTB``, ``--``."""
    c = ascent["climbers"][t]
    if ascent["lntb"] == t:
        return "LNTB"
    if ascent["lntb"] >= 0:
        return "--"
    place = "" if obs.get("cooperative") else ordinal(c["placing"]) + " "
    if c["total"] is None:
        return place + "no peak"
    token = f"#{c['arrival']}" if c["arrival"] <= PEAK_TOKENS else "-"
    return f"{place}{c['total']:+d} {token}"


# -- sentences ---------------------------------------------------------------------------------
def describe_action(game: Annapurna, action: Action) -> str:
    """A human sentence for ``action``."""
    k = action.kind
    a = action.args
    P = board.NAMES
    if k == "explore":
        return f"Explore: flip the card at {P[a[0]]} face up and follow it"
    if k == "climb":
        return f"Scramble up to {P[a[0]]} (no face-down card is left to Explore)"
    if k in ("trade", "hide", "drop", "throw"):
        return {
            "trade": "Trade: swap a Backpack card with a face-down card of your own",
            "hide": "Hide: swap a Backpack card with another climber's face-down card",
            "drop": "Drop: place a Backpack card face up in an empty spot of your own",
            "throw": "Throw: place a Backpack card face up in another climber's empty spot",
        }[k]
    if k == "card":
        return f"Use {game.card_name(a[0])}, {values(game, a[0])}"
    if k == "to":
        return f"Place it at {P[a[1]]} on {game.colour(a[0])}'s mountainside"
    if k == "sunyata":
        return "Sunyata: do nothing"
    if k == "pass":
        return "Pass"
    if k == "end":
        return "End the turn (leaving the balanced cards face up)"
    if k == "peek":
        return f"Look at the face-down card at {P[a[1]]} on {game.colour(a[0])}'s mountainside"
    if k == "give":
        return f"Give {game.card_name(a[0])} to the next climber's Cache"
    if k == "recover":
        return f"Take {game.card_name(a[0])} back from your Cache"
    if k == "stow":
        return f"Flip your face-up card at {P[a[0]]} face down"
    if k == "retaliate":
        return f"Retaliate: flip the thrower's card at {P[a[0]]} face up"
    if k == "sweep":
        return f"Sweep the balanced group {board.mask_name(a[0])} into your Cache"
    if k == "bury":
        return f"Bury the balanced group {board.mask_name(a[0])} face down"
    if k == "scavenge":
        return f"Scavenge the card at {P[a[0]]} into your Backpack"
    if k == "deal":
        return f"{game.card_name(a[0])} is dealt"
    if k == "first":
        return f"{game.colour(a[0])} goes first"
    return action.text


def scavenge_lines(game: Annapurna, obs: dict) -> list[str]:
    """The Scavenge window as ``obs``'s viewer sees it (ruling AN-R06): whose cards, who is
    still to call (calls already made stay sealed, but to their caller), who called together,
    or an offer held open through the turn."""
    v = obs.get("victim", -1)
    if v is None or v < 0:
        return []
    stage = obs["stage"]
    me = obs.get("seat")
    spots = "+".join(board.NAMES[p] for p in obs.get("offer") or ())
    whose = "your" if v == me else f"{game.colour(v)}'s"
    claims = obs.get("claims") or []
    if stage == "race":
        callers = [t for t, p in enumerate(claims) if p is not None and p >= 0]
        names = " and ".join(game.colour(t) for t in callers)
        return [f"\n{names} called Scavenge together on {whose} cards: who called first is drawn"]
    if stage != "scavenge":
        return [f"\nScavenge still open on {whose} balanced cards {spots} until this turn ends"]
    lines = [
        f"\nScavenge window on {whose} mountainside ({spots}): "
        + ", ".join(game.colour(t) for t in obs["window"])
        + " still to call Scavenge or pass (calls are sealed)"
    ]
    if me is not None and me != v and me not in obs["window"] and me < len(claims):
        mine = claims[me]
        lines.append(
            f"\nYou called Scavenge on {board.NAMES[mine]}"
            if mine is not None and mine >= 0
            else "\nYou passed"
        )
    return lines


def _face_up(game: Annapurna, side: list, p: int) -> str:
    e = side[p]
    if isinstance(e, int):
        return short_name(game, e)
    if e is not None and e[1] is not None:
        return f"{short_name(game, e[1])}, face down"
    return ""


def describe_move(game: Annapurna, action: Action, obs: dict) -> str:
    """Like :func:`describe_action`, plus what the move means in ``obs``'s position: the cards
    it concerns (when the viewer can identify them) and their effects."""
    text = describe_action(game, action)
    me = obs.get("seat")
    if me is None:
        return text
    k = action.kind
    a = action.args
    climbers = obs["climbers"]
    side = climbers[me]["side"]
    if k in ("explore", "climb"):
        e = side[a[0]]
        if isinstance(e, list) and e[1] is not None:
            return f"{text} — you know it: {card_line(game, e[1])}"
        return text
    if k == "card":
        verb = obs["verb"]
        label = {V_TRADE: "Trade", V_HIDE: "Hide", V_DROP: "Drop", V_THROW: "Throw"}.get(
            verb, "Use"
        )
        return f"{label} {card_line(game, a[0])}"
    if k in ("give", "recover"):
        if k == "give":
            nxt = game.colour((me + 1) % obs["players"])
            return f"Give to {nxt}'s Cache: {card_line(game, a[0])}"
        return f"Take back from your Cache: {card_line(game, a[0])}"
    if k == "to":
        t, p = a
        owner = "your" if t == me else f"{game.colour(t)}'s"
        verb = obs["verb"]
        if verb in (V_TRADE, V_HIDE):
            there = climbers[t]["side"][p]
            known = (
                f" ({short_name(game, there[1])})"
                if isinstance(there, list) and there[1] is not None
                else ""
            )
            return (
                f"Swap it with the face-down card{known} at {board.NAMES[p]} on {owner} "
                "mountainside; that card goes to your Cache"
            )
        return f"Place it face up at {board.NAMES[p]} on {owner} mountainside (no effect)"
    if k in ("sweep", "bury"):
        names = ", ".join(_face_up(game, side, p) for p in board.bits(a[0]))
        return f"{text}: {names}"
    if k == "scavenge":
        name = _face_up(game, climbers[obs["victim"]]["side"], a[0])
        return f"{text}: {name}" if name else text
    if k == "stow":
        name = _face_up(game, side, a[0])
        return f"{text}: {name}" if name else text
    if k == "retaliate" and obs["pending"]:
        thrower = obs["pending"][-1][2]
        name = _face_up(game, climbers[thrower]["side"], a[0])
        base = f"Retaliate: flip {game.colour(thrower)}'s face-down card at {board.NAMES[a[0]]}"
        return base + (f" ({name})" if name else "") + " face up (no effect)"
    if k == "peek":
        t, p = a
        owner = "your" if t == me else f"{game.colour(t)}'s"
        return f"Look at the face-down card at {board.NAMES[p]} on {owner} mountainside"
    return text


def _goal(game: Annapurna) -> str:
    if game.cooperative:  # rulings AN-R43, AN-R44
        return (
            f"Cooperative: one team; each climber earns the team 3/2/1 flags for ending an Ascent "
            f"at 0/±1/±2; the team needs {game.team_target()} flags within {COOP_ASCENTS} Ascents."
        )
    return f"First to {game.config['flag_target']} flags wins."


def rules_summary(game: Annapurna) -> str:
    """A short reminder of the rules."""
    cards = "\n".join(card_key(game, set(range(SUIT_SIZE))))
    return f"""Annapurna — balance the Yin and Yang on your mountainside.
Each Ascent: Hike (flip a bottom card), then Climb until you flip your peak, then Protect.
Climbing turn: explore <pos> | trade | hide ; then sweep balanced face-up groups ; end.
Protecting turn: sunyata | drop | throw (the target may retaliate) ; then bury groups ; end.
A balanced group left face up may be Scavenged: the others call at once, sealed
(scavenge <pos> or pass), a draw settles who called first, open until the next turn ends.
Flags by closeness of the face-up total to zero ({game.num_players} climbers: \
{"/".join(map(str, (3, 2, 1, 0)[: game.num_players]))}), ties to the earlier peak.
First peaker at exactly zero: Left No Trace Behind, 4 flags, the Ascent ends.
{_goal(game)} Positions: a1..e1 (bottom) .. a5 (peak).
A card's value is Yang minus Yin; a group balances when its values sum to zero.
Cards ({SUIT_SIZE} per colour, the same in every colour; our reconstruction):
{cards}"""


def _ended(total: int | None) -> str:
    """A climber's total when the Ascent ended, or that they never peaked (ruling AN-R34)."""
    return "never peaked" if total is None else f"total {total:+d}"
