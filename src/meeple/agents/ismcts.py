"""Information-set Monte Carlo tree search (single observer).

The agent never sees the state. Each iteration it builds one *determinization* — a full state
consistent with its observation, hidden parts sampled with its own RNG through
``Game.determinize_observation`` — and plays one simulation on it:

1. **Selection / expansion.** Decision nodes of the tree are *information sets*: a node is keyed by
   the acting seat, the number of actions since the root, and that seat's observation. The
   observer's nodes therefore merge every determinization and every hidden opponent move that
   looks the same to it, and each opponent's node is what that opponent could see in the
   determinization. Among the seat's legal actions the node picks an untried one (expansion,
   then the rollout starts) or the best UCT score, counting each action's *availability* (the
   subset-armed bandit of Cowling, Powley and Whitehouse, 2012): legal sets differ between
   determinizations. With ``observer=1`` every node is keyed by the observer's own view
   instead, the opponents' nodes too; with ``opponents="policy"`` the other seats' moves below
   the root are the rollout policy's and only the observer's own nodes are kept (see the
   parameters).
2. **Chance** nodes are not stored: an outcome is sampled with the agent's RNG.
3. **Simultaneous** nodes are played as sequential decisions with hidden commitment: the observer
   commits first, and a seat committing later is keyed by its own observation, which does not
   show the sealed choices already made (by default; see ``observer``).
4. **Rollout.** Random legal actions, or the game's own heuristic agent (fed the seat's
   observation of the determinization, as the state's ``policy_view`` when the agent reads it
   only by key) with probability ``1 - epsilon``; optionally truncated
   after ``horizon`` actions and then scored by a game evaluator (see
   :mod:`meeple.agents.evaluation`).
5. **Backpropagation** of the terminal reward of the seat that acted at each node.

Rewards come from ``state.returns()`` (winners share 1; the solo Peach Festival scores
``score / 100``), optionally blended with a score margin:
``(1 - w) * returns + w * (1 + tanh(margin / scale)) / 2`` where ``margin`` is the seat's score
minus the best other score.

The agent is honest by construction: it reads only the observation, the legal actions and its RNG.
With an iteration budget it is deterministic given those.
"""

from __future__ import annotations

import marshal
import math
import random
import time as _time
from collections.abc import Sequence
from typing import Any

from meeple.agents.base import Agent, make_agent, own_agents
from meeple.core.actions import Action
from meeple.core.errors import ConfigError
from meeple.core.game import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Game,
    State,
    plain_number,
    sample_chance,
)

#: Parameters accepted in an ``ismcts:key=value,...`` spec, with their types.
PARAMS: dict[str, type] = {
    "iterations": int,
    "time": float,
    "c": float,
    "rollout": str,
    "epsilon": float,
    "horizon": int,
    "score_weight": float,
    "scale": float,
    "bias": float,
    "checkpoint": int,
    "paired": int,
    "guide": int,
    "flat": int,
    "observer": int,
    "opponents": str,
}


def parse_spec(spec: str | None) -> dict[str, Any]:
    """Parse ``"iterations=400,c=0.7,rollout=heuristic"`` into keyword arguments.

    ``it`` and ``n`` abbreviate ``iterations``; ``t`` abbreviates ``time`` (seconds).

    Raises:
        ConfigError: for an unknown key, a key given twice or a badly typed value.
    """
    out: dict[str, Any] = {}
    if not spec:
        return out
    alias = {"it": "iterations", "n": "iterations", "t": "time", "w": "score_weight"}
    for part in spec.split(","):
        part = part.strip()
        if not part:
            continue
        key, sep, value = part.partition("=")
        key = alias.get(key.strip(), key.strip())
        if not sep or key not in PARAMS:
            raise ConfigError(
                f"ismcts parameters are key=value with keys {', '.join(PARAMS)}; not {part!r}"
            )
        if key in out:
            raise ConfigError(f"ismcts parameter {key} is given twice")
        try:
            out[key] = PARAMS[key](value.strip())
        except ValueError:
            raise ConfigError(f"ismcts parameter {key}: bad value {value!r}") from None
    return out


#: Default parameters (an iteration budget of 1000 when neither budget is given).
DEFAULTS: dict[str, Any] = {
    "iterations": None,
    "time": None,
    "c": 0.7,
    "rollout": "random",
    "epsilon": 0.0,
    "horizon": None,
    "score_weight": 0.0,
    "scale": None,
    "bias": 0.0,
    "checkpoint": 0,
    "paired": 0,
    "guide": 0,
    "flat": 0,
    "observer": 0,
    "opponents": "tree",
}


