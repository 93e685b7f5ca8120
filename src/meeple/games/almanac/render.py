"""Terminal rendering of an observation, human sentences for actions, and a rules summary.

Everything here reads an observation (the only door to hidden information, ruling AL-R32) or
public content, so a picture shows no other player's gold, face-down contracts or sealed bid.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core.actions import Action
from meeple.core.game import seat_word
from meeple.core.text import counted, fit, noun
from meeple.games.almanac.content import ANY, GOOD_NAMES, GOODS
from meeple.games.almanac.pages import PAGE_RULES, open_spaces_seen

if TYPE_CHECKING:
    from meeple.games.almanac.content import Content, Contract, Encounter, Page
    from meeple.games.almanac.game import Almanac
    from meeple.games.almanac.state import AlmanacState

_SPACE_WORDS = {
    "shop": "Visit the Shop (1 good | discard a type for 3 gold each | 1 guard)",
    "gain_contract": "Gain a Contract (draw, keep 1 face down)",
    "complete_contract": "Complete a Contract (pay its goods, flip it face up)",
    "extend_caravan": "Extend Your Caravan (buy a face-up caravan card)",
    "ice": "Ice harvest (after all placed: 4 goods of your choice if an ice block is here, else 1)",
    "farmer": "Farmer: a farmer token and 2 gold",
}

_RULE_WORDS = {
    "free": "any free space",
    "village": "first worker in any cluster; each later one in a cluster you have not visited, "
    "joined by a path to one you have",
    "floe": "only islands with an ice block are open; after each placement that block drifts "
    "clockwise to the next open island without a block",
    "cliff": "bottom ledge open; a higher ledge needs a chain of ladders from the bottom; "
    "climbing another player's ladder gives its owner a good of their choice",
}


#: Whose choice a wild good is, in words told to everyone.
THEIRS = "of their choice"


def rule_words(content: Content, page: Page) -> str:
    """The placement rule of ``page`` in players' words: the views' own for pages 1-3, else
    the rule's :meth:`~meeple.games.almanac.pages.PageRule.words`, its numbers from the page's
    data as ``content`` plays it."""
    rule = page.rule
    return _RULE_WORDS.get(rule) or PAGE_RULES[rule].words(page, content) or "any free space"


_ABILITY_WORDS = {
    "extra_contract_draw": "draw {amount} more contract(s) when you Gain a Contract",
    "arrival_gold": "gain {amount} gold in each Arrival Phase",
    "arrival_good": "gain {amount} {good} in each Arrival Phase",
    "sell_bonus": "+{amount} gold per good sold at a Sell Goods space",
    "shop_bonus": "+{amount} gold per good discarded at the Shop",
    "strength": "+{amount} caravan strength",
    "guard_fame": "{amount} fame per guard at the end",
}

#: The decision on top of the task stack, in players' words.
_TASK_WORDS = {
    "place": "place a worker",
    "xplace": "place the farmer's extra worker",
    "farmer": "use a farmer token for a second worker, or keep it",
    "climb": "choose which ladders to climb",
    "good": "take {n} {goods} of your choice",
    "trim": "discard goods beyond the crates",
    "lose": "discard {n} {goods}",
    "sell": "sell goods one at a time, or stop",
    "shop": "choose a Shop option",
    "buy": "choose a caravan card to buy",
    "complete": "choose a contract to complete",
    "keep": "keep 1 of the drawn contracts (the others go to the bottom)",
    "route": "the Guide chooses the next page",
    "fightalt": "fight the encounter or take its alternative",
    "option": "choose an encounter option",
    "final": "complete contracts for their goods + 5 gold each, or end",
    "bid": "sealed bid",
    "deal_start": "dealing starting caravans",
    "draw_ct": "drawing contracts",
    "deal_cv": "dealing caravan cards",
    "enc_pick": "revealing the encounter",
    "fight_roll": "rolling the fight die",
    "d6": "rolling the 6-sided die",
}


def _goods(counts: list[int] | tuple[int, ...], choice: str = "of your choice") -> str:
    """Goods in words; ``choice`` says whose choice the wild ones are ("of their choice" in
    the log, told to everyone)."""
    parts = counted(counts[:4], GOOD_NAMES)
    if len(counts) > 4 and counts[4]:
        parts.append(f"{counts[4]} {noun(counts[4], 'good')} {choice}")
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
    elif sp.action == "farmer" and sp.gold != 2:
        txt = f"Farmer: a farmer token and {sp.gold} gold"
    else:
        txt = _SPACE_WORDS[sp.action]
    if sp.cost:
        txt += f" (costs {sp.cost} gold)"
    return txt


def ability_text(game: Almanac, k: Contract) -> str:
    """A contract's ability once completed (AL-080)."""
    return _ABILITY_WORDS[k.ability].format(amount=k.amount, good=GOOD_NAMES[k.good])


def contract_text(game: Almanac, cid: int, sep: str = "; ") -> str:
    """``"k0 Name — needs 1 Dewleaf, ...; 4 fame; once completed: ability"``."""
    k = game.content.contracts[cid]
    return (
        f"k{cid} {k.name} — needs {_goods(k.goods)}; {k.fame} fame{sep}"
        f"once completed: {ability_text(game, k)}"
    )


