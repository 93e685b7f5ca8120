"""Game records: everything needed to rebuild a game exactly, as JSON.

A record names the game, its rules version and configuration, the driver's seed, the agents,
every action (chance outcomes included) with the seat that took it, and the result.
``replay(record)`` rebuilds the identical state (equal :meth:`State.fingerprint`).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from meeple.core.errors import ConfigError
from meeple.core.game import CHANCE, State
from meeple.core.registry import make


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
    actions: list[list] = field(default_factory=list)
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
    def from_json(cls, text: str) -> GameRecord:
        """Parse a record.

        Raises:
            ConfigError: when required fields are missing or mistyped.
        """
        try:
            data = json.loads(text)
            return cls(**data)
        except (TypeError, ValueError) as e:
            raise ConfigError(f"not a meeple game record: {e}") from None

    def save(self, path: str | Path) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(self.to_json())
        return path

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        return cls.from_json(Path(path).read_text())


def replay(record: GameRecord, upto: int | None = None, verify: bool = True) -> State:
    """Rebuild the state a record describes.

    Args:
        record: The record.
        upto: Apply only the first ``upto`` actions.
        verify: Check the final fingerprint when the whole record is replayed.

    Raises:
        ConfigError: if the record's rules version differs from the installed game's, or the
            rebuilt state does not match the recorded fingerprint.
        IllegalActionError: if an action in the record is illegal under the current rules.
    """
    game = make(record.game, **{k: v for k, v in record.config.items()})
    if game.info.version != record.version:
        raise ConfigError(
            f"record was played under {record.game} rules {record.version}, "
            f"installed rules are {game.info.version}"
        )
    state = game.new_initial_state()
    actions = record.actions if upto is None else record.actions[:upto]
    for seat, text in actions:
        state.apply_action(text, seat if seat != CHANCE else CHANCE)
    if verify and upto is None and record.fingerprint and state.fingerprint() != record.fingerprint:
        raise ConfigError("replayed state differs from the recorded one")
    return state
