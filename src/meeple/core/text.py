"""Plain text for an 80-column terminal: long lines wrapped at word boundaries, each
continuation indented under its line so lists and tables stay readable; and the greedy word
wrap the boards draw their text with; counts and plurals in the games' sentences."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Sequence

#: The narrowest terminal the pictures are drawn for.
WIDTH = 80


def fit(text: str, width: int = WIDTH) -> str:
    """``text`` with every line longer than ``width`` characters wrapped at word boundaries;
    continuation lines keep the line's indentation plus 4 spaces. Shorter lines are kept as
    they are (column alignment survives); a word longer than a line is broken.

    Args:
        text: Lines separated by ``"\\n"``.
        width: Columns, at least 20.

    Raises:
        ValueError: for a width under 20.
    """
    if width < 20:
        raise ValueError(f"a width of at least 20 columns, not {width}")
    out = []
    for line in text.split("\n"):
        if len(line) <= width:
            out.append(line)
            continue
        indent = line[: len(line) - len(line.lstrip(" "))]
        out += textwrap.wrap(
            line.strip(" "),
            width=width,
            initial_indent=indent,
            subsequent_indent=indent + "    ",
            break_on_hyphens=False,
        )
    return "\n".join(out)


def word_lines(text: str, per: int) -> list[str]:
    """``text``'s words, in order, on lines of at most ``per`` characters, each line as full
    as the next word allows (greedy); a word longer than ``per`` stands alone on its line,
    unbroken. White space between words becomes one space; no words, no lines."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > per:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines


def noun(n: int, one: str, many: str | None = None) -> str:
    """``one`` for exactly one thing, else ``many`` (default ``one`` with an "s"):
    ``noun(2, "Peach", "Peaches")`` is ``"Peaches"``, ``noun(0, "card")`` ``"cards"``."""
    if n == 1:
        return one
    return many if many is not None else one + "s"


def counted(counts: Iterable[int], names: Sequence[str]) -> list[str]:
    """``"N name"`` for each kind held, in the order of ``counts``: ``counts[i]`` things
    called ``names[i]``, kinds with none left out (``counted([2, 0, 1], ["Silk", "Tea",
    "Gems"])`` is ``["2 Silk", "1 Gems"]``); counts past the last name are not told."""
    return [f"{n} {name}" for n, name in zip(counts, names, strict=False) if n]


def plural(n: int, one: str, many: str | None = None) -> str:
    """``n`` and the noun that agrees with it (:func:`noun`): ``plural(1, "flag")`` is
    ``"1 flag"``, ``plural(2, "flag")`` ``"2 flags"``, ``plural(2, "die", "dice")`` ``"2 dice"``."""
    return f"{n} {noun(n, one, many)}"