def contract_words(game: Almanac, cid: int) -> str:
    """A contract as players read it, without its id: ``"Smiths of Skell: needs 2 Everice;
    4 fame; once completed: ability"`` (AL-038, AL-080)."""
    k = game.content.contracts[cid]
    return (
        f"{k.name}: needs {_goods(k.goods)}; {k.fame} fame; once completed: {ability_text(game, k)}"
    )


def caravan_text(game: Almanac, cid: int, choice: str = "of your choice") -> str:
    """A caravan card for the view's list: ``"c6 Frost Hound: costs 4 gold + nothing -> ..."``
    (the id is what a player types to buy it)."""
    k = game.content.caravans[cid]
    return (
        f"c{cid} {k.name}: costs {k.gold} gold + {_goods(k.goods, choice)} -> crates +{k.crates}, "
        f"shields +{k.shields}, workers +{k.workers}, fame {k.fame}"
    )


def caravan_price(game: Almanac, cid: int, choice: str = "of your choice") -> str:
    """What a caravan card costs, in words: ``"4 gold"``, ``"2 gold and 1 Dewleaf"`` (AL-039)."""
    k = game.content.caravans[cid]
    paid = f"{k.gold} gold" if k.gold or not any(k.goods) else ""
    goods = _goods(k.goods, choice) if any(k.goods) else ""
    return " and ".join(x for x in (paid, goods) if x)


def caravan_gains(game: Almanac, cid: int) -> str:
    """What a caravan card adds, zero parts left out: ``"+1 shield, 1 fame"`` (the card shows
    crates, strength, workers and fame, rulebook "Caravans and Caravan Cards")."""
    k = game.content.caravans[cid]
    parts = [
        f"+{n} {noun(n, word)}"
        for n, word in ((k.crates, "crate"), (k.shields, "shield"), (k.workers, "worker"))
        if n
    ]
    if k.fame:
        parts.append(f"{k.fame} fame")
    return ", ".join(parts) or "nothing"


def caravan_words(game: Almanac, cid: int, choice: str = "of your choice") -> str:
    """A caravan card as players read it, without its id: ``"Frost Hound (costs 4 gold): +1 shield,
    1 fame"``."""
    k = game.content.caravans[cid]
    return f"{k.name} (costs {caravan_price(game, cid, choice)}): {caravan_gains(game, cid)}"


def effects_text(effects: tuple, choice: str = "of your choice") -> str:
    """Encounter effects in words (``("gold", 2)`` -> ``"gain 2 gold"``); ``choice`` as
    :func:`_goods`."""
    parts = []
    for e in effects:
        op = e[0]
        if op == "gold":
            parts.append(f"gain {e[1]} gold" if e[1] >= 0 else f"lose {-e[1]} gold")
        elif op == "goods":
            what = f"{noun(e[2], 'good')} {choice}" if e[1] == ANY else GOOD_NAMES[e[1]]
            parts.append(f"gain {e[2]} {what}")
        elif op == "lose_goods":
            parts.append(f"discard {e[1]} {noun(e[1], 'good')} {choice}")
        elif op == "guard":
            parts.append(f"gain {e[1]} {noun(e[1], 'guard')}")
        elif op == "trophy":
            parts.append("keep the card as a trophy")
        elif op == "roll":
            ranges = "; ".join(
                f"{lo}-{hi}: {effects_text(sub, choice)}"
                if lo != hi
                else f"{lo}: {effects_text(sub, choice)}"
                for lo, hi, sub in e[1]
            )
            parts.append(f"roll a 6-sided die ({ranges})")
    return ", ".join(parts) or "nothing happens"


def encounter_lines(game: Almanac, e: Encounter) -> list[str]:
    """The encounter card in full: type, strength, results, alternative or options."""
    head = f"Encounter {e.letter}: {e.name}"
    if e.type in ("fight", "optional"):
        lines = [
            f"{head} — {'fight' if e.type == 'fight' else 'optional fight'}, strength "
            f"{e.strength}" + (f", {e.fame} fame as a trophy" if e.fame else ""),
            "  Each player in turn from the Guide rolls: caravan strength + fight die >= "
            f"{e.strength} wins (X always loses); the first win ends it.",
            f"  Win: {effects_text(e.win)}.  Lose: {effects_text(e.lose)}.",
        ]
        if e.type == "optional":
            if e.alt_kind == "flee":
                alt = f"flee for {e.alt_gold} gold (+1 for each player who fled before you)"
            else:
                alt = f"pay {e.alt_gold} gold"
            lines.append(f"  Alternative instead of fighting: {alt}.")
        return lines
    modes = {
        "guide_chooses": "the Guide chooses one option for everyone",
        "each_chooses": "each player chooses an option",
        "everyone": "it happens to everyone",
        "auction": "sealed auction: the highest bid wins the reward",
    }
    lines = [f"{head} — {modes[e.mode]}"]
    if e.mode == "auction":
        lines.append(f"  Reward: {effects_text(e.reward)}.")
    for i, (label, gold, effs) in enumerate(e.options):
        cost = f" (costs {gold} gold)" if gold else ""
        lines.append(f"  option {i}: {label}{cost} -> {effects_text(effs)}")
    return lines


