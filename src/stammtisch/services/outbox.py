"""The e-mail outbox: notification and account e-mails delivered at least once, with a lease.

Two tables feed it with the same delivery columns (`store.notifications.EmailDelivery`): the
notification feed (e-mails for members who opted in) and the account e-mails (password resets,
sent to any member with an address; each is of no use after its `expires_at`).

A sweeper claims due e-mails by giving them a lease (`email_claimed_until`) in a short
transaction (`FOR UPDATE SKIP LOCKED` on PostgreSQL, the write lock on SQLite), sends them, and
marks each one sent only after the SMTP server accepted it. A process that dies after claiming
leaves the lease to run out; another sweep then claims the e-mail and sends it (so an e-mail may
arrive twice, but is never lost); a process that stops gracefully hands back the e-mails it
claimed and did not send (`interrupted`), so another process sends them at its next sweep.
An e-mail the server refuses, or that cannot be handed over, is tried again later after a
growing pause; after `MAX_ATTEMPTS` claims it is marked `failed`.
"""

from __future__ import annotations

import logging
import smtplib
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from email.message import EmailMessage
from typing import Any

from sqlalchemy import Select, or_, select, update

from stammtisch.services.context import Context
from stammtisch.services.notifications import link, render
from stammtisch.services.resets import KIND as RESET_KIND
from stammtisch.services.resets import render_reset_email
from stammtisch.services.texts import translate
from stammtisch.store.members import Member
from stammtisch.store.notifications import AccountEmailRow, NotificationRow

Row = NotificationRow | AccountEmailRow
Model = type[NotificationRow] | type[AccountEmailRow]
MODELS: tuple[Model, ...] = (AccountEmailRow, NotificationRow)
"""The tables the outbox sends from, account e-mails first (someone is waiting for those)."""

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
    """An e-mail (a row of `model`) this process holds until `lease` runs out."""

    model: Model
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
        self._stopping = threading.Event()

    @contextmanager
    def interrupted(self) -> Iterator[None]:
        """While inside, nothing is claimed and a delivery under way hands back what it has not
        sent yet (the background job stops with it)."""
        self._stopping.set()
        try:
            yield
        finally:
            self._stopping.clear()

    @staticmethod
    def _due(model: Model, now: datetime) -> Select[Any]:
        return select(model).where(
            model.email_status == "pending",
            model.email_due_at <= now,
            or_(model.email_claimed_until.is_(None), model.email_claimed_until <= now),
        )

    def send_due(self, limit: int = BATCH) -> int:
        """Claim due e-mails and send them; returns how many the SMTP server accepted."""
        if self._stopping.is_set():
            return 0
        return self.deliver(self.claim(limit))

    def claim(self, limit: int = BATCH) -> list[Claimed]:
        """Lease up to `limit` due e-mails to this process (each to one process at a time)."""
        claimed: list[Claimed] = []
        for model in MODELS:
            if len(claimed) < limit:
                claimed += self._claim(model, limit - len(claimed))
        return claimed

    def _claim(self, model: Model, limit: int) -> list[Claimed]:
        now = self.ctx.clock.now()
        due = self._due(model, now)
        if not self.ctx.has_rows(due):
            return []
        lease = now + LEASE
        claimed: list[Claimed] = []
        with self.ctx.write() as session:
            rows: Sequence[Row] = session.scalars(
                due.order_by(model.id).limit(limit).with_for_update(skip_locked=True)
            ).all()
            for row in rows:
                member = session.get(Member, row.member_id)
                message = self._message(member, row, now) if self.ctx.settings.smtp_host else None
                if message is None:
                    _settle(row, "none")
                elif row.email_attempts >= MAX_ATTEMPTS:
                    log.warning(
                        "e-mail %s of %s given up after %s attempts",
                        row.id,
                        model.__tablename__,
                        row.email_attempts,
                    )
                    _settle(row, "failed")
                else:
                    row.email_attempts += 1
                    row.email_claimed_until = lease
                    claimed.append(Claimed(model, row.id, lease, message))
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
                    if self._stopping.is_set():
                        self.release(claimed[index:])
                        return sent
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
        """Book an e-mail the SMTP server accepted (an account e-mail forgets its secret seed)."""
        values: dict[str, Any] = {"email_status": "sent", "email_claimed_until": None}
        if item.model is AccountEmailRow:
            values["data"] = {}
        with self.ctx.write() as session:
            session.execute(
                update(item.model)
                .where(item.model.id == item.id, item.model.email_status == "pending")
                .values(values)
            )

    def release(self, items: Sequence[Claimed]) -> None:
        """Hand back e-mails this claim still holds, unsent and due at once (no attempt used)."""
        with self.ctx.write() as session:
            for item in items:
                held: Select[Any] = select(item.model).where(item.model.id == item.id)
                row: Row | None = session.scalars(held.with_for_update()).first()
                if row is None or row.email_claimed_until != item.lease:
                    continue
                row.email_claimed_until = None
                row.email_attempts -= 1
        log.info("handed back %d unsent e-mails on stopping", len(items))

    def retry_later(self, items: Sequence[Claimed]) -> None:
        """Make these e-mails due again after a pause (those still held by this claim)."""
        now = self.ctx.clock.now()
        with self.ctx.write() as session:
            for item in items:
                held: Select[Any] = select(item.model).where(item.model.id == item.id)
                row: Row | None = session.scalars(held.with_for_update()).first()
                if row is None or row.email_claimed_until != item.lease:
                    continue
                row.email_claimed_until = None
                row.email_due_at = now + retry_pause(row.email_attempts)

    def _message(self, member: Member | None, row: Row, now: datetime) -> EmailMessage | None:
        """The e-mail of a row, or None when it is not to be sent (any more)."""
        if member is None or member.email is None:
            return None
        if isinstance(row, AccountEmailRow):
            return self._account_message(member, member.email, row, now)
        if not member.email_notifications:
            return None
        text = render(member.language, row.kind, row.data)
        footer = translate(
            member.language, "email.footer", url=link(self.ctx.settings.public_base_url, row.data)
        )
        return self._compose(member.email, f"Stammtisch: {text}", f"{text}\n\n{footer}\n")

    def _account_message(
        self, member: Member, to: str, row: AccountEmailRow, now: datetime
    ) -> EmailMessage | None:
        if row.expires_at <= now or row.kind != RESET_KIND:
            return None
        settings = self.ctx.settings
        subject, body = render_reset_email(
            settings.effective_secret_key(), settings.public_base_url, member, row.data
        )
        return self._compose(to, f"Stammtisch: {subject}", f"{body}\n")

    def _compose(self, to: str, subject: str, body: str) -> EmailMessage:
        message = EmailMessage()
        message["From"] = self.ctx.settings.smtp_sender
        message["To"] = to
        message["Subject"] = subject
        message.set_content(body)
        return message


def _settle(row: Row, status: str) -> None:
    """Take an e-mail out of the queue for good (an account e-mail forgets its secret seed)."""
    row.email_status, row.email_claimed_until = status, None
    if isinstance(row, AccountEmailRow):
        row.data = {}
