"""Writing per-game simulation results as CSV or JSON Lines."""

from __future__ import annotations

import contextlib
import csv
import io
import itertools
import json
import os
import stat
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from meeple.core.errors import ConfigError


def _cell(value: Any) -> Any:
    return value if isinstance(value, str | int | float) or value is None else json.dumps(value)


def _json_line(row: dict[str, Any]) -> str:
    # keys in the order the game gave them (a score's parts in the game's order): a file
    # read back summarises as its run did
    return json.dumps(row) + "\n"


def _partial_line(row: dict[str, Any]) -> str:
    # keys in the order the game gave them: a resumed run writes the same CSV columns
    return json.dumps(row) + "\n"


def write_results(rows: Sequence[dict[str, Any]], path: str | Path, players: int) -> Path:
    """Write one line per game to ``path`` (``.csv`` or ``.jsonl``).

    CSV columns: ``game, seed, round_size, run_seed, game_name, version, options`` (JSON),
    ``content_digest, decisions, length, winners`` (``;``-separated), then per seat
    ``seatN_agent, seatN_score, seatN_rank`` and ``seatN_breakdown_<part>`` for every part of
    the score's breakdown, then ``extra_<key>`` for every extra, ``elements`` (JSON) when any
    seat had one and ``cooperative`` (``True``; empty for a competitive game) when any game
    was played by a cooperative team (Annapurna's cooperative mode, ruling AN-R45). JSON Lines: the rows as
    :func:`meeple.sim.runner.play_one` returns them (``index`` is the CSV's ``game``).

    The file is written beside ``path`` and then moved over it, so a file that cannot be
    written whole (a full disk) leaves what was there before as it was.

    Raises:
        ConfigError: for another file suffix.
        OSError: when the file cannot be written.
    """
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in (".csv", ".jsonl"):
        raise ConfigError(f"results file must end in .csv or .jsonl, not {path.name!r}")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.chmod(temp, _file_mode(path))  # as the file there, or as a new file would be
        with os.fdopen(fd, "w", newline="" if suffix == ".csv" else None) as f:
            if suffix == ".jsonl":
                f.writelines(_json_line(row) for row in rows)
            else:
                _write_csv(f, rows, players)
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    return path