def encounter_revealed(game: Almanac, e: Encounter) -> str:
    """The log's sentence for an encounter card turned up (AL-061): its letter, name, kind,
    strength and results, so the log reads whole without the view."""
    if e.type in ("fight", "optional"):
        kind = "a fight" if e.type == "fight" else "an optional fight"
        win = effects_text(e.win, THEIRS)
        if e.fame:  # the trophy's fame counts at the end (AL-066)
            win = win.replace("as a trophy", f"as a trophy ({e.fame} fame)")
        said = (
            f"Encounter {e.letter} was revealed: {e.name}, {kind} of strength {e.strength} "
            f"(win: {win}; lose: {effects_text(e.lose, THEIRS)})"
        )
        if e.type == "optional":
            if e.alt_kind == "flee":
                said += (
                    f"; instead of fighting, a player may flee for {e.alt_gold} gold "
                    "(1 more for each player who fled before)"
                )
            else:
                said += f"; instead of fighting, a player may pay {e.alt_gold} gold"
        return said + "."
    modes = {
        "guide_chooses": "the Guide chooses one option for everyone",
        "each_chooses": "each player chooses an option",
        "everyone": "it happens to everyone",
        "auction": "a sealed auction: the highest bid wins the reward",
    }
    return f"Encounter {e.letter} was revealed: {e.name}; {modes[e.mode]}."


def _fight_outcome(game: Almanac, e: Encounter, strength: int, face: int) -> str:
    """How a fight went, after ``"Player 2 fought Raiders"`` (AL-115, AL-116): ``" and lost:
    the fight die showed X, which always loses (discard 1 good of their choice)."``."""
    if face < 0:
        return (
            f" and lost: the fight die showed X, which always loses "
            f"({effects_text(e.lose, THEIRS)})."
        )
    total = strength + face
    if total >= e.strength:
        return (
            f" and won: strength {strength} + die {face} = {total}, at least {e.strength} "
            f"({effects_text(e.win, THEIRS)})."
        )
    return (
        f" and lost: strength {strength} + die {face} = {total}, short of {e.strength} "
        f"({effects_text(e.lose, THEIRS)})."
    )


def fight_lost(game: Almanac, obs: dict) -> tuple[str, str] | None:
    """Why the goods lost now are lost, when they are a fight's lose result: ``(the encounter's
    name, how the fight went)``, e.g. ``("Raiders at the Ford", "the fight die showed X, which
    always loses")`` or ``(..., "strength 2 + die 1 = 3, short of 4")`` (rulebook "Fight
    encounter": not enough strength incurs the lose result; AL-115, AL-116). ``None`` unless
    the decision on top is the discard of the seat whose fight die was rolled last."""
    t = obs["tasks"][-1] if obs["tasks"] else None
    fighter = obs.get("encounter_fighter", -1)
    if t is None or t[0] != "lose" or obs["encounter"] < 0 or fighter < 0 or t[1] != fighter:
        return None
    e = game.content.encounters[obs["encounter"]]
    if e.type not in ("fight", "optional") or not any(x[0] == "lose_goods" for x in e.lose):
        return None
    face = obs.get("encounter_face", 0)
    if face < 0:
        return e.name, "the fight die showed X, which always loses"
    strength = obs["players"][fighter]["strength"]
    total = strength + face
    return e.name, f"strength {strength} + die {face} = {total}, short of {e.strength}"


# -- sentences ---------------------------------------------------------------------------------
def describe_action(game: Almanac, action: Action) -> str:
    """A human sentence for ``action``."""
    c = game.content
    k, a = action.kind, action.args
    if k == "place":
        return f"Place a worker on space {a[0]}."
    if k == "ladder":
        if a[1]:
            return f"Place the grey (unused-colour) ladder on spot {a[0]}."
        return f"Place a ladder of your colour on spot {a[0]}."
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
        ct = c.contracts[a[0]]
        return f"Complete the contract {ct.name} (pay {_goods(ct.goods)}; {ct.fame} fame)."
    if k == "keep":
        return f"Keep the contract {c.contracts[a[0]].name}."
    if k == "bid":
        return f"Bid {a[0]} gold."
    if k == "go":
        return f"Travel next to page {a[0]}, {c.pages[a[0]].name}."
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


#: What a space is called in the log (the rulebook's names, AL-031..AL-051).
_SPACE_NAMES = {
    "shop": "the Shop",
    "gain_contract": "Gain a Contract",
    "complete_contract": "Complete a Contract",
    "extend_caravan": "Extend Your Caravan",
    "ice": "the Ice harvest",
    "farmer": "the Farmer",
}


def _space_name(game: Almanac, page_id: int, index: int) -> str:
    """What space ``index`` of page ``page_id`` is, as a noun for the log."""
    sp = game.content.pages[page_id].spaces[index]
    if sp.action == "goods":
        return f"Gain Goods: {_goods(sp.goods, THEIRS)}"
    if sp.action == "sell":
        return "Sell Goods"
    if sp.action == "token":
        return f"a {sp.token} token" + (f" and {sp.gold} gold" if sp.gold else "")
    return _SPACE_NAMES.get(sp.action, sp.action)


