"""Password reset by e-mail: single-use tokens kept only as hashes, rate limits, and the e-mail.

A request never tells whether the account exists or has an address. The reset e-mail waits in
the outbox (`account_emails`) with a random seed, not the token: the token is derived from the
seed with the secret key, so neither table alone lets a reader of the database reset a password,
and the seed is erased once the e-mail has been handed over.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session

from stammtisch.services.accounts import (
    Accounts,
    SignedIn,
    check_password,
    nickname_key,
)
from stammtisch.services.context import Context
from stammtisch.services.errors import Problem, ServiceError
from stammtisch.services.texts import translate
from stammtisch.store.members import Member, PasswordReset, ResetRequest
from stammtisch.store.notifications import AccountEmailRow

RESET_VALIDITY = timedelta(hours=1)
"""How long a reset token (and its e-mail) is good for."""
RESET_WINDOW = timedelta(hours=1)
"""The span over which reset requests are counted for the limits below."""
RESETS_PER_KEY = 3
"""Requests per nickname or e-mail address in the window (refused beyond, for any name)."""
RESETS_PER_REMOTE = 10
"""Requests per client address in the window."""
RESET_MAILS_PER_MEMBER = 3
"""Reset e-mails per member in the window, however they were asked for (silently, no more)."""
KIND = "password_reset"


def reset_token(secret_key: str, seed: str) -> str:
    """The reset token belonging to a seed: 256 bits that only a holder of the secret key knows."""
    digest = hmac.new(secret_key.encode(), f"password-reset:{seed}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(digest.digest()).rstrip(b"=").decode()


def reset_link(base_url: str, token: str) -> str:
    """The link in the e-mail; the token is in the fragment, which browsers never send on."""
    return f"{base_url.rstrip('/')}/password-reset#token={token}"


def render_reset_email(
    secret_key: str, base_url: str, member: Member, data: dict[str, Any]
) -> tuple[str, str]:
    """The subject and text of a reset e-mail in the member's language."""
    token = reset_token(secret_key, str(data["seed"]))
    language = member.language
    subject = translate(language, "password_reset.subject")
    body = translate(
        language,
        "password_reset.body",
        nickname=member.nickname,
        url=reset_link(base_url, token),
        token=token,
        minutes=int(RESET_VALIDITY.total_seconds() // 60),
    )
    return subject, body


def request_key(login: str) -> str:
    """The form of a nickname or e-mail address under which requests are counted."""
    return nickname_key(login.strip())[:254]


def invalid_token() -> ServiceError:
    """The one answer to a reset token that is unknown, garbled, expired or used."""
    return ServiceError(
        "accounts.reset_token_invalid",
        "This reset link is invalid, expired or used; ask for a new one.",
    )


class PasswordResets:
    """Asking for a reset e-mail and setting a new password with its token."""

    def __init__(self, ctx: Context, accounts: Accounts) -> None:
        self.ctx = ctx
        self.accounts = accounts

    def request(self, login: str, remote: str) -> None:
        """Queue a reset e-mail for the member(s) of this nickname or address, if they have one.

        The outcome is the same whether or not such a member exists; only too many requests
        (per name or per client address, counted alike for every name) are refused.
        """
        key = request_key(login)
        now = self.ctx.clock.now()
        with self.ctx.write() as session:
            self._check_rate(session, key, remote[:64], now)
            session.add(ResetRequest(key=key, remote=remote[:64], at=now))
            for member in _members(session, key):
                self._issue(session, member.id, now)

    def _check_rate(self, session: Session, key: str, remote: str, now: datetime) -> None:
        recent = select(func.count()).where(ResetRequest.at > now - RESET_WINDOW)
        by_key = session.scalar(recent.where(ResetRequest.key == key)) or 0
        by_remote = session.scalar(recent.where(ResetRequest.remote == remote)) or 0
        if by_key >= RESETS_PER_KEY or by_remote >= RESETS_PER_REMOTE:
            raise ServiceError(
                "accounts.too_many_resets",
                "Too many password reset requests; wait an hour and try again.",
                Problem.LIMIT,
            )

    def _issue(self, session: Session, member_id: int, now: datetime) -> None:
        """A new token and its e-mail, unless the member had enough of them within the hour."""
        issued = select(func.count()).where(
            PasswordReset.member_id == member_id, PasswordReset.created_at > now - RESET_WINDOW
        )
        if (session.scalar(issued) or 0) >= RESET_MAILS_PER_MEMBER:
            return
        seed = secrets.token_urlsafe(32)
        token = reset_token(self.ctx.settings.effective_secret_key(), seed)
        expires = now + RESET_VALIDITY
        session.add(
            PasswordReset(
                member_id=member_id,
                token_hash=self.accounts.token_hash(token),
                created_at=now,
                expires_at=expires,
            )
        )
        session.add(
            AccountEmailRow(
                member_id=member_id,
                kind=KIND,
                data={"seed": seed},
                created_at=now,
                expires_at=expires,
                email_status="pending",
                email_due_at=now,
            )
        )

    def confirm(self, token: str, new_password: str) -> SignedIn:
        """Set a new password with a reset token, end every session and open a new one.

        The token and every other outstanding token of the member are used up. A bad token or
        password changes nothing.
        """
        wanted = self.accounts.token_hash(token)
        with self.ctx.read() as session:
            _usable(session, wanted, self.ctx.clock.now())
        check_password(new_password)
        password_hash = self.accounts.hash_password(new_password)
        now = self.ctx.clock.now()
        with self.ctx.write() as session:
            reset = _usable(session, wanted, now, lock=True)
            member = session.get(Member, reset.member_id)
            if member is None:
                raise invalid_token()
            member.password_hash = password_hash
            session.execute(
                update(PasswordReset)
                .where(PasswordReset.member_id == member.id, PasswordReset.used_at.is_(None))
                .values(used_at=now)
            )
            self.accounts.end_sessions(session, member.id)
            return self.accounts.open_session(session, member.id)

    def forget_expired(self) -> int:
        """Delete expired reset tokens and e-mails and requests too old to count; how many rows."""
        now = self.ctx.clock.now()
        stale = (
            (PasswordReset, PasswordReset.expires_at <= now),
            (AccountEmailRow, AccountEmailRow.expires_at <= now),
            (ResetRequest, ResetRequest.at <= now - RESET_WINDOW),
        )
        if not any(self.ctx.has_rows(select(model.id).where(when)) for model, when in stale):
            return 0
        deleted = 0
        with self.ctx.write() as session:
            for model, when in stale:
                result = session.execute(delete(model).where(when))
                deleted += int(getattr(result, "rowcount", 0) or 0)
        return deleted


def _members(session: Session, key: str) -> Sequence[Member]:
    """The members with an e-mail address whom a request names (an address may be shared)."""
    match = func.lower(Member.email) == key if "@" in key else Member.nickname_key == key
    return session.scalars(select(Member).where(match, Member.email.is_not(None))).all()


def _usable(session: Session, wanted: str, now: datetime, lock: bool = False) -> PasswordReset:
    """The unused, unexpired reset stored under this token hash, or the one clear error."""
    query = select(PasswordReset).where(PasswordReset.token_hash == wanted)
    reset = session.scalars(query.with_for_update() if lock else query).first()
    if (
        reset is None
        or not hmac.compare_digest(reset.token_hash.encode(), wanted.encode())
        or reset.used_at is not None
        or reset.expires_at <= now
    ):
        raise invalid_token()
    return reset
