"""Turn deadlines: one row per seat that must act, with its reminder and its due time."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Index
from sqlalchemy.orm import Mapped, mapped_column

from stammtisch.store.base import Base


class DeadlineRow(Base):
    """A seat's clock: reminded at `remind_at`, timed out at `due_at`; handled rows are deleted.

    `seq` is the game's log position when the clock started: a sweeper only acts if the game has
    not moved on in the meantime.
    """

    __tablename__ = "deadlines"
    __table_args__ = (
        Index("ix_deadlines_due_at", "due_at"),
        Index("ix_deadlines_remind_at", "remind_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int]
    seq: Mapped[int]
    started_at: Mapped[datetime]
    due_at: Mapped[datetime]
    remind_at: Mapped[datetime | None]
