"""Game records: everything needed to rebuild a game exactly, as JSON.

A record names the game, its rules version and configuration, the driver's seed, the agents,
every action (chance outcomes included) with the seat that took it, and the result.
``replay(record)`` rebuilds the identical state (equal :meth:`State.fingerprint`).

A record holds every hidden outcome, so it is for the game's end or for the server's eyes;
``seat_log(record, seat)`` is the same game as one seat (or a spectator) may be told it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from os import PathLike
from pathlib import Path
from typing import Any

from meeple.core.actions import Action
from meeple.core.errors import (
    ConfigError,
    IllegalActionError,
    MeepleError,
    RecordError,
    cut,
    echo,
)
from meeple.core.game import CHANCE, SIMULTANEOUS, State, observer_seat, sample_chance, telling
from meeple.core.registry import game_class, make
from meeple.core.seeding import make_rng


@dataclass
class GameRecord:
    """A finished or unfinished game as data.

    Attributes:
        game: Registry name.
        version: Rules version the game was played under.
        config: Game configuration (``players`` and options).
        seed: Driver seed, or ``None`` when outcomes came from elsewhere (people, tests).
        agents: One label per seat (``"human"``, ``"random"``...).
        actions: ``[seat, notation]`` pairs in order; seat ``-1`` is chance.
        result: ``GameResult.to_dict()`` once finished, else ``None``.
        fingerprint: Fingerprint of the final state, checked by :func:`replay`.
    """

    game: str
    version: str
    config: dict[str, Any]
    seed: int | None = None
    agents: list[str] = field(default_factory=list)
    actions: list[list[Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    fingerprint: str | None = None

    @classmethod
    def from_state(
        cls, state: State, seed: int | None = None, agents: list[str] | None = None
    ) -> GameRecord:
        """Record of ``state``'s whole history."""
        game = state.game
        return cls(
            game=game.info.name,
            version=game.info.version,
            config=dict(game.config),
            seed=seed,
            agents=list(agents or []),
            actions=[[seat, act.text] for seat, act in state.history],
            result=state.result().to_dict() if state.is_terminal() else None,
            fingerprint=state.fingerprint(),
        )

    def to_json(self) -> str:
        return json.dumps(asdict(self), indent=1)

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Parse a record, checking the type of every field and of every action.

        Args:
            text: The record's JSON, as text or UTF-8 bytes (a byte-order mark is allowed);
                at most :data:`MAX_RECORD_BYTES` long and :data:`MAX_RECORD_DEPTH` levels deep.

        Raises:
            RecordError: (a :class:`ConfigError`) for text that is too long, not UTF-8
                (UTF-16 and UTF-32 included), not JSON, nested too deep or not a JSON object,
                and for missing, unknown or mistyped fields; the message names the field,
                e.g. ``actions[3]: expected [seat, move], got null``.
        """
        if len(text) > MAX_RECORD_BYTES:
            raise RecordError(
                f"not a meeple game record: more than {MAX_RECORD_BYTES:,} "
                f"{'bytes' if isinstance(text, bytes) else 'characters'}, longer than any "
                "game's record"
            )
        if isinstance(text, bytes | bytearray):
            text = _utf8(bytes(text))
        elif text.startswith("\ufeff"):
            text = text[1:]
        try:
            data = json.loads(text)
        except RecursionError:
            data = _TOO_DEEP
        except ValueError as e:
            raise RecordError(f"not a meeple game record: not JSON ({cut(str(e))})") from None
        if data is _TOO_DEEP or _deeper_than(data, MAX_RECORD_DEPTH):
            raise RecordError(
                f"not a meeple game record: JSON nested deeper than {MAX_RECORD_DEPTH} levels"
            )
        try:
            _check_fields(data)
        except ValueError as e:
            raise RecordError(f"not a meeple game record: {e}") from None
        return cls(**data)

    def save(self, path: str | Path) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(self.to_json(), encoding="utf-8")
        return path

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        """Read and parse the record saved at ``path``, reading at most
        :data:`MAX_RECORD_BYTES` and one byte more (a device such as ``/dev/zero`` is not read
        to its end).

        Raises:
            OSError: when the file cannot be read.
            RecordError: when it is too long or not a well-formed record (see
                :meth:`from_json`).
        """
        with open(path, "rb") as f:
            data = f.read(MAX_RECORD_BYTES + 1)
        return cls.from_json(data)


#: The longest record read, in bytes: well beyond the longest game of every game (a record
#: takes some 30 bytes per action, and no game's :meth:`Game.max_game_length` bound, Annapurna's
#: loose 368,610 actions included, comes near it).
MAX_RECORD_BYTES = 64 * 2**20
#: The deepest nesting of lists and objects a record may have (a real one has about 5).
MAX_RECORD_DEPTH = 32
_TOO_DEEP = object()


def _utf8(data: bytes) -> str:
    """``data`` decoded as UTF-8 (a byte-order mark dropped).

    Raises:
        RecordError: for UTF-16 or UTF-32 text (told by its byte-order mark or its NUL bytes)
            and any other bytes that are not UTF-8, naming the first bad byte.
    """
    if data.startswith((b"\xff\xfe", b"\xfe\xff")) or b"\x00" in data[:4]:
        raise RecordError(
            "not a meeple game record: UTF-16 or UTF-32 text; records are UTF-8 (save it "
            "again as UTF-8)"
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise RecordError(
            f"not a meeple game record: not UTF-8 text (byte {e.object[e.start]:#04x} "
            f"at position {e.start})"
        ) from None


def _deeper_than(value: Any, limit: int) -> bool:
    """Whether parsed JSON ``value`` nests lists and objects more than ``limit`` levels deep
    (checked without recursion)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        elif not isinstance(item, list):
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in item if isinstance(child, list | dict))
    return False


