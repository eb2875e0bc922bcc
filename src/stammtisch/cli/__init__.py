"""The `stammtisch` command line: one sub-command group per game or platform area."""

from __future__ import annotations

import typer

app = typer.Typer(
    name="stammtisch",
    help="Stammtisch: play Challengers! and Klubnacht online with regulars.",
    no_args_is_help=True,
    add_completion=False,
)


@app.callback()
def _root() -> None:
    """Stammtisch: play Challengers! and Klubnacht online with regulars."""


def main() -> None:
    """Entry point of the console script."""
    app()
