"""XP awards, album progress per card, and each member's chosen card back."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column

from stammtisch.store.base import Base


class XpAwardRow(Base):
    """The XP one member earned from one game (0 rows are kept too: the game was looked at)."""

    __tablename__ = "xp_awards"

    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    member_id: Mapped[int] = mapped_column(
        ForeignKey("members.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    xp: Mapped[int]
    at: Mapped[datetime]


class AlbumCardRow(Base):
    """A member's card of one month: progress on its task and the tier claimed (0: none yet)."""

    __tablename__ = "album_cards"

    member_id: Mapped[int] = mapped_column(
        ForeignKey("members.id", ondelete="CASCADE"), primary_key=True
    )
    month: Mapped[str] = mapped_column(String(7), primary_key=True)
    slot: Mapped[int] = mapped_column(primary_key=True)
    progress: Mapped[int] = mapped_column(default=0)
    claimed: Mapped[int] = mapped_column(default=0)
    updated_at: Mapped[datetime]


class CardBackRow(Base):
    """The card a member wears as their card back (shown in its current claimed tier)."""

    __tablename__ = "card_backs"

    member_id: Mapped[int] = mapped_column(
        ForeignKey("members.id", ondelete="CASCADE"), primary_key=True
    )
    month: Mapped[str] = mapped_column(String(7))
    slot: Mapped[int]
    chosen_at: Mapped[datetime]
