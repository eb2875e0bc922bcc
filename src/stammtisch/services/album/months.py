"""The album of each month: 9 cards (motif, task, tier thresholds), from a data file per month.

Files are written by the generator (seeded by the month, so it is reproducible) and then kept:
a closed album must look the same forever, even when the catalogue grows. A month without a
file falls back to the generator, so the platform never runs out of albums.
"""

from __future__ import annotations

import json
import random
from functools import cache

from pydantic import ValidationError, model_validator

from stammtisch.services.album.catalogue import (
    DATA_FOLDER,
    AlbumDataError,
    Catalogue,
    StrictModel,
    catalogue,
)
from stammtisch.services.seasons import Season, parse_season

CARDS_PER_MONTH = 9
KLUBNACHT_THEMES = ("clubs", "djs", "night")
"""The Klubnacht motifs rotate month by month through these themes."""

CHARACTERS = "characters"
"""The theme of the Challengers! cards every month carries."""


class CardDef(StrictModel):
    """One card of a month: its motif, its task and the thresholds of its four tiers."""

    motif: str
    task: str
    tiers: tuple[int, int, int, int]


class MonthDef(StrictModel):
    """The album of one month."""

    month: str
    theme: str
    cards: tuple[CardDef, ...]

    @model_validator(mode="after")
    def _nine_distinct(self) -> MonthDef:
        parse_season(self.month)
        if len(self.cards) != CARDS_PER_MONTH:
            raise ValueError(f"a month has {CARDS_PER_MONTH} cards, not {len(self.cards)}")
        if len({card.motif for card in self.cards}) != CARDS_PER_MONTH:
            raise ValueError("a month's motifs must all differ")
        return self

    @property
    def season(self) -> Season:
        """The month this album belongs to."""
        return parse_season(self.month)


def check_against(month: MonthDef, data: Catalogue) -> MonthDef:
    """The month if every motif, task and theme it names exists; else AlbumDataError."""
    if month.theme not in data.themes:
        raise AlbumDataError(f"album {month.month}: unknown theme {month.theme!r}")
    for slot, card in enumerate(month.cards):
        if card.motif not in data.motifs:
            raise AlbumDataError(
                f"album {month.month}, card {slot + 1}: unknown motif {card.motif!r}"
            )
        if card.task not in data.tasks:
            raise AlbumDataError(
                f"album {month.month}, card {slot + 1}: unknown task {card.task!r}"
            )
    return month


def theme_of(season: Season) -> str:
    """The Klubnacht theme of a month (clubs, DJs, the night, in turn)."""
    return KLUBNACHT_THEMES[(season.year * 12 + season.month - 1) % len(KLUBNACHT_THEMES)]


def generate_month(season: Season, data: Catalogue | None = None) -> MonthDef:
    """A month's album drawn from the catalogue with a generator seeded by the month.

    Cards 1-6 show motifs of the month's theme, 7-9 Challengers! characters. Card 1 always
    asks for games against members (every game brings a new card closer), card 2 another task
    for any game, cards 3-6 Klubnacht tasks (one of them about a chip), 7-9 Challengers! tasks.
    """
    data = data or catalogue()
    rng = random.Random(f"stammtisch-album-{season.key}")
    theme = theme_of(season)
    motifs = rng.sample(data.in_theme(theme), 6) + rng.sample(data.in_theme(CHARACTERS), 3)
    first = data.tasks["any_games"]
    second = rng.choice([task for task in data.in_pool("any") if task is not first])
    klubnacht = rng.sample(data.in_pool("klubnacht"), 3) + rng.sample(
        data.in_pool("klubnacht_chip"), 1
    )
    rng.shuffle(klubnacht)
    tasks = [first, second, *klubnacht, *rng.sample(data.in_pool("challengers"), 3)]
    cards = tuple(
        CardDef(motif=motif.key, task=task.key, tiers=task.tiers)
        for motif, task in zip(motifs, tasks, strict=True)
    )
    return MonthDef(month=season.key, theme=theme, cards=cards)


MONTHS_FOLDER = DATA_FOLDER / "months"
"""Where the month files ship inside the package."""


def month_file(season: Season) -> str:
    """The file name of a month's album data."""
    return f"{season.key}.json"


@cache
def album_month(season: Season) -> MonthDef:
    """The album of a month: its data file, checked against the catalogue, or the generator."""
    path = MONTHS_FOLDER / month_file(season)
    if not path.is_file():
        return generate_month(season)
    try:
        month = MonthDef.model_validate(json.loads(path.read_text(encoding="utf-8")))
    except (ValueError, ValidationError) as error:
        raise AlbumDataError(f"album data file months/{month_file(season)}: {error}") from error
    if month.month != season.key:
        raise AlbumDataError(f"album data file months/{month_file(season)} is for {month.month}")
    return check_against(month, catalogue())


def month_json(month: MonthDef) -> str:
    """A month's album as the text of its data file (one line per card)."""
    cards = ",\n".join(f"  {json.dumps(card.model_dump(mode='json'))}" for card in month.cards)
    head = f'{{\n "month": "{month.month}",\n "theme": "{month.theme}",\n'
    return f'{head} "cards": [\n{cards}\n ]\n}}\n'
