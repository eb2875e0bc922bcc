"""A finished game's result for a member who played it: XP, rating change and album progress.

XP and rating changes are read as the game's end recorded them; the album progress is worked out
again from the game's facts (see `album.gains`). A practice game brings nothing: its XP is 0, it
has no rating change and moves no card.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel
from sqlalchemy import select
from sqlalchemy.orm import Session

from stammtisch.services.album.gains import AlbumGains, album_gains
from stammtisch.services.context import Context
from stammtisch.services.errors import conflict, forbidden, not_found
from stammtisch.services.history import has_won, place_of
from stammtisch.services.seasons import ALL_TIME, season_of
from stammtisch.store.games import GameRow, SeatRow
from stammtisch.store.progress import XpAwardRow
from stammtisch.store.ratings import RatingChangeRow


class RatingChange(BaseModel):
    """What the game did to one rating (rounded as ratings are shown)."""

    period: str
    before: int
    after: int
    change: int


class RatingResult(BaseModel):
    """The game's change of this season's rating and of the all-time one."""

    season: RatingChange | None
    all_time: RatingChange | None


class GameResult(BaseModel):
    """What one finished game brought the member who asks."""

    game_id: int
    game: str
    options: dict[str, Any]
    practice: bool
    finished_at: datetime
    ended_by: str
    seat: int
    won: bool
    place: int | None
    xp: int
    rating: RatingResult | None
    album: AlbumGains


def rating_change(row: RatingChangeRow | None) -> RatingChange | None:
    """A recorded rating change as shown, or None when there is none."""
    if row is None:
        return None
    before, after = round(row.before), round(row.after)
    return RatingChange(period=row.period, before=before, after=after, change=after - before)


class Results:
    """Results of finished games for the members who played them."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def result(self, member_id: int, game_id: int, lang: str) -> GameResult:
        """The XP, rating change and album progress this finished game brought the member."""
        with self.ctx.read() as session:
            row, seat = played_game(session, member_id, game_id)
            assert row.outcome is not None, "a finished game has an outcome"
            assert row.finished_at is not None, "a finished game has its end time"
            return GameResult(
                game_id=row.id,
                game=row.game,
                options=row.options,
                practice=row.practice,
                finished_at=row.finished_at,
                ended_by=row.ended_by or "normal",
                seat=seat.seat,
                won=has_won(row.outcome, seat.seat, seat.left),
                place=place_of(row.outcome["ranking"], seat.seat),
                xp=xp_of(session, game_id, member_id),
                rating=rating_of(session, game_id, member_id, season_of(row.finished_at).key),
                album=album_gains(session, row, member_id, self.ctx.clock.now(), lang),
            )


def played_game(session: Session, member_id: int, game_id: int) -> tuple[GameRow, SeatRow]:
    """A finished game and the member's seat in it; refuses others and running games."""
    row = session.get(GameRow, game_id)
    if row is None:
        raise not_found("game.unknown_game", "There is no such game.")
    seat = session.scalar(
        select(SeatRow).where(SeatRow.game_id == game_id, SeatRow.member_id == member_id)
    )
    if seat is None:
        raise forbidden("game.not_seated", "You did not play in this game.")
    if row.status != "finished":
        raise conflict("game.running", "This game is still running; its result follows its end.")
    return row, seat


def xp_of(session: Session, game_id: int, member_id: int) -> int:
    """The XP the game earned the member (0 when it counted for nothing)."""
    xp = session.scalar(
        select(XpAwardRow.xp).where(
            XpAwardRow.game_id == game_id, XpAwardRow.member_id == member_id
        )
    )
    return int(xp or 0)


def rating_of(session: Session, game_id: int, member_id: int, season: str) -> RatingResult | None:
    """The game's rating changes for the member, or None when it was not rated."""
    changes = {
        change.period: change
        for change in session.scalars(
            select(RatingChangeRow).where(
                RatingChangeRow.game_id == game_id, RatingChangeRow.member_id == member_id
            )
        )
    }
    if not changes:
        return None
    return RatingResult(
        season=rating_change(changes.get(season)), all_time=rating_change(changes.get(ALL_TIME))
    )
