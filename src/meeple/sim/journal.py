"""A game saved move by move: every action durable on disk as soon as it is played.

While a game is played its save file is a journal in JSON Lines: a header line (the game, its
rules version and configuration, the driver's seed, each seat's agent and how to build it
again) and then one ``[seat, notation]`` line per action, each flushed and synced to disk
(``fsync``) before the game goes on, so a process killed outright (``kill -9``, a closed
terminal, a power cut) loses at most the move being written. When the game stops in an orderly
way (finished, quit, Ctrl-C) the journal is replaced by the game's record
(:class:`meeple.core.record.GameRecord` JSON) in one step.

Like the record, a journal holds the whole game, hidden parts and the seed included: it is the
driver's file, not a view for a seat (``docs/engine.md``).

:func:`load_game` reads either kind back, a journal cut short by a kill included (its last,
half-written line is left out).
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from meeple.core.errors import ConfigError
from meeple.core.record import GameRecord

#: The header key that tells a journal from a record (a record is one JSON object).
JOURNAL_KEY = "meeple-journal"
JOURNAL_VERSION = 1

#: The longest journal line read back (a header or an action); no real game comes near.
MAX_LINE = 1 << 20


@dataclass
class JournalHeader:
    """What a journal says before its actions.

    Attributes:
        game: Registry name of the game.
        version: Rules version.
        config: The game's configuration (``players`` and options).
        seed: The driver's seed.
        agents: One label per seat (``"human"`` for a person).
        bots: How to build each bot again: seat -> agent spec.
        secret: Whether the seed is kept from the people playing until the game ends.
    """

    game: str
    version: str
    config: dict[str, Any]
    seed: int | None
    agents: list[str]
    bots: dict[int, str] = field(default_factory=dict)
    secret: bool = False

    def to_line(self) -> str:
        data = {
            JOURNAL_KEY: JOURNAL_VERSION,
            "game": self.game,
            "version": self.version,
            "config": self.config,
            "seed": self.seed,
            "agents": self.agents,
            "bots": {str(k): v for k, v in self.bots.items()},
            "secret": self.secret,
        }
        return json.dumps(data, sort_keys=True) + "\n"


def _fsync_dir(path: Path) -> None:
    """Sync the directory of ``path`` (a new or replaced name survives a power cut)."""
    with contextlib.suppress(OSError):
        fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


class GameJournal:
    """The save file of a game under way, written move by move.

    Args:
        path: The save file (replaced by the journal).
        header: What the game is.
        actions: Actions already played (a resumed game), written after the header.

    Raises:
        OSError: when the file cannot be written.
    """

    def __init__(
        self, path: str | Path, header: JournalHeader, actions: list[list[Any]] | None = None
    ):
        self.path = Path(path)
        self.header = header
        text = header.to_line() + "".join(json.dumps(a) + "\n" for a in actions or ())
        _write_whole(self.path, text)  # header and the game so far, in one step
        self._file = self.path.open("a", encoding="utf-8")

    def add(self, seat: int, notation: str) -> None:
        """Append one action and sync it to disk before returning.

        Raises:
            OSError: when it cannot be written (a full disk).
        """
        self._file.write(json.dumps([seat, notation]) + "\n")
        self._file.flush()
        os.fsync(self._file.fileno())

    def finish(self, record: GameRecord) -> Path:
        """Replace the journal by ``record`` in one step and close it.

        Raises:
            OSError: when the record cannot be written (the journal is then left whole).
        """
        with contextlib.suppress(OSError):
            self._file.close()
        _write_whole(self.path, record.to_json())
        return self.path

    def close(self) -> None:
        """Close the journal and leave it as it is."""
        with contextlib.suppress(OSError):
            self._file.close()


def _write_whole(path: Path, text: str) -> None:
    """Write ``text`` beside ``path``, sync it, and move it over ``path``."""
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        with contextlib.suppress(OSError):
            os.chmod(temp, 0o666 & ~_umask())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    _fsync_dir(path)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _header(data: Any, name: str) -> JournalHeader:
    """The header line of a journal, checked field by field."""
    if data.get(JOURNAL_KEY) != JOURNAL_VERSION:
        raise ConfigError(f"{name} is a journal of another format ({data.get(JOURNAL_KEY)!r})")
    checks = {
        "game": lambda v: isinstance(v, str),
        "version": lambda v: isinstance(v, str),
        "config": lambda v: isinstance(v, dict),
        "seed": lambda v: v is None or type(v) is int,
        "agents": lambda v: isinstance(v, list) and all(isinstance(a, str) for a in v),
        "bots": lambda v: (
            isinstance(v, dict) and all(k.isdigit() and isinstance(s, str) for k, s in v.items())
        ),
        "secret": lambda v: type(v) is bool,
    }
    for key, ok in checks.items():
        if key not in data or not ok(data[key]):
            raise ConfigError(f"{name} line 1: the journal's {key!r} is missing or mistyped")
    return JournalHeader(
        data["game"],
        data["version"],
        data["config"],
        data["seed"],
        data["agents"],
        {int(k): v for k, v in data["bots"].items()},
        data["secret"],
    )


def load_game(
    path: str | Path, max_bytes: int = 64 << 20
) -> tuple[GameRecord, JournalHeader | None]:
    """Read a saved game: a record, or the journal of a game under way (or killed).

    Args:
        path: The file.
        max_bytes: The largest file read (no real game comes near the default, 64 MiB).

    Returns:
        The game as a record (``result`` and ``fingerprint`` ``None`` for a journal), and the
        journal's header (``None`` for a record).

    Raises:
        OSError: when the file cannot be read.
        ConfigError: for a journal too large, not UTF-8, or with a line that is not an action
            (the line is named), and whatever :meth:`GameRecord.load` refuses in a record.
    """
    path = Path(path)
    with path.open("rb") as f:
        first_bytes = f.readline(MAX_LINE + 1)
    head: Any = None
    if first_bytes.lstrip().startswith(b"{") and JOURNAL_KEY.encode() in first_bytes:
        with contextlib.suppress(ValueError, RecursionError):
            head = json.loads(first_bytes)
    if not isinstance(head, dict) or JOURNAL_KEY not in head:
        return GameRecord.load(path), None
    with path.open("rb") as f:
        data = f.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise ConfigError(f"{path.name} is larger than {max_bytes >> 20} MiB: not a game journal")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ConfigError(f"{path.name} is not a game journal: it is not UTF-8 text") from None
    _, _, rest = text.partition("\n")
    header = _header(head, path.name)
    lines = rest.split("\n")
    actions: list[list[Any]] = []
    for n, line in enumerate(lines, 2):
        if not line.strip():
            continue
        try:
            if len(line) > MAX_LINE:
                raise ValueError
            action = json.loads(line)
        except (ValueError, RecursionError):
            if n == len(lines) + 1:  # no newline after it: cut short while written
                break
            raise ConfigError(f"{path.name} line {n} is not an action of the journal") from None
        if (
            not isinstance(action, list)
            or len(action) != 2
            or type(action[0]) is not int
            or not isinstance(action[1], str)
        ):
            raise ConfigError(f"{path.name} line {n}: expected [seat, move], got {line[:80]!r}")
        actions.append(action)
    record = GameRecord(
        game=header.game,
        version=header.version,
        config=dict(header.config),
        seed=header.seed,
        agents=list(header.agents),
        actions=actions,
    )
    return record, header
