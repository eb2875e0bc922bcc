"""`stammtisch album ...`: look at a month's album, and write month files ahead of time."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from stammtisch.services.album.catalogue import LANGUAGES, TIERS, AlbumDataError, catalogue
from stammtisch.services.album.months import (
    MONTHS_FOLDER,
    album_month,
    generate_month,
    month_file,
    month_json,
)
from stammtisch.services.album.tasks import task_text
from stammtisch.services.seasons import (
    Season,
    SeasonError,
    parse_season,
    season_of,
    seasons_between,
)
from stammtisch.services.timesource import SystemClock

app = typer.Typer(help="The monthly collectible album.", no_args_is_help=True)


def _season(text: str | None) -> Season:
    try:
        return parse_season(text) if text else season_of(SystemClock().now())
    except SeasonError as error:
        raise typer.BadParameter(str(error)) from None


@app.command("show")
def show(
    month: Annotated[str | None, typer.Argument(help="YYYY-MM; default: this month.")] = None,
    lang: Annotated[str, typer.Option(help=f"One of {', '.join(LANGUAGES)}.")] = "en",
) -> None:
    """Print a month's 9 cards: motif, task at each tier."""
    season = _season(month)
    try:
        album = album_month(season)
    except AlbumDataError as error:
        typer.echo(str(error), err=True)
        raise typer.Exit(1) from None
    data = catalogue()
    typer.echo(f"{album.month} · {data.themes[album.theme].name.get(lang)}")
    for number, card in enumerate(album.cards, start=1):
        task = data.tasks[card.task]
        typer.echo(f"{number}. {data.motifs[card.motif].name.get(lang)}")
        for tier, target in zip(TIERS, card.tiers, strict=True):
            typer.echo(f"   {data.tiers[tier].get(lang)}: {task_text(task, target, lang)}")


@app.command("write-months")
def write_months(
    through: Annotated[str, typer.Option(help="The last month to write, YYYY-MM.")],
    folder: Annotated[Path, typer.Option(help="Where the month files live.")] = MONTHS_FOLDER,
) -> None:
    """Write the generated album of every month up to --through that has no file yet.

    Existing files are never changed: a month's album must stay as its members saw it.
    """
    first = Season(2026, 1)
    written = 0
    for season in seasons_between(first, _season(through)):
        path = folder / month_file(season)
        if not path.exists():
            path.write_text(month_json(generate_month(season)), encoding="utf-8")
            written += 1
    typer.echo(f"{written} month file(s) written to {folder}.")