def tell_move(
    game: Almanac, state: AlmanacState, seat: int, action: Action, observer: int | None
) -> str:
    """A player's move as the log tells it, in the past tense and naming the mover:
    ``"Player 2 extended their caravan with Wagon (crates +1, shields +2)."``.

    A kept contract is face down (AL-R32): only its keeper is told which one; a sealed bid is
    told only to its bidder (drivers tell others that a choice was made).
    """
    c = game.content
    k, a = action.kind, action.args
    who = seat_word(seat)
    if k == "place":
        return f"{who} placed a worker on space {a[0]} ({_space_name(game, state.page, a[0])})."
    if k == "ladder":
        colour = "the grey (unused-colour) ladder" if a[1] else "a ladder of their colour"
        return f"{who} placed {colour} on spot {a[0]}."
    if k == "climb":
        return f"{who} climbed by ladder spots {', '.join(map(str, a))}."
    if k == "farmer":
        if a[0]:
            return f"{who} discarded a farmer token to place a second worker."
        return f"{who} kept their farmer token."
    if k == "good":
        return f"{who} took 1 {GOOD_NAMES[a[0]]}."
    if k == "drop":
        return f"{who} discarded 1 {GOOD_NAMES[a[0]]}."
    if k == "sell":
        task = state.tasks[-1] if state.tasks else None
        price = f" for {task[2][a[0]]} gold" if task and task[0] == "sell" else ""
        return f"{who} sold 1 {GOOD_NAMES[a[0]]}{price}."
    if k == "stop":
        return f"{who} stopped selling."
    if k == "shop":
        if a[0] == 0:
            return f"{who} took 1 good of their choice at the Shop."
        if a[0] == 1:
            return f"{who} discarded their {GOOD_NAMES[a[1]]} at the Shop for 3 gold each."
        return f"{who} took a guard token at the Shop."
    if k == "buy":
        card = c.caravans[a[0]]
        return (
            f"{who} extended their caravan with the {card.name} card (paid "
            f"{caravan_price(game, a[0], THEIRS)}: {caravan_gains(game, a[0])})."
        )
    if k == "complete":
        ct = c.contracts[a[0]]
        return f"{who} completed the contract {ct.name} (paid {_goods(ct.goods, THEIRS)}; {ct.fame} fame)."
    if k == "keep":
        if observer == seat:
            return f"{who} kept the contract {c.contracts[a[0]].name} face down."
        return f"{who} kept one of the drawn contracts face down."
    if k == "bid":
        return f"{who} bid {a[0]} gold."
    if k == "go":
        return f"{who} chose the next page: page {a[0]}, {c.pages[a[0]].name}."
    if k == "fight":
        e = c.encounters[state.enc] if state.enc >= 0 else None
        if a[0]:
            return f"{who} chose to fight" + (f" {e.name}." if e else ".")
        if e is None:
            return f"{who} took the alternative instead of fighting."
        if e.alt_kind == "flee":  # +1 for each player who fled before (AL-060)
            return f"{who} fled {e.name} for {e.alt_gold + state.enc_flee} gold."
        return f"{who} paid {e.alt_gold} gold instead of fighting {e.name}."
    if k == "option":
        e = c.encounters[state.enc] if state.enc >= 0 else None
        if e is not None and a[0] < len(e.options):
            return f"{who} chose option {a[0]}: {e.options[a[0]][0].rstrip('.')}."
        return f"{who} chose option {a[0]}."
    if k == "end":
        return f"{who} finished completing contracts."
    return f"{who} played {action.text}."


def _ladder_spot(game: Almanac, page_id: int, spot: int) -> str:
    page = game.content.pages[page_id]
    lo, hi = page.ladder_spots[spot]
    return f"ledge c{lo} (level {page.levels[lo]}) -> ledge c{hi} (level {page.levels[hi]})"


def ladder_words(game: Almanac, page_id: int, spot: int) -> str:
    """Where a ladder spot of Cliffside leads, in the rulebook's nouns (AL-089..AL-096):
    ``"from ledge 0 (level 0) up to ledge 1 (level 1)"``; the ledges are numbered as the
    board's ``Ledge 0 · level 0`` labels."""
    page = game.content.pages[page_id]
    lo, hi = page.ladder_spots[spot]
    return f"from ledge {lo} (level {page.levels[lo]}) up to ledge {hi} (level {page.levels[hi]})"


