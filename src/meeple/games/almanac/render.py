"""Terminal rendering of an observation, human sentences for actions, and a rules summary."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core.actions import Action
from meeple.games.almanac.content import GOOD_NAMES, GOODS

if TYPE_CHECKING:
    from meeple.games.almanac.game import Almanac

_SPACE_WORDS = {
    "shop": "Visit the Shop",
    "gain_contract": "Gain a Contract",
    "complete_contract": "Complete a Contract",
    "extend_caravan": "Extend Your Caravan",
    "ice": "Ice harvest (after all placed: 4 goods if iced, else 1)",
    "farmer": "Farmer: a farmer token and 2 gold",
}


def _goods(counts: list[int] | tuple[int, ...]) -> str:
    parts = [f"{n} {GOOD_NAMES[i]}" for i, n in enumerate(counts[:4]) if n]
    if len(counts) > 4 and counts[4]:
        parts.append(f"{counts[4]} of your choice")
    return ", ".join(parts) or "nothing"


def space_text(game: Almanac, page_id: int, index: int) -> str:
    """One line describing space ``index`` of page ``page_id``."""
    sp = game.content.pages[page_id].spaces[index]
    if sp.action == "goods":
        txt = f"Gain {_goods(sp.goods)}"
    elif sp.action == "sell":
        txt = "Sell " + ", ".join(f"{GOOD_NAMES[i]} at {p}" for i, p in enumerate(sp.prices) if p)
    elif sp.action == "token":
        txt = f"Take a {sp.token} token" + (f" and {sp.gold} gold" if sp.gold else "")
    else:
        txt = _SPACE_WORDS[sp.action]
    if sp.cost:
        txt += f" (costs {sp.cost} gold)"
    return txt


def describe_action(game: Almanac, action: Action) -> str:
    """A human sentence for ``action``."""
    c = game.content
    k, a = action.kind, action.args
    if k == "place":
        return f"Place a worker on space {a[0]}."
    if k == "ladder":
        return f"Place a {'grey (unused-colour)' if a[1] else 'ladder of your colour'} ladder on spot {a[0]}."
    if k == "climb":
        return "Climb by ladder spots " + ", ".join(map(str, a)) + "."
    if k == "farmer":
        return (
            "Discard a farmer token to place a second worker." if a[0] else "Keep the farmer token."
        )
    if k == "good":
        return f"Take 1 {GOOD_NAMES[a[0]]}."
    if k == "drop":
        return f"Discard 1 {GOOD_NAMES[a[0]]}."
    if k == "sell":
        return f"Sell 1 {GOOD_NAMES[a[0]]}."
    if k == "stop":
        return "Stop selling."
    if k == "shop":
        if a[0] == 0:
            return "Shop: gain 1 good."
        if a[0] == 1:
            return f"Shop: discard {GOOD_NAMES[a[1]]} for 3 gold each."
        return "Shop: gain 1 guard token."
    if k == "buy":
        card = c.caravans[a[0]]
        return f"Extend your caravan with {card.name} ({card.gold} gold, {_goods(card.goods)})."
    if k == "complete":
        return f"Complete the contract {c.contracts[a[0]].name}."
    if k == "keep":
        return f"Keep the contract {c.contracts[a[0]].name}."
    if k == "bid":
        return f"Bid {a[0]} gold."
    if k == "go":
        return f"Travel next to {a[0]} - {c.pages[a[0]].name}."
    if k == "fight":
        return "Fight." if a[0] else "Take the alternative instead of fighting."
    if k == "option":
        return f"Choose option {a[0]}."
    if k == "end":
        return "Finish completing contracts."
    if k == "start":
        return f"Starting caravan: {c.starting[a[0]].name}."
    if k == "contract":
        return f"Contract drawn: {c.contracts[a[0]].name}."
    if k == "caravan":
        return f"Caravan card dealt: {c.caravans[a[0]].name}."
    if k == "encounter":
        return f"Encounter revealed: {c.encounters[a[0]].name}."
    if k == "die":
        return "The fight die shows X." if a[0] < 0 else f"The fight die shows {a[0]}."
    if k == "d6":
        return f"The 6-sided die shows {a[0]}."
    return action.text


def render(game: Almanac, obs: dict) -> str:
    """The page, the route ahead, every caravan and what the viewer may see of others."""
    c = game.content
    page = c.pages[obs["page"]]
    lines = [
        f"=== Round {obs['round']}/6 - page {page.id}: {page.name} "
        f"(placement rule: {page.rule}) ===",
        f"  {page.lore}",
        "  Supply and demand (valuable -> plentiful): "
        + " > ".join(GOOD_NAMES[g] for g in page.bar),
    ]
    route = " -> ".join(f"{p} {c.pages[p].name}" for p in obs["route"])
    lines.append(f"Route so far: {route}")
    if page.upcoming:
        ahead = " or ".join(f"{u} {c.pages[u].name}" for u in page.upcoming)
        lines.append(f"Upcoming: {ahead} (encounter letter {page.letter})")
    else:
        lines.append("This is the last page of the journey.")
    if obs["page_state"]:
        label = "Ice blocks at islands" if page.rule == "floe" else "Ladder spots (owner)"
        lines.append(f"{label}: {obs['page_state']}")
    lines.append("Spaces:")
    for i, occ in enumerate(obs["occupied"]):
        who = f"[seat {occ}]" if occ >= 0 else "[ free ]"
        clus = f" c{page.spaces[i].cluster}" if page.rule != "free" else ""
        lines.append(f"  {i:2d}{clus} {who} {space_text(game, page.id, i)}")
    if obs["caravan_faceup"]:
        lines.append("Caravan cards for sale:")
        for cid in obs["caravan_faceup"]:
            k = c.caravans[cid]
            lines.append(
                f"  c{cid} {k.name}: {k.gold} gold + {_goods(k.goods)} -> crates {k.crates}, "
                f"shields {k.shields}, workers {k.workers}, fame {k.fame}"
            )
    lines.append(
        f"Decks: caravan {len(obs['caravan_deck'])}, contracts {obs['contract_deck_size']}"
        f" (+{len(obs['contract_bottom'])} on the bottom); guards left {obs['guard_supply']}"
    )
    if obs["encounter"] >= 0:
        e = c.encounters[obs["encounter"]]
        lines.append(
            f"Encounter {e.letter}: {e.name} ({e.type}"
            + (f", strength {e.strength}" if e.strength else "")
            + ")"
        )
    if obs["last_bids"]:
        *bids, winner, pay = obs["last_bids"]
        lines.append(f"Last bids: {bids}; seat {winner} won and paid {pay}.")
    for s, p in enumerate(obs["players"]):
        tag = " (Guide)" if s == obs["guide"] else ""
        you = " <- you" if s == obs["viewer"] else ""
        gold = "?" if p["gold"] is None else p["gold"]
        start = c.starting[p["start"]].name if p["start"] >= 0 else "-"
        cards = ", ".join(c.caravans[i].name for i in p["caravan"]) or "none"
        lines.append(
            f"Seat {s}{tag}{you}: gold {gold}, strength {p['strength']}, "
            f"guards {p['guards']}, workers {p['workers'] - p['placed']}/{p['workers']}"
            + ("" if p["reserve"] is None else f" (+{p['reserve']} behind screen)")
        )
        lines.append(
            f"   caravan: {start} + {cards}; crates {sum(p['goods'])}/{p['crates']}: "
            f"{_goods(p['goods'])}"
        )
        inc = [c.contracts[k].name if k is not None else "(face down)" for k in p["incomplete"]]
        done = [c.contracts[k].name for k in p["completed"]]
        lines.append(f"   contracts: incomplete {inc or '-'}; completed {done or '-'}")
        if p["tokens"] or p["trophies"] or p["farmer"]:
            lines.append(f"   tokens {p['tokens']}, trophies {p['trophies']}, farmer {p['farmer']}")
    if obs["tasks"]:
        t = obs["tasks"][-1]
        lines.append(
            f"Now: {t[0]}" + (f" (seat {t[1]})" if len(t) > 1 and isinstance(t[1], int) else "")
        )
    return "\n".join(lines)


def rules_summary(game: Almanac) -> str:
    """A short reminder of the rules."""
    goods = ", ".join(f"{g}={n}" for g, n in zip(GOODS, GOOD_NAMES, strict=True))
    return "\n".join(
        [
            "Almanac: The Crystal Peaks - 6 rounds, one page (location) each.",
            "Action phase: from the Guide clockwise, place one caravan worker on a free space",
            "  and resolve it; players who cannot place are skipped.",
            "Standard actions: Complete a Contract, Extend Your Caravan, Gain a Contract (fewer",
            "  than 2 incomplete: draw 3 keep 1), Gain Goods (crates limit), Sell Goods,",
            "  Visit the Shop (1 good | a type for 3 gold each | 1 guard).",
            "Page 1: clusters joined by paths. Page 2: ice blocks move clockwise. Page 3: ladders.",
            "End phase: retrieve workers, sealed bid for the Guide (winner pays the lowest bid,",
            "  1 if it is 0), the Guide picks the next page, then the encounter.",
            "Fight: strength (shields + 2 per guard) + fight die >= encounter strength; X loses.",
            "End: complete contracts for goods + 5 gold each; fame = gold + caravan cards +",
            "  tokens + guards + encounter trophies + contracts - incomplete contracts.",
            f"Goods: {goods}.",
        ]
    )
