"""Months and moments in the reader's words: "December 2026", "5 minutes ago", "31 Dec 2026"."""

from __future__ import annotations

from datetime import date, datetime, timedelta

from babel.dates import format_date, format_skeleton, format_timedelta

from stammtisch.services.seasons import parse_season

RECENT = timedelta(days=7)
"""How long a moment is told relatively ("3 hours ago") before it is shown as a date."""


def month_name(key: str, language: str) -> str:
    """A month (`YYYY-MM`) as the reader says it in a sentence: "Dezember 2026", "décembre 2026"."""
    season = parse_season(key)
    return format_skeleton("yMMMM", date(season.year, season.month, 1), locale=language)


def month_title(key: str, language: str) -> str:
    """A month standing on its own (a choice, a heading): "Dezember 2026", "Décembre 2026"."""
    text = month_name(key, language)
    return text[:1].upper() + text[1:]


def last_day(ends: datetime, language: str) -> str:
    """The last day before a month's end (an exclusive instant), as a long date."""
    return format_date((ends - timedelta(seconds=1)).date(), format="long", locale=language)


def moment(at: datetime, now: datetime, language: str) -> str:
    """When something happened: relatively within a week ("vor 5 Minuten"), else a short date."""
    if now - at < RECENT:
        return format_timedelta(at - now, add_direction=True, locale=language)
    return format_date(at.date(), format="medium", locale=language)


def time_left(until: datetime, now: datetime, language: str) -> str:
    """How long until a moment, in the reader's words ("in 12 Tagen")."""
    return format_timedelta(until - now, add_direction=True, threshold=1.5, locale=language)