def where_words(game: Almanac, page_id: int, cluster: int) -> str:
    """A cluster of a page as players call it, numbered as the board labels it: ``"cluster
    1"`` (Trader's Village, AL-085), ``"ledge 2 (level 1)"`` (Cliffside), ``"island 0"``,
    ``"lane 1"``, or the page rule's own name (``"the ferry deck"``, ``"balloon 2"``)."""
    page = game.content.pages[page_id]
    rule = page.rule
    if rule == "cliff":
        return f"ledge {cluster} (level {page.levels[cluster]})"
    if rule == "floe":
        return f"island {cluster}"
    if rule == "uphill":
        return f"lane {cluster}"
    pr = PAGE_RULES.get(rule)
    if rule == "village" or pr is None or not pr.clustered:
        return f"cluster {cluster}"
    name = pr.cluster_name(page, cluster)
    if name == f"c{cluster}":
        return f"cluster {cluster}"
    if any(ch.isdigit() for ch in name) or name.startswith("the "):
        return name
    same = sum(1 for k in range(page.clusters) if pr.cluster_name(page, k) == name)
    if same == 1:
        return f"the {name}"
    return ("an " if name[0] in "aeiou" else "a ") + name  # the board names them alike


def describe_move(game: Almanac, action: Action, obs: dict) -> str:
    """Like :func:`describe_action`, plus what the move does in ``obs``'s position."""
    c = game.content
    k, a = action.kind, action.args
    text = describe_action(game, action)
    page = c.pages[obs["page"]]
    me = obs["viewer"]
    task = obs["tasks"][-1] if obs["tasks"] else None
    if k == "place":
        sp = page.spaces[a[0]]
        where = f" of {where_words(game, page.id, sp.cluster)}" if page.rule != "free" else ""
        return f"Place a worker on space {a[0]}{where}: {space_text(game, page.id, a[0])}."
    if k == "ladder" and page.rule == "cliff":
        return f"{text[:-1]}, {ladder_words(game, page.id, a[0])}."
    if k == "climb" and page.rule == "cliff":
        return _climb_words(game, obs, a)
    if k == "sell" and task and task[0] == "sell":
        return f"Sell 1 {GOOD_NAMES[a[0]]} for {task[2][a[0]]} gold (+ contract bonuses)."
    if k == "buy":
        card = c.caravans[a[0]]
        return f"Buy {card.name} for {caravan_price(game, a[0])}: {caravan_gains(game, a[0])}."
    if k in ("complete", "keep"):
        verb = "Complete" if k == "complete" else "Keep"
        return f"{verb} {contract_words(game, a[0])}."
    if k == "go":
        p = c.pages[a[0]]
        return f"Travel next to page {p.id}, {p.name} ({rule_words(c, p).split(';')[0]})."
    if k == "fight" and obs["encounter"] >= 0 and me is not None:
        e = c.encounters[obs["encounter"]]
        if a[0]:
            need = e.strength - obs["players"][me]["strength"]
            top = max(int(f) for f in c.fight_die if f != "X")
            if need <= 0:
                odds = "any number wins"
            elif need > top:
                odds = f"you cannot win (you would need {need}, the die shows at most {top})"
            else:
                odds = f"the die must show {need} or more"
            return f"Fight {e.name} (strength {e.strength}): {odds}; X loses."
        cost = e.alt_gold + (obs["encounter_flee"] if e.alt_kind == "flee" else 0)
        if e.alt_kind == "flee":
            return f"Flee {e.name} for {cost} gold."
        return f"Pay {cost} gold instead of fighting {e.name}."
    if k == "option" and obs["encounter"] >= 0:
        e = c.encounters[obs["encounter"]]
        if a[0] < len(e.options):
            label, gold, effs = e.options[a[0]]
            cost = f" (costs {gold} gold)" if gold else ""
            return f"Option {a[0]}, {label.rstrip('.')}{cost}: {effects_text(effs)}."
    return text


def _climb_words(game: Almanac, obs: dict, spots: tuple) -> str:
    """A climb up Cliffside's ladders (AL-094, AL-095): whose ladder each spot holds and who
    gains a good for it (none for one's own or the grey ladder, 2-player rule)."""
    me = obs["viewer"]
    steps = []
    paid = []
    for spot in spots:
        o = obs["page_state"][spot]
        whose = "yours" if o == me else "grey" if o == -2 else f"{seat_word(o)}'s" if o >= 0 else ""
        steps.append(f"spot {spot} ({whose})" if whose else f"spot {spot}")
        if o >= 0 and o != me and seat_word(o) not in paid:
            paid.append(seat_word(o))
    said = "Climb by the ladder on " + ", then on ".join(steps)
    if paid:
        said += f": {' and '.join(paid)} {'gains' if len(paid) == 1 else 'each gain'} a good"
        said += " of their choice"
    return said + "."


def _owner(o: int, me: int | None) -> str:
    if o == -1:
        return "empty"
    if o == -2:
        return "grey ladder"
    return "your ladder" if o == me else f"{seat_word(o)}'s ladder"


