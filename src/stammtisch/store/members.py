"""Members, their login sessions, the login attempts that rate limiting counts, and password
reset tokens with the requests for them."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from sqlalchemy import ForeignKey, Index, String, select
from sqlalchemy.engine.default import DefaultExecutionContext
from sqlalchemy.orm import Mapped, Session, mapped_column

from stammtisch.store.base import Base
from stammtisch.store.lookalike import SKELETON_LENGTH, skeleton


def _skeleton_of_nickname(context: DefaultExecutionContext) -> str:
    """The default of `nickname_skeleton`: the skeleton of the row's nickname."""
    parameters = context.get_current_parameters()  # type: ignore[no-untyped-call]
    return skeleton(str(parameters["nickname"]))


class Member(Base):
    """A registered member; `nickname_key` (the case-folded nickname) and `nickname_skeleton`
    (what it looks like, see `lookalike`) must both be unique."""

    __tablename__ = "members"

    id: Mapped[int] = mapped_column(primary_key=True)
    nickname: Mapped[str] = mapped_column(String(20))
    nickname_key: Mapped[str] = mapped_column(String(40), unique=True)
    nickname_skeleton: Mapped[str] = mapped_column(
        String(SKELETON_LENGTH), unique=True, index=True, default=_skeleton_of_nickname
    )
    password_hash: Mapped[str] = mapped_column(String(200))
    email: Mapped[str | None] = mapped_column(String(254))
    email_notifications: Mapped[bool] = mapped_column(default=False)
    language: Mapped[str] = mapped_column(String(5), default="en")
    is_vip: Mapped[bool] = mapped_column(default=False)
    created_at: Mapped[datetime]


class LoginSession(Base):
    """A cookie session; only a keyed hash of the cookie's token is stored."""

    __tablename__ = "sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    member_id: Mapped[int] = mapped_column(ForeignKey("members.id", ondelete="CASCADE"), index=True)
    csrf_token: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime]
    expires_at: Mapped[datetime]


class LoginAttempt(Base):
    """One login attempt, kept for a while so repeated failures can be slowed down."""

    __tablename__ = "login_attempts"
    __table_args__ = (Index("ix_login_attempts_key_at", "nickname_key", "at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    nickname_key: Mapped[str] = mapped_column(String(40))
    remote: Mapped[str] = mapped_column(String(64))
    at: Mapped[datetime]
    success: Mapped[bool]


class PasswordReset(Base):
    """A single-use password reset token of a member; only a keyed hash of the token is stored."""

    __tablename__ = "password_resets"

    id: Mapped[int] = mapped_column(primary_key=True)
    member_id: Mapped[int] = mapped_column(ForeignKey("members.id", ondelete="CASCADE"), index=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime]
    expires_at: Mapped[datetime]
    used_at: Mapped[datetime | None]


class ResetRequest(Base):
    """One request for a password reset, kept for a while so floods of them can be refused."""

    __tablename__ = "reset_requests"
    __table_args__ = (
        Index("ix_reset_requests_key_at", "key", "at"),
        Index("ix_reset_requests_remote_at", "remote", "at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    key: Mapped[str] = mapped_column(String(254))
    remote: Mapped[str] = mapped_column(String(64))
    at: Mapped[datetime]


def nicknames(session: Session, member_ids: Iterable[int | None]) -> dict[int, str]:
    """The nicknames of these members, by id."""
    ids = sorted({i for i in member_ids if i is not None})
    if not ids:
        return {}
    rows = session.execute(select(Member.id, Member.nickname).where(Member.id.in_(ids)))
    return {int(row[0]): str(row[1]) for row in rows}
