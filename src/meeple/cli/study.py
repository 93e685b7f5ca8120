"""What ``meeple compare`` and ``meeple sweep`` share: playing every variant on the same
seeds under one progress bar, keeping each variant's games for ``--resume``, and saying how a
study ended."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from meeple.cli.common import err_console, plural, progress_bar, shown
from meeple.core.errors import ConfigError

if TYPE_CHECKING:
    from meeple.sim.compare import Variant
    from meeple.sim.session import Run

Runs = Annotated[
    Path | None,
    typer.Option(
        "--runs",
        help="Keep each variant's games in this directory (one .jsonl results file per "
        "variant, streamed as games end), so that a study killed or stopped can --resume.",
    ),
]
StudyResume = Annotated[
    bool,
    typer.Option(
        "--resume",
        help="Go on with the study kept in --runs that did not finish: the games each variant "
        "finished are kept, the others played; the same arguments as the first time.",
    ),
]


def play_study(
    game: str,
    players: int,
    agents: Sequence[str],
    games: int,
    variants: Sequence[Variant],
    seed: int,
    jobs: int,
    *,
    runs: Path | None,
    resume: bool,
    force: bool,
    show: bool,
    backend: str,
    address: str | None,
) -> list[tuple[Variant, Run]]:
    """Play every variant on the same seeds under one progress bar (the games a resumed
    study kept count as done), each variant's games kept in ``runs`` when given.

    Raises:
        ConfigError: for ``resume`` without ``runs``, and whatever
            :func:`meeple.sim.compare.run_variants` and
            :func:`meeple.sim.compare.study_results` refuse, before any game is played.
        typer.Exit: after a line saying why, when the study stopped early (130 after
            Ctrl-C, 1 otherwise; a game's error is raised again).
    """
    from meeple.cli.runs import stop
    from meeple.sim.compare import run_variants, study_results, study_specs
    from meeple.sim.runner import check_backend, check_simulation
    from meeple.sim.session import stopped_message

    if resume and runs is None:
        raise ConfigError("--resume needs the --runs directory of the study to resume")
    specs = study_specs(game, players, agents, games, variants, seed)
    for v, spec in zip(variants, specs, strict=True):
        try:
            check_simulation(spec)
        except ConfigError as err:
            raise ConfigError(f"variant {v.label}: {err}") from None
    check_backend(backend)
    results = None
    if runs is not None:
        results = study_results(runs, specs, variants, resume=resume, force=force)
    done = sum(len(r.kept) for r in results) if results else 0
    total = games * len(variants)
    with progress_bar(f"{game} x{total}", total, show, done) as advance:
        out = run_variants(
            game, players, agents, games, variants, seed, jobs, advance, backend, address, results
        )
    last_variant, last = out[-1]
    if last.stopped:
        kept = (
            f"; the finished games are kept in {shown(str(runs))}: run the same command "
            "with --resume to go on"
            if runs is not None
            else "; give --runs DIR to keep a study's games"
        )
        message = stopped_message(last.stopped, len(last.rows), games, "none")
        stop(last.stopped, f"variant {shown(last_variant.label)}: {message}{kept}")
    return out


def warn_limits(runs: Sequence[tuple[Variant, Run]]) -> None:
    """A warning on standard error for each variant some of whose games ended at a safety
    limit (:func:`meeple.sim.defaults.limit_warning`)."""
    from meeple.sim.defaults import limit_warning

    for v, run in runs:
        warning = limit_warning(run.rows)
        if warning:
            err_console().print(
                f"[yellow]warning:[/] variant {shown(v.label)}: {shown(warning)}", soft_wrap=True
            )


def kept_note(runs: Path | None, variants: int) -> str | None:
    """The note that says where the variants' games are kept, or ``None``."""
    if runs is None:
        return None
    return f"Games of the {plural(variants, 'variant')} kept in {shown(str(runs))}"
