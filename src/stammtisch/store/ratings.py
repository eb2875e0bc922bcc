"""Ratings per member, game and period (a season like ``2026-11``, or ``all`` for all time)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Float, ForeignKey, Index, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from stammtisch.store.base import Base


class RatingRow(Base):
    """A member's rating in one game and period; `mu`/`sigma` only for placement ratings."""

    __tablename__ = "ratings"
    __table_args__ = (
        UniqueConstraint("member_id", "game", "period"),
        Index("ix_ratings_board", "game", "period", "rating"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    member_id: Mapped[int] = mapped_column(ForeignKey("members.id", ondelete="CASCADE"))
    game: Mapped[str] = mapped_column(String(40))
    period: Mapped[str] = mapped_column(String(7))
    rating: Mapped[float] = mapped_column(Float)
    mu: Mapped[float | None] = mapped_column(Float)
    sigma: Mapped[float | None] = mapped_column(Float)
    games: Mapped[int] = mapped_column(default=0)
    wins: Mapped[int] = mapped_column(default=0)
    peak: Mapped[float] = mapped_column(Float)
    updated_at: Mapped[datetime]


class RatingChangeRow(Base):
    """What one rated game did to one member's rating in one period (its history and audit)."""

    __tablename__ = "rating_changes"
    __table_args__ = (
        UniqueConstraint("game_id", "member_id", "period"),
        Index("ix_rating_changes_member", "member_id", "game", "period", "at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    member_id: Mapped[int] = mapped_column(ForeignKey("members.id", ondelete="CASCADE"))
    game: Mapped[str] = mapped_column(String(40))
    period: Mapped[str] = mapped_column(String(7))
    place: Mapped[int]
    before: Mapped[float] = mapped_column(Float)
    after: Mapped[float] = mapped_column(Float)
    at: Mapped[datetime]
