"""The e-mail outbox: notification e-mails delivered at least once, with a lease per claim.

A sweeper claims due e-mails by giving them a lease (`email_claimed_until`) in a short
transaction (`FOR UPDATE SKIP LOCKED` on PostgreSQL, the write lock on SQLite), sends them, and
marks each one sent only after the SMTP server accepted it. A process that dies after claiming
leaves the lease to run out; another sweep then claims the e-mail and sends it (so an e-mail may
arrive twice, but is never lost). An e-mail the server refuses, or that cannot be handed over, is
tried again later after a growing pause; after `MAX_ATTEMPTS` claims it is marked `failed`.
"""

from __future__ import annotations

import logging
import smtplib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from email.message import EmailMessage
from typing import Any

from sqlalchemy import Select, or_, select, update

from stammtisch.services.context import Context
from stammtisch.services.notifications import link, render
from stammtisch.services.texts import translate
from stammtisch.store.members import Member
from stammtisch.store.notifications import NotificationRow

log = logging.getLogger(__name__)

LEASE = timedelta(minutes=5)
"""How long a claim holds an e-mail: far longer than handing a batch to the SMTP server takes."""
FIRST_RETRY = timedelta(minutes=1)
"""The pause after the first failed attempt; it doubles with each further one."""
LONGEST_RETRY = timedelta(hours=2)
"""The pause between attempts never grows beyond this."""
MAX_ATTEMPTS = 8
"""Claims of one e-mail before it is given up (about 4 hours of retrying)."""
BATCH = 50


@dataclass(frozen=True)
class Claimed:
    """An e-mail this process holds until `lease` runs out."""

    id: int
    lease: datetime
    message: EmailMessage


def retry_pause(attempts: int) -> timedelta:
    """The pause before the next attempt after `attempts` failed ones."""
    pause: timedelta = FIRST_RETRY * 2 ** max(attempts - 1, 0)
    return min(pause, LONGEST_RETRY)


class Outbox:
    """Claims due e-mails, hands them to the SMTP server, and books what it accepted."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def _due(self, now: datetime) -> Select[Any]:
        return select(NotificationRow).where(
            NotificationRow.email_status == "pending",
            NotificationRow.email_due_at <= now,
            or_(
                NotificationRow.email_claimed_until.is_(None),
                NotificationRow.email_claimed_until <= now,
            ),
        )

    def send_due(self, limit: int = BATCH) -> int:
        """Claim due e-mails and send them; returns how many the SMTP server accepted."""
        return self.deliver(self.claim(limit))

    def claim(self, limit: int = BATCH) -> list[Claimed]:
        """Lease up to `limit` due e-mails to this process (each to one process at a time)."""
        now = self.ctx.clock.now()
        due = self._due(now)
        if not self.ctx.has_rows(due):
            return []
        lease = now + LEASE
        claimed: list[Claimed] = []
        with self.ctx.write() as session:
            rows = session.scalars(
                due.order_by(NotificationRow.id).limit(limit).with_for_update(skip_locked=True)
            ).all()
            for row in rows:
                member = session.get(Member, row.member_id)
                if not self.ctx.settings.smtp_host or not _wants_email(member):
                    row.email_status, row.email_claimed_until = "none", None
                elif row.email_attempts >= MAX_ATTEMPTS:
                    log.warning("e-mail %s given up after %s attempts", row.id, row.email_attempts)
                    row.email_status, row.email_claimed_until = "failed", None
                else:
                    row.email_attempts += 1
                    row.email_claimed_until = lease
                    assert member is not None
                    claimed.append(Claimed(row.id, lease, self._message(member, row)))
        return claimed

    def deliver(self, claimed: Sequence[Claimed]) -> int:
        """Hand claimed e-mails to the SMTP server; each is booked sent once it was accepted."""
        if not claimed:
            return 0
        settings = self.ctx.settings
        sent = 0
        try:
            with smtplib.SMTP(settings.smtp_host or "", settings.smtp_port, timeout=10) as smtp:
                if settings.smtp_starttls:
                    smtp.starttls()
                if settings.smtp_user:
                    smtp.login(settings.smtp_user, settings.smtp_password or "")
                for index, item in enumerate(claimed):
                    try:
                        smtp.send_message(item.message)
                    except smtplib.SMTPServerDisconnected:
                        self.retry_later(claimed[index:])
                        return sent
                    except smtplib.SMTPException as error:
                        log.warning("e-mail %s was refused: %s", item.id, error)
                        self.retry_later([item])
                        continue
                    self.mark_sent(item)
                    sent += 1
        except (OSError, smtplib.SMTPException) as error:
            log.warning("SMTP server %s unreachable (%s); e-mails wait", settings.smtp_host, error)
            self.retry_later(claimed)
        return sent

    def mark_sent(self, item: Claimed) -> None:
        """Book an e-mail the SMTP server accepted."""
        with self.ctx.write() as session:
            session.execute(
                update(NotificationRow)
                .where(NotificationRow.id == item.id, NotificationRow.email_status == "pending")
                .values(email_status="sent", email_claimed_until=None)
            )

    def retry_later(self, items: Sequence[Claimed]) -> None:
        """Make these e-mails due again after a pause (those still held by this claim)."""
        now = self.ctx.clock.now()
        with self.ctx.write() as session:
            for item in items:
                row = session.get(NotificationRow, item.id, with_for_update=True)
                if row is None or row.email_claimed_until != item.lease:
                    continue
                row.email_claimed_until = None
                row.email_due_at = now + retry_pause(row.email_attempts)

    def _message(self, member: Member, row: NotificationRow) -> EmailMessage:
        text = render(member.language, row.kind, row.data)
        footer = translate(
            member.language, "email.footer", url=link(self.ctx.settings.public_base_url, row.data)
        )
        message = EmailMessage()
        message["From"] = self.ctx.settings.smtp_sender
        message["To"] = member.email
        message["Subject"] = f"Stammtisch: {text}"
        message.set_content(f"{text}\n\n{footer}\n")
        return message


def _wants_email(member: Member | None) -> bool:
    return member is not None and member.email is not None and member.email_notifications