def describe_chance(
    game: Almanac, state: AlmanacState, action: Action, observer: int | None
) -> str:
    """What the table is told of a chance outcome: public ones in words, hidden ones ``""``."""
    c = game.content
    k, a = action.kind, action.args
    t = state.tasks[-1]
    if k == "start":
        card = c.starting[a[0]]
        held = [f"{card.crates} {noun(card.crates, 'crate')}"]
        if card.shields:
            held.append(f"{card.shields} {noun(card.shields, 'shield')}")
        return f"{seat_word(t[1])} received the starting caravan {card.name} ({', '.join(held)})."
    if k == "contract":  # face down (AL-019, AL-041): only the drawer sees it
        if observer is not None and observer == t[1]:
            return f"{seat_word(t[1])} drew the contract {contract_words(game, a[0])}."
        return ""
    if k == "caravan":
        return "A caravan card was dealt face up: " + caravan_words(game, a[0], THEIRS) + "."
    if k == "encounter":
        return encounter_revealed(game, c.encounters[a[0]])
    if k == "die":
        e = c.encounters[state.enc]
        seat = t[1]
        return f"{seat_word(seat)} fought {e.name}" + _fight_outcome(
            game, e, state.strength(seat), a[0]
        )
    if k == "d6":
        table = t[2][1]
        res = next((effs for lo, hi, effs in table if lo <= a[0] <= hi), ())
        who = "The Guide rolled for everyone" if t[1] < 0 else f"{seat_word(t[1])} rolled"
        return f"{who}: the 6-sided die showed {a[0]}: {effects_text(res, THEIRS)}."
    return ""


#: The phases of a round in order (AL-027), then the end of the game (AL-063).
_PHASES = ("Arrival", "Action", "End", "Final")
#: Which phase each task of the round belongs to: the round pushes them all at once, so the
#: lowest one still on the stack names the phase under way.
_PHASE_OF = {
    "arrival": 0,
    "deal_cv": 0,
    "page_setup": 0,
    "action_loop": 1,
    "after_placed": 1,
    "retrieve": 2,
    "bid_start": 2,
    "route_start": 2,
    "enc_pick": 2,
    "enc_start": 2,
    "cleanup": 2,
    "final_loop": 3,
}


def phase_of(state: AlmanacState) -> int | None:
    """The phase under way: an index into :data:`_PHASES`, ``None`` during setup and between
    the tasks of two phases (the round's own task and ``end_phase`` own none)."""
    earliest = None
    for task in state.tasks:  # bottom of the stack first: the phase still to come lies lower
        p = _PHASE_OF.get(task[0])
        if p is not None and (earliest is None or p < earliest):
            earliest = p
    return earliest


#: What a sealed bid wins, by its context (AL-054, AL-074, ruling AL-R56).
_BID_PRIZES = {"guide": "the Guide's role", "reward": "the reward", "page": "the page's prize"}


def describe_passage(game: Almanac, before: AlmanacState, after: AlmanacState) -> str:
    """The bids revealed once all are in (AL-054), and the phases and rounds that end between
    ``before`` and ``after`` (one move apart), in words: ``"The Action Phase of round 2 ends.
    The End Phase begins."`` (AL-027, AL-052, AL-062, AL-063); ``""`` when the move stays in
    its phase. Everything it says is public."""
    was, now = phase_of(before), phase_of(after)
    said = []
    if before.bids and not after.bids and after.last_bids:  # all bids in: revealed (AL-054)
        *bids, winner, pay = after.last_bids
        shown = ", ".join(f"{seat_word(s)} bid {b}" for s, b in enumerate(bids))
        prize = _BID_PRIZES.get(before.bid_ctx, "the bid")
        said.append(
            f"The bids are revealed: {shown}; {seat_word(winner)} won {prize} and paid {pay} gold."
        )
    if before.round and was is not None and was < 3 and (was != now or after.round != before.round):
        said.append(f"The {_PHASES[was]} Phase of round {before.round} ends.")
    if after.round != before.round and after.round:
        if before.round:
            said.append(f"Round {before.round} ends.")
        page = game.content.pages[after.page]
        said.append(f"Round {after.round} of 6 begins at page {page.id}: {page.name}.")
    elif now is not None and now != was and now < 3:
        said.append(f"The {_PHASES[now]} Phase begins.")
    if now == 3 and was != 3:
        said.append(f"Round {after.round} ends: the journey is over; contracts may be completed.")
    if after.is_terminal():
        said.append("The game is over.")
    return " ".join(said)


# -- the picture -------------------------------------------------------------------------------
def _geometry(game: Almanac, obs: dict) -> list[str]:
    c = game.content
    page = c.pages[obs["page"]]
    me = obs["viewer"]
    lines = [f"Placement: {rule_words(c, page)}."]
    if page.rule == "village":
        paths = ", ".join(f"c{a}-c{b}" for a, b in page.paths)
        lines.append(f"Paths between clusters: {paths}")
        for s, p in enumerate(obs["players"]):
            vis = [f"c{x}" for x in range(page.clusters) if p["visited"] >> x & 1]
            if vis:
                who = "You have" if s == me else f"{seat_word(s)} has"
                lines.append(f"  {who} visited {', '.join(vis)}")
    elif page.rule == "uphill":
        lines.append(f"Lanes c0 (bottom) .. c{page.clusters - 1} (top of the hill)")
        for s, p in enumerate(obs["players"]):
            if p["visited"]:
                who = "You are" if s == me else f"{seat_word(s)} is"
                lines.append(f"  {who} up to lane c{p['visited'].bit_length() - 1}")
    elif page.rule == "floe":
        ice = ", ".join(f"island c{x}" for x in obs["page_state"])
        lines.append(
            f"Islands c0..c{page.islands - 1} in clockwise order; ice blocks now on: {ice}"
        )
    elif page.rule == "cliff":
        ledges = ", ".join(f"c{i} level {lvl}" for i, lvl in enumerate(page.levels))
        lines.append(f"Ledges (clusters): {ledges} (level 0 = the bottom)")
        for spot, o in enumerate(obs["page_state"]):
            lines.append(
                f"  ladder spot {spot}: {_ladder_spot(game, page.id, spot)}: {_owner(o, me)}"
            )
        left = ", ".join(
            f"{seat_word(s)} {p['ladders']} own" + (f" + {p['grey']} grey" if p["grey"] else "")
            for s, p in enumerate(obs["players"])
        )
        lines.append(f"  Ladders left: {left}")
    else:
        rule = PAGE_RULES[page.rule]
        if rule.clustered:
            names = ", ".join(f"c{k} {rule.cluster_name(page, k)}" for k in range(page.clusters))
            lines.append(f"Clusters: {names}")
        lines += rule.view_lines(page, obs)
    return lines