def _shown(value: Any) -> str:
    """``value`` as the record's JSON spells it, cut short for an error message."""
    try:
        text = json.dumps(value, allow_nan=True)
    except (TypeError, ValueError, RecursionError):
        return echo(value, 60)
    return cut(text, 60)


#: Record fields: (what the field holds, check of its value). ``type(v) is int`` since JSON's
#: true and false are not numbers here.
_FIELDS: dict[str, tuple[str, Any]] = {
    "game": ("a string", lambda v: type(v) is str),
    "version": ("a string", lambda v: type(v) is str),
    "config": ("an object", lambda v: type(v) is dict),
    "seed": ("an integer or null", lambda v: v is None or type(v) is int),
    "agents": ("a list of strings", lambda v: type(v) is list),
    "actions": ("a list of [seat, move] pairs", lambda v: type(v) is list),
    "result": ("an object or null", lambda v: v is None or type(v) is dict),
    "fingerprint": ("a string or null", lambda v: v is None or type(v) is str),
}
#: Fields a record cannot do without: a record with no ``actions`` would replay as an empty
#: game, so it is refused on load, not when its replay ends elsewhere.
_REQUIRED = ("game", "version", "config", "actions")


def _check_fields(data: Any) -> None:
    """Check the shape of a parsed record.

    Raises:
        ValueError: naming the first field (``actions[3]``...) that is missing, unknown or of
            the wrong type.
    """
    if type(data) is not dict:
        raise ValueError(f"expected a JSON object, got {_shown(data)}")
    missing = [k for k in _REQUIRED if k not in data]
    if missing:
        raise ValueError(f"missing field(s) {', '.join(missing)}")
    unknown = sorted(k for k in data if k not in _FIELDS)
    if unknown:
        raise ValueError(f"unknown field(s) {', '.join(unknown)}")
    for key, value in data.items():
        what, ok = _FIELDS[key]
        if not ok(value):
            raise ValueError(f"{key}: expected {what}, got {_shown(value)}")
    for n, label in enumerate(data.get("agents", ())):
        if type(label) is not str:
            raise ValueError(f"agents[{n}]: expected a string, got {_shown(label)}")
    for n, entry in enumerate(data.get("actions", ())):
        if type(entry) is not list or len(entry) != 2:
            raise ValueError(f"actions[{n}]: expected [seat, move], got {_shown(entry)}")
        seat, move = entry
        if type(seat) is not int:
            raise ValueError(
                f"actions[{n}]: expected an integer seat (-1 for chance), got {_shown(seat)}"
            )
        if type(move) is not str:
            raise ValueError(
                f"actions[{n}]: expected a move's notation (a string), got {_shown(move)}"
            )


