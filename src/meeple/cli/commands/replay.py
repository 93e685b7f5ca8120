"""``meeple replay``: a saved record, action by action."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Annotated

import typer

from meeple.cli.common import check_path, console, fail, read_line
from meeple.core.errors import ConfigError, IllegalActionError, MeepleError


def replay(
    file: Annotated[Path, typer.Argument(help="A saved game record (JSON).")],
    step: Annotated[bool, typer.Option("--step", help="Wait for Enter between actions.")] = False,
    seat: Annotated[
        int | None, typer.Option("--seat", help="Show only what this seat may see.")
    ] = None,
    content: Annotated[
        Path | None,
        typer.Option(
            "--content",
            help="Replay with the content directory DIR instead of the one the record names "
            "(a directory moved or copied elsewhere since); the replay must still end as "
            "recorded.",
            metavar="DIR",
        ),
    ] = None,
) -> None:
    """Replay a saved record: every action with who took it, then the result."""
    from meeple.cli.replay import replay_record
    from meeple.sim.journal import load_game

    record = None
    try:
        record, _ = load_game(file)
        recorded = record.config.get("content")
        if content is not None:
            check_path(str(content), "--content")
            record = dataclasses.replace(record, config={**record.config, "content": str(content)})
        elif (
            isinstance(recorded, str) and not check_path(recorded, "the record's content").is_dir()
        ):
            raise ConfigError(
                f"the record was played with the content directory {recorded}, which is not "
                "there: give --content DIR where it is now"
            )
        replay_record(record, console(), step=step, seat=seat, read_line=read_line)
    except OSError as e:
        raise fail(f"cannot read {file}: {e.strerror or e}") from None
    except IllegalActionError as e:
        content = record.config.get("content") if record is not None else None
        hint = f" (it was played with the content in {content}: has it changed since?)"
        raise fail(
            f"the record does not replay under the installed rules: {e}" + (hint if content else "")
        ) from None
    except (MeepleError, ImportError) as e:
        raise fail(str(e)) from None
