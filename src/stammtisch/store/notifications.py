"""The notification feed of each member, which doubles as the outbox of e-mails, and the
account e-mails (password resets) that go out through the same outbox."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from stammtisch.store.base import Base


class EmailDelivery:
    """The outbox's columns: `email_status` is `none`, `pending`, `sent` or `failed`.

    A pending e-mail is due at `email_due_at`; a sweeper that claims it holds it until
    `email_claimed_until` (its lease); `email_attempts` counts the claims so far.
    """

    email_status: Mapped[str] = mapped_column(String(16), default="none")
    email_due_at: Mapped[datetime | None]
    email_claimed_until: Mapped[datetime | None]
    email_attempts: Mapped[int] = mapped_column(default=0)


class NotificationRow(EmailDelivery, Base):
    """One notification of the feed, and its e-mail for members who opted in."""

    __tablename__ = "notifications"
    __table_args__ = (
        Index("ix_notifications_member_read", "member_id", "read_at"),
        Index("ix_notifications_email_status", "email_status"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    member_id: Mapped[int] = mapped_column(ForeignKey("members.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(40))
    data: Mapped[dict[str, Any]]
    created_at: Mapped[datetime]
    read_at: Mapped[datetime | None]


class AccountEmailRow(EmailDelivery, Base):
    """An e-mail about a member's account (`kind` = `password_reset`), not shown in the feed.

    It goes to the member's address whether or not they opted in to notification e-mails;
    `data` holds what its text needs only until it is sent, and the row is deleted once
    `expires_at` has passed (then the e-mail is of no use any more).
    """

    __tablename__ = "account_emails"
    __table_args__ = (Index("ix_account_emails_email_status", "email_status"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    member_id: Mapped[int] = mapped_column(ForeignKey("members.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(40))
    data: Mapped[dict[str, Any]]
    created_at: Mapped[datetime]
    expires_at: Mapped[datetime]
