"""A balance-seeking heuristic climber.

It reads only its observation. It prefers Explores and Trades that move its face-up total
toward zero (unknown cards are valued by the expected result over what is left of their
colour), climbs steadily and prefers positions with more ways onward, always Sweeps/Buries
every balanced group, claims every Scavenge, always Retaliates, Drops cards that balance it once
it has peaked and Throws unbalancing cards onto the flag leader.

Its weights were tuned by self-play (400-game matches, see ``docs/bots.md``): height
``progress=1.5`` per row and ``reach=0.3`` per onward position beat the first version (0.6 and
0) 60.8% and 56.3% of the time on two seeds.

With ``lntb`` > 0 it also plays for Left No Trace Behind (AN-063) while no climber has peaked:
a face-down peak scores ``lntb`` times the chance that it brings the total to exactly 0, and a
climber next to its face-down peak Trades onto it a Backpack card that does. The default is 0
(off), the version the difficulty levels were measured with; ``lntb=4,progress=2.5`` won 51.8%
to 52.0% of 4,000 one-Ascent games against the default on three seeds (p = 0.011 to 0.024).

With ``epsilon`` > 0 it plays a uniformly random legal action at that fraction of its
decisions: the ``easy`` level (``epsilon=0.3``) is this climber slipping.

In the cooperative variant (rulings AN-R22, AN-R43..AN-R45) it plays for the team: it Throws
only a card that brings a partner's total closer to zero (a partner who has peaked first),
calls Scavenge only on a card whose loss brings the partner closer to zero, and never
Retaliates on a partner.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections.abc import Sequence
from typing import cast

from meeple.core.actions import Action
from meeple.core.agent import Agent
from meeple.core.errors import ConfigError
from meeple.core.evaluation import Evaluator
from meeple.core.game import State
from meeple.games.annapurna import board
from meeple.games.annapurna.consts import AWARDS, COOP_AWARDS, DEAL, LNTB_FLAGS, VERB_NAMES
from meeple.games.annapurna.content import SUIT_SIZE
from meeple.games.annapurna.state import AnnapurnaState


class HeuristicAgent(Agent):
    """Balance-seeking climber (see the module docstring).

    Args:
        spec: ``"progress=1.5,reach=0.3,lntb=0,epsilon=0"`` (any may be left out), or a bare
            number for ``progress``: the Explore score adds ``progress`` per row climbed and
            ``reach`` per position the spot leads on to, to minus the expected distance from
            zero; ``lntb`` weighs the chance to Leave No Trace Behind (see the module
            docstring); ``epsilon`` is the chance of a uniformly random legal action instead of
            the heuristic's at each decision (drawn from the agent's RNG; 0 by default).

    Raises:
        ConfigError: for an unknown parameter, one given twice, a value that is not a finite
            number, an ``epsilon`` outside [0, 1] or a negative ``lntb``.
    """

    name = "heuristic"
    reads_by_key = True  # a search may give it the state's lazy policy view

    def __init__(self, spec: str | float = ""):
        params = {"progress": 1.5, "reach": 0.3, "lntb": 0.0, "epsilon": 0.0}
        form = f"key=value with keys {', '.join(params)}, or one number for progress"
        text = str(spec).strip()
        if text and "=" not in text:  # a bare number is the progress weight
            try:
                float(text)
            except ValueError:
                raise ConfigError(f"heuristic parameters are {form}; not {text!r}") from None
            text = f"progress={text}"
        given: set[str] = set()
        for part in filter(None, (p.strip() for p in text.split(","))):
            key, sep, value = part.partition("=")
            key = key.strip()
            if not sep or key not in params:
                raise ConfigError(f"heuristic parameters are {form}; not {part!r}")
            if key in given:
                raise ConfigError(f"heuristic parameter {key} is given twice")
            given.add(key)
            try:
                number = float(value)
            except ValueError:
                raise ConfigError(f"heuristic parameter {key}: bad value {value!r}") from None
            if not math.isfinite(number):
                raise ConfigError(
                    f"heuristic parameter {key} must be a finite number, not {value!r}"
                )
            params[key] = number
        self.progress = params["progress"]
        self.reach = params["reach"]
        self.lntb = params["lntb"]
        self.epsilon = params["epsilon"]
        if not 0.0 <= self.epsilon <= 1.0:
            raise ConfigError("heuristic parameter epsilon must lie in [0, 1]")
        if self.lntb < 0:
            raise ConfigError(f"heuristic parameter lntb is a weight, 0 or more, not {self.lntb}")
        self.plan: tuple[str, int, tuple[int, int]] | None = None

    # -- reading the observation ---------------------------------------------------------------
    def _read(self, obs: dict) -> None:
        self.obs = obs
        self.me = obs["climbers"][self.seat]
        self.coop = bool(obs["cooperative"])
        # derived values, computed when first needed (most steps need few of them)
        self._pool: list[list[int]] | None = None
        self._totals: dict[int, int] = {}
        self._means: dict[tuple[int, int], float] = {}

    @property
    def pool(self) -> list[list[int]]:
        """Yin/Yang values of each colour's cards this climber has not seen anywhere."""
        if self._pool is None:
            obs = self.obs
            seen: set[int] = set()
            for c in obs["climbers"]:
                for e in c["side"]:
                    if isinstance(e, int):
                        seen.add(e)
                    elif e is not None and e[1] is not None:
                        seen.add(e[1])
            seen.update(self.me["pack"])
            seen.update(self.me["cache"])
            net = self.game.net
            self._pool = [
                [net[c] for c in range(s * SUIT_SIZE, (s + 1) * SUIT_SIZE) if c not in seen]
                for s in range(obs["players"])
            ]
        return self._pool

    def total(self, seat: int) -> int:
        t = self._totals.get(seat)
        if t is None:
            net = self.game.net
            side = self.obs["climbers"][seat]["side"]
            t = self._totals[seat] = sum(net[e] for e in side if isinstance(e, int))
        return t

    def _expected(self, t: int, entry: object) -> float:
        """Expected |t + value| of flipping the face-down card ``entry``."""
        colour, card = entry  # type: ignore[misc]
        if card is not None:
            return abs(t + self.game.net[card])
        mean = self._means.get((t, colour))
        if mean is None:
            pool = self.pool[colour] or [0]
            mean = self._means[(t, colour)] = sum(abs(t + x) for x in pool) / len(pool)
        return mean

    def _explore_score(self, p: int) -> float:
        t = self.total(self.seat)
        score = (
            -self._expected(t, self.me["side"][p])
            + self.progress * board.ROW[p]
            + self.reach * board.FORWARD[p].bit_count()
        )
        if p == board.PEAK and self.lntb and self._first_to_peak():
            score += self.lntb * self._zero_chance(t, self.me["side"][p])
        return score

    def _first_to_peak(self) -> bool:
        """Whether no climber has reached their peak yet this Ascent."""
        return not any(c["arrival"] for c in self.obs["climbers"])

    def _zero_chance(self, t: int, entry: object) -> float:
        """Chance in [0, 1] that flipping the face-down card ``entry`` (``[colour, card id or
        None]``) leaves the total ``t`` at exactly 0 (0.0 when no card of its colour is left
        unseen)."""
        colour, card = entry  # type: ignore[misc]
        if card is not None:
            return float(t + self.game.net[card] == 0)
        pool = self.pool[colour]
        return sum(1 for x in pool if t + x == 0) / len(pool) if pool else 0.0

    def _leader(self) -> int | None:
        n = self.obs["players"]
        others = [s for s in range(n) if s != self.seat]
        return max(others, key=lambda s: (self.obs["climbers"][s]["flags"], -s), default=None)

    # -- acting --------------------------------------------------------------------------------
    def act(self, observation: dict, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        if self.epsilon and rng.random() < self.epsilon:  # the easy level's slips
            if observation["stage"] == "main":
                self.plan = None  # a slipped verb gets a fresh plan (_plan_for) at its next step
            return legal_actions[rng.randrange(len(legal_actions))]
        self._read(observation)
        by_kind: dict[str, list[Action]] = {}
        for a in legal_actions:
            by_kind.setdefault(a.kind, []).append(a)
        stage = observation["stage"]
        choice = None
        if stage == "main":
            choice = self._main(by_kind)
        elif stage in ("card", "spot"):
            if not self._plan_fits(observation):  # e.g. a search chose the verb, not this agent
                chosen = observation["card"] if stage == "spot" else None
                self.plan = self._plan_for(VERB_NAMES[observation["verb"]], chosen)
            choice = self._follow_plan(stage, by_kind)
        elif stage == "sweep":
            groups = by_kind.get("sweep") or by_kind.get("bury") or []
            if groups:
                choice = max(groups, key=lambda a: (a.args[0].bit_count(), -a.args[0]))
        elif stage == "scavenge":
            choice = self._scavenge(by_kind)
        elif stage == "decide":
            choice = self._decide(by_kind)
        if choice is None or choice not in legal_actions:
            choice = legal_actions[0]
        return choice

    def _main(self, by: dict[str, list[Action]]) -> Action | None:
        self.plan = None
        t = self.total(self.seat)
        pack = self.me["pack"]
        net = self.game.net
        if "sunyata" in by:  # Protecting
            if t and "drop" in by:
                best = min(pack, key=lambda c: (abs(t + net[c]), c))
                if abs(t + net[best]) < abs(t):
                    spot = board.bits(self._empty(self.seat))[0]
                    self.plan = ("drop", best, (self.seat, spot))
                    return by["drop"][0]
            if "throw" in by:
                plan = self._help_plan() if self.coop else self._throw_plan()
                if plan:
                    self.plan = plan
                    return by["throw"][0]
            return by["sunyata"][0]
        explores = by.get("explore", [])
        if self.lntb and "trade" in by and pack and self._first_to_peak():
            plan = self._peak_plan(t)
            if plan is not None:
                self.plan = plan
                return by["trade"][0]
        if explores:
            best = max(explores, key=lambda a: (self._explore_score(a.args[0]), -a.id))
            score = self._explore_score(best.args[0])
            if "trade" in by and pack:
                plan = self._trade_plan(t)
                if plan and -plan[0] + self.progress > score + 1.0:
                    self.plan = plan[1]
                    return by["trade"][0]
            return best
        if "climb" in by:
            return max(by["climb"], key=lambda a: a.args[0])
        if "trade" in by:
            plan = self._trade_plan(t)
            if plan:
                self.plan = plan[1]
                return by["trade"][0]
        return None

    def _empty(self, seat: int) -> int:
        side = self.obs["climbers"][seat]["side"]
        return sum(1 << p for p, e in enumerate(side) if e is None)

    def _trade_plan(self, t: int) -> tuple[float, tuple[str, int, tuple[int, int]]] | None:
        """Put a balancing Backpack card face down just ahead, to Explore next turn."""
        loc = self.me["loc"]
        if loc < 0:
            return None
        side = self.me["side"]
        ahead = [
            p
            for p in board.bits(board.FORWARD[loc])
            if isinstance(side[p], list) and side[p][1] is None
        ]
        if not ahead:
            return None
        net = self.game.net
        card = min(self.me["pack"], key=lambda c: (abs(t + net[c]), c))
        spot = max(ahead, key=lambda p: (board.ROW[p], -p))
        return (abs(t + net[card]), ("trade", card, (self.seat, spot)))

    def _peak_plan(self, t: int) -> tuple[str, int, tuple[int, int]] | None:
        """A ``("trade", card, (seat, PEAK))`` plan putting face down on our peak a Backpack card
        that brings the total ``t`` to 0; ``None`` unless the peak is face down and next to us,
        not already known to balance us, and such a card is in the Backpack."""
        loc = self.me["loc"]
        entry = self.me["side"][board.PEAK]
        if loc < 0 or not board.FORWARD[loc] >> board.PEAK & 1 or not isinstance(entry, list):
            return None
        net = self.game.net
        if entry[1] is not None and t + net[entry[1]] == 0:
            return None  # the peak already balances us: Explore it
        for c in sorted(self.me["pack"]):
            if t + net[c] == 0:
                return ("trade", c, (self.seat, board.PEAK))
        return None

    def _throw_plan(self) -> tuple[str, int, tuple[int, int]] | None:
        target = self._leader()
        if target is None:
            return None
        c = self.obs["climbers"][target]
        if c["shields"] or not self._empty(target):
            return None
        tt = self.total(target)
        net = self.game.net
        card = max(self.me["pack"], key=lambda x: (abs(tt + net[x]), -x))
        if abs(tt + net[card]) <= abs(tt):
            return None
        spot = board.bits(self._empty(target))[0]
        return ("throw", card, (target, spot))

    def _help_plan(self) -> tuple[str, int, tuple[int, int]] | None:
        """Cooperative: Throw the Backpack card that brings a partner's total closest to zero
        into an empty spot of theirs, a partner who has peaked first (their total is nearly
        final); ``None`` when no card brings anyone closer."""
        net = self.game.net
        best: tuple[tuple[int, int, int, int], tuple[str, int, tuple[int, int]]] | None = None
        for t, c in enumerate(self.obs["climbers"]):
            empty = self._empty(t)
            if t == self.seat or c["shields"] or not empty:
                continue
            tt = self.total(t)
            for card in self.me["pack"]:
                gain = abs(tt) - abs(tt + net[card])
                if gain <= 0:
                    continue
                key = (bool(c["arrival"]), gain, -t, -card)
                if best is None or key > best[0]:
                    best = (key, ("throw", card, (t, board.bits(empty)[0])))
        return best[1] if best else None

    def _plan_fits(self, obs: dict) -> bool:
        """Whether the current plan belongs to the Trade/Hide/Drop/Throw under way."""
        plan = self.plan
        if plan is None or plan[0] != VERB_NAMES[obs["verb"]]:
            return False
        return obs["stage"] == "card" or obs["card"] == plan[1]

    def _plan_for(self, verb: str, chosen: int | None) -> tuple[str, int, tuple[int, int]] | None:
        """A plan for a compound action this agent did not start (a search tried the verb).

        ``chosen``: the Backpack card already picked (spot step), else ``None``.
        """
        pack = self.me["pack"]
        if not pack:
            return None
        net = self.game.net
        t = self.total(self.seat)
        if verb == "trade":
            plan = self._trade_plan(t)
            if plan is None:
                return None
            _, (_, card, where) = plan
            return ("trade", card if chosen is None else chosen, where)
        if verb == "drop":
            card = min(pack, key=lambda c: (abs(t + net[c]), c)) if chosen is None else chosen
            empty = board.bits(self._empty(self.seat))
            return ("drop", card, (self.seat, empty[0])) if empty else None
        if verb == "throw":
            plan = self._help_plan() if self.coop else self._throw_plan()
            if plan is not None and chosen is not None:
                plan = (plan[0], chosen, plan[2])
            return plan
        if verb == "hide":  # an unbalancing card face down where the leader climbs next
            target = self._leader()
            if target is None:
                return None
            tt = self.total(target)
            card = max(pack, key=lambda c: (abs(tt + net[c]), -c)) if chosen is None else chosen
            c = self.obs["climbers"][target]
            loc = c["loc"]
            ahead = board.FORWARD[loc] if loc >= 0 else board.BOTTOM
            spots = [p for p, e in enumerate(c["side"]) if isinstance(e, list) and ahead >> p & 1]
            return ("hide", card, (target, spots[0])) if spots else None
        return None

    def _follow_plan(self, stage: str, by: dict[str, list[Action]]) -> Action | None:
        if self.plan is None:
            return None
        _, card, (t, p) = self.plan
        if stage == "card":
            for a in by.get("card", []):
                if a.args[0] == card:
                    return a
            return None
        for a in by.get("to", []):
            if a.args == (t, p):
                return a
        return None

    def _scavenge(self, by: dict[str, list[Action]]) -> Action | None:
        claims = by.get("scavenge")
        if not claims:
            return None
        victim = self.obs["victim"]  # whose cards are on offer (ruling AN-R06)
        side = self.obs["climbers"][victim]["side"]
        net = self.game.net
        vt = self.total(victim)
        if self.coop:  # take a partner's card only when its loss brings them closer to zero
            best = min(claims, key=lambda a: (abs(vt - net[side[a.args[0]]]), a.id))
            gain = abs(vt) - abs(vt - net[side[best.args[0]]])
            return best if gain > 0 else by["pass"][0]
        # removing a card of value x moves the victim's total to vt - x: push it from zero
        return max(claims, key=lambda a: (abs(vt - net[side[a.args[0]]]), -a.id))

    def _decide(self, by: dict[str, list[Action]]) -> Action | None:
        net = self.game.net
        t = self.total(self.seat)
        if "peek" in by:
            loc = self.me["loc"]
            ahead = board.FORWARD[loc] if loc >= 0 else board.BOTTOM
            return max(
                by["peek"],
                key=lambda a: (
                    a.args[0] == self.seat,
                    ahead >> a.args[1] & 1,
                    board.ROW[a.args[1]],
                ),
            )
        if "explore" in by:  # Fixed Rope / Ice Axe
            best = max(by["explore"], key=lambda a: (self._explore_score(a.args[0]), -a.id))
            if self._explore_score(best.args[0]) >= -abs(t):
                return best
            return by.get("pass", [best])[0]
        if "give" in by:
            return min(by["give"], key=lambda a: (abs(net[a.args[0]]), a.id))
        if "recover" in by:
            return max(by["recover"], key=lambda a: (abs(net[a.args[0]]), -a.id))
        if "stow" in by:
            side = self.me["side"]
            best = min(by["stow"], key=lambda a: (abs(t - net[side[a.args[0]]]), a.id))
            if abs(t - net[side[best.args[0]]]) < abs(t):
                return best
            return by["pass"][0]
        if "retaliate" in by and self.coop:  # a partner's card is the team's own
            return by["pass"][0]
        if "retaliate" in by:
            thrower = self.obs["pending"][-1][2]
            side = self.obs["climbers"][thrower]["side"]
            tt = self.total(thrower)

            def harm(a: Action) -> float:
                return self._expected(tt, side[a.args[0]]) - abs(tt)

            best = max(by["retaliate"], key=lambda a: (harm(a), -a.id))
            return best if harm(best) >= 0 else by["pass"][0]
        return None


def _scores(state: State) -> list[float]:
    # flags won, plus half the flags the current Ascent would award if it ended now: climbers
    # ranked by how close their face-up total is to zero, then by height
    n = state.num_players
    st = cast(AnnapurnaState, state)
    if st.game.cooperative:  # the team's flags, plus half what this Ascent would add (AN-R43)
        team = sum(st.flags) + 0.5 * sum(
            COOP_AWARDS[abs(st.total(s))] for s in range(n) if abs(st.total(s)) < 3
        )
        return [float(team)] * n
    key = [(abs(st.total(s)), -board.ROW[st.loc[s]] if st.loc[s] >= 0 else 0) for s in range(n)]
    order = sorted(range(n), key=lambda s: key[s])
    award = AWARDS[n]
    out = [float(f) for f in st.flags]
    place = 0
    while place < n:
        tied = [s for s in order[place:] if key[s] == key[order[place]]]
        share = sum(award[place : place + len(tied)]) / len(tied)  # equal keys share
        for s in tied:
            out[s] += 0.5 * share
        place += len(tied)
    return out


#: Chance that a given climber Leaves No Trace Behind in an Ascent, in the flag race below: the
#: rate seen between the search and the heuristic climber (17 of 100 two-climber Ascents),
#: shared among the climbers.
LNTB_RATE = 0.17


@functools.lru_cache(maxsize=1 << 16)
def flag_race(flags: tuple[int, ...], target: int) -> tuple[float, ...]:
    """Each climber's chance to win the Expedition from ``flags`` at the start of an Ascent.

    Every later Ascent is a coin toss: with probability ``LNTB_RATE`` one climber (each
    equally likely) Leaves No Trace Behind (4 flags to them, none to the others, AN-063),
    otherwise every order of the climbers is equally likely and flags follow the placings
    (AN-061, AN-064, AN-065). The Expedition ends as in AN-068..AN-070 and ruling AN-R20: the
    most flags once someone reaches ``target``, ties to the better placing of that Ascent.
    The values weigh a Left No Trace Behind against a normal Ascent at the current score.

    Args:
        flags: Flags per climber, all below ``target``.
        target: The Expedition's flag target.

    Returns:
        One probability per climber, summing to 1.
    """
    n = len(flags)
    out = [0.0] * n

    def settle(p: float, earned: Sequence[int], order: Sequence[int]) -> None:
        new = tuple(f + e for f, e in zip(flags, earned, strict=True))
        best = max(new)
        if best >= target:
            out[next(s for s in order if new[s] == best)] += p
            return
        for s, v in enumerate(flag_race(new, target)):
            out[s] += p * v

    lntb = LNTB_RATE / n
    for s in range(n):
        earned = [0] * n
        earned[s] = LNTB_FLAGS
        settle(lntb, earned, [(s + k) % n for k in range(n)])
    orders = list(itertools.permutations(range(n)))
    normal = (1.0 - LNTB_RATE) / len(orders)
    for order in orders:
        earned = [0] * n
        for place, s in enumerate(order):
            earned[s] = AWARDS[n][place]
        settle(normal, earned, order)
    return tuple(out)


def _value(state: State) -> Sequence[float] | None:
    # between two Ascents (the checkpoint), the flags are all there is to the position
    st = cast(AnnapurnaState, state)
    if st.stage != DEAL or st.deal_pos or st.deal_seat or st.game.cooperative:
        return None  # (the flag race is between rivals; a team shares one score)
    return flag_race(tuple(st.flags), st.game.config["flag_target"])


#: The search evaluator (:mod:`meeple.core.evaluation`): flags won and half the current
#: Ascent's award, a margin of 2 flags worth tanh(1); rollouts may stop at the next Ascent.
EVALUATOR = Evaluator(
    _scores,
    scale=2.0,
    checkpoint=lambda state: cast(AnnapurnaState, state).ascent,
    value=_value,
)