def replay(
    record: GameRecord,
    upto: int | None = None,
    verify: bool = True,
    content_dirs: Iterable[str | Path] | None = None,
) -> State:
    """Rebuild the state a record describes.

    Args:
        record: The record.
        upto: Apply only the first ``upto`` actions.
        verify: Check the record's seed against its chance outcomes (see
            :class:`SeedCheck`), and the final fingerprint when the whole record is replayed.
        content_dirs: The content directories a record may name (its ``content`` option), for
            records from elsewhere: a server passes the ones it serves (or none), so that an
            uploaded record cannot make it read another directory. Paths are compared as the
            content loader reads them (``~`` expanded, symbolic links followed). ``None``
            trusts the record.

    Raises:
        TypeError: when ``content_dirs`` is one path rather than a collection of them.
        ConfigError: if the record's rules version differs from the installed game's (checked
            before its options are read, which another version may not have), it names a
            content directory outside ``content_dirs``, a chance outcome is not the one its
            seed draws there, or the rebuilt state does not match the recorded fingerprint or
            result (a finished game with no result recorded included).
        IllegalActionError: if an action in the record is illegal under the current rules; its
            reason starts with the action's place in the record (``actions[40] (move 41): ...``).
    """
    installed = game_class(record.game).info.version
    if installed != record.version:
        raise ConfigError(
            f"record was played under {record.game} rules {record.version}, "
            f"installed rules are {installed}"
        )
    config = dict(record.config) if content_dirs is None else _checked_content(record, content_dirs)
    game = make(record.game, **config)
    state = game.new_initial_state()
    actions = record.actions if upto is None else record.actions[:upto]
    seeds = SeedCheck(record.seed) if verify else None
    for n, (seat, text) in enumerate(actions):
        if seeds is not None and seat == CHANCE:
            seeds.check(state, n, text)
        apply_recorded(state, n, seat, text)
    if verify and upto is None:
        check_replayed(record, state)
    return state


class SeedCheck:
    """Checks a record's chance outcomes against the draws of its seed, so an edited ``seed``
    is refused (it would otherwise be shown as the game's seed).

    A driver draws every chance outcome with ``sample_chance`` from the stream
    ``make_rng(seed, "chance")``; a game resumed from a record at position ``n`` (the number of
    actions then played, as :func:`meeple.core.driver.play_game` does) draws from
    ``make_rng(seed, "chance", n)`` on. Replaying a record, each outcome must be the next draw
    of the stream in use, or the first draw of a stream started after the previous outcome
    (a resumption there). A record with no seed (``None``: outcomes from people or another
    source) is not checked.

    Args:
        seed: The record's seed.
    """

    def __init__(self, seed: int | None):
        self.seed = seed
        self.rng = make_rng(seed, "chance") if seed is not None else None
        self.after = -1  # the place of the last chance outcome checked

    def check(self, state: State, n: int, text: str) -> None:
        """Check ``record.actions[n]``, the chance outcome ``text``, in ``state`` (before it).

        Raises:
            ConfigError: when neither the stream in use nor a stream resumed since the last
                outcome draws ``text`` here (an outcome that is not one of the node's is left
                to the rules, which name it).
        """
        if self.rng is None or not state.is_chance_node():
            return
        if sample_chance(state, self.rng).text == text:
            self.after = n
            return
        for start in range(self.after + 1, n + 1):
            rng = make_rng(self.seed, "chance", start) if start else make_rng(self.seed, "chance")
            if sample_chance(state, rng).text == text:
                self.rng, self.after = rng, n
                return
        try:
            outcome = state.game.action(text, chance=True)
        except MeepleError:
            outcome = None
        if outcome not in state.legal_actions(CHANCE):
            return  # not a possible outcome here at all: the rules name what is wrong
        raise ConfigError(
            f"actions[{n}] (move {n + 1}): chance outcome {echo(text)} is not what the record's "
            "seed draws there: its seed or its outcomes were edited (a record of outcomes "
            "from elsewhere has seed null)"
        )


def _resolved(path: object) -> Path | None:
    """``path`` as the content loader reads it (``~`` expanded, links followed), or ``None``
    when it is not a path or cannot be resolved."""
    if not isinstance(path, str | Path) or path == "":
        return None
    try:
        return Path(path).expanduser().resolve()
    except (OSError, RuntimeError, ValueError):  # a symlink loop, a NUL byte...
        return None


def _checked_content(record: GameRecord, allowed: Iterable[str | Path]) -> dict[str, Any]:
    """The record's configuration, its ``content`` directory checked against ``allowed`` and
    replaced by the resolved path that was checked (so the game reads what was allowed).

    Raises:
        TypeError: when ``allowed`` is one path rather than a collection of them.
        ConfigError: when the record names a directory outside ``allowed``.
    """
    if isinstance(allowed, str | bytes | PathLike):
        raise TypeError("content_dirs is a list of directories, not one path")
    config = dict(record.config)
    named = config.get("content")
    if named is None:
        return config
    path = _resolved(named)
    if path is None or path not in {_resolved(d) for d in allowed} - {None}:
        raise ConfigError(
            f"the record names content directory {_shown(named)}, which is not one this "
            "replay may read"
        )
    config["content"] = str(path)
    return config


