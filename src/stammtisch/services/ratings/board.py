"""Leaderboards (current and past seasons, all-time) and a member's ratings for the profile."""

from __future__ import annotations

from pydantic import BaseModel
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from stammtisch.services.ratings.systems import initial, system_of
from stammtisch.services.seasons import ALL_TIME
from stammtisch.store.members import Member
from stammtisch.store.ratings import RatingRow

MIN_GAMES = 5
"""Rated games a member needs in a period to be listed on its leaderboard."""


class RatingView(BaseModel):
    """A rating as a player sees it: rounded; `rank` is None while not listed (under 5 games)."""

    rating: int
    games: int
    wins: int
    peak: int
    rank: int | None


class BoardEntry(BaseModel):
    """One line of a leaderboard."""

    rank: int
    nickname: str
    rating: int
    games: int
    wins: int


def board(
    session: Session, game: str, period: str, limit: int, offset: int
) -> tuple[int, list[BoardEntry]]:
    """The listed members of one leaderboard (best first) and how many are listed in all.

    Equal ratings share a rank (1, 2, 2, 4); within it, more games and then the nickname order.
    """
    listed = (RatingRow.game == game, RatingRow.period == period, RatingRow.games >= MIN_GAMES)
    total = session.scalar(select(func.count()).select_from(RatingRow).where(*listed)) or 0
    rank = func.rank().over(order_by=RatingRow.rating.desc())
    rows = session.execute(
        select(RatingRow, Member.nickname, rank)
        .join(Member, Member.id == RatingRow.member_id)
        .where(*listed)
        .order_by(RatingRow.rating.desc(), RatingRow.games.desc(), Member.nickname_key)
        .limit(limit)
        .offset(offset)
    ).all()
    entries = [
        BoardEntry(
            rank=place,
            nickname=nickname,
            rating=round(row.rating),
            games=row.games,
            wins=row.wins,
        )
        for row, nickname, place in rows
    ]
    return total, entries


def rank_of(session: Session, row: RatingRow) -> int | None:
    """A member's place on the leaderboard of the row's period, or None while not listed."""
    if row.games < MIN_GAMES:
        return None
    better = session.scalar(
        select(func.count())
        .select_from(RatingRow)
        .where(
            RatingRow.game == row.game,
            RatingRow.period == row.period,
            RatingRow.games >= MIN_GAMES,
            RatingRow.rating > row.rating,
        )
    )
    return int(better or 0) + 1


def seasons_played(session: Session, game: str) -> list[str]:
    """The seasons of a game that have ratings, newest first."""
    periods = session.scalars(
        select(RatingRow.period)
        .where(RatingRow.game == game, RatingRow.period != ALL_TIME)
        .distinct()
    )
    return sorted(periods, reverse=True)


def member_rating(session: Session, member_id: int, game: str, period: str) -> RatingView:
    """One member's rating in one game and period (1000 and no games when never rated)."""
    row = session.scalar(
        select(RatingRow).where(
            RatingRow.member_id == member_id, RatingRow.game == game, RatingRow.period == period
        )
    )
    if row is None:
        start = round(initial(system_of(game)).rating)
        return RatingView(rating=start, games=0, wins=0, peak=start, rank=None)
    return RatingView(
        rating=round(row.rating),
        games=row.games,
        wins=row.wins,
        peak=round(row.peak),
        rank=rank_of(session, row),
    )
