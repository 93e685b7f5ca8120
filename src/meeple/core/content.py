"""Reading content data (TOML) for the games' loaders: one set of checks for every game.

The games author what their rulebooks do not print (card lists, sheets, pages) as TOML files
in a content directory, and designers replace them (``content=DIR``). Each game validates the
meaning of its own fields; this module gives every loader the same treatment of everything
else, so that any bad content is one :class:`~meeple.core.errors.ContentError` naming the file
and the field, never a traceback:

* :func:`content_directory` checks the directory and resolves it (records then name it
  wherever they are replayed from);
* :func:`read_toml` reads one file (missing, not a file, not UTF-8, bad TOML);
* :func:`checked` runs a loader's validation of one file: a top-level table the file does not
  hold is refused first, a value of the wrong shape that the loader did not foresee (a list
  where a table belongs) becomes a ContentError for that file, and a key the loader never read
  (a typo such as ``reward`` for ``rewards``) is refused;
* :func:`one_line` reads a name or a label: one line of text, not blank;
* :class:`ContentCache` keeps loaded content per directory until one of its files changes,
  and :func:`content_digest` tells which files' bytes a loaded content came from.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Generic, TypeVar

from meeple.core.errors import ConfigError, ContentError

T = TypeVar("T")

#: Largest content file read (the shipped files are a few kilobytes).
MAX_FILE_BYTES = 4 * 2**20
#: Characters a content string may not hold: C0 controls but tab and newline, DEL, C1 controls
#: (a terminal would act on them: clear the screen, change colours).
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
#: What a name may not hold besides those: it is one line (a tab or a line break would break
#: the lists and tables that show it, and a record's one-line move texts).
_LINE_BREAKS = re.compile("[\t\n\u2028\u2029]")
#: Largest number a content file may hold, either sign: a game's counts are small, and a
#: huge one would only surface mid-game (a float overflow in the scores, a table as long).
MAX_NUMBER = 1_000_000


def content_directory(directory: Any, default: Path) -> Path:
    """The content directory a ``content`` option names, resolved to an absolute path.

    Args:
        directory: The option's value: ``None`` (or ``""``) for ``default``, else a path.
        default: The game's shipped content directory.

    Raises:
        ConfigError: when the value is not a path (a number, a list...).
        ContentError: when the directory does not exist or is not a directory.
    """
    if directory is None or directory == "":
        return default
    if not isinstance(directory, str | Path):
        raise ConfigError(f"content is the path of a content directory, not {directory!r}")
    try:
        path = Path(directory).expanduser().resolve()
    except (OSError, RuntimeError) as e:  # a symlink loop, an unreadable parent
        raise ContentError(str(directory), "<directory>", f"cannot be resolved ({e})") from None
    if not path.exists():
        raise ContentError(str(path), "<directory>", "no such directory")
    if not path.is_dir():
        raise ContentError(str(path), "<directory>", "not a directory (content is a directory)")
    return path


def read_toml(path: Path) -> dict[str, Any]:
    """Parse one content file.

    Returns:
        The file's top-level table; its tables track which keys are read (see
        :func:`checked`).

    Raises:
        ContentError: naming ``path`` when the file is missing, is not a regular file, is not
            UTF-8 text or is not valid TOML.
    """
    file = str(path)
    if not path.exists():
        raise ContentError(file, "<file>", "missing content file")
    if not path.is_file():
        raise ContentError(file, "<file>", "not a regular file")
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise ContentError(file, "<file>", f"larger than {MAX_FILE_BYTES // 2**20} MiB")
        # utf-8-sig: a byte-order mark, which some editors write, is not part of the text
        text = path.read_bytes().decode("utf-8-sig")
    except OSError as e:
        raise ContentError(file, "<file>", f"cannot be read ({e.strerror or e})") from None
    except UnicodeDecodeError as e:
        raise ContentError(file, "<file>", f"not UTF-8 text (byte {e.start})") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ContentError(file, "<file>", f"not valid TOML: {e}") from None
    except ValueError as e:  # an integer of thousands of digits
        raise ContentError(file, "<file>", f"a number is too long ({e})") from None
    except RecursionError:
        raise ContentError(file, "<file>", "values nested too deeply") from None
    try:
        tracked: dict[str, Any] = _track(data, file, "")
        return tracked
    except RecursionError:
        raise ContentError(file, "<file>", "values nested too deeply") from None


class _Table(dict[str, Any]):
    """A TOML table that remembers which of its keys the loader read."""

    __slots__ = ("read",)

    def __init__(self, items: Any = ()) -> None:
        super().__init__(items)
        self.read: set[str] = set()

    def __getitem__(self, key: str) -> Any:
        self.read.add(key)
        return super().__getitem__(key)

    def get(self, key: str, default: Any = None) -> Any:
        self.read.add(key)
        return super().get(key, default)

    # reading every entry reads every key
    def keys(self) -> Any:
        self.read.update(super().keys())
        return super().keys()

    def items(self) -> Any:
        self.read.update(super().keys())
        return super().items()

    def values(self) -> Any:
        self.read.update(super().keys())
        return super().values()

    def __iter__(self) -> Iterator[str]:
        self.read.update(super().keys())
        return super().__iter__()


def _track(value: Any, file: str, where: str) -> Any:
    """``value`` with its tables tracked; numbers beyond :data:`MAX_NUMBER` refused."""
    if isinstance(value, dict):
        return _Table(
            (k, _track(v, file, f"{where}.{k}" if where else k)) for k, v in value.items()
        )
    if isinstance(value, list):
        return [_track(v, file, f"{where}[{i}]") for i, v in enumerate(value)]
    if isinstance(value, int | float) and not isinstance(value, bool) and abs(value) > MAX_NUMBER:
        # a huge int has no decimal text (Python refuses to write one of 4,300+ digits)
        if isinstance(value, float):
            shown = str(value)
        elif value.bit_length() > 64:
            shown = f"a {value.bit_length()}-bit number"
        else:
            shown = f"{value:,}"
        raise ContentError(file, where, f"{shown} is beyond ±{MAX_NUMBER:,}: no game counts so far")
    if isinstance(value, str) and _CONTROL.search(value):
        raise ContentError(
            file, where, "control characters (escape codes...) are not text a player can read"
        )
    return value


def one_line(value: Any, file: str | Path, field: str) -> str:
    """``value`` as a name or a label: text on one line, not blank.

    Control characters are refused wherever a file holds them (:func:`read_toml`); a name also
    refuses the tab and the line breaks that longer text (a page's lore) may hold.

    Raises:
        ContentError: naming ``field`` when ``value`` is not a string, is blank, or holds a
            tab or a line break.
    """
    if not isinstance(value, str):
        raise ContentError(str(file), field, f"expected {type_words(str)}, got {value!r}")
    if not value.strip():
        raise ContentError(str(file), field, "must not be blank")
    if _LINE_BREAKS.search(value):
        raise ContentError(
            str(file), field, f"must be one line: no tab or line break, got {value!r}"
        )
    return value


def _unread(value: Any, where: str) -> str | None:
    """Dotted path of the first key no loader read, depth first, or ``None``."""
    if isinstance(value, _Table):
        for key, sub in dict.items(value):
            path = f"{where}.{key}" if where else key
            if key not in value.read:
                return path
            found = _unread(sub, path)
            if found:
                return found
    elif isinstance(value, list):
        for i, sub in enumerate(value):
            found = _unread(sub, f"{where}[{i}]")
            if found:
                return found
    return None


_UNKNOWN = "unknown key, or one that does not apply here (the game does not read it)"


@contextmanager
def checked(
    file: str | Path, data: dict[str, Any], keys: tuple[str, ...] | None = None
) -> Iterator[None]:
    """Run the validation of one file's ``data`` (from :func:`read_toml`) inside this block.

    Args:
        file: The file ``data`` was read from, for messages.
        data: The file's top-level table.
        keys: The top-level keys (tables) the file may hold. An unknown one is refused before
            the block runs: a misspelt ``[[caravn]]`` is named as unknown rather than
            reported as a ``caravan`` deck one card short.

    Raises:
        ContentError: for a top-level key not in ``keys``; re-raised as it is when the
            loader raises one; for an error the loader did not foresee (``TypeError``,
            ``AttributeError``, ``KeyError``, ``IndexError``, ``ValueError``: a value of the
            wrong shape), one naming ``file``; and, once the block ends without error, for
            the first key of ``data`` that the loader never read (unknown keys are refused: a
            typo would otherwise leave the game silently without that part of the content).
    """
    if keys is not None:
        for key in dict.keys(data):  # not a read: the loader still reads each known key
            if key not in keys:
                raise ContentError(str(file), key, f"{_UNKNOWN}; the file holds {', '.join(keys)}")
    try:
        yield
    except ContentError:
        raise
    except (TypeError, AttributeError, KeyError, IndexError, ValueError) as e:
        raise ContentError(
            str(file), "<file>", f"a value has the wrong shape or type ({e})"
        ) from None
    left = _unread(data, "")
    if left is not None:
        raise ContentError(str(file), left, _UNKNOWN)


#: How an expected type is named in messages.
_TYPE_WORDS: dict[type, str] = {
    int: "a whole number",
    float: "a number",
    str: "a string",
    list: "a list",
    dict: "a table",
    bool: "true or false",
}


def type_words(typ: type | tuple[type, ...]) -> str:
    """``"a whole number"`` for ``int``, ``"a string or a list"`` for ``(str, list)``..."""
    names = typ if isinstance(typ, tuple) else (typ,)
    return " or ".join(_TYPE_WORDS.get(t, t.__name__) for t in names)


def require_tables(value: Any, file: str | Path, field: str) -> list[dict[str, Any]]:
    """``value`` as a list of tables (``[[field]]`` in TOML).

    Raises:
        ContentError: naming ``field`` when ``value`` is not a list of tables.
    """
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise ContentError(str(file), field, f"expected a list of tables ([[{field}]])")
    return value


def require_table(value: Any, file: str | Path, field: str) -> dict[str, Any]:
    """``value`` as a table.

    Raises:
        ContentError: naming ``field`` when ``value`` is not a table.
    """
    if not isinstance(value, dict):
        raise ContentError(str(file), field, f"expected a table, got {value!r}")
    return value


class ContentCache(Generic[T]):
    """Loaded content per resolved directory, reloaded when any of its files changes.

    The key of an entry is the directory and a digest of each file's bytes (files are small),
    so a designer who edits a file and makes the game again gets the edited content, however
    coarse the file system's clock.
    """

    def __init__(self, files: tuple[str, ...]) -> None:
        self.files = files
        self._entries: dict[tuple[str, ...], T] = {}

    def get(self, directory: Path, load: Callable[[Path], T]) -> T:
        """The content of ``directory``, loaded with ``load(directory)`` when new or changed;
        :func:`content_digest` then gives the digest of the files it was loaded from.

        Raises:
            ContentError: whatever ``load`` raises (nothing is cached then).
        """
        stamp = [str(directory)]
        for name in self.files:
            path = directory / name
            try:  # only a regular file of a sane size is read here; load() names the others
                if path.is_file() and path.stat().st_size <= MAX_FILE_BYTES:
                    stamp.append(hashlib.blake2b(path.read_bytes()).hexdigest())
                    continue
            except OSError:
                pass
            return load(directory)  # it raises a ContentError for this file
        key = tuple(stamp)
        got = self._entries.get(key)
        if got is None:
            got = load(directory)
            if len(self._entries) >= 32:
                self._entries.clear()
            self._entries[key] = got
            # the files by name and bytes, not the directory: equal files anywhere are the
            # same content, and an edited file is other content under the same path
            named = "\n".join(f"{n}:{h}" for n, h in zip(self.files, stamp[1:], strict=True))
            _remember_digest(got, hashlib.blake2b(named.encode(), digest_size=16).hexdigest())
        return got


#: id of a loaded content -> (a weak reference to it, the digest of the files it came from)
_DIGESTS: dict[int, tuple[weakref.ref[Any], str]] = {}


def _remember_digest(content: Any, digest: str) -> None:
    if len(_DIGESTS) >= 256:  # forget the contents no game holds any more
        for key in [k for k, (ref, _) in _DIGESTS.items() if ref() is None]:
            del _DIGESTS[key]
    _DIGESTS[id(content)] = (weakref.ref(content), digest)


def content_digest(content: Any) -> str | None:
    """A digest of the content files (names and bytes) that ``content`` was loaded from by a
    :class:`ContentCache`: equal for equal files in any directory, other for an edited file.

    Returns:
        32 hexadecimal digits, or ``None`` for an object no cache loaded.
    """
    entry = _DIGESTS.get(id(content))
    if entry is None or entry[0]() is not content:
        return None
    return entry[1]


__all__ = [
    "ContentCache",
    "checked",
    "content_digest",
    "content_directory",
    "one_line",
    "read_toml",
    "require_table",
    "require_tables",
    "type_words",
]
