"""The `stammtisch` command line: one sub-command group per game or platform area."""

from __future__ import annotations

import typer

app = typer.Typer(
    name="stammtisch",
    help="Stammtisch: play Challengers! and Klubnacht online with regulars.",
    no_args_is_help=True,
    add_completion=False,
)


from stammtisch.cli import challengers as _challengers  # noqa: E402

app.add_typer(_challengers.app, name="challengers")


@app.callback()
def _root() -> None:
    """Stammtisch: play Challengers! and Klubnacht online with regulars."""


from stammtisch.cli import member, serve  # noqa: E402

app.command("serve")(serve.serve)
app.add_typer(member.app, name="member")


from stammtisch.cli import klubnacht  # noqa: E402

app.add_typer(klubnacht.app, name="klubnacht")


from stammtisch.cli import album  # noqa: E402

app.add_typer(album.app, name="album")


from stammtisch.cli import db  # noqa: E402

app.add_typer(db.app, name="db")


def main() -> None:
    """Entry point of the console script."""
    app()