def apply_recorded(state: State, n: int, seat: int, text: str) -> None:
    """Apply ``record.actions[n]`` (``seat``, ``text``) to ``state``.

    Raises:
        IllegalActionError: as :meth:`State.apply_action` (the state is then unchanged), with
            ``actions[n] (move n+1): `` before the reason, so the message says which entry
            failed (``move`` counts from 1, as ``meeple replay`` lists them).
    """
    try:
        state.apply_action(text, seat)
    except IllegalActionError as e:
        raise IllegalActionError(
            e.rule, f"actions[{n}] (move {n + 1}): {e.reason}", e.action, e.seat, e.shown
        ) from e


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, allow_nan=True)


def check_replayed(record: GameRecord, state: State) -> None:
    """Check that ``state``, reached by every action of ``record``, is the one recorded.

    The fingerprint covers the state; the result is compared too, because scores come from
    content that the state does not hold (a sheet's multipliers, a card's fame).

    Raises:
        ConfigError: when the record's fingerprint or result (if it holds them) differs,
            naming the record's content directory when it has one; when it holds a result
            but its moves end before the game does; and when its moves end the game but it
            holds no result.
    """
    content = record.config.get("content")
    hint = (
        f"; it was played with the content in {content}: has it changed since?" if content else ""
    )
    if record.fingerprint and state.fingerprint() != record.fingerprint:
        raise ConfigError(f"replayed state differs from the recorded one{hint}")
    if record.result is not None and not state.is_terminal():
        raise ConfigError(
            "the record holds a final result, but its moves end before the game does "
            f"({len(state.history)} actions replayed)"
        )
    if record.result is None and state.is_terminal():
        raise ConfigError(
            "the record holds no result, but its moves end the game "
            f"({len(state.history)} actions replayed): a finished game's record carries its "
            "result"
        )
    if record.result is not None:
        now = json.loads(json.dumps(state.result().to_dict()))
        # compared as JSON text: true is not 1, and 2.0 is not 2
        if _canonical(now) != _canonical(record.result):
            keys = sorted(set(now) | set(record.result))
            differ = [k for k in keys if _canonical(now.get(k)) != _canonical(record.result.get(k))]
            said = (
                f"scores {now['scores']}, recorded {record.result.get('scores')}"
                if "scores" in differ
                else f"its {', '.join(differ)}"
            )
            raise ConfigError(f"replayed result differs from the recorded one ({said}){hint}")


@dataclass(frozen=True)
class LogEntry:
    """One action of a game as one viewer may be told it.

    Attributes:
        number: Place in the game, counting from 1 (``record.actions[number - 1]``).
        seat: Who took it: a seat, or ``CHANCE`` (-1).
        move: The action's notation when the viewer is told as much as the mover (see
            :func:`tell_move`), else ``None``: another seat's sealed choice, a move whose
            notation names a hidden card, a chance outcome told in other words than its full
            description (a seat's own draw, a face-up card: see ``told``).
        told: What the viewer is told, from :meth:`Game.describe_move_for`; ``""`` when
            nothing is (a hidden draw). For another seat's sealed choice, only what it brings
            about (:meth:`Game.describe_aftermath`, often ``""``).
        sealed: Another seat's sealed choice at a simultaneous node: only the fact of it is
            told, never its content.
    """

    number: int
    seat: int
    move: str | None
    told: str
    sealed: bool = False


def tell_move(
    state: State, number: int, seat: int, action: Action | str, viewer: int | None
) -> LogEntry:
    """What ``viewer`` may be told when ``seat`` takes ``action`` in ``state``.

    The rule the drivers follow: a seat sees its own moves in full; another seat's sealed
    choice shows only as made; other moves and chance outcomes are told in the words of
    :meth:`Game.describe_move_for`. The notation is given when the viewer is told as much as
    the mover (for a chance outcome: when its words are its full description, as for the
    dice), since a notation may name a hidden card; what an outcome shows a seat is otherwise
    in its words and its next observation.

    Args:
        state: The state before the action (not changed).
        number: The action's place in the game, counting from 1.
        seat: Who takes it (``CHANCE`` for an outcome).
        action: An :class:`Action` of the game, or its notation.
        viewer: The seat told, or ``None`` for a spectator.

    Raises:
        ValueError: for a viewer that is not ``None`` or a seat ``0..n-1`` (a ``bool`` is not a
            seat), as :meth:`State.observe`.
        IllegalActionError: when ``seat`` cannot take ``action`` in ``state`` (as
            :meth:`State.apply_action` says): told from the wrong state, a move would be
            described to the wrong seat.
    """
    viewer = observer_seat(viewer, state.game.num_players)
    probe = state.clone()
    probe.apply_action(action, seat)
    with telling(state, probe):
        return _tell(state, number, seat, probe.history[-1][1], viewer)


