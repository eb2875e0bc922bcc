"""What a member marked for re-reading on the help pages (a self-check they did not know)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column

from stammtisch.store.base import Base


class HelpMarkRow(Base):
    """One help item (a self-check question or a refresher entry) a member wants to re-read."""

    __tablename__ = "help_marks"

    member_id: Mapped[int] = mapped_column(
        ForeignKey("members.id", ondelete="CASCADE"), primary_key=True
    )
    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    item: Mapped[str] = mapped_column(String(80), primary_key=True)
    marked_at: Mapped[datetime]
