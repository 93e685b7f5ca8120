"""Text from files and other people, made safe to show: control characters escaped.

A record's agent labels, a results file's labels, a content file's names, an agent's error
message: any of them may hold terminal escape sequences (which retitle or clear a terminal),
carriage returns and backspaces (which overwrite what was printed), or bidirectional controls
(which reorder it). :func:`printable` spells every such character out as ``\\xNN`` or
``\\uNNNN``, so what is shown is what the file holds, on one line unless newlines are kept.
"""

from __future__ import annotations

import unicodedata

#: Format characters that reorder or hide text (bidirectional embeddings, overrides and
#: isolates, zero-width characters that join or mark).
_INVISIBLE = frozenset(
    "\u061c\u200b\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
    "\u2060\u2066\u2067\u2068\u2069\ufeff"
)


def _spelt(ch: str) -> str:
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: object, newlines: bool = False) -> str:
    """``text`` (``str()`` of it) with every control character spelt out.

    Args:
        text: What to show.
        newlines: Keep ``\\n`` as a line break (a rendered view of several lines); otherwise
            it is spelt ``\\x0a`` too, and the text stays one line.

    Returns:
        The text with C0 and C1 controls, DEL, line and paragraph separators and the
        characters of :data:`_INVISIBLE` replaced by their escapes; other text unchanged.
    """
    s = str(text)
    if s.isprintable():  # the common case, at C speed
        return s
    out = []
    for ch in s:
        if ch == "\n" and newlines:
            out.append(ch)
        elif ch in _INVISIBLE or unicodedata.category(ch) in ("Cc", "Zl", "Zp"):
            out.append(_spelt(ch))
        else:
            out.append(ch)
    return "".join(out)