def _file_mode(path: Path) -> int:
    """The permissions of ``path``, or those a new file gets (``0o666`` less the umask)."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def _write_csv(f: TextIO, rows: Sequence[dict[str, Any]], players: int) -> None:
    keys = sorted({k for row in rows for k in row["extras"]})
    parts = list(dict.fromkeys(k for row in rows for b in row.get("breakdowns", ()) for k in b))
    header = ["game", "seed", "round_size", "run_seed", "game_name", "version", "options"]
    header += ["content_digest", "decisions", "length", "winners"]
    for s in range(players):
        header += [f"seat{s}_agent", f"seat{s}_score", f"seat{s}_rank"]
        header += [f"seat{s}_breakdown_{k}" for k in parts]
    header += [f"extra_{k}" for k in keys]
    elements = any(row.get("elements") for row in rows)
    if elements:
        header.append("elements")
    cooperative = any(row.get("cooperative") for row in rows)
    if cooperative:  # a team's win is every seat's: the tables read it (win_share)
        header.append("cooperative")
    w = csv.writer(f)
    w.writerow(header)
    for row in rows:
        line = [
            row["index"],
            row["seed"],
            row.get("round_size"),
            row.get("run_seed"),
            row.get("game_name"),
            row.get("version"),
            json.dumps(row.get("options", {}), sort_keys=True),
            row.get("content_digest") or "",
            row["decisions"],
            row["length"],
            ";".join(map(str, row["winners"])),
        ]
        for s in range(players):
            line += [row["agents"][s], row["scores"][s], row["ranks"][s]]
            breakdown = row["breakdowns"][s] if row.get("breakdowns") else {}
            line += [_cell(breakdown.get(k)) for k in parts]
        line += [_cell(row["extras"].get(k)) for k in keys]
        if elements:
            line.append(json.dumps(row.get("elements") or []))
        if cooperative:
            line.append("True" if row.get("cooperative") else "")
        w.writerow(line)


def partial_path(path: str | Path) -> Path:
    """Where a run streams its finished games before ``path`` is written: ``path`` with
    ``.partial.jsonl`` added (``results.csv.partial.jsonl``)."""
    path = Path(path)
    return path.with_name(path.name + ".partial.jsonl")


class PartialResults:
    """Appends each finished game's row to :func:`partial_path` as it comes, one JSON line
    flushed at once, so a run killed outright (``kill -9``, out of memory) still leaves every
    finished game on disk; :meth:`done` removes the file once the results are written whole.

    Raises:
        OSError: when the file cannot be created or written.
    """

    def __init__(self, path: str | Path, kept: Sequence[dict[str, Any]] = ()):
        self.path = partial_path(path)
        if kept:  # a resumed run: its games so far replace the file in one step
            fd, temp = tempfile.mkstemp(prefix=f".{self.path.name}.", dir=self.path.parent)
            try:
                with os.fdopen(fd, "w") as f:
                    f.writelines(_partial_line(row) for row in kept)
                    f.flush()
                    os.fsync(f.fileno())
                os.replace(temp, self.path)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(temp)
                raise
        self._file = self.path.open("a" if kept else "w")

    def add(self, rows: Sequence[dict[str, Any]]) -> None:
        """Write ``rows`` (in the order they finished)."""
        self._file.writelines(_partial_line(row) for row in rows)
        self._file.flush()

    def close(self) -> None:
        """Close the file and keep it (the results could not be written: it holds the games)."""
        with contextlib.suppress(OSError):  # a full disk may refuse the last flush too
            self._file.close()

    def done(self) -> None:
        """Close and remove the file (the full results are written)."""
        self.close()
        self.path.unlink(missing_ok=True)


def _number(text: str) -> int | float:
    """A CSV cell written from an int or a float, read back as that type.

    Raises:
        ValueError: if ``text`` is not a number.
    """
    try:
        return int(text)
    except ValueError:
        return float(text)


def _extra(text: str) -> Any:
    """A CSV cell of an extra or a breakdown part, read back: a number, a boolean, JSON data
    (lists and objects were written as JSON) or else the string itself."""
    if text in ("True", "False"):
        return text == "True"
    try:
        return _number(text)
    except ValueError:
        pass
    if text[:1] in ("[", "{", '"'):
        try:
            return json.loads(text)
        except (ValueError, RecursionError):  # too deep for JSON data: the text itself
            pass
    return text


def _csv_row(cells: dict[str, str], players: int, parts: list[str], extras: list[str]) -> dict:
    row: dict[str, Any] = {
        "index": int(cells["game"]),
        "seed": int(cells["seed"]),
        "round_size": int(cells["round_size"]) if cells.get("round_size") else None,
        "run_seed": int(cells["run_seed"]) if cells.get("run_seed") else None,
        "game_name": cells.get("game_name") or None,
        "version": cells.get("version") or None,
        "options": json.loads(cells["options"]) if cells.get("options") else {},
        "content_digest": cells.get("content_digest") or None,
        "decisions": int(cells["decisions"]),
        "length": int(cells["length"]),
        "winners": [int(x) for x in cells["winners"].split(";") if x != ""],
        "agents": [cells[f"seat{s}_agent"] for s in range(players)],
        "scores": [_number(cells[f"seat{s}_score"]) for s in range(players)],
        "ranks": [int(cells[f"seat{s}_rank"]) for s in range(players)],
    }
    row["breakdowns"] = [
        {
            k: _extra(cells[f"seat{s}_breakdown_{k}"])
            for k in parts
            if cells.get(f"seat{s}_breakdown_{k}", "") != ""
        }
        for s in range(players)
    ]
    row["extras"] = {k: _extra(cells[f"extra_{k}"]) for k in extras if cells[f"extra_{k}"] != ""}
    if cells.get("elements"):
        row["elements"] = json.loads(cells["elements"])
    cooperative = cells.get("cooperative", "")
    if cooperative not in ("", "True"):
        raise ValueError(f"cooperative is True or empty, not {cooperative!r}")
    if cooperative:
        row["cooperative"] = True
    return row


def _is_int(x: Any) -> bool:
    return type(x) is int


def _is_number(x: Any) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool)


def _check_row(row: Any) -> str | None:
    """What is wrong with a results row, or ``None`` if it has what the tables read, of the
    types the writer writes."""
    if not isinstance(row, dict):
        return "not a JSON object"
    for key in ("seed", "agents", "scores", "ranks", "winners", "decisions", "length"):
        if key not in row:
            return f"no {key!r}"
    agents = row["agents"]
    if not isinstance(agents, list) or not agents or not all(isinstance(a, str) for a in agents):
        return "'agents' is not a list of agent labels"
    seats = len(agents)
    for key in ("scores", "ranks"):
        if not isinstance(row[key], list) or len(row[key]) != seats:
            return f"{key!r} is not a list of one value per seat"
    if not all(_is_int(r) and 1 <= r <= seats for r in row["ranks"]):
        return "'ranks' are not ranks of the seats"
    if not all(_is_number(x) for x in row["scores"]):
        return "'scores' are not numbers"
    winners = row["winners"]
    if not isinstance(winners, list) or not all(_is_int(w) and 0 <= w < seats for w in winners):
        return "'winners' is not a list of seats"
    if not _is_int(row["seed"]):
        return "'seed' is not a whole number"
    if not _is_number(row["decisions"]) or not _is_number(row["length"]):
        return "'decisions' or 'length' is not a number"
    for key in ("index", "round_size", "run_seed"):
        if row.get(key) is not None and not _is_int(row[key]):
            return f"{key!r} is not a whole number"
    for key in ("game_name", "version", "content_digest"):
        if row.get(key) is not None and not isinstance(row[key], str):
            return f"{key!r} is not text"
    if not isinstance(row.get("extras", {}), dict) or not isinstance(row.get("options", {}), dict):
        return "'extras' or 'options' is not an object"
    if row.get("cooperative") not in (None, True, False):
        return "'cooperative' is not true or false"
    held = row.get("elements")
    if held is not None and (
        not isinstance(held, list)
        or len(held) != seats
        or not all(isinstance(x, list) and all(isinstance(n, str) for n in x) for x in held)
    ):
        return "'elements' is not a list of one list of names per seat"
    parts = row.get("breakdowns")
    if parts is not None and (
        not isinstance(parts, list)
        or len(parts) != seats
        or not all(isinstance(b, dict) for b in parts)
    ):
        return "'breakdowns' is not a list of one object per seat"
    return None


#: The longest line of a results file read back, and the deepest nesting of lists and objects
#: in a row: a real row is a few kilobytes, nested three deep.
MAX_LINE = 1 << 20
MAX_DEPTH = 16


def _bounded_lines(path: Path) -> bytes:
    """The bytes of ``path``, read line by line, none longer than :data:`MAX_LINE`.

    Raises:
        ConfigError: for a longer line (a file that is not a results file: ``/dev/zero``).
        OSError: when the file cannot be read.
    """
    parts: list[bytes] = []
    with path.open("rb") as f:
        for n in itertools.count(1):
            line = f.readline(MAX_LINE + 1)
            if not line:
                break
            if len(line) > MAX_LINE and not line.endswith(b"\n"):
                raise ConfigError(
                    f"{path.name} line {n} is longer than {MAX_LINE >> 20} MiB: not a results row"
                )
            parts.append(line)
    return b"".join(parts)


def _depth(value: Any) -> int:
    """How deep lists and objects nest in ``value`` (0 for a number or a string)."""
    deepest, todo = 0, [(value, 0)]
    while todo:
        item, level = todo.pop()
        if isinstance(item, dict):
            todo.extend((v, level + 1) for v in item.values())
        elif isinstance(item, list):
            todo.extend((v, level + 1) for v in item)
        else:
            continue
        deepest = max(deepest, level + 1)
    return deepest


def _checked(row: Any, name: str, line: int) -> dict[str, Any]:
    """``row`` if it is a results row, else a ConfigError naming the file and line."""
    if _depth(row) > MAX_DEPTH:
        raise ConfigError(
            f"{name} line {line} is nested more than {MAX_DEPTH} deep: not a results row"
        )
    wrong = _check_row(row)
    if wrong:
        raise ConfigError(f"{name} line {line} is not a results row: {wrong}")
    return row


def read_results(path: str | Path) -> list[dict[str, Any]]:
    """Read back the rows of a results file written by :func:`write_results` (``.csv`` or
    ``.jsonl``) or streamed by :class:`PartialResults` (``.partial.jsonl``), in file order.

    JSON Lines give the rows as they were written. A CSV file gives the rows without
    ``slots`` (the CSV names each seat's agent only): ``index``, ``seed``, ``run_seed``,
    ``game_name``, ``version``, ``options``, ``decisions``, ``length``, ``winners``,
    ``agents``, ``scores``, ``ranks``, ``breakdowns``, ``extras``, and ``elements`` and
    ``cooperative`` when the file has them. Numbers and booleans
    read back as such; a CSV cell cannot tell text from a number, so an extra or a score part
    that was a string of digits comes back as a number, and an empty one (``None`` or ``""``)
    is left out. An empty file (a run stopped before its first game) has no rows. The last line
    of a ``.partial.jsonl`` file cut short (a run killed while writing it) is left out.

    Raises:
        OSError: if the file cannot be read.
        ConfigError: for another suffix, a file that is not UTF-8 text, or a line or cell that
            is not what the writer writes (the file and line are named).
    """
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in (".csv", ".jsonl"):
        raise ConfigError(f"results file must end in .csv or .jsonl, not {path.name!r}")
    try:
        # utf-8-sig: a CSV saved again by a spreadsheet may start with a byte-order mark
        text = _bounded_lines(path).decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ConfigError(f"{path.name} is not a results file: it is not UTF-8 text") from None
    if not text.strip():
        return []
    if suffix == ".csv":
        return _read_csv(path.name, csv.DictReader(io.StringIO(text, newline="")))
    rows: list[dict[str, Any]] = []
    lines = text.split("\n")
    partial = path.name.lower().endswith(".partial.jsonl")
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except RecursionError:
            raise ConfigError(
                f"{path.name} line {n} is nested too deeply for a results row"
            ) from None
        except ValueError:
            if partial and n == len(lines):  # no newline after it: cut short while written
                break
            raise ConfigError(f"{path.name} line {n} is not a JSON results row") from None
        rows.append(_checked(row, path.name, n))
    return rows


def _read_csv(name: str, reader: csv.DictReader) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    try:
        header = reader.fieldnames or []
    except csv.Error as e:
        raise ConfigError(f"{name} is not a results file ({e})") from None
    players = sum(1 for h in header if h.startswith("seat") and h.endswith("_agent"))
    needed = ["game", "seed", "decisions", "length", "winners"]
    needed += [f"seat{s}_{k}" for s in range(players) for k in ("agent", "score", "rank")]
    missing = [h for h in needed if h not in header]
    if not players or missing:
        raise ConfigError(
            f"{name} is not a results file: no column "
            + (", ".join(missing) if missing else "seat0_agent")
        )
    parts = list(dict.fromkeys(h.split("_breakdown_", 1)[1] for h in header if "_breakdown_" in h))
    extras = [h[len("extra_") :] for h in header if h.startswith("extra_")]
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            break
        except csv.Error as e:
            line = reader.line_num + 1  # the line the record it could not read starts on
            raise ConfigError(f"{name} line {line} is not a results row ({e})") from None
        try:
            row = _csv_row(cells, players, parts, extras)
        except RecursionError:
            line = reader.line_num
            raise ConfigError(
                f"{name} line {line} is nested too deeply for a results row"
            ) from None
        except (ValueError, TypeError, KeyError) as e:
            line = reader.line_num
            raise ConfigError(f"{name} line {line} is not a results row ({e})") from None
        rows.append(_checked(row, name, reader.line_num))
    return rows
