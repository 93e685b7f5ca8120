"""Tournaments: ratings and head-to-head statistics over simulated games.

Games are played by :func:`meeple.sim.runner.run_simulation` with ``"permute"`` seating (every
pairing in every seat order, one shared seed per round of seatings) or ``"duplicate"`` seating.
Ratings come from the ``openskill`` library (Plackett-Luce model), fed the games in index order,
so they are reproducible. Head-to-head results count, for each pair of agents, the games in
which both sat: the agent ranked better scores 1, a tie scores 1/2; one is significantly
stronger when the 95% Wilson interval of that score rate excludes 1/2 and an exact two-sided
sign test (ties left out) gives p < 0.05.

With fewer agents than seats, ``"duplicate"`` seating has the games of one rotation share a
deal, and :func:`head_to_head_by_deal` compares the agents deal by deal.

Solo games (one seat) are compared in duplicate: every agent plays the same deal (the games of
one round share a seed), and :func:`duplicate_deals` turns each deal into one virtual game in
which the agents are ranked by their scores on it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from meeple.sim.stats import Summary, summarize, wilson_interval


@dataclass
class Rating:
    """An agent's openskill rating: ``mu``, ``sigma`` and the conservative ``ordinal``
    (``mu - 3 sigma``)."""

    label: str
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


def _best_ranks(row: dict[str, Any]) -> dict[int, int]:
    """Each agent slot's best rank in one game (an agent may hold several seats)."""
    best: dict[int, int] = {}
    for seat, slot in enumerate(row["slots"]):
        rank = row["ranks"][seat]
        best[slot] = min(rank, best.get(slot, rank))
    return best


def ratings(rows: Sequence[dict[str, Any]], labels: Sequence[str]) -> list[Rating]:
    """Plackett-Luce ratings of the agents after every game, best ``ordinal`` first.

    Args:
        rows: Result rows (``slots`` and ``ranks`` per seat), rated in order.
        labels: One label per agent slot.
    """
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    current = [model.rating(name=label) for label in labels]
    for row in rows:
        slots, ranks = row["slots"], row["ranks"]
        if len(set(slots)) < len(slots):
            # an agent in two seats of one game: rate its best seat only
            best = _best_ranks(row)
            slots, ranks = list(best), list(best.values())
        if len(slots) < 2:
            continue
        teams = [[current[s]] for s in slots]
        new = model.rate(teams, ranks=list(ranks))
        for slot, team in zip(slots, new, strict=True):
            current[slot] = team[0]
    out = [Rating(label, r.mu, r.sigma) for label, r in zip(labels, current, strict=True)]
    return sorted(out, key=lambda r: -r.ordinal)


def duplicate_deals(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """One virtual game per deal of a solo tournament: its agents ranked by score.

    Solo games of one round share a seed (``"permute"`` seating), so each agent met the same
    chance; ranking them by score on it makes a fair game between them, and the ratings and
    head-to-head tests apply unchanged.

    Args:
        rows: One-seat result rows (``seed``, ``slots``, ``scores``, ``decisions``,
            ``length``), in index order; a row's ``deal``, when it has one (see
            :func:`pool_results`), names its deal instead of its seed.

    Returns:
        Rows, one per deal in order of first appearance, with ``slots`` (the agents that
        played the deal), their ``scores``, competition ``ranks`` (higher score better, equal
        scores tie), ``winners``, the mean ``decisions`` and ``length`` of the deal's games
        and no ``extras``.

    Raises:
        ValueError: if a row has more than one seat.
    """
    from meeple.core.game import rank_seats

    deals: dict[Any, list[dict[str, Any]]] = {}
    for row in rows:
        if len(row["slots"]) != 1:
            raise ValueError("duplicate deals are for one-seat (solo) games")
        deals.setdefault(row.get("deal", row["seed"]), []).append(row)
    out = []
    for group in deals.values():
        seed = group[0]["seed"]
        scores = [r["scores"][0] for r in group]
        ranks = rank_seats([(x,) for x in scores])
        out.append(
            {
                "seed": seed,
                "slots": [r["slots"][0] for r in group],
                "scores": scores,
                "ranks": ranks,
                "winners": [i for i, r in enumerate(ranks) if r == 1],
                "decisions": sum(r["decisions"] for r in group) / len(group),
                "length": sum(r["length"] for r in group) / len(group),
                "extras": {},
            }
        )
    return out


def sign_test(wins: int, losses: int) -> float:
    """Exact two-sided binomial (sign) test p-value of ``wins`` vs ``losses`` at p = 1/2.

    The binomial tail is summed in log space (any number of games; a p-value below the
    smallest float comes out as 0.0).

    Returns:
        The p-value in [0, 1].
    """
    n = wins + losses
    if n == 0:
        return 1.0
    k = min(wins, losses)
    # log P(X = k); the terms below k shrink (k <= n/2), so sum them relative to it
    top = math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1) - n * math.log(2)
    rel, term = 1.0, 1.0
    for i in range(k, 0, -1):
        term *= i / (n - i + 1)  # pmf(i - 1) / pmf(i)
        rel += term
        if term < 1e-17 * rel:
            break
    return min(1.0, 2.0 * math.exp(top) * rel)