def tell_applied(before: State, after: State, viewers: Iterable[int | None]) -> list[LogEntry]:
    """What each of ``viewers`` may be told of the action that led from ``before`` to ``after``.

    The rule of :func:`tell_move`, for an action already applied: a driver that keeps a game's
    state (a server) applies each action once and tells every viewer from the two positions,
    where :func:`tell_move` would apply it again for each viewer. The entry's number is the
    action's place in the game, ``len(after.history)``.

    Args:
        before: The state before the action (not changed).
        after: ``before`` with exactly one more action (not changed): ``after.history[-1]``
            is the ``(seat, action)`` told.
        viewers: Seats ``0..n-1`` or ``None`` (a spectator), in the order of the entries.

    Returns:
        One :class:`LogEntry` per viewer, in the order of ``viewers``.

    Raises:
        ValueError: for a viewer that is not ``None`` or a seat of the game (a ``bool`` is
            not a seat), as :meth:`State.observe`, or when ``after`` is not ``before`` with
            one more action.
    """
    done = len(before.history)
    # actions compared by notation: two replays of one game hold equal actions, not the same
    if len(after.history) != done + 1 or any(
        x is not y and (x[0] != y[0] or x[1].text != y[1].text)
        for x, y in zip(before.history, after.history[:done], strict=True)
    ):
        raise ValueError("after is not the state before with one more action")
    seat, action = after.history[-1]
    players = before.game.num_players
    checked = [observer_seat(viewer, players) for viewer in viewers]
    # what the move brings about is read from ``after`` (no copy per viewer), and the mover's
    # own words, compared with each viewer's, are found once
    with telling(before, after):
        full = _full_words(before, seat, action)
        return [_tell(before, done + 1, seat, action, viewer, full) for viewer in checked]


def _full_words(state: State, seat: int, action: Action) -> str | None:
    """The words of one who sees all of ``action``: the mover's own (a solo turn-track Peach
    is told as such to everyone) or a chance outcome's description; ``None`` for a sealed
    choice, whose words are never compared."""
    game = state.game
    if seat == CHANCE:
        return game.describe_action(action)
    if state.current_player() == SIMULTANEOUS:
        return None
    return game.describe_move_for(state, seat, action, seat)


def _tell(
    state: State,
    number: int,
    seat: int,
    action: Action,
    viewer: int | None,
    full: str | None = None,
) -> LogEntry:
    """:func:`tell_move` for a checked viewer and a legal action; ``full``: the mover's words
    (:func:`_full_words`) when the caller has them."""
    game = state.game
    if seat == viewer:
        words = full if full is not None else game.describe_move_for(state, seat, action, seat)
        return LogEntry(number, seat, action.text, words)
    if seat != CHANCE and state.current_player() == SIMULTANEOUS:
        after = game.describe_aftermath(state, seat, action, viewer)
        return LogEntry(number, seat, None, after, sealed=True)
    told = game.describe_move_for(state, seat, action, viewer)
    if full is None:
        full = _full_words(state, seat, action)
    return LogEntry(number, seat, action.text if told == full else None, told)


def seat_log(
    record: GameRecord, viewer: int | None, content_dirs: Iterable[str | Path] | None = None
) -> list[LogEntry]:
    """The game of ``record`` as ``viewer`` may be told it, one entry per action.

    A server hands each seat its own log (and spectators theirs) instead of the record, which
    holds every hidden outcome. The replay is checked as :func:`replay` checks it.

    Args:
        record: The record.
        viewer: A seat, or ``None`` for a spectator.
        content_dirs: As :func:`replay`.

    Raises:
        ConfigError: as :func:`replay`, and for a viewer that is not ``None`` or a seat
            ``0..n-1`` of the game (a ``bool`` is not a seat).
        IllegalActionError: as :func:`replay`.
    """
    state = replay(record, upto=0, content_dirs=content_dirs)
    players = state.game.num_players
    try:
        viewer = observer_seat(viewer, players)
    except ValueError as e:
        raise ConfigError(f"no such viewer: {e}") from None
    log = []
    seeds = SeedCheck(record.seed)
    for n, (seat, text) in enumerate(record.actions):
        if seat == CHANCE:
            seeds.check(state, n, text)
        after = state.clone()
        apply_recorded(after, n, seat, text)  # the rules check seat and move before telling
        with telling(state, after):
            log.append(_tell(state, n + 1, seat, after.history[-1][1], viewer))
        state = after
    check_replayed(record, state)
    return log