def _check(params: dict[str, Any]) -> None:
    """Refuse parameter values the search cannot use (NaN fails every comparison below).

    Raises:
        ConfigError: naming the parameter and the values it accepts.
    """
    for key, kind in PARAMS.items():  # the Python API takes values as given: check types
        value = params[key]
        if value is None:
            continue
        if kind is str:
            ok = isinstance(value, str)
        elif kind is int:
            ok = isinstance(value, int) and not isinstance(value, bool)
        else:
            ok = isinstance(value, int | float) and not isinstance(value, bool)
        if not ok:
            what = {str: "text", int: "a whole number", float: "a number"}[kind]
            raise ConfigError(f"ismcts {key} must be {what}, not {value!r}")
    if params["iterations"] is not None and params["iterations"] < 1:
        raise ConfigError(
            f"ismcts iterations must be at least 1 (one iteration), not {params['iterations']}"
        )
    t = params["time"]
    if t is not None and not (t > 0 and math.isfinite(t)):
        raise ConfigError(f"ismcts time limit must be a positive number of seconds, not {t}")
    if not (params["c"] >= 0 and math.isfinite(params["c"])):
        raise ConfigError(
            f"ismcts c (UCT constant) must be a finite number, 0 or more, not {params['c']}"
        )
    if not 0.0 <= params["score_weight"] <= 1.0:
        raise ConfigError(f"ismcts score_weight must lie in [0, 1], not {params['score_weight']}")
    if not 0.0 <= params["epsilon"] <= 1.0:
        raise ConfigError(f"ismcts epsilon must lie in [0, 1], not {params['epsilon']}")
    if params["horizon"] is not None and params["horizon"] < 0:
        raise ConfigError(f"ismcts horizon must be 0 or more actions, not {params['horizon']}")
    scale = params["scale"]
    if scale is not None and not (scale > 0 and math.isfinite(scale)):
        raise ConfigError(f"ismcts scale must be a positive number, not {scale}")
    if scale is not None and not params["score_weight"]:
        raise ConfigError(
            "ismcts scale sizes the score margin that score_weight blends into final rewards: "
            "give score_weight too (evaluated positions use the game's own scale)"
        )
    if not (params["bias"] >= 0 and math.isfinite(params["bias"])):
        raise ConfigError(f"ismcts bias must be a finite number, 0 or more, not {params['bias']}")
    for flag in ("checkpoint", "paired", "guide", "flat", "observer"):
        if params[flag] not in (0, 1):
            raise ConfigError(f"ismcts {flag} is 0 or 1, not {params[flag]!r}")
    if params["opponents"] not in ("tree", "policy"):
        raise ConfigError(f"ismcts opponents is tree or policy, not {params['opponents']!r}")
    random_rollouts = params["rollout"].partition(":")[0] == "random"
    if random_rollouts and params["opponents"] == "policy":
        raise ConfigError("ismcts opponents=policy plays the rollout policy's moves: it needs one")
    if random_rollouts and params["guide"]:
        raise ConfigError("ismcts guide=1 expands the rollout policy's move: it needs one")
    if random_rollouts and params["epsilon"]:
        raise ConfigError("ismcts epsilon mixes random moves into a rollout policy: it needs one")


class _Node:
    """Statistics of one information set: action id -> ``[visits, reward sum, availability]``,
    and the heuristic's preferred action (``hint``, looked up when first needed)."""

    __slots__ = ("hint", "stats")

    def __init__(self) -> None:
        self.stats: dict[int, list[float]] = {}
        self.hint: int | None = None


