"""Open seeks in the lobby, who joined them, and direct challenges between members."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from stammtisch.store.base import Base


class SeekRow(Base):
    """An open table in the lobby; `humans` members are needed, the other seats get bots.

    `bots` names the bot of each bot seat (empty: the game's training bot for all of them).
    `status` is `open`, `started`, `cancelled` or `expired`.
    """

    __tablename__ = "seeks"
    __table_args__ = (Index("ix_seeks_status", "status"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    member_id: Mapped[int] = mapped_column(ForeignKey("members.id", ondelete="CASCADE"))
    game: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]]
    clock: Mapped[dict[str, Any]]
    humans: Mapped[int]
    bots: Mapped[list[str]] = mapped_column(default=list)
    status: Mapped[str] = mapped_column(String(16), default="open")
    created_at: Mapped[datetime]
    expires_at: Mapped[datetime]
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id"))


class SeekMemberRow(Base):
    """A member sitting at an open seek (its creator included)."""

    __tablename__ = "seek_members"

    seek_id: Mapped[int] = mapped_column(
        ForeignKey("seeks.id", ondelete="CASCADE"), primary_key=True
    )
    member_id: Mapped[int] = mapped_column(ForeignKey("members.id"), primary_key=True, index=True)
    joined_at: Mapped[datetime]


class ChallengeRow(Base):
    """A direct invitation to a two-seat game.

    `status` is `open`, `accepted`, `declined`, `cancelled` or `expired`.
    """

    __tablename__ = "challenges"
    __table_args__ = (
        Index("ix_challenges_status_expires", "status", "expires_at"),
        Index("ix_challenges_challenged_status", "challenged_id", "status"),
        Index("ix_challenges_challenger_status", "challenger_id", "status"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    challenger_id: Mapped[int] = mapped_column(ForeignKey("members.id", ondelete="CASCADE"))
    challenged_id: Mapped[int] = mapped_column(ForeignKey("members.id", ondelete="CASCADE"))
    game: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]]
    clock: Mapped[dict[str, Any]]
    status: Mapped[str] = mapped_column(String(16), default="open")
    created_at: Mapped[datetime]
    expires_at: Mapped[datetime]
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id"))
    rematch_of: Mapped[int | None] = mapped_column(ForeignKey("games.id"))
