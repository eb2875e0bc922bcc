"""Accounts: sign-up, password login with rate limiting, cookie sessions, profile settings, VIP."""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import threading
import unicodedata
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from argon2 import PasswordHasher, profiles
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import Result, delete, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from stammtisch.services.context import Context
from stammtisch.services.errors import Problem, ServiceError, conflict, not_found
from stammtisch.store.db import after_commit
from stammtisch.store.games import GameRow, SeatRow
from stammtisch.store.lookalike import skeleton
from stammtisch.store.members import LoginAttempt, LoginSession, Member

LANGUAGES = ("de", "en", "fr", "pt")
SESSION_DAYS = 30
FAILED_LOGINS_PER_NICKNAME = 5
FAILED_LOGINS_PER_REMOTE = 20
LOGIN_WINDOW = timedelta(minutes=15)
SESSION_CACHE_TIME = timedelta(seconds=60)
SESSION_CACHE_SIZE = 100_000
SESSIONS_CHANGED = {"type": "sessions"}
"""The message on a member's channel when some of their sessions ended."""
SESSIONS_CHANNEL = "sessions"
"""The channel on which every process hears of ended sessions (`{"type": "sessions",
"member_id": ...}`), to forget what it remembers of them."""
EMAIL = re.compile(r"^[^@\s]{1,64}@[^@\s]+\.[^@\s]{2,}$")

HASHING = {
    "standard": PasswordHasher.from_parameters(profiles.RFC_9106_LOW_MEMORY),
    "test": PasswordHasher.from_parameters(profiles.CHEAPEST),
}
"""argon2 parameters of new password hashes by `Settings.password_cost` (any hash verifies:
its parameters are part of it)."""


@dataclass(frozen=True)
class SignedIn:
    """A new cookie session: the token goes into the cookie, the CSRF token into write headers."""

    member_id: int
    token: str
    csrf_token: str


@dataclass(frozen=True)
class Identity:
    """Who a valid session cookie belongs to."""

    member_id: int
    csrf_token: str


def nickname_key(nickname: str) -> str:
    """The form in which nicknames must be unique: normalised and case-folded."""
    return unicodedata.normalize("NFC", nickname).casefold()


def check_nickname(nickname: str) -> str:
    """The nickname, normalised; 3-20 letters, digits, `_` or `-`, or a clear error."""
    nickname = unicodedata.normalize("NFC", nickname)
    if not 3 <= len(nickname) <= 20:
        raise ServiceError("accounts.nickname_length", "A nickname has 3 to 20 characters.")
    if not all(ch.isalnum() or ch in "_-" for ch in nickname):
        raise ServiceError(
            "accounts.nickname_characters",
            "A nickname may only contain letters, digits, '_' and '-'.",
        )
    return nickname


def check_nickname_free(session: Session, nickname: str) -> None:
    """Refuse a nickname that is taken, or that looks like one that is (see `lookalike`)."""
    key, look = nickname_key(nickname), skeleton(nickname)
    found = session.execute(
        select(Member.nickname_key).where(
            (Member.nickname_key == key) | (Member.nickname_skeleton == look)
        )
    ).scalars()
    taken = list(found)
    if key in taken:
        raise conflict("accounts.nickname_taken", "That nickname is already taken.")
    if taken:
        raise conflict(
            "accounts.nickname_lookalike",
            "That nickname looks too much like one already taken; choose another.",
        )


def check_password(password: str) -> None:
    """Passwords have 8 to 200 characters."""
    if not 8 <= len(password) <= 200:
        raise ServiceError("accounts.password_length", "A password has 8 to 200 characters.")


def check_email(email: str | None) -> str | None:
    """The e-mail address, trimmed, or None; a clear error if it is malformed."""
    if email is None or not email.strip():
        return None
    email = email.strip()
    if len(email) > 254 or not EMAIL.match(email):
        raise ServiceError("accounts.email_invalid", "That is not a valid e-mail address.")
    return email