def _open_clusters(game: Almanac, obs: dict) -> int | None:
    """Bitmask of the clusters the page's geometry opens to the viewer now (AL-085, AL-092,
    AL-100), or ``None`` on a free page."""
    page = game.content.pages[obs["page"]]
    me = obs["viewer"]
    if page.rule == "village":
        if me is None:
            return None
        vis = obs["players"][me]["visited"]
        if not vis:
            return (1 << page.clusters) - 1
        reach = 0
        for a, b in page.paths:
            if vis >> a & 1:
                reach |= 1 << b
            if vis >> b & 1:
                reach |= 1 << a
        return reach & ~vis
    if page.rule == "uphill":
        if me is None:
            return None
        key = obs["players"][me]["visited"].bit_length() + (64 if len(obs["players"]) == 2 else 0)
        return PAGE_RULES["uphill"].clusters_for(page, key)
    if page.rule == "floe":
        return sum(1 << x for x in set(obs["page_state"]))
    if page.rule == "cliff":
        reach = sum(1 << c for c, lvl in enumerate(page.levels) if lvl == 0)
        changed = True
        while changed:
            changed = False
            for i, (lo, hi) in enumerate(page.ladder_spots):
                if obs["page_state"][i] != -1 and reach >> lo & 1 and not reach >> hi & 1:
                    reach |= 1 << hi
                    changed = True
        return reach
    return PAGE_RULES[page.rule].view_open(page, obs)


#: What a sealed bid is for, by its context (ruling AL-R56 for a page's own bid).
_BID_WORDS = {"guide": "the Guide", "reward": "the encounter's reward", "page": "the page's prize"}


def _task_line(game: Almanac, obs: dict) -> str:
    t = obs["tasks"][-1]
    kind = t[0]
    words = _TASK_WORDS.get(kind, kind.replace("_", " "))
    if kind in ("good", "lose") and len(t) > 2:
        words = words.format(n=t[2], goods=noun(t[2], "good"))
    if kind == "bid":
        what = _BID_WORDS.get(obs["bid_context"], "the encounter's reward")
        words = f"sealed bid for {what}"
    who = t[1] if len(t) > 1 and isinstance(t[1], int) and t[1] >= 0 else None
    line = f"Now: {words}" + (f" ({seat_word(who)})" if who is not None else "")
    lost = fight_lost(game, obs)
    if lost is not None:  # why: the fight's lose result (rulebook "Fight encounter")
        line += f", the lose result of the fight against {lost[0]}: {lost[1]}"
    return line


