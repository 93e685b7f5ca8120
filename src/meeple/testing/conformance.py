"""Game-agnostic conformance checks, in the spirit of OpenSpiel's ``random_sim_test``.

Each ``check_*`` function raises :class:`ConformanceFailure` with a description of the first
violation; :func:`run_conformance` runs them all over many seeded random games.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable

from meeple.core.actions import Action
from meeple.core.errors import IllegalActionError
from meeple.core.game import CHANCE, SIMULTANEOUS, TERMINAL, Game, State, sample_chance
from meeple.core.record import GameRecord, replay
from meeple.core.seeding import make_rng

#: Length of the random playout that follows each determinization check: long enough to reach
#: the decisions waiting in a game's stack (they resolve within a round), short enough that the
#: check stays a small part of a conformance run.
PLAYOUT_STEPS = 300


class ConformanceFailure(AssertionError):
    """A game broke the engine contract."""


def _fail(msg: str, state: State | None = None) -> None:
    where = f" after {state.move_number()} actions" if state is not None else ""
    raise ConformanceFailure(msg + where)


def _random_step(state: State, rng: random.Random) -> tuple[int, object]:
    cp = state.current_player()
    if cp == CHANCE:
        return CHANCE, sample_chance(state, rng)
    seats = state.acting_seats()
    seat = seats[rng.randrange(len(seats))]
    legal = state.legal_actions(seat)
    return seat, legal[rng.randrange(len(legal))]


def check_node_invariants(state: State) -> None:
    """Legal actions non-empty for every acting seat; chance probabilities positive, sum 1."""
    cp = state.current_player()
    if cp == TERMINAL:
        if state.acting_seats():
            _fail("terminal state has acting seats", state)
        return
    if cp == CHANCE:
        outcomes = state.chance_outcomes()
        if not outcomes:
            _fail("chance node without outcomes", state)
        total = math.fsum(p for _, p in outcomes)
        if abs(total - 1.0) > 1e-9 or any(p <= 0 for _, p in outcomes):
            _fail(f"chance probabilities sum to {total}", state)
        if len({a.id for a, _ in outcomes}) != len(outcomes):
            _fail("duplicate chance outcomes", state)
        return
    seats = state.acting_seats()
    if not seats:
        _fail("decision node with no acting seat", state)
    if cp >= 0 and seats != (cp,):
        _fail("decision node whose acting seats differ from the current player", state)
    if cp == SIMULTANEOUS and len(seats) < 1:
        _fail("simultaneous node without seats", state)
    for seat in seats:
        legal = state.legal_actions(seat)
        if not legal:
            _fail(f"seat {seat} must act but has no legal action", state)
        if len({a.id for a in legal}) != len(legal):
            _fail(f"duplicate legal actions for seat {seat}", state)
        if legal != state.clone().legal_actions(seat):
            _fail("legal actions differ between a state and its clone", state)


def check_notation_round_trip(state: State) -> None:
    """Every legal action parses back from its notation and its id to the same action."""
    game = state.game
    seats = [CHANCE] if state.is_chance_node() else list(state.acting_seats())
    for seat in seats:
        for a in state.legal_actions(seat):
            if game.action(a.text, chance=a.chance) != a or game.action(a.id, chance=a.chance) != a:
                _fail(f"notation round trip failed for {a.text!r}", state)


def check_illegal_actions_raise(state: State, rng: random.Random, samples: int = 12) -> None:
    """Actions outside the legal set raise :class:`IllegalActionError` and change nothing."""
    if state.is_terminal():
        return
    before = state.fingerprint()
    space = state.game.action_space
    seats = [CHANCE] if state.is_chance_node() else list(state.acting_seats())
    for seat in seats:
        legal = {a.id for a in state.legal_actions(seat)}
        pool = space.chance_outcomes if seat == CHANCE else space.actions
        illegal = [a for a in pool if a.id not in legal]
        for a in rng.sample(illegal, min(samples, len(illegal))):
            _must_refuse(state, a, seat, before, f"illegal action {a.text!r} by seat {seat}")
    if not state.is_chance_node():
        # a seat that has nothing to decide cannot act either
        idle = [s for s in range(state.num_players) if s not in state.acting_seats()]
        for seat in idle[:1]:
            _must_refuse(state, space.actions[0], seat, before, f"a move of idle seat {seat}")
        # no chance outcome applies at a decision node, whatever the outcome
        for a in rng.sample(space.chance_outcomes, min(samples, len(space.chance_outcomes))):
            _must_refuse(state, a, CHANCE, before, f"chance outcome {a.text!r} at a decision node")


def _must_refuse(state: State, action: Action, seat: int, before: str, what: str) -> None:
    """``action`` by ``seat`` raises an error naming a rule and leaves the state as ``before``."""
    try:
        state.apply_action(action, seat)
    except IllegalActionError as e:
        if not e.rule:
            _fail("IllegalActionError without a rule id", state)
    else:
        _fail(f"{what} was accepted", state)
    if state.fingerprint() != before:
        _fail(f"refusing {what} changed the state", state)


def check_clone_independence(state: State, rng: random.Random, steps: int = 8) -> None:
    """Advancing a clone never changes the original, and vice versa."""
    before = state.fingerprint()
    clone = state.clone()
    if clone.fingerprint() != before:
        _fail("clone differs from its original", state)
    for _ in range(steps):
        if clone.is_terminal():
            break
        seat, act = _random_step(clone, rng)
        clone.apply_action(act, seat)
    if state.fingerprint() != before:
        _fail("advancing a clone changed the original", state)
    snap = clone.fingerprint()
    probe = state.clone()
    for _ in range(steps):
        if probe.is_terminal():
            break
        seat, act = _random_step(probe, rng)
        probe.apply_action(act, seat)
    if clone.fingerprint() != snap or state.fingerprint() != before:
        _fail("advancing one clone changed another", state)


def check_determinization(state: State, rng: random.Random) -> None:
    """Observations are JSON data and exist for ``None`` and the seats only (``observe(-1)``
    and ``observe(num_players)`` raise ``ValueError``); each seat's ``policy_view`` reads, key
    by key, as its observation; a determinization gives each seat the
    same observation, leaves every acting seat a legal action and plays on: a random playout
    of up to :data:`PLAYOUT_STEPS` actions from one of them (a seat drawn from ``rng``) meets
    no non-terminal node where an acting seat has no legal action.

    The determinized state differs from the original at most in what ``seat`` cannot see, so
    equal observations also show the observation leaks nothing about those parts. The playout
    catches a sample that is consistent with the observation yet leaves a decision waiting
    lower in the game's stack impossible (one a search would meet a few moves later).
    """
    game = state.game
    for outside in (CHANCE, state.num_players):
        try:
            state.observe(outside)
        except ValueError:
            continue
        _fail(f"observe({outside}) gave a view instead of raising ValueError", state)
    playout_seat = rng.randrange(state.num_players)
    for seat in [None, *range(state.num_players)]:
        obs = state.observe(seat)
        try:
            json.dumps(obs)
        except TypeError as e:
            _fail(f"observation of seat {seat} is not JSON data: {e}", state)
        if seat is None:
            continue
        check_policy_view(state, seat)
        det = game.determinize_observation(obs, rng)
        if det.observe(seat) != obs:
            diff = _first_difference(det.observe(seat), obs)
            _fail(f"determinization for seat {seat} changes its observation at {diff}", state)
        if det.current_player() != state.current_player():
            _fail("determinization changes whose turn it is", state)
        if any(not det.legal_actions(a) for a in det.acting_seats()):
            _fail(f"determinization for seat {seat} leaves an acting seat without moves", state)
        if seat == playout_seat and (stuck := _stuck_playout(det, rng)) is not None:
            _fail(
                f"a playout of the determinization for seat {seat} left an acting seat "
                f"without moves {stuck} actions on from the position",
                state,
            )


def _stuck_playout(state: State, rng: random.Random) -> int | None:
    """Play ``state`` (changed in place) at random for up to :data:`PLAYOUT_STEPS` actions.

    Returns:
        ``None`` if every node met had its moves, else the number of actions played before a
        non-terminal node where an acting seat had none.
    """
    for step in range(PLAYOUT_STEPS):
        if state.is_terminal():
            return None
        if state.current_player() != CHANCE and any(
            not state.legal_actions(a) for a in state.acting_seats()
        ):
            return step
        seat, act = _random_step(state, rng)
        state.apply_action(act, seat)
    return None


def check_policy_view(state: State, seat: int) -> None:
    """``state.policy_view(seat)``, read only by key and index (as a policy reads a lazy view),
    gives the values of ``state.observe(seat)``, of the same types."""
    diff = _read_difference(state.policy_view(seat), state.observe(seat))
    if diff is not None:
        _fail(f"policy view of seat {seat} differs from its observation at {diff}", state)


def _read_difference(view: object, obs: object, path: str = "") -> str | None:
    """Where ``view`` read only by key and index (as a policy reads a lazy policy view) first
    differs from ``obs``, or ``None``."""
    if isinstance(obs, dict):
        for k, v in obs.items():
            try:
                got = view[k]  # type: ignore[index]
            except (KeyError, TypeError):
                return f"{path}.{k}: missing"
            if (diff := _read_difference(got, v, f"{path}.{k}")) is not None:
                return diff
        return None
    if isinstance(obs, list) and isinstance(view, list) and len(obs) == len(view):
        for i, (x, y) in enumerate(zip(view, obs, strict=True)):
            if (diff := _read_difference(x, y, f"{path}[{i}]")) is not None:
                return diff
        return None
    # the same type too: a policy may tell entries apart by type (an id from a [colour, id])
    same = type(view) is type(obs) and view == obs
    return None if same else f"{path or '<root>'}: {view!r} != {obs!r}"


def _first_difference(a: object, b: object, path: str = "") -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            if a.get(k) != b.get(k):
                return _first_difference(a.get(k), b.get(k), f"{path}.{k}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_difference(x, y, f"{path}[{i}]")
    return f"{path or '<root>'}: {a!r} != {b!r}"


def check_record_round_trip(state: State, seed: int | None = None) -> None:
    """A record of ``state`` serialises to JSON and replays to an identical state.

    ``seed`` is the seed whose chance stream drew the outcomes (a driver's, as
    :func:`meeple.core.driver.play_game` draws them), checked by the replay; ``None`` for
    outcomes from elsewhere, such as :func:`check_random_game`'s own generator.
    """
    record = GameRecord.from_state(state, seed=seed)
    back = GameRecord.from_json(record.to_json())
    rebuilt = replay(back)
    if rebuilt.fingerprint() != state.fingerprint():
        _fail("replayed record differs from the original state", state)


def check_random_game(
    game: Game,
    seed: int,
    deep_every: int = 0,
) -> State:
    """Play one random game checking node invariants at every step.

    Args:
        game: The configured game.
        seed: Seed for the random choices.
        deep_every: Also run the expensive checks (illegal actions, clones, notation,
            determinization) about once per this many steps and at the end; 0 disables
            them.

    Returns:
        The terminal state.
    """
    rng = make_rng(seed, "conformance")
    state = game.new_initial_state()
    limit = game.max_game_length()
    while not state.is_terminal():
        if state.move_number() > limit:
            _fail(f"game exceeded its declared maximum length {limit}", state)
        check_node_invariants(state)
        if deep_every and rng.randrange(deep_every) == 0:
            check_notation_round_trip(state)
            check_illegal_actions_raise(state, rng)
            check_clone_independence(state, rng)
            check_determinization(state, rng)
        seat, act = _random_step(state, rng)
        state.apply_action(act, seat)
    check_node_invariants(state)
    if deep_every:  # the end too: what the final reveal shows must not be dealt again
        check_determinization(state, rng)
    if any(state.legal_actions(s) for s in range(state.num_players)):
        _fail("terminal state offers legal actions", state)
    returns = state.returns()
    if len(returns) != state.num_players:
        _fail("returns() has the wrong length", state)
    result = state.result()
    # a cooperative team may lose together; otherwise someone wins
    if len(result.seats) != state.num_players or not (result.winners or game.cooperative):
        _fail("result() must rank every seat and name at least one winner", state)
    if game.cooperative and len(set(returns)) != 1:
        _fail("a cooperative team's returns() must be the same for every seat", state)
    return state


def check_same_seed_same_game(game_factory: Callable[[], Game], seed: int) -> None:
    """Two random games from the same seed are identical, record for record."""
    from meeple.agents.base import RandomAgent
    from meeple.core.driver import play_game

    records = []
    for _ in range(2):
        game = game_factory()
        _, rec = play_game(game, [RandomAgent() for _ in range(game.num_players)], seed=seed)
        records.append(rec.to_json())
    if records[0] != records[1]:
        raise ConformanceFailure(f"seed {seed} gave two different games")


def run_conformance(
    game_factory: Callable[[], Game],
    games: int = 100,
    seed: int = 0,
    deep_every: int = 25,
    seen: Callable[[State], None] | None = None,
) -> int:
    """Run every check over ``games`` random games; returns the number of actions checked.

    ``seen``, when given, is called with each game's final state (to tell what the games
    reached, such as the pages of a route)."""
    total = 0
    for i in range(games):
        game = game_factory()
        state = check_random_game(game, seed + i, deep_every=deep_every if i % 10 == 0 else 0)
        if seen is not None:
            seen(state)
        total += state.move_number()
        if i % 50 == 0:
            check_record_round_trip(state)  # its outcomes come from no seed's chance stream
    check_same_seed_same_game(game_factory, seed)
    return total