@dataclass
class HeadToHead:
    """Result of agent ``a`` against agent ``b`` over the games where both sat.

    Attributes:
        a: Label of the first agent.
        b: Label of the second agent.
        games: Games in which both sat.
        wins: Games ``a`` ranked better than ``b``.
        losses: Games ``b`` ranked better than ``a``.
        ties: Games they ranked equal.
        low: Lower end of the 95% Wilson interval of ``a``'s score rate.
        high: Upper end of that interval.
        p_value: Exact two-sided sign test (ties left out).
    """

    a: str
    b: str
    games: int
    wins: int
    losses: int
    ties: int
    low: float
    high: float
    p_value: float

    @property
    def score(self) -> float:
        """``a``'s score rate: (wins + ties / 2) / games."""
        return (self.wins + 0.5 * self.ties) / self.games if self.games else 0.0

    @property
    def significant(self) -> bool:
        """Whether ``a`` and ``b`` differ at 95%: the interval excludes 1/2 *and* the sign
        test gives p < 0.05 (in a few games the Wilson interval alone can exclude 1/2 where
        the exact test does not: 4-0 has p = 0.125)."""
        return (self.low > 0.5 or self.high < 0.5) and self.p_value < 0.05


def _head_to_head(
    groups: Iterable[Sequence[dict[str, Any]]], labels: Sequence[str]
) -> list[HeadToHead]:
    """Every pair of agent slots ``(i, j)``, ``i < j``, that met, over ``groups`` of games:
    in a group, ``i`` scores +1 per game it ranked better than ``j`` (by best-placed seats)
    and -1 per game it ranked worse, and wins, loses or ties the group on the sign."""
    n = len(labels)
    tally = {(i, j): [0, 0, 0] for i in range(n) for j in range(i + 1, n)}
    for group in groups:
        net: dict[tuple[int, int], int] = {}
        for row in group:
            seats = _best_ranks(row)
            for i, j in tally:
                if i in seats and j in seats:
                    net[i, j] = net.get((i, j), 0) + (seats[i] < seats[j]) - (seats[i] > seats[j])
        for pair, total in net.items():
            tally[pair][0 if total > 0 else 1 if total < 0 else 2] += 1
    out = []
    for (i, j), (w, lost, tie) in tally.items():
        games = w + lost + tie
        if not games:
            continue
        low, high = wilson_interval(w + 0.5 * tie, games)
        out.append(
            HeadToHead(labels[i], labels[j], games, w, lost, tie, low, high, sign_test(w, lost))
        )
    return out


def head_to_head(rows: Sequence[dict[str, Any]], labels: Sequence[str]) -> list[HeadToHead]:
    """Every pair of agent slots ``(i, j)``, ``i < j``, that met at least once, game by game."""
    return _head_to_head(([row] for row in rows), labels)


def head_to_head_by_deal(rows: Sequence[dict[str, Any]], labels: Sequence[str]) -> list[HeadToHead]:
    """Head-to-head results counted per deal (duplicate format, ``"duplicate"`` seating).

    The games that share a seed are one deal. On a deal, agent ``i`` scores +1 for each game
    in which it ranked better than ``j`` (by best-placed seats) and -1 for each in which it
    ranked worse; it wins the deal on a positive sum, loses it on a negative one and ties it
    on zero. The luck of the deal then falls on both agents alike: in a rotation each of them
    has met that deal from the same seats.

    Args:
        rows: Result rows (``seed``, ``slots``, ``ranks``); a deal's games in any order. A
            row's ``deal``, when it has one (see :func:`pool_results`), names its deal
            instead of its seed.
        labels: One label per agent slot.

    Returns:
        One :class:`HeadToHead` per pair of slots that met, with ``games`` (and ``wins``,
        ``losses``, ``ties``) counting deals.
    """
    deals: dict[Any, list[dict[str, Any]]] = {}
    for row in rows:
        deals.setdefault(row.get("deal", row["seed"]), []).append(row)
    return _head_to_head(deals.values(), labels)