class ISMCTSAgent(Agent):
    """Single-observer information-set MCTS.

    Args:
        spec: Optional ``key=value,...`` text (see :func:`parse_spec`); keyword arguments win.
        iterations: Simulations per decision (``None``: limited by ``time`` only).
        time: Wall-clock limit per decision in seconds (``None``: limited by ``iterations``).
            When both are given the search stops at whichever comes first. With ``paired``
            the search does not begin a round that the last round's duration says would end
            past the limit.
        c: UCT exploration constant, 0 or more; default 0.7. Rewards lie in ``[0, 1]`` with
            two or more players; the solo Peach Festival's reward is its score / 100, which
            passes 1 above 100 points.
        rollout: ``"random"`` (default), ``"heuristic"`` (the game's first own agent) or the
            name of one of the game's agents, optionally with that agent's parameters after a
            colon and separated by ``;`` (``"heuristic:lntb=4;progress=2.5"``; with the
            ``"heuristic"`` fallback they go to the game's first own agent).
        epsilon: With a rollout policy, probability of a random action instead, in
            ``[0, 1]`` (default 0; refused with random rollouts).
        horizon: Truncate rollouts after this many actions (0 or more) and score the position with the
            game's evaluator (ignored for games without one); ``None``: play to the end.
        score_weight: Weight ``w`` of the score-margin term in the reward (default 0: pure
            win/loss).
        scale: Score margin giving ``tanh(1)`` in the ``score_weight`` term, positive
            (default: the game's evaluator scale or 10; refused without ``score_weight``:
            evaluated positions always use the game's own scale).
        checkpoint: 1: stop rollouts at the game's next scoring checkpoint (e.g. the end of
            an Annapurna Ascent) and score the position with the game's evaluator (refused by
            :meth:`setup` in a game without checkpoints); 0 (default): no checkpoint.
        bias: Progressive bias (0 or more) toward the game's heuristic agent: its preferred action at a
            node gets ``bias / (visits + 1)`` added to its UCT score (default 0: none). The
            heuristic is asked once per node, when UCT first chooses there, with the acting
            seat's observation of the determinization.
        paired: 1: paired root sampling with common random numbers. Each determinization
            (and one rollout seed drawn for it) is played once after *every* root action
            instead of once after the UCT choice, so root actions are compared on the same
            hidden cards and the same rollout luck; the move is the root action with the best
            mean (all have the same visits). Every such playout counts as one iteration.
            Below the root the search is unchanged. 0 (default): plain UCT at the root.
        guide: 1: a node expands the action the rollout policy would play there while that
            action is untried (then random untried ones, as by default). The search then
            meets the first move of each new opponent information set as the policy plays
            it, not at random (default 0; needs a rollout policy).
        flat: 1: flat Monte Carlo: the tree is the root alone, and every playout continues
            with the rollout policy right after the root action (with ``paired=1``, a
            rollout-policy improvement step on common random numbers). 0 (default): the
            tree grows below the root.
        observer: 1: every node, an opponent's too, is keyed by the searching seat's own
            observation (the keying of Cowling, Powley and Whitehouse's original algorithm):
            an opponent's statistics are merged over every hidden card the searcher cannot
            see, so the tree below an opponent's move is shared by all determinizations and
            deepens with the budget; the opponent is modelled as choosing without its own
            hidden cards, and at a simultaneous node as if it saw the observer's sealed
            choice (its statistics are split by it). 0 (default): an opponent's node is keyed
            by that opponent's observation of the determinization, which changes with every
            resampled hand.
        opponents: ``"tree"`` (default): every seat's moves are searched, each at its own
            nodes. ``"policy"``: below the root, another seat's move is the rollout policy's
            (fed that seat's observation of the determinization), as in the rollouts; only
            the searching seat's own decisions are nodes, keyed by its observation. The
            search is then a tree over the searcher's own later moves against a modelled
            opponent, and it deepens with the budget where the opponents' nodes would be met
            once per resampled hand (needs a rollout policy).

    Raises:
        ConfigError: for a bad parameter (a key given twice, a value out of range, NaN or
            infinite, a flag other than 0 or 1, ``opponents`` other than ``"tree"`` or
            ``"policy"``, and ``guide``, ``epsilon`` or ``opponents="policy"`` with random
            rollouts); an unknown rollout policy, bad rollout parameters and ``checkpoint`` in
            a game without checkpoints are refused by :meth:`setup`, which knows the game.
    """

    name = "ismcts"

    def __init__(
        self,
        spec: str | None = None,
        *,
        iterations: int | None = None,
        time: float | None = None,
        c: float | None = None,
        rollout: str | None = None,
        epsilon: float | None = None,
        horizon: int | None = None,
        score_weight: float | None = None,
        scale: float | None = None,
        bias: float | None = None,
        checkpoint: int | None = None,
        paired: int | None = None,
        guide: int | None = None,
        flat: int | None = None,
        observer: int | None = None,
        opponents: str | None = None,
    ):
        given = {
            "iterations": iterations,
            "time": time,
            "c": c,
            "rollout": rollout,
            "epsilon": epsilon,
            "horizon": horizon,
            "score_weight": score_weight,
            "scale": scale,
            "bias": bias,
            "checkpoint": checkpoint,
            "paired": paired,
            "guide": guide,
            "flat": flat,
            "observer": observer,
            "opponents": opponents,
        }
        params: dict[str, Any] = {**DEFAULTS, **parse_spec(spec)}
        # NumPy numbers count as the numbers they stand for
        params.update({k: plain_number(v) for k, v in given.items() if v is not None})
        if params["iterations"] is None and params["time"] is None:
            params["iterations"] = 1000
        _check(params)
        self.iterations: int | None = params["iterations"]
        self.time_limit: float | None = params["time"]
        self.c: float = params["c"]
        self.rollout: str = params["rollout"]
        self.epsilon: float = params["epsilon"]
        self.horizon: int | None = params["horizon"]
        self.score_weight: float = params["score_weight"]
        self.scale: float | None = params["scale"]
        self.bias: float = params["bias"]
        self.checkpoint: bool = bool(params["checkpoint"])
        self.paired: bool = bool(params["paired"])
        self.guide: bool = bool(params["guide"])
        self.flat: bool = bool(params["flat"])
        self.observer: bool = bool(params["observer"])
        self.opponents: str = params["opponents"]
        #: Iterations run by the last :meth:`act` (0 when the move was forced).
        self.last_iterations = 0
        #: Information sets below the root that the last search kept statistics for.
        self.last_tree_size = 0
        #: Root statistics of the last search: action -> (visits, mean reward; in [0, 1] with
        #: two or more players, score / 100 in the solo Peach Festival).
        self.root_stats: dict[Action, tuple[int, float]] = {}
        #: Clock of the time budget, in seconds.
        self.clock = _time.perf_counter
        self._offered: set[int] | None = None

    # -- setup ---------------------------------------------------------------------------------
    def setup(self, game: Game, seat: int) -> None:
        super().setup(game, seat)
        from meeple.agents.evaluation import evaluator_for

        self._policy_name: str | None = None
        own = own_agents(game)
        self._hint_name: str | None = next(iter(own), None) if self.bias else None
        if self.rollout != "random":
            name, _, arg = self.rollout.partition(":")
            if name == "random" and arg:
                raise ConfigError(f"the random rollout policy takes no parameters; got {arg!r}")
            if name == "heuristic" and name not in own:
                name = next(iter(own), "random")
            if name != "random" and name not in own:
                raise ConfigError(
                    f"no agent {self.rollout!r} for {game.info.name} to use as rollout policy"
                )
            if name != "random" and arg:
                name = f"{name}:{arg.replace(';', ',')}"
                make_agent(name, game)  # its parameters are checked now, not mid-search
            self._policy_name = None if name == "random" else name
        evaluator = evaluator_for(game)
        if self.checkpoint and getattr(evaluator, "checkpoint", None) is None:
            raise ConfigError(f"{game.info.name} has no checkpoint to stop rollouts at")
        self._evaluator = evaluator if self.horizon is not None or self.checkpoint else None
        self._checkpoint = (
            evaluator.checkpoint if self.checkpoint and evaluator is not None else None
        )
        if self.scale is None:
            self._scale = getattr(evaluator_for(game), "scale", 10.0)
        else:
            self._scale = self.scale

    def _policies(self, name: str | None) -> list[Agent] | None:
        if name is None:
            return None
        out = []
        for s in range(self.game.num_players):
            agent = make_agent(name, self.game)
            agent.setup(self.game, s)
            out.append(agent)
        return out

    # -- search --------------------------------------------------------------------------------
    def act(self, observation: dict, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        """Search from ``observation`` and return one of ``legal_actions``.

        The root searches the offered actions only (all of the seat's legal actions, as a
        driver offers them, or a subset of them).

        Raises:
            RuntimeError: before :meth:`setup`.
            ValueError: for an empty ``legal_actions``.
        """
        if not hasattr(self, "game"):
            raise RuntimeError("setup(game, seat) must be called before act()")
        if not legal_actions:
            raise ValueError("act() needs at least one legal action")
        self.last_iterations = 0
        self.last_tree_size = 0
        self.root_stats = {}
        if len(legal_actions) == 1:
            return legal_actions[0]
        root = _Node()
        nodes: dict[tuple, _Node] = {}
        policies = self._policies(self._policy_name)
        self._hints = self._policies(self._hint_name)
        deadline = None if self.time_limit is None else self.clock() + self.time_limit
        budget = self.iterations
        game = self.game
        done = 0
        round_time = 0.0  # paired: how long the last round of root actions took
        # ids of the offered actions when they are not all the root's legal actions (the
        # root then searches only those); None in the usual case, where they are
        self._offered = None
        offered = {a.id for a in legal_actions}
        while True:
            if budget is not None and done >= budget:
                break
            if deadline is not None and (done or self.paired):
                now = self.clock()
                # a paired round is not cut short (that would unpair the root actions), so
                # it is not begun when the last one says it would end past the deadline
                if done and now + round_time >= deadline:
                    break
            state = game.determinize_observation(observation, rng)
            if not done and offered != {a.id for a in state.legal_actions(self.seat)}:
                self._offered = offered
            if not self.paired:
                self._iterate(state, root, nodes, policies, rng)
                done += 1
                continue
            # one determinization and one rollout seed for every root action (common random
            # numbers): differences between root actions are then measured on equal luck
            seed = rng.getrandbits(64)
            for first in legal_actions:
                self._iterate(state.clone(), root, nodes, policies, random.Random(seed), first)
                done += 1
            if deadline is not None:
                round_time = self.clock() - now
        self.last_iterations = done
        self.last_tree_size = len(nodes)
        legal_ids = {a.id: a for a in legal_actions}
        stats = self.root_stats = {
            legal_ids[aid]: (int(st[0]), st[1] / st[0])
            for aid, st in root.stats.items()
            if aid in legal_ids and st[0]
        }
        if not stats:
            return legal_actions[rng.randrange(len(legal_actions))]
        if self.paired:  # equal visits: the best mean, then the lower id
            return max(stats, key=lambda a: (stats[a][1], -a.id))
        return max(stats, key=lambda a: (stats[a][0], stats[a][1], -a.id))

    def _iterate(
        self,
        state: State,
        root: _Node,
        nodes: dict[tuple, _Node],
        policies: list[Agent] | None,
        rng: random.Random,
        first: Action | None = None,
    ) -> None:
        """One playout from the determinization ``state``; ``first``: the root action to take
        (paired root sampling) instead of the UCT choice."""
        me = self.seat
        c = self.c
        path: list[tuple[list[float], int]] = []
        checkpoint = self._checkpoint
        mark = None if checkpoint is None else checkpoint(state)
        depth = 0
        expanded = False
        while not expanded:
            cp = state.current_player()
            if cp == TERMINAL:
                break
            if checkpoint is not None and checkpoint(state) != mark:
                break  # a tree move reached the checkpoint: scored there, as a rollout would be
            if cp == CHANCE:
                state.apply_legal(sample_chance(state, rng), CHANCE)
                depth += 1
                continue
            if cp == SIMULTANEOUS:
                seats = state.acting_seats()
                seat = me if me in seats else seats[0]
            else:
                seat = cp
            legal = state.legal_actions(seat)
            if not legal:  # a determinization the rules cannot continue: score it as it stands
                break
            if seat != me and policies is not None and self.opponents == "policy":
                # the opponent model: the rollout policy moves for the other seats, no node
                self._policy_move(state, seat, legal, policies, rng)
                depth += 1
                continue
            if depth == 0 and seat == me:
                node = root
                if self._offered is not None:  # search only what the caller offers
                    legal = [a for a in legal if a.id in self._offered]
                    if first is not None and first not in legal:
                        return  # not legal in this determinization: nothing to measure
                    if not legal:
                        break
            else:
                # the observation's bytes (marshal format 2: no back-references, so equal
                # observations give equal bytes) key the information set
                viewer = me if self.observer else seat
                key = (seat, depth, marshal.dumps(state.observe(viewer), 2))
                node = nodes.get(key)
                if node is None:
                    node = nodes[key] = _Node()
            stats = node.stats
            untried = []
            for a in legal:
                st = stats.get(a.id)
                if st is None:
                    st = stats[a.id] = [0, 0.0, 0]
                st[2] += 1
                if st[0] == 0:
                    untried.append(a)
            if len(legal) == 1:
                action = legal[0]
            elif first is not None and node is root:
                action = first
            elif untried:
                action = None
                if self.guide and policies is not None:  # expand what the policy would play
                    policy = policies[seat]
                    choice = policy.act(_view(state, seat, policy), legal, rng)
                    if choice in untried:
                        action = choice
                if action is None:
                    action = untried[rng.randrange(len(untried))]
                expanded = True
            else:
                hint = -1
                if self._hints is not None:
                    if node.hint is None:
                        policy = self._hints[seat]
                        choice = policy.act(_view(state, seat, policy), legal, rng)
                        node.hint = choice.id
                    hint = node.hint
                best_v = -1.0
                action = legal[0]
                for a in legal:
                    n, w, avail = stats[a.id]
                    v = w / n + c * math.sqrt(math.log(avail) / n)
                    if a.id == hint:
                        v += self.bias / (n + 1)
                    if v > best_v:
                        best_v, action = v, a
            path.append((stats[action.id], seat))
            state.apply_legal(action, seat)
            depth += 1
            if self.flat and node is root:
                expanded = True  # flat: the rollout policy plays on from here
        rewards = self._rollout(state, policies, rng, mark)
        for st, seat in path:
            st[0] += 1
            st[1] += rewards[seat]

    def _rollout(
        self, state: State, policies: list[Agent] | None, rng: random.Random, mark: object
    ) -> list[float]:
        horizon = self.horizon if self._evaluator is not None else None
        checkpoint = self._checkpoint
        if policies is None:  # uniformly random: the engine's own fast playout
            state.playout(
                rng,
                max_steps=horizon,
                stop=None if checkpoint is None else (lambda s: checkpoint(s) != mark),
            )
            if state.current_player() == TERMINAL:
                return self._final_reward(state)
            if self._evaluator is not None:  # horizon, checkpoint, or a stuck determinization
                return self._evaluator(state)[0]
            n = state.num_players
            return [1.0 / n] * n
        steps = 0
        while True:
            cp = state.current_player()
            if cp == TERMINAL:
                return self._final_reward(state)
            if (horizon is not None and steps >= horizon) or (
                checkpoint is not None and checkpoint(state) != mark
            ):
                assert self._evaluator is not None
                return self._evaluator(state)[0]
            if cp == CHANCE:
                state.apply_legal(sample_chance(state, rng), CHANCE)
                continue
            seats = state.acting_seats()
            legal = state.legal_actions(seats[0]) if seats else []
            if not legal:  # a determinization the rules cannot continue: score it as it stands
                if self._evaluator is not None:
                    return self._evaluator(state)[0]
                n = state.num_players
                return [1.0 / n] * n
            self._policy_move(state, seats[0], legal, policies, rng)
            steps += 1

    def _policy_move(
        self,
        state: State,
        seat: int,
        legal: list[Action],
        policies: list[Agent],
        rng: random.Random,
    ) -> None:
        """Play ``seat``'s move by the rollout policy, or a random one with probability
        ``epsilon``."""
        if len(legal) == 1:
            state.apply_legal(legal[0], seat)
        elif self.epsilon and rng.random() < self.epsilon:
            state.apply_legal(legal[rng.randrange(len(legal))], seat)
        else:  # an agent's choice is checked like any other move
            policy = policies[seat]
            state.apply_action(policy.act(_view(state, seat, policy), legal, rng), seat)

    def _final_reward(self, state: State) -> list[float]:
        # the scores are read only when they count: a game's result can cost more than its
        # returns (The Peach Festival adds up every sheet)
        scores = state.result().scores if self.score_weight else None
        return self._reward(state.returns(), scores)

    def _reward(self, returns: list[float], scores: Sequence[float] | None) -> list[float]:
        w = self.score_weight
        n = len(returns)
        if not w or n < 2 or scores is None:
            return returns
        scale = self._scale
        out = []
        for i in range(n):
            margin = scores[i] - max(scores[j] for j in range(n) if j != i)
            out.append((1 - w) * returns[i] + w * 0.5 * (1.0 + math.tanh(margin / scale)))
        return out


def _view(state: State, seat: int, policy: Agent) -> dict:
    """What the policy acting for ``seat`` is shown: the state's lazy policy view when the
    policy reads by key, its observation otherwise (the same values either way)."""
    return state.policy_view(seat) if policy.reads_by_key else state.observe(seat)


__all__ = ["ISMCTSAgent", "parse_spec"]
