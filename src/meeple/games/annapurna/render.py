"""Text pictures of an observation, human sentences for actions, and a rules reminder."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core.actions import Action
from meeple.games.annapurna import board
from meeple.games.annapurna.consts import DECISION_NAMES, VERB_NAMES
from meeple.games.annapurna.content import SUIT_SIZE

if TYPE_CHECKING:
    from meeple.games.annapurna.game import Annapurna

CELL = 8


def _cell(game: Annapurna, entry: object, here: bool) -> str:
    if entry is None:
        text = ".."
    elif isinstance(entry, int):
        net = game.net[entry]
        text = f"{game.card_code(entry)}{net:+d}" if net else f"{game.card_code(entry)}=0"
    else:
        colour, card = entry  # type: ignore[misc]
        text = f"[{game.card_code(card)}]" if card is not None else f"[{game.letters[colour]}??]"
    if here:
        text = "*" + text
    return text.center(CELL)


def render_pyramid(game: Annapurna, side: list, loc: int) -> list[str]:
    """Lines of one mountainside, peak on top; ``*`` marks the meeple."""
    lines = []
    for r in reversed(range(board.ROWS)):
        cells = [p for p in range(board.SIZE) if board.ROW[p] == r]
        pad = " " * (r * CELL // 2)
        lines.append(pad + "".join(_cell(game, side[p], p == loc) for p in cells) + f"  {r + 1}")
    lines.append(
        "".join(f"{'abcde'[i]}".center(CELL) for i in range(board.ROWS))
        + "   (columns of the bottom row)"
    )
    return lines


def _status(c: dict) -> str:
    if c["arrival"]:
        return f"Protecting (peaked #{c['arrival']})"
    if c["loc"] < 0:
        return "at the trailhead"
    return f"Climbing, at {board.NAMES[c['loc']]}"


def render_observation(game: Annapurna, obs: dict) -> str:
    """An ASCII picture of every climber's mountainside as ``obs``'s seat sees it."""
    me = obs["seat"]
    out = [
        f"Annapurna — Ascent {obs['ascent']}, first to {obs['target']} flags. "
        f"Turn: {game.colour(obs['turn'])} ({obs['stage']})"
    ]
    for t, c in enumerate(obs["climbers"]):
        total = sum(game.net[e] for e in c["side"] if isinstance(e, int))
        who = game.colour(t) + (" (you)" if t == me else "")
        marks = []
        if c["skips"]:
            marks.append("shenpa: next turn skipped")
        if c["shields"]:
            marks.append("sheltered")
        if c["extra"]:
            marks.append("extra turn")
        pack = c["pack"]
        cache = c["cache"]
        pack_s = (
            " ".join(game.card_code(x) for x in pack) or "-"
            if isinstance(pack, list)
            else f"{pack} cards"
        )
        cache_s = (
            " ".join(game.card_code(x) for x in cache) or "-"
            if isinstance(cache, list)
            else f"{cache} cards"
        )
        out.append("")
        out.append(
            f"{who}: {_status(c)}; face-up total {total:+d}; flags {c['flags']}"
            + (f"; {', '.join(marks)}" if marks else "")
        )
        out.append(f"  Backpack: {pack_s}   Cache: {cache_s}")
        out += ["  " + line for line in render_pyramid(game, c["side"], c["loc"])]
    if obs["pending"]:
        kind, seat, _a, _ = obs["pending"][-1]
        out.append(f"\nWaiting for {game.colour(seat)} to decide: {DECISION_NAMES[kind]}")
    if obs["verb"]:
        card = obs["card"]
        what = f" with {game.card_name(card)}" if card is not None and card >= 0 else ""
        out.append(f"\n{game.colour(obs['turn'])} is doing a {VERB_NAMES[obs['verb']]}{what}")
    if obs["window"]:
        out.append(
            f"\nScavenge window on {game.colour(obs['turn'])}'s mountainside: "
            f"{game.colour(obs['window'][0])} may claim a card"
        )
    if obs["winner"] >= 0:
        out.append(f"\n{game.colour(obs['winner'])} wins the Expedition!")
    return "\n".join(out)


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
        return f"Use {game.card_name(a[0])}"
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


def rules_summary(game: Annapurna) -> str:
    """A short reminder of the rules."""
    cards = "\n".join(
        f"  {i + 1:02d} {d.name:<14} yin {d.yin} yang {d.yang}  {d.effect}"
        for i, d in enumerate(game.content.cards)
    )
    return f"""Annapurna — balance the Yin and Yang on your mountainside.
Each Ascent: Hike (flip a bottom card), then Climb until you flip your peak, then Protect.
Climbing turn: explore <pos> | trade | hide ; then sweep balanced face-up groups ; end.
Protecting turn: sunyata | drop | throw (the target may retaliate) ; then bury groups ; end.
A balanced group left face up may be Scavenged by the others (scavenge <pos> or pass).
Flags by closeness of the face-up total to zero ({game.num_players} climbers: \
{"/".join(map(str, (3, 2, 1, 0)[: game.num_players]))}), ties to the earlier peak.
First peaker at exactly zero: Left No Trace Behind, 4 flags, the Ascent ends.
First to {game.config["flag_target"]} flags wins. Positions: a1..e1 (bottom) .. a5 (peak).
Cards ({SUIT_SIZE} per colour, our reconstruction):
{cards}"""
