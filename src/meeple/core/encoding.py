"""The encoder contract and the writer that lays features out in a fixed order.

An encoder turns one seat's observation (the JSON data of ``State.observe(seat)``) into a
float32 vector whose length depends only on the game's configuration (player count, content).
It reads nothing but that observation, so an encoding leaks nothing the seat cannot see, and
the encoding of a determinization equals the original's (the engine guarantees
``observe(determinize(obs), seat) == obs``).

Every feature lies in ``[-1, 1]``: one-hot and multi-hot blocks, flags, and scalars divided by a
bound of the configuration and clipped (see :meth:`Writer.scalar`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

import numpy as np

from meeple.core.game import Game, State


class Writer:
    """Lays feature blocks out in a flat float32 vector, recording the layout on request.

    Args:
        buffer: The zeroed output, or ``None`` to only measure the layout.

    Every method advances the cursor by a number of slots that depends only on its arguments'
    sizes, never on the observed values, so every observation of one configuration yields the
    same layout. The non-zero features are kept aside (most of a vector is zero) and written to
    the buffer at once by :meth:`flush`.
    """

    __slots__ = ("buf", "hot", "layout", "pos")

    def __init__(self, buffer: np.ndarray | None = None):
        self.buf = buffer
        self.pos = 0
        self.layout: list[tuple[str, int, int]] | None = [] if buffer is None else None
        #: slot -> value of every non-zero feature written so far
        self.hot: dict[int, float] = {}

    def section(self, name: str) -> None:
        """Start a named block (recorded only while measuring)."""
        if self.layout is not None:
            self.layout.append((name, self.pos, 0))

    def flush(self) -> None:
        """Write the non-zero features into the buffer (nothing while measuring)."""
        hot = self.hot
        if hot and self.buf is not None:
            k = len(hot)
            self.buf[np.fromiter(hot, np.intp, k)] = np.fromiter(hot.values(), np.float32, k)

    def onehot(self, index: Any, n: int) -> None:
        """``n`` slots with a 1 at ``index`` (nothing for ``None`` or an index out of range)."""
        if (type(index) is int or is_int(index)) and 0 <= index < n:
            self.hot[self.pos + index] = 1.0
        self.pos += n

    def multihot(self, indices: Iterable[Any] | None, n: int) -> None:
        """``n`` slots with a 1 at every valid index of ``indices``."""
        if indices:
            hot = self.hot
            pos = self.pos
            for i in indices:
                if (type(i) is int or is_int(i)) and 0 <= i < n:
                    hot[pos + i] = 1.0
        self.pos += n

    def counts(self, indices: Iterable[Any] | None, n: int, scale: float) -> None:
        """``n`` slots counting the occurrences of each valid index, divided by ``scale``
        (at most 1)."""
        if indices:
            seen: dict[int, int] = {}
            for i in indices:
                if (type(i) is int or is_int(i)) and 0 <= i < n:
                    seen[i] = seen.get(i, 0) + 1
            hot = self.hot
            for i, k in seen.items():
                hot[self.pos + i] = min(1.0, k / scale)
        self.pos += n

    def bits(self, mask: Any, n: int) -> None:
        """``n`` slots holding the low ``n`` bits of the integer ``mask``."""
        if isinstance(mask, int) and mask > 0:
            hot = self.hot
            pos = self.pos
            for i in range(n):
                if mask >> i & 1:
                    hot[pos + i] = 1.0
        self.pos += n

    def flag(self, value: Any) -> None:
        """One slot: 1 when ``value`` is truthy."""
        if value:
            self.hot[self.pos] = 1.0
        self.pos += 1

    def scalar(self, value: Any, scale: float) -> None:
        """One slot: ``value / scale`` clipped to ``[-1, 1]`` (0 for ``None`` or non-numbers)."""
        if value and (type(value) is int or type(value) is float or is_number(value)):
            v = value / scale
            self.hot[self.pos] = 1.0 if v > 1.0 else -1.0 if v < -1.0 else float(v)
        self.pos += 1

    def logscalar(self, value: Any, bound: float) -> None:
        """One slot: ``log(1 + value) / log(1 + bound)`` clipped to ``[0, 1]``, for wide ranges."""
        if (type(value) is int or type(value) is float or is_number(value)) and value > 0:
            self.hot[self.pos] = min(1.0, math.log1p(value) / math.log1p(bound))
        self.pos += 1

    def scalar_map(self, values: Any, index: dict[Any, int], scale: float) -> None:
        """``len(index)`` slots: slot ``index[key]`` holds ``values[key]`` as :meth:`scalar`
        (keys of ``values`` outside ``index``, and a ``values`` that is not a dict, give 0)."""
        if values and isinstance(values, dict):
            hot = self.hot
            pos = self.pos
            for key, value in values.items():
                i = index.get(key)
                if (
                    i is not None
                    and value
                    and (type(value) is int or type(value) is float or is_number(value))
                ):
                    v = value / scale
                    hot[pos + i] = 1.0 if v > 1.0 else -1.0 if v < -1.0 else float(v)
        self.pos += len(index)

    def indexed(self, keys: Iterable[Any] | None, index: dict[Any, int], n: int) -> None:
        """``n`` slots with a 1 at ``index[key]`` for every key of ``keys`` that ``index``
        has (card ids, page ids... mapped to their slots)."""
        self.multihot([index.get(k, -1) for k in keys] if keys else None, n)

    def scalars(self, values: Sequence[Any] | None, n: int, scale: float) -> None:
        """``n`` slots: the first ``n`` of ``values`` as :meth:`scalar` (missing ones 0)."""
        start = self.pos
        if values:
            for v in list(values)[:n]:
                self.scalar(v, scale)
        self.pos = start + n


def clip(v: float) -> float:
    """``v`` clipped to ``[-1, 1]``, as a float (the bound of every feature)."""
    return 1.0 if v > 1.0 else -1.0 if v < -1.0 else float(v)


def is_int(x: Any) -> bool:
    """An integer other than a bool (the slow path of the writers' ``type(x) is int``)."""
    return isinstance(x, int) and not isinstance(x, bool)


def is_number(x: Any) -> bool:
    """A real number other than a bool."""
    return isinstance(x, int | float) and not isinstance(x, bool)


class Encoder:
    """Encodes a seat's observation of one game configuration as a fixed-shape vector.

    Subclasses set :attr:`game_name` and implement :meth:`write`.

    Args:
        game: The configured game (its player count and content fix the layout).

    Attributes:
        shape: ``(size,)``, the shape of every encoding.
        layout: ``(block name, start, length)`` of every block, in order.
    """

    game_name: ClassVar[str] = ""
    #: Keys that only this game's observations have: an observation with none of them is
    #: another game's (one missing key is tolerated, as any missing field is).
    marks: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, game: Game):
        if self.game_name and game.info.name != self.game_name:
            raise ValueError(
                f"{type(self).__name__} encodes {self.game_name}, not {game.info.name}"
            )
        self.game = game
        self.num_players = game.num_players
        self.setup(game)
        probe = game.new_initial_state().observe(0)
        w = Writer()
        self.write(w, probe)
        self.size = w.pos
        starts = [(name, start) for name, start, _ in w.layout or []]
        ends = [s for _, s in starts[1:]] + [self.size]
        self.layout: list[tuple[str, int, int]] = [
            (name, start, end - start) for (name, start), end in zip(starts, ends, strict=True)
        ]

    @property
    def shape(self) -> tuple[int]:
        return (self.size,)

    def setup(self, game: Game) -> None:
        """Read the configuration constants the layout depends on (called once)."""

    def write(self, w: Writer, obs: dict[str, Any]) -> None:
        """Append the features of ``obs`` to ``w``."""
        raise NotImplementedError

    def encode(self, observation: dict[str, Any], out: np.ndarray | None = None) -> np.ndarray:
        """The float32 vector of ``observation`` (a seat's ``observe`` data).

        Args:
            observation: One seat's observation (a spectator's has no seat to encode for).
            out: Optional zeroed buffer of shape :attr:`shape` to fill.

        Returns:
            An array of shape :attr:`shape`, values in ``[-1, 1]``.

        Raises:
            ValueError: for anything but a dict, a spectator's observation, one without a seat
                or with a seat the game does not have, or one of another game or player count
                than the encoder's.
        """
        name = self.game.info.name
        if not isinstance(observation, dict):
            raise ValueError(
                f"an observation is the dict State.observe gives, not {type(observation).__name__}"
            )
        other = observation.get("game")
        if isinstance(other, str) and other != name:
            raise ValueError(f"an observation of {other} given to the encoder of {name}")
        if self.marks and not self.marks.intersection(observation):
            raise ValueError(
                f"not an observation of {name}: it has none of {', '.join(sorted(self.marks))}"
            )
        seat = self.seat_of(observation)
        if seat is None:
            raise ValueError(
                f"encoders need a seat's observation of {name}; this one has no seat (a "
                "spectator's, or not an observation of this game)"
            )
        count = self.players_of(observation)
        if count is not None and count != self.num_players:
            raise ValueError(
                f"an observation of a {count}-player game given to the encoder of "
                f"{self.num_players}-player {name}: make an encoder for that game"
            )
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.num_players:
            raise ValueError(
                f"an observation of seat {seat!r}: the encoder of {self.num_players}-player "
                f"{name} has seats 0..{self.num_players - 1}"
            )
        buf = np.zeros(self.size, np.float32) if out is None else out
        w = Writer(buf)
        self.write(w, observation)
        w.flush()
        if w.pos != self.size:  # pragma: no cover - a layout bug, never data dependent
            raise AssertionError(f"encoding wrote {w.pos} features, layout has {self.size}")
        return buf

    def encode_state(self, state: State, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The float32 vector of ``seat``'s view of ``state``, read straight from the state.

        Equal, byte for byte, to ``encode(state.observe(seat))`` (the tests compare both over
        seeded games of every game and player count), so it reads only what that observation
        carries; a game whose encoder has no state path (no :meth:`write_state` of its own)
        builds the observation and encodes it.

        Args:
            state: A state of the encoder's game configuration.
            seat: The observing seat, ``0..num_players - 1``.
            out: Optional float32 buffer of shape :attr:`shape`, overwritten (zeroed first), so
                one buffer serves every step.

        Returns:
            ``out`` (or a new array) of shape :attr:`shape`, values in ``[-1, 1]``.

        Raises:
            ValueError: for a seat the game does not have, or a state of another game or
                player count than the encoder's.
        """
        game = state.game
        if game is not self.game and (
            game.info.name != self.game.info.name or game.num_players != self.num_players
        ):
            raise ValueError(
                f"a state of {game.num_players}-player {game.info.name} given to the encoder "
                f"of {self.num_players}-player {self.game.info.name}"
            )
        if type(seat) is not int or not 0 <= seat < self.num_players:
            raise ValueError(
                f"seat {seat!r}: the encoder of {self.num_players}-player "
                f"{self.game.info.name} has seats 0..{self.num_players - 1}"
            )
        if out is None:
            buf = np.zeros(self.size, np.float32)
        else:
            buf = out
            buf.fill(0.0)
        w = Writer(buf)
        self.write_state(w, state, seat)
        w.flush()
        if w.pos != self.size:  # pragma: no cover - a layout bug, never data dependent
            raise AssertionError(f"encoding wrote {w.pos} features, layout has {self.size}")
        return buf

    def write_state(self, w: Writer, state: State, seat: int) -> None:
        """Append the features of ``seat``'s view of ``state`` to ``w``, as :meth:`write`
        appends those of ``state.observe(seat)``. Games override it to skip the observation;
        this default builds it."""
        self.write(w, state.observe(seat))

    def seat_of(self, observation: dict[str, Any]) -> int | None:
        """The observing seat of ``observation``."""
        return observation.get("seat")

    def players_of(self, observation: dict[str, Any]) -> int | None:
        """The player count ``observation`` shows (its ``players``: a count, or one entry per
        player), or ``None`` when it does not say."""
        players = observation.get("players")
        if isinstance(players, int) and not isinstance(players, bool):
            return players
        if isinstance(players, list):
            return len(players)
        return None

    # -- helpers ------------------------------------------------------------------------------
    def rel(self, seat: Any, me: int) -> int:
        """``seat`` counted from ``me`` (0 = me, 1 = next seat...), or -1 for a non-seat."""
        n = self.num_players
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < n:
            return (seat - me) % n
        return -1

    def seat_onehot(self, w: Writer, seat: Any, me: int) -> None:
        """``n`` slots: ``seat`` counted from ``me`` (:meth:`rel`), one-hot (none for a
        non-seat)."""
        w.onehot(self.rel(seat, me), self.num_players)

    def seats_from(self, me: int) -> list[int]:
        """Seats in order starting with ``me``."""
        n = self.num_players
        return [(me + k) % n for k in range(n)]


__all__ = ["Encoder", "Writer", "clip"]
