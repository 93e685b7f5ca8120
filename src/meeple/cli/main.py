"""Entry point of the ``meeple`` command."""

import typer

app = typer.Typer(help="Play, simulate and replay tabletop games.", no_args_is_help=True)


@app.command()
def games() -> None:
    """List the games."""
    from meeple.core.registry import game_names

    for name in game_names():
        typer.echo(name)
