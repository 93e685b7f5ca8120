"""Agents for Almanac: the heuristic agent plans contracts and caravan growth and bids low.

It sees only its observation (never the state) and scores each legal action with simple
hand-written values: complete contracts, buy caravan cards that add fame, crates or workers,
gather the goods its contracts need, sell the rest, and keep bids small.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import cast

from meeple.core.actions import Action
from meeple.core.agent import Agent
from meeple.core.evaluation import Evaluator
from meeple.core.game import State
from meeple.games.almanac.state import AlmanacState


class HeuristicAgent(Agent):
    """Greedy one-step scoring of legal actions from the observation."""

    name = "heuristic"

    def act(self, observation: dict, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        obs = observation
        me = obs["players"][self.seat]
        self._need = self._needs(obs, me)
        best, best_v = None, -1e9
        for a in legal_actions:
            v = self._value(obs, me, a) + rng.random() * 0.01
            if v > best_v:
                best, best_v = a, v
        return best

    # -- helpers ------------------------------------------------------------------------------
    def _needs(self, obs: dict, me: dict) -> list[int]:
        c = self.game.content
        req = [0, 0, 0, 0]
        for k in me["incomplete"]:
            if k is not None:
                for g in range(4):
                    req[g] += c.contracts[k].goods[g]
        return [max(0, req[g] - me["goods"][g]) for g in range(4)]

    def _card_value(self, cid: int, rnd: int) -> float:
        k = self.game.content.caravans[cid]
        late = rnd >= 5
        return (
            k.fame * 1.5
            + (0 if late else k.crates * 0.8 + k.workers * 5 + k.shields)
            - k.gold * 0.5
        )

    def _space_value(self, obs: dict, me: dict, s: int) -> float:
        c = self.game.content
        sp = c.pages[obs["page"]].spaces[s]
        a = sp.action
        free = me["crates"] - sum(me["goods"])
        rnd = obs["round"]
        v = -sp.cost + self._page_bonus(obs, sp)
        if a == "complete_contract":
            held = me["goods"]
            best = max(
                (
                    c.contracts[k].fame
                    for k in me["incomplete"]
                    if all(held[g] >= c.contracts[k].goods[g] for g in range(4))
                ),
                default=0,
            )
            return v + 40 + 3 * best
        if a == "extend_caravan":
            vals = [
                self._card_value(cid, rnd)
                for cid in obs["caravan_faceup"]
                if self.game.content.caravans[cid].gold <= (me["gold"] or 0) - sp.cost
            ]
            return v + 15 + max(vals, default=0)
        if a == "gain_contract":
            if rnd >= 5:
                return v - 10
            return v + (18 if not me["incomplete"] else 6)
        if a == "goods":
            gain = 0.0
            room = max(free, 0)
            for g in range(4):
                n = sp.goods[g]
                if n:
                    useful = min(n, self._need[g])
                    gain += useful * 7 + max(0, min(n - useful, room - useful)) * 2
            gain += sp.goods[4] * 6
            return v + gain
        if a == "sell":
            total = 0
            for g in range(4):
                surplus = me["goods"][g] - (self._need[g] and 0) - self._reserved(me, g)
                if sp.prices[g] and surplus > 0:
                    total += surplus * sp.prices[g]
            return v + total * 1.2
        if a == "shop":
            return v + 6
        if a == "token":
            return v + self._token_value(obs, me, sp) + sp.gold * 0.8
        if a == "ice":
            return v + 10
        if a == "farmer":
            return v + 7
        return v

    def _page_bonus(self, obs: dict, sp) -> float:
        """What the page's own rule adds to a space once all workers are placed: the brink's
        gold (ruling AL-R74), the vein of the deepest shaft (AL-R60)."""
        page = self.game.content.pages[obs["page"]]
        if page.rule == "brink" and sp.cluster == page.clusters - 1:
            return page.param("brink_gold")
        if page.rule == "mine":
            occ = obs["occupied"]
            deep = max((s.cluster for s in page.spaces if occ[s.index] >= 0), default=-1)
            if sp.cluster >= deep:
                return 0.7 * page.param("vein_gold")
        return 0.0

    def _token_value(self, obs: dict, me: dict, sp) -> float:
        """A location token's worth: its fame, its strength while encounters remain, and what
        the page's rule adds to taking it (rulings AL-R52, AL-R69, AL-R73)."""
        c = self.game.content
        page = c.pages[obs["page"]]
        kind = sp.token
        count = 1
        if page.rule == "brink":  # AL-R73: more bottles higher up the falls
            count += sp.cluster * page.param("mist_per_pool")
        left = 6 - obs["round"]  # encounters still ahead
        v = count * (3 * c.token_fame[kind] + 1.5 * c.token_strength[kind] * (left > 0))
        if page.rule == "mirror" and kind == "potion":  # AL-R52: a worker for the journey
            v += 4 * left if me["reserve"] else 2
        if page.rule == "coves" and kind == "turtle":  # AL-R69: a crate for the journey
            v += 1.5 * left
        return v

    def _reserved(self, me: dict, g: int) -> int:
        c = self.game.content
        return sum(c.contracts[k].goods[g] for k in me["incomplete"] if k is not None)

    def _effects_value(self, effs: tuple) -> float:
        v = 0.0
        for e in effs:
            if e[0] == "gold":
                v += e[1]
            elif e[0] == "goods":
                v += 2 * e[2]
            elif e[0] == "lose_goods":
                v -= 2.5 * e[1]
            elif e[0] == "guard":
                v += 3 * e[1]
            elif e[0] == "roll":
                v += sum((hi - lo + 1) / 6 * self._effects_value(sub) for lo, hi, sub in e[1])
        return v

    def _value(self, obs: dict, me: dict, a: Action) -> float:
        c = self.game.content
        k, args = a.kind, a.args
        gold = me["gold"] or 0
        if k == "place":
            return self._space_value(obs, me, args[0])
        if k == "ladder":
            return 3.0 - args[1] * 2
        if k == "climb":
            pg = obs["page_state"]
            return -sum(1 for i in args if pg[i] >= 0 and pg[i] != self.seat)
        if k == "farmer":
            return 1.0 if args[0] else 0.0
        if k == "good":
            g = args[0]
            bar = c.pages[obs["page"]].bar
            return 10 * (self._need[g] > 0) + (3 - bar.index(g))
        if k == "drop":
            g = args[0]
            return -10 * (me["goods"][g] <= self._reserved(me, g)) + me["goods"][g] * 0.1
        if k == "sell":
            g = args[0]
            return 1.0 if me["goods"][g] > self._reserved(me, g) else -5.0
        if k == "stop":
            return 0.0
        if k == "shop":
            if args[0] == 2:
                return 5.0
            if args[0] == 1:
                g = args[1]
                return 4.0 if me["goods"][g] > self._reserved(me, g) else -5.0
            return 3.0 + 4 * any(self._need)
        if k == "buy":
            return self._card_value(args[0], obs["round"])
        if k == "complete":
            return 10.0 + c.contracts[args[0]].fame
        if k == "end":
            return 0.0
        if k == "keep":
            ct = c.contracts[args[0]]
            missing = sum(max(0, ct.goods[g] - me["goods"][g]) for g in range(4))
            return ct.fame - 1.5 * missing
        if k == "bid":
            ctx = obs["bid_context"]
            if ctx == "page":  # ruling AL-R56: a page's prize, worth a few gold
                target = min(4, gold // 2)
            else:
                target = min(3, gold) if ctx == "reward" else 1 if gold >= 12 else 0
            return -abs(args[0] - target)
        if k == "go":
            page = c.pages[args[0]]
            # spaces that score, and the page's tokens (a bid's prize has no space, AL-R56)
            spots = sum(1 for s in page.spaces if s.action in ("complete_contract", "token"))
            return spots + 0.5 * len(page.tokens)
        if k == "fight":
            e = c.encounters[obs["encounter"]]
            if args[0]:
                return 2.0 if me["strength"] + 1.5 >= e.strength else -1.0
            return 0.0
        if k == "option":
            e = c.encounters[obs["encounter"]]
            _label, cost, effs = e.options[args[0]]
            return self._effects_value(effs) - cost
        return 0.0


def _scores(state: State) -> list[float]:
    # Fame if the game ended now, every source counted
    st = cast(AlmanacState, state)
    return [sum(st.fame(s).values()) for s in range(st.num_players)]


#: The search evaluator (:mod:`meeple.core.evaluation`): a margin of 6 Fame is worth tanh(1).
EVALUATOR = Evaluator(_scores, scale=6.0)