def tournament_tables(
    rows: Sequence[dict[str, Any]],
    labels: Sequence[str],
    players: int,
    multi_seat: bool = False,
    by_deal: bool = False,
) -> tuple[Summary, list[Rating], list[HeadToHead]]:
    """The summary, ratings and head-to-head results a tournament's tables show.

    Args:
        rows: Result rows (``slots`` numbering ``labels``), in game order.
        labels: One label per agent slot.
        players: Seats per game; solo (1), each deal becomes one game between the agents
            (:func:`duplicate_deals`).
        multi_seat: Agents hold several seats: each counts once per game, by its best seat.
        by_deal: Head to head counts deals (:func:`head_to_head_by_deal`), not games.

    Returns:
        ``(summary, ratings, pairs)``: the summary (over deals when solo), the ratings best
        first, and the head-to-head results.
    """
    solo = players == 1
    games = duplicate_deals(rows) if solo else rows
    summary = summarize(games, labels, len(labels) if solo else players, best_seat=multi_seat)
    pairs = (head_to_head_by_deal if by_deal else head_to_head)(games, labels)
    return summary, ratings(games, labels), pairs


@dataclass
class PooledResults:
    """Result rows of one or more runs of a game, pooled (see :func:`pool_results`).

    Attributes:
        rows: The rows counted, files in the order given and each file in game order, with
            ``slots`` numbering the agents by ``labels`` and ``deal`` naming the unit each
            counts in: ``(file number, seed)`` for the deals of a solo run or of
            ``--duplicate`` rotations, ``(file number, seed, position in its round)`` for
            every other game, which counts on its own.
        labels: The agents' labels, in order of first appearance.
        players: Seats per game.
        game_names: The games the rows name (older files name none).
        versions: The rules versions the rows were played under (one, unless mixed).
        options: The game's options, the same for every row.
        deals: Distinct ``deal`` units among the rows.
        multi_seat: Whether some agent held several seats of a game.
        by_deal: Whether head to head counts deals: some file holds rotations of agents that
            hold several seats, played on one deal (``--duplicate``); a deal played once
            then counts as a deal of one game.
        unfinished: Games left out because their round of seatings (the games of a file
            sharing a seed) has fewer games than a full round (``round_size``; in older
            files, the file's largest round).
        alone: Games left out because one agent played the whole round: against itself,
            or solo with no other agent on the deal.
    """

    rows: list[dict[str, Any]]
    labels: list[str]
    players: int
    game_names: list[str]
    versions: list[str]
    options: dict[str, Any]
    deals: int
    multi_seat: bool
    by_deal: bool
    unfinished: int
    alone: int


def _check_same_game(name: str, row: dict[str, Any], where: str, ref: dict[str, Any]) -> None:
    """Refuse ``row`` (of file ``name``) as another game than ``ref`` (of ``where``): other
    options, or other content files. Two rows with a ``content_digest`` compare their content
    by it, the directory's path aside (the same files pool from anywhere, and an edited file is
    another game even in the same directory); otherwise by the ``content`` option's path.

    Raises:
        ConfigError: naming what differs.
    """
    from meeple.core.errors import ConfigError

    theirs, ours = ref.get("options", {}), row.get("options", {})
    their_digest, our_digest = ref.get("content_digest"), row.get("content_digest")
    if their_digest and our_digest:
        if our_digest != their_digest:
            raise ConfigError(
                f"{name} holds games played with other content files than {where} "
                f"(content={ours.get('content')!r}, digest {our_digest[:12]}, against "
                f"content={theirs.get('content')!r}, digest {their_digest[:12]})"
            )
        theirs = {k: v for k, v in theirs.items() if k != "content"}
        ours = {k: v for k, v in ours.items() if k != "content"}
    if ours != theirs:
        diff = sorted(k for k in theirs.keys() | ours.keys() if theirs.get(k) != ours.get(k))
        shown = ", ".join(f"{k}={ours.get(k)!r} against {theirs.get(k)!r}" for k in diff)
        raise ConfigError(f"{name} holds games played with other options than {where} ({shown})")


