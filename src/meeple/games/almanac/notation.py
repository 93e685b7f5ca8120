"""Compact action notation and the fixed, numbered action space of a configuration.

Player actions (text -> meaning):

* ``place 7`` put a worker on space 7 of the current page (AL-031); ``ladder 2`` /
  ``ladder 2 grey`` put an own-colour / unused-colour ladder on spot 2 (Cliffside, AL-090, AL-096);
  ``climb 0-4`` climb by ladder spots 0 then 4 (AL-093); ``farmer`` / ``no-farmer`` use or keep
  a farmer token (AL-098);
* ``good sky`` take a good of your choice; ``drop dew`` discard a good (overflow or loss);
  ``sell emb`` sell one good; ``stop`` stop selling; ``shop good`` / ``shop sell eve`` /
  ``shop guard`` the three shop options (AL-045);
* ``buy c12`` extend the caravan with card 12; ``complete k3`` complete contract 3;
  ``keep k3`` keep a drawn contract; ``end`` finish completing contracts at the end;
* ``bid 4`` a sealed bid; ``go 5`` choose the next page; ``fight`` / ``avoid`` at an optional
  fight; ``option 1`` choose an encounter option.

Chance outcomes: ``start s2``, ``contract k7``, ``caravan c4``, ``encounter e9``, ``die X``,
``d6 5``.
"""

from __future__ import annotations

from meeple.core.actions import Action, ActionSpace
from meeple.games.almanac.content import GOLD_SUPPLY, GOODS, Content

#: Largest sealed bid: the face value of the whole gold supply (AL-002), ruling AL-R38.
MAX_BID = GOLD_SUPPLY


class Table:
    """Direct references to every action of a space, for fast legal-move generation."""

    def __init__(self, space: ActionSpace, content: Content):
        p = space.parse
        self.space = space
        self.PLACE = [p(f"place {s}") for s in range(content.max_spaces)]
        self.LADDER = [p(f"ladder {s}") for s in range(content.max_ladder_spots)]
        self.LADDER_GREY = [p(f"ladder {s} grey") for s in range(content.max_ladder_spots)]
        self.CLIMB = {r: p("climb " + "-".join(map(str, r))) for r in content.climb_routes}
        self.FARMER = p("farmer")
        self.NOFARMER = p("no-farmer")
        self.GOOD = [p(f"good {g}") for g in GOODS]
        self.DROP = [p(f"drop {g}") for g in GOODS]
        self.SELL = [p(f"sell {g}") for g in GOODS]
        self.STOP = p("stop")
        self.SHOP_GOOD = p("shop good")
        self.SHOP_SELL = [p(f"shop sell {g}") for g in GOODS]
        self.SHOP_GUARD = p("shop guard")
        self.BUY = [p(f"buy c{c.id}") for c in content.caravans]
        self.COMPLETE = [p(f"complete k{k.id}") for k in content.contracts]
        self.KEEP = [p(f"keep k{k.id}") for k in content.contracts]
        self.BID = [p(f"bid {n}") for n in range(MAX_BID + 1)]
        self.GO = {pid: p(f"go {pid}") for pid in content.pages}
        self.FIGHT = p("fight")
        self.AVOID = p("avoid")
        self.OPTION = [p(f"option {i}") for i in range(4)]
        self.END = p("end")
        self.START = [p(f"start s{c.id}") for c in content.starting]
        self.CONTRACT = [p(f"contract k{k.id}") for k in content.contracts]
        self.CARAVAN = [p(f"caravan c{c.id}") for c in content.caravans]
        self.ENC = [p(f"encounter e{e.id}") for e in content.encounters]
        faces = sorted(set(content.fight_die), key=lambda f: (f != "X", f))
        self.DIE = {f: p(f"die {f}") for f in faces}
        # tuples: every state's chance_outcomes() hands out these very ones
        self.DIE_ODDS = tuple(
            (self.DIE[f], content.fight_die.count(f) / len(content.fight_die)) for f in faces
        )
        self.D6 = [None] + [p(f"d6 {n}") for n in range(1, 7)]
        self.D6_ODDS = tuple((self.D6[n], 1 / 6) for n in range(1, 7))


def build_space(content: Content) -> ActionSpace:
    """The action space of a content set (the same for every player count).

    Returns:
        An :class:`ActionSpace`; player actions first, then chance outcomes.
    """
    acts: list[tuple[str, str, tuple]] = []
    acts += [(f"place {s}", "place", (s,)) for s in range(content.max_spaces)]
    acts += [(f"ladder {s}", "ladder", (s, 0)) for s in range(content.max_ladder_spots)]
    acts += [(f"ladder {s} grey", "ladder", (s, 1)) for s in range(content.max_ladder_spots)]
    acts += [("climb " + "-".join(map(str, r)), "climb", r) for r in content.climb_routes]
    acts += [("farmer", "farmer", (1,)), ("no-farmer", "farmer", (0,))]
    acts += [(f"good {g}", "good", (i,)) for i, g in enumerate(GOODS)]
    acts += [(f"drop {g}", "drop", (i,)) for i, g in enumerate(GOODS)]
    acts += [(f"sell {g}", "sell", (i,)) for i, g in enumerate(GOODS)]
    acts += [("stop", "stop", ())]
    acts += [("shop good", "shop", (0, -1))]
    acts += [(f"shop sell {g}", "shop", (1, i)) for i, g in enumerate(GOODS)]
    acts += [("shop guard", "shop", (2, -1))]
    acts += [(f"buy c{c.id}", "buy", (c.id,)) for c in content.caravans]
    acts += [(f"complete k{k.id}", "complete", (k.id,)) for k in content.contracts]
    acts += [(f"keep k{k.id}", "keep", (k.id,)) for k in content.contracts]
    acts += [(f"bid {n}", "bid", (n,)) for n in range(MAX_BID + 1)]
    acts += [(f"go {pid}", "go", (pid,)) for pid in sorted(content.pages)]
    acts += [("fight", "fight", (1,)), ("avoid", "fight", (0,))]
    acts += [(f"option {i}", "option", (i,)) for i in range(4)]
    acts += [("end", "end", ())]
    chance: list[tuple[str, str, tuple]] = []
    chance += [(f"start s{c.id}", "start", (c.id,)) for c in content.starting]
    chance += [(f"contract k{k.id}", "contract", (k.id,)) for k in content.contracts]
    chance += [(f"caravan c{c.id}", "caravan", (c.id,)) for c in content.caravans]
    chance += [(f"encounter e{e.id}", "encounter", (e.id,)) for e in content.encounters]
    faces = sorted(set(content.fight_die), key=lambda f: (f != "X", f))
    chance += [(f"die {f}", "die", (-1 if f == "X" else int(f),)) for f in faces]
    chance += [(f"d6 {n}", "d6", (n,)) for n in range(1, 7)]
    return ActionSpace(acts, chance)


def action_table(space: ActionSpace, content: Content) -> Table:
    """Fast references into ``space`` (see :class:`Table`)."""
    return Table(space, content)


__all__ = ["MAX_BID", "Action", "Table", "action_table", "build_space"]