def render_observation(game: Almanac, obs: dict) -> str:
    """The page, the route ahead, every caravan and what the viewer may see of others."""
    c = game.content
    page = c.pages[obs["page"]]
    me = obs["viewer"]
    lines = [
        f"=== Round {obs['round']}/6 - page {page.id}: {page.name} ===",
        f"  {page.lore}",
        "  Supply and demand (valuable -> plentiful): "
        + " > ".join(GOOD_NAMES[g] for g in page.bar),
    ]
    route = " -> ".join(f"{p} {c.pages[p].name}" for p in obs["route"])
    lines.append(f"Route so far: {route}")
    if page.upcoming:
        ahead = " or ".join(f"{u} {c.pages[u].name}" for u in page.upcoming)
        lines.append(f"Upcoming: {ahead} (next encounter letter {page.letter})")
    else:
        lines.append("This is the last page of the journey.")
    lines += _geometry(game, obs)
    open_ = _open_clusters(game, obs)
    spaces_open = None
    if open_ is None and page.rule not in _RULE_WORDS:  # a later page: its rule says
        spaces_open = open_spaces_seen(page, obs)
    if spaces_open is not None:
        lines.append("Spaces:  (* = open to you now)")
    else:
        lines.append("Spaces:" + ("  (* = cluster open to you now)" if open_ is not None else ""))
    for i, occ in enumerate(obs["occupied"]):
        who = ("[you]     " if occ == me else f"[{seat_word(occ)}]") if occ >= 0 else "[  free  ]"
        clus = ""
        if page.rule != "free":
            x = page.spaces[i].cluster
            clus = f" c{x}" + ("*" if open_ is not None and open_ >> x & 1 else " ")
            if spaces_open is not None:
                clus = f" c{x}" + ("*" if spaces_open >> i & 1 else " ")
        lines.append(f"  {i:2d}{clus} {who} {space_text(game, page.id, i)}")
    if obs["caravan_faceup"]:
        lines.append("Caravan cards for sale:")
        lines += [f"  {caravan_text(game, cid)}" for cid in obs["caravan_faceup"]]
    lines.append(
        f"Decks: caravan {len(obs['caravan_deck'])}, contracts {obs['contract_deck_size']}"
        f" (+{len(obs['contract_bottom'])} on the bottom); guards left {obs['guard_supply']}"
    )
    if obs["encounter"] >= 0:
        lines += encounter_lines(game, c.encounters[obs["encounter"]])
        state = []
        if obs["encounter_won"]:
            state.append("someone has won the fight")
        if obs["encounter_flee"]:
            state.append(f"{obs['encounter_flee']} fled so far")
        if obs["encounter_option"] >= 0:
            state.append(f"the Guide chose option {obs['encounter_option']}")
        if obs["encounter_roll"]:
            state.append(f"the shared roll is {obs['encounter_roll']}")
        if state:
            lines.append("  So far: " + "; ".join(state) + ".")
    if obs["bids"]:
        parts = []
        for s, b in enumerate(obs["bids"]):
            if b == -1:
                parts.append(f"{seat_word(s)} still deciding")
            elif b == -2:
                parts.append(f"{seat_word(s)} has bid (sealed)")
            else:
                parts.append(f"{seat_word(s)} bid {b}" + (" (you)" if s == me else ""))
        lines.append("Sealed bid: " + "; ".join(parts))
    if obs["last_bids"]:
        *bids, winner, pay = obs["last_bids"]
        shown = ", ".join(f"{seat_word(s)} {b}" for s, b in enumerate(bids))
        lines.append(f"Last bids: {shown}; {seat_word(winner)} won and paid {pay}.")
    for s, p in enumerate(obs["players"]):
        tag = " (Guide)" if s == obs["guide"] else ""
        you = " <- you" if s == me else ""
        gold = "? (hidden)" if p["gold"] is None else p["gold"]
        start = c.starting[p["start"]].name if p["start"] >= 0 else "-"
        cards = ", ".join(c.caravans[i].name for i in p["caravan"]) or "none"
        lines.append(
            f"{seat_word(s)}{tag}{you}: gold {gold}, strength {p['strength']}, "
            f"guards {p['guards']}, workers {p['workers'] - p['placed']}/{p['workers']} free"
            + ("" if p["reserve"] is None else f" (+{p['reserve']} behind the screen)")
        )
        lines.append(
            f"   caravan: {start} + {cards}; crates {sum(p['goods'])}/{p['crates']}: "
            f"{_goods(p['goods'])}"
        )
        hidden = sum(1 for k in p["incomplete"] if k is None)
        known = [k for k in p["incomplete"] if k is not None]
        if hidden:
            lines.append(f"   incomplete contracts: {hidden} (face down)")
        elif not known:
            lines.append("   incomplete contracts: none")
        for k in known:
            ok = all(p["goods"][i] >= n for i, n in enumerate(c.contracts[k].goods))
            ready = " [goods ready]" if ok else ""
            lines.append(f"   incomplete: {contract_text(game, k, ready + chr(10) + ' ' * 6)}")
        for k in p["completed"]:
            lines.append(f"   completed: {contract_text(game, k, chr(10) + ' ' * 6)}")
        if p["tokens"] or p["trophies"] or p["farmer"]:
            toks = ", ".join(f"{n} {t}" for t, n in p["tokens"].items()) or "none"
            troph = ", ".join(c.encounters[e].name for e in p["trophies"]) or "none"
            lines.append(f"   tokens: {toks}; trophies: {troph}; farmer tokens {p['farmer']}")
    for t in obs["tasks"]:
        if t[0] == "keep" and t[1] == me and me is not None:
            lines.append("Drawn contracts (keep one):")
            lines += [
                f"  {contract_text(game, k, chr(10) + ' ' * 4)}" for k in t[2] if k is not None
            ]
    if obs["tasks"]:
        lines.append(_task_line(game, obs))
    return fit("\n".join(lines))


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
            "Pages (each with its own placement rule):",
            *(
                f"  {p.id} {p.name}: {rule_words(game.content, p)}."
                for p in sorted(game.content.pages.values(), key=lambda p: p.id)
            ),
            "End phase: retrieve workers, sealed bid for the Guide (winner pays the lowest bid,",
            "  1 if it is 0), the Guide picks the next page, then the encounter.",
            "Fight: strength (shields + 2 per guard) + fight die >= encounter strength; X loses.",
            "End: complete contracts for goods + 5 gold each; fame = gold + caravan cards +",
            "  tokens + guards + encounter trophies + contracts - incomplete contracts.",
            f"Goods: {goods}.",
        ]
    )
