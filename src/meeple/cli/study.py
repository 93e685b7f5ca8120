"""What ``meeple compare`` and ``meeple sweep`` share: their common options, checking them,
playing every variant on the same seeds under one progress bar, keeping each variant's games
for ``--resume``, writing the report and saying how a study ended.

A command reads what its variants are from its own options and hands the rest to
:func:`run_study`::

    run_study(game, StudyOptions(games=100, ...), plan, Comparison.to_html, "Comparison")
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypedDict, cast, get_type_hints

import typer

from meeple.cli import options as opt
from meeple.cli.common import (
    err_console,
    fail,
    plural,
    progress_bar,
    resolve_game,
    seats_for,
    shown,
    split_agents,
)
from meeple.core.errors import ConfigError, MeepleError

if TYPE_CHECKING:
    from meeple.sim.compare import Comparison, Variant
    from meeple.sim.session import Run

StudyAgents = Annotated[
    list[str] | None,
    typer.Option("--agents", "-a", help="Agents, comma-separated (default: the game's heuristic)."),
]

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


class StudyTail(TypedDict):
    """The options every study's command ends with, as given (see :func:`study_command`)."""

    progress: bool
    force: bool
    quiet: bool
    backend: str
    address: str | None
    runs: Path | None
    resume: bool


#: :class:`StudyTail`'s options as Typer reads them: (name, annotation, default), in the
#: order ``--help`` lists them after a command's own.
STUDY_TAIL: tuple[tuple[str, Any, Any], ...] = (
    ("progress", opt.Progress, True),
    ("force", opt.Force, False),
    ("quiet", opt.Quiet, False),
    ("backend", opt.Backend, "local"),
    ("address", opt.Address, None),
    ("runs", Runs, None),
    ("resume", StudyResume, False),
)


def study_command(command: Callable[..., None]) -> Callable[..., None]:
    """``command`` with the options of :data:`STUDY_TAIL` added after its own parameters,
    for Typer to read from the signature; ``command`` takes them together as its ``tail``
    parameter (a :class:`StudyTail`, to pass on to :class:`StudyOptions`). Called directly,
    a tail option not given takes its default.

    Raises:
        TypeError: when ``command`` has no ``tail`` parameter or one of the tail's own.
    """
    hints = get_type_hints(command, include_extras=True)
    params = inspect.signature(command).parameters
    names = {name for name, _, _ in STUDY_TAIL}
    if "tail" not in params or names & set(params):
        raise TypeError(f"{command.__name__} takes the study's options as `tail` alone")
    own = [p.replace(annotation=hints[p.name]) for p in params.values() if p.name != "tail"]
    added = [
        inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=ann)
        for name, ann, default in STUDY_TAIL
    ]

    @functools.wraps(command)
    def run(*args: Any, **given: Any) -> None:
        tail = {name: given.pop(name, default) for name, _, default in STUDY_TAIL}
        command(*args, **given, tail=cast(StudyTail, tail))

    run.__signature__ = inspect.Signature([*own, *added], return_annotation=None)  # type: ignore[attr-defined]
    run.__annotations__ = {p.name: p.annotation for p in (*own, *added)} | {"return": None}
    return run


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
    from meeple.sim.compare import check_variants, run_variants, study_results, study_specs
    from meeple.sim.runner import check_backend
    from meeple.sim.session import stopped_message

    if resume and runs is None:
        raise ConfigError("--resume needs the --runs directory of the study to resume")
    specs = study_specs(game, players, agents, games, variants, seed)
    check_variants(variants, specs)
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


@dataclass(frozen=True, kw_only=True)
class StudyOptions:
    """The options ``meeple compare`` and ``meeple sweep`` share, as given on the command line
    (unchecked; :func:`run_study` checks them)."""

    games: int  #: games per variant
    agents: list[str] | None  #: ``--agents`` as given (``None``: the game's heuristic)
    players: int | None  #: seats (``None``: one per agent named, else the default count)
    seed: int  #: base seed, shared by every variant
    jobs: int  #: processes (0: one per core)
    out: Path | None  #: report file (``None``: :attr:`StudyPlan.stem` with its suffix)
    as_json: bool  #: write JSON instead of HTML
    progress: bool
    force: bool
    quiet: bool
    backend: str
    address: str | None
    runs: Path | None  #: directory keeping each variant's games
    resume: bool


@dataclass(frozen=True)
class StudyPlan:
    """What a study plays, read from a command's own options once the game is known."""

    variants: list[Variant]  #: the first is the baseline
    sweep: str | None  #: the swept option (one table and plot of every metric), or ``None``
    stem: str  #: the report's default file name, without its suffix


def run_study(
    game: str,
    options: StudyOptions,
    plan: Callable[[str], StudyPlan],
    html: Callable[[Comparison], str],
    what: str,
) -> None:
    """Check ``options``, play the variants ``plan`` gives and write their report: JSON with
    ``--json``, else ``html(comparison)``, to ``options.out`` or ``STEM.html``/``STEM.json``
    (a resumed study writes its report again over the one a killed run left). Then a warning
    per variant whose games ended at a safety limit (standard error), the headlines (standard
    output) and, unless quiet, where the games are kept and ``"<what> written to <file>"``.

    Args:
        game: The game's name as given (any spelling :func:`meeple.cli.common.resolve_game`
            accepts).
        options: The shared options.
        plan: The variants, from the game's registered name; it may raise
            :class:`~meeple.core.errors.MeepleError` for options it refuses.
        html: The HTML report of the comparison.
        what: What the report is called in the closing line (``"Sweep"``, ``"Comparison"``).

    Raises:
        typer.Exit: after an ``error:`` line for an unknown game, whatever
            :func:`play_study` or ``plan`` refuses, a report file that exists without
            ``--force`` (or ``--resume``), and when the study stopped early.
    """
    from meeple.sim.compare import compare_variants
    from meeple.sim.defaults import default_agents
    from meeple.sim.session import check_games, claimed_output, resolve_jobs

    cls = resolve_game(game)
    name = cls.info.name
    try:
        agents = split_agents(options.agents) or default_agents(name)
        check_games(options.games, "--games")
        jobs = resolve_jobs(options.jobs, "--jobs")
        players = options.players if options.players is not None else seats_for(cls, agents)
        chosen = plan(name)
        target = options.out or Path(f"{chosen.stem}.{'json' if options.as_json else 'html'}")
        with claimed_output(target, force=options.force or options.resume) as target:
            played = play_study(
                name,
                players,
                agents,
                options.games,
                chosen.variants,
                options.seed,
                jobs,
                runs=options.runs,
                resume=options.resume,
                force=options.force,
                show=options.progress and not options.quiet,
                backend=options.backend,
                address=options.address,
            )
            result = compare_variants(played, chosen.sweep)
            text = result.to_json() + "\n" if options.as_json else html(result)
            target.write_text(text, encoding="utf-8")
    except MeepleError as err:
        raise fail(str(err)) from None
    warn_limits(played)
    for line in result.headlines:
        typer.echo(line)
    if not options.quiet:
        note = kept_note(options.runs, len(chosen.variants))
        if note:
            err_console().print(note)
        err_console().print(f"{what} written to {shown(str(target))}")
