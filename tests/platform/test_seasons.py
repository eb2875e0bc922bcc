"""Monthly seasons: every calendar month in UTC is a season."""

from datetime import UTC, datetime, timedelta, timezone

import pytest

from stammtisch.services.seasons import (
    Season,
    SeasonError,
    parse_season,
    season_of,
    seasons_between,
)


def test_a_season_is_a_calendar_month_in_utc() -> None:
    assert season_of(datetime(2026, 11, 30, 23, 59, 59, tzinfo=UTC)) == Season(2026, 11)
    assert season_of(datetime(2026, 12, 1, 0, 0, tzinfo=UTC)) == Season(2026, 12)


def test_the_month_is_taken_in_utc_not_local_time() -> None:
    berlin_new_year = datetime(2027, 1, 1, 0, 30, tzinfo=timezone(timedelta(hours=1)))
    assert season_of(berlin_new_year) == Season(2026, 12)


def test_naive_times_are_refused() -> None:
    with pytest.raises(ValueError, match="timezone-aware"):
        season_of(datetime(2026, 11, 1))


def test_season_bounds_cover_the_month_exactly() -> None:
    season = Season(2026, 12)
    assert season.starts == datetime(2026, 12, 1, tzinfo=UTC)
    assert season.ends == datetime(2027, 1, 1, tzinfo=UTC)
    assert season_of(season.ends - timedelta(microseconds=1)) == season


def test_next_and_previous_cross_the_year() -> None:
    assert Season(2026, 12).next() == Season(2027, 1)
    assert Season(2027, 1).previous() == Season(2026, 12)
    assert Season(2026, 5).next().previous() == Season(2026, 5)


def test_season_keys_round_trip() -> None:
    assert parse_season("2026-03").key == "2026-03"
    assert str(Season(2027, 10)) == "2027-10"


@pytest.mark.parametrize("bad", ["2026-13", "2026-00", "26-01", "2026-1", "all", "2026-01x"])
def test_malformed_season_keys_are_a_clear_error(bad: str) -> None:
    with pytest.raises(SeasonError, match="seasons are written like 2026-11"):
        parse_season(bad)


def test_seasons_between_lists_each_month_once_oldest_first() -> None:
    months = seasons_between(Season(2026, 11), Season(2027, 2))
    assert [season.key for season in months] == ["2026-11", "2026-12", "2027-01", "2027-02"]
    assert seasons_between(Season(2027, 2), Season(2026, 11)) == []