def check_language(language: str) -> str:
    """One of the platform's languages."""
    if language not in LANGUAGES:
        raise ServiceError("accounts.language_unknown", f"Choose one of: {', '.join(LANGUAGES)}.")
    return language


class Accounts:
    """Members and their sessions."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self._secret = ctx.settings.effective_secret_key().encode()
        self._hasher = HASHING[ctx.settings.password_cost]
        self._known: dict[str, tuple[Identity, datetime]] = {}
        self._known_lock = threading.Lock()
        self._forgotten = 0
        """How often remembered sessions were forgotten: a lookup that overlapped one does not
        remember what it read, which may be a session that ended meanwhile."""

    def hash_password(self, password: str) -> str:
        """The argon2 hash a password is stored as."""
        return self._hasher.hash(password)

    def _verify(self, password_hash: str, password: str) -> bool:
        try:
            return self._hasher.verify(password_hash, password)
        except (VerificationError, InvalidHashError):
            return False

    def token_hash(self, token: str) -> str:
        """The keyed hash under which a session (or reset) token is stored."""
        return hmac.new(self._secret, token.encode(), hashlib.sha256).hexdigest()

    def sign_up(
        self,
        nickname: str,
        password: str,
        email: str | None = None,
        language: str = "en",
        email_notifications: bool = False,
    ) -> SignedIn:
        """Create a member and sign them in; notification e-mails only when they opt in."""
        nickname = check_nickname(nickname)
        check_password(password)
        email = check_email(email)
        language = check_language(language)
        if email_notifications and email is None:
            raise ServiceError(
                "accounts.email_missing", "Add an e-mail address to receive e-mails."
            )
        password_hash = self.hash_password(password)
        try:
            with self.ctx.write() as session:
                check_nickname_free(session, nickname)
                member = Member(
                    nickname=nickname,
                    nickname_key=nickname_key(nickname),
                    nickname_skeleton=skeleton(nickname),
                    password_hash=password_hash,
                    email=email,
                    email_notifications=email_notifications,
                    language=language,
                    created_at=self.ctx.clock.now(),
                )
                session.add(member)
                session.flush()
                return self.open_session(session, member.id)
        except IntegrityError:
            with self.ctx.read() as session:  # someone signed up with it at the same moment
                check_nickname_free(session, nickname)
            raise conflict("accounts.nickname_taken", "That nickname is already taken.") from None

    def log_in(self, nickname: str, password: str, remote: str) -> SignedIn:
        """Check the password and open a session; refuses after too many recent failures."""
        key = nickname_key(nickname)[:40]
        now = self.ctx.clock.now()
        with self.ctx.write() as session:
            self._check_rate(session, key, remote)
            member = session.scalar(select(Member).where(Member.nickname_key == key))
            ok = member is not None and self._verify(member.password_hash, password)
            session.add(LoginAttempt(nickname_key=key, remote=remote[:64], at=now, success=ok))
            if member is None or not ok:
                failed = ServiceError(
                    "accounts.login_failed",
                    "Nickname or password is wrong.",
                    Problem.UNAUTHENTICATED,
                )
            else:
                if self._hasher.check_needs_rehash(member.password_hash):
                    member.password_hash = self.hash_password(password)
                return self.open_session(session, member.id)
        raise failed

    def _check_rate(self, session: Session, key: str, remote: str | None) -> None:
        since = self.ctx.clock.now() - LOGIN_WINDOW
        failures = select(func.count()).where(LoginAttempt.at >= since, ~LoginAttempt.success)
        by_name = session.scalar(failures.where(LoginAttempt.nickname_key == key)) or 0
        by_remote = 0
        if remote is not None:
            by_remote = session.scalar(failures.where(LoginAttempt.remote == remote[:64])) or 0
        if by_name >= FAILED_LOGINS_PER_NICKNAME or by_remote >= FAILED_LOGINS_PER_REMOTE:
            raise ServiceError(
                "accounts.too_many_attempts",
                "Too many failed logins; wait 15 minutes and try again.",
                Problem.LIMIT,
                retry_after=int(LOGIN_WINDOW.total_seconds()),
            )

    def open_session(self, session: Session, member_id: int) -> SignedIn:
        """Add a new cookie session of this member in this write unit."""
        now = self.ctx.clock.now()
        token = secrets.token_urlsafe(32)
        csrf = secrets.token_urlsafe(32)
        session.add(
            LoginSession(
                token_hash=self.token_hash(token),
                member_id=member_id,
                csrf_token=csrf,
                created_at=now,
                expires_at=now + timedelta(days=SESSION_DAYS),
            )
        )
        return SignedIn(member_id, token, csrf)

    def identify(self, token: str) -> Identity | None:
        """The member of a session token, or None if it is unknown or expired.

        Valid sessions are remembered for a minute, so a member's requests do not each read the
        session table; a session that ends in any process is forgotten at once in every process
        that hears of it on the bus (`SESSIONS_CHANNEL`; after a bus outage, everything is
        forgotten), else when its minute is over.
        """
        key = self.token_hash(token)
        now = self.ctx.clock.now()
        known = self.remembered(token, key)
        if known is not None:
            return known
        with self._known_lock:
            forgotten = self._forgotten
        with self.ctx.read() as session:
            row = session.get(LoginSession, key)
            if row is None or row.expires_at <= now:
                return None
            identity = Identity(row.member_id, row.csrf_token)
        with self._known_lock:
            if self._forgotten != forgotten:
                return identity
            if len(self._known) >= SESSION_CACHE_SIZE:
                self._known.clear()
            self._known[key] = (identity, min(row.expires_at, now + SESSION_CACHE_TIME))
        return identity

    def remembered(self, token: str, key: str | None = None) -> Identity | None:
        """The member of a session token if this process remembers it as valid (no database
        read, so a request can ask without a thread hop); None: ask `identify`."""
        with self._known_lock:
            known = self._known.get(key or self.token_hash(token))
        if known is not None and known[1] > self.ctx.clock.now():
            return known[0]
        return None

    def log_out(self, token: str) -> None:
        """End the session of this token (its open websockets are closed)."""
        key = self.token_hash(token)
        with self.ctx.write() as session:
            row = session.get(LoginSession, key)
            if row is None:
                return
            session.delete(row)
            self._announce_ended(session, row.member_id)

    def forget_expired(self) -> int:
        """Delete expired sessions and login attempts too old to count; returns how many rows."""
        now = self.ctx.clock.now()
        expired = LoginSession.expires_at <= now
        stale = LoginAttempt.at < now - LOGIN_WINDOW
        if not (
            self.ctx.has_rows(select(LoginSession.token_hash).where(expired))
            or self.ctx.has_rows(select(LoginAttempt.id).where(stale))
        ):
            return 0
        with self.ctx.write() as session:
            sessions = session.execute(delete(LoginSession).where(expired))
            attempts = session.execute(delete(LoginAttempt).where(stale))
            return _deleted(sessions) + _deleted(attempts)

    def member(self, member_id: int) -> Member:
        """A member by id."""
        with self.ctx.read() as session:
            member = session.get(Member, member_id)
            if member is None:
                raise not_found("accounts.member_unknown", "There is no such member.")
            return member

    def by_nickname(self, nickname: str) -> Member:
        """A member by nickname (case-insensitive)."""
        with self.ctx.read() as session:
            member = session.scalar(
                select(Member).where(Member.nickname_key == nickname_key(nickname))
            )
            if member is None:
                raise not_found(
                    "accounts.member_unknown", f"There is no member called {nickname!r}."
                )
            return member

    def update_settings(
        self,
        member_id: int,
        *,
        email: str | None = None,
        clear_email: bool = False,
        email_notifications: bool | None = None,
        language: str | None = None,
    ) -> Member:
        """Change a member's own e-mail address, e-mail opt-in and language."""
        with self.ctx.write() as session:
            member = session.get(Member, member_id)
            if member is None:
                raise not_found("accounts.member_unknown", "There is no such member.")
            if clear_email:
                member.email, member.email_notifications = None, False
            elif email is not None:
                member.email = check_email(email)
            if email_notifications is not None:
                if email_notifications and member.email is None:
                    raise ServiceError(
                        "accounts.email_missing", "Add an e-mail address to receive e-mails."
                    )
                member.email_notifications = email_notifications
            if language is not None:
                member.language = check_language(language)
            return member

    def change_password(self, member_id: int, old: str, new: str, keep_token: str) -> None:
        """Set a new password after checking the old one, and end every other session.

        The session of `keep_token` (the one asking) stays open. A wrong current password counts
        as a failed login, so a stolen session cannot be used to guess the password.
        """
        check_password(new)
        keep = self.token_hash(keep_token)
        with self.ctx.write() as session:
            member = session.get(Member, member_id)
            if member is None:
                raise not_found("accounts.member_unknown", "There is no such member.")
            self._check_rate(session, member.nickname_key, None)
            right = self._verify(member.password_hash, old)
            if not right:
                now = self.ctx.clock.now()
                attempt = LoginAttempt(
                    nickname_key=member.nickname_key, remote="", at=now, success=False
                )
                session.add(attempt)
            else:
                member.password_hash = self.hash_password(new)
                self.end_sessions(session, member_id, keep)
        if not right:
            raise ServiceError(
                "accounts.password_wrong", "The current password is wrong.", Problem.FORBIDDEN
            )

    def end_sessions(self, session: Session, member_id: int, keep: str | None = None) -> None:
        """End every session of a member but the one hashed `keep`; their websockets close."""
        ending = [LoginSession.member_id == member_id]
        if keep is not None:
            ending.append(LoginSession.token_hash != keep)
        session.execute(delete(LoginSession).where(*ending))
        self._announce_ended(session, member_id)

    def _announce_ended(self, session: Session, member_id: int) -> None:
        """Once committed: forget the member's remembered sessions here, tell the other
        processes to do the same, and the member's websockets to check theirs."""
        after_commit(session, lambda: self.forget_remembered(member_id))
        self.ctx.publish_after_commit(
            session, SESSIONS_CHANNEL, {"type": "sessions", "member_id": member_id}
        )
        self.ctx.publish_after_commit(session, f"member:{member_id}", SESSIONS_CHANGED)

    def forget_remembered(self, member_id: int | None = None) -> None:
        """Drop what this process remembers of a member's sessions (None: of everyone's); the
        next request of each is looked up in the database."""
        with self._known_lock:
            self._forgotten += 1
            if member_id is None:
                self._known.clear()
                return
            for key in [k for k, (who, _) in self._known.items() if who.member_id == member_id]:
                del self._known[key]

    def games_played(self, member_id: int) -> int:
        """How many rated games a member has finished."""
        with self.ctx.read() as session:
            return count_games_played(session, member_id)

    def set_vip(self, nickname: str, on: bool) -> Member:
        """Grant or withdraw VIP (an admin command); VIP only raises the game limit."""
        with self.ctx.write() as session:
            member = session.scalar(
                select(Member).where(Member.nickname_key == nickname_key(nickname))
            )
            if member is None:
                raise not_found(
                    "accounts.member_unknown", f"There is no member called {nickname!r}."
                )
            member.is_vip = on
            return member


def _deleted(result: Result[Any]) -> int:
    """How many rows a DELETE removed."""
    return int(getattr(result, "rowcount", 0) or 0)


def count_games_played(session: Session, member_id: int) -> int:
    """How many rated (non-practice) games this member has finished."""
    return (
        session.scalar(
            select(func.count())
            .select_from(SeatRow)
            .join(GameRow, GameRow.id == SeatRow.game_id)
            .where(SeatRow.member_id == member_id, GameRow.status == "finished", ~GameRow.practice)
        )
        or 0
    )
