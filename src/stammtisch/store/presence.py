"""Who is looking at which game right now, and which server processes still run to say so,
shared by every server process."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column

from stammtisch.store.base import Base


class PresenceRow(Base):
    """A websocket connection watching a game; stale once `expires_at` passed (heartbeats renew)
    or once the lease of its `process` lapsed."""

    __tablename__ = "presence"

    connection: Mapped[str] = mapped_column(String(64), primary_key=True)
    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    member_id: Mapped[int] = mapped_column(ForeignKey("members.id", ondelete="CASCADE"), index=True)
    expires_at: Mapped[datetime]
    process: Mapped[str | None] = mapped_column(String(32), index=True)


class ProcessLeaseRow(Base):
    """A server process that renews its lease while it sweeps; a lapsed lease means it died."""

    __tablename__ = "process_leases"

    process: Mapped[str] = mapped_column(String(32), primary_key=True)
    alive_until: Mapped[datetime]