def pool_results(files: Sequence[tuple[str, Sequence[dict[str, Any]]]]) -> PooledResults:
    """Pool the result rows of several runs (e.g. the same tournament on several seeds, run
    apart), so their games count together.

    In each file, the games that share a seed are one round of seatings (one deal); a
    round with fewer games than a full round (the rows' ``round_size``) is unfinished and
    left out, as is a round one agent played alone (against itself, or solo). Deals of
    different files never merge.

    Args:
        files: ``(name, rows)`` per results file (see
            :func:`meeple.sim.output.read_results`); ``name`` is used in errors.

    Raises:
        ConfigError: if no game is left to count, or rows differ in game, seats per game,
            options or content files (by ``content_digest`` where both rows have one, the
            directory's path aside; else by the ``content`` option's path), or one game (its
            seed and seating) comes twice, as when a file is given twice.
    """
    from meeple.core.errors import ConfigError

    out: list[dict[str, Any]] = []
    labels: dict[str, int] = {}
    versions: list[str] = []
    names: list[str] = []
    first: tuple[str, dict[str, Any]] | None = None
    references: dict[bool, tuple[str, dict[str, Any]]] = {}
    games: dict[tuple, str] = {}
    multi = by_deal = False
    unfinished = alone = 0
    for number, (name, rows) in enumerate(files):
        ordered = sorted(rows, key=lambda r: r.get("index", 0))  # partial files: finish order
        for row in ordered:
            agents = list(row["agents"])
            if first is None:
                first = (name, row)
            game = row.get("game_name")
            if game is not None and game not in names:
                names.append(game)
                if len(names) > 1:
                    raise ConfigError(
                        f"{name} holds games of {game}, and {_where(first[0], name)} of "
                        f"{names[0]}: only games of one game can be pooled"
                    )
            if len(agents) != len(first[1]["agents"]):
                raise ConfigError(
                    f"{name} holds games of {len(agents)} seats, and {_where(first[0], name)} "
                    f"of {len(first[1]['agents'])}: only games of one player count can be pooled"
                )
            # each row against the first row with a content digest and the first without one
            # (files written before digests were recorded), so the order of the files given
            # does not decide what pools
            kind = bool(row.get("content_digest"))
            for ref_name, ref in references.values():
                _check_same_game(name, row, _where(ref_name, name), ref)
            references.setdefault(kind, (name, row))
            key = (row["seed"], tuple(agents))
            if key in games:
                where = (
                    f"twice in {name}"
                    if games[key] == name
                    else f"in {games[key]} and in {name}: the same run given twice, or two "
                    "runs on the same seed?"
                )
                raise ConfigError(
                    f"the game of seed {row['seed']} with the same seating is {where}"
                )
            games[key] = name
        rounds: dict[Any, list[dict[str, Any]]] = {}
        for row in ordered:
            rounds.setdefault(row["seed"], []).append(row)
        # a full round's games: as recorded, or (older files) the file's largest round
        largest = max((len(g) for g in rounds.values()), default=0)
        full = {
            seed: max((r.get("round_size") or 0 for r in g), default=0) or largest
            for seed, g in rounds.items()
        }
        solo = bool(ordered) and len(ordered[0]["agents"]) == 1
        file_multi = any(len(set(r["agents"])) < len(r["agents"]) for r in ordered)
        multi = multi or file_multi
        rotations = file_multi and max(full.values(), default=0) > 1
        by_deal = by_deal or rotations
        for seed, group in rounds.items():
            if len(group) < full[seed]:
                unfinished += len(group)
                continue
            if solo and len({r["agents"][0] for r in group}) < 2:
                alone += len(group)
                continue
            if not solo and len({a for r in group for a in r["agents"]}) < 2:
                alone += len(group)  # an agent against itself: nothing to compare
                continue
            for k, row in enumerate(group):
                version = row.get("version")
                if version is not None and version not in versions:
                    versions.append(version)
                for label in row["agents"]:
                    labels.setdefault(label, len(labels))
                out.append(
                    {
                        **row,
                        "slots": [labels[label] for label in row["agents"]],
                        "deal": (number, seed) if solo or rotations else (number, seed, k),
                    }
                )
    if first is None:
        raise ConfigError("no games to pool: the results files are empty")
    if not out:
        raise ConfigError(
            "no game to count: every round of seatings is unfinished, or one agent played "
            "it alone"
            + (
                " (solo results compare agents on the deals they all played, as "
                "`tournament --players 1` plays them)"
                if len(first[1]["agents"]) == 1
                else " (against itself)"
            )
        )
    return PooledResults(
        rows=out,
        labels=list(labels),
        players=len(first[1]["agents"]),
        game_names=names,
        versions=versions,
        options=dict(first[1].get("options", {})),
        deals=len({row["deal"] for row in out}),
        multi_seat=multi,
        by_deal=by_deal and len(first[1]["agents"]) > 1,
        unfinished=unfinished,
        alone=alone,
    )


def _where(first: str, name: str) -> str:
    """How an error names the file a clash is with: ``first``, or "other games" of it."""
    return "other games" if first == name else first


__all__ = [
    "HeadToHead",
    "PooledResults",
    "Rating",
    "duplicate_deals",
    "head_to_head",
    "head_to_head_by_deal",
    "pool_results",
    "ratings",
    "sign_test",
    "tournament_tables",
]
