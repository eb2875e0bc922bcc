"""Monthly seasons: every calendar month (UTC) is a season, named like ``2026-11``."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime

_KEY = re.compile(r"^(\d{4})-(0[1-9]|1[0-2])$")

ALL_TIME = "all"
"""The period key of all-time ratings, kept beside the monthly seasons."""


class SeasonError(ValueError):
    """A malformed season key."""


@dataclass(frozen=True, slots=True, order=True)
class Season:
    """One calendar month in UTC; ordered by time."""

    year: int
    month: int

    @property
    def key(self) -> str:
        """The canonical text form, e.g. ``2026-11``."""
        return f"{self.year:04d}-{self.month:02d}"

    @property
    def starts(self) -> datetime:
        """The first instant of the season (UTC, inclusive)."""
        return datetime(self.year, self.month, 1, tzinfo=UTC)

    @property
    def ends(self) -> datetime:
        """The first instant after the season (UTC, exclusive)."""
        return self.next().starts

    def next(self) -> Season:
        """The following month."""
        return Season(self.year + self.month // 12, self.month % 12 + 1)

    def previous(self) -> Season:
        """The month before."""
        return Season(self.year - (self.month == 1), (self.month - 2) % 12 + 1)

    def __str__(self) -> str:
        return self.key


def season_of(moment: datetime) -> Season:
    """The season a moment belongs to; naive datetimes are refused (time is always UTC-aware)."""
    if moment.tzinfo is None:
        raise ValueError("season_of needs a timezone-aware datetime")
    utc = moment.astimezone(UTC)
    return Season(utc.year, utc.month)


def parse_season(key: str) -> Season:
    """The season of a key like ``2026-11``; raises SeasonError for anything else."""
    match = _KEY.match(key)
    if match is None:
        raise SeasonError(f"{key!r} is not a season; seasons are written like 2026-11.")
    return Season(int(match.group(1)), int(match.group(2)))


def seasons_between(first: Season, last: Season) -> list[Season]:
    """Every season from first to last, both included, oldest first."""
    seasons: list[Season] = []
    season = first
    while season <= last:
        seasons.append(season)
        season = season.next()
    return seasons
