"""Accounts as a service: sessions that expire, and the sweeper forgetting what no longer counts."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from sqlalchemy import func, select

from stammtisch.services.accounts import LOGIN_WINDOW, SESSION_DAYS
from stammtisch.services.platform import Platform, build_platform
from stammtisch.services.timesource import ManualClock
from stammtisch.settings import Settings
from stammtisch.store.members import LoginAttempt, LoginSession, Member
from tests.conftest import make_settings


def rows(platform: Platform, model: type[LoginSession] | type[LoginAttempt]) -> int:
    with platform.ctx.read() as session:
        return session.scalar(select(func.count()).select_from(model)) or 0


def test_a_session_ends_after_30_days(platform: Platform, clock: ManualClock) -> None:
    signed = platform.accounts.sign_up("anna", "correct horse")
    clock.advance(timedelta(days=SESSION_DAYS) - timedelta(seconds=1))
    assert platform.accounts.identify(signed.token) is not None
    clock.advance(timedelta(seconds=1))
    assert platform.accounts.identify(signed.token) is None


def test_the_sweeper_forgets_expired_sessions_and_old_login_attempts(
    platform: Platform, clock: ManualClock
) -> None:
    platform.accounts.sign_up("anna", "correct horse")
    kept = platform.accounts.log_in("anna", "correct horse", "10.0.0.1")
    assert platform.sweeper.sweep().forgotten == 0
    clock.advance(LOGIN_WINDOW + timedelta(seconds=1))
    assert platform.sweeper.sweep().forgotten == 1
    assert rows(platform, LoginAttempt) == 0
    clock.advance(timedelta(days=SESSION_DAYS) - LOGIN_WINDOW - timedelta(seconds=1))
    assert platform.sweeper.sweep().forgotten == 2
    assert rows(platform, LoginSession) == 0
    assert platform.accounts.identify(kept.token) is None


def password_hash(platform: Platform, nickname: str) -> str:
    with platform.ctx.read() as session:
        return str(session.scalar(select(Member.password_hash).where(Member.nickname == nickname)))


def test_passwords_are_hashed_at_the_standard_argon2_cost_unless_set_otherwise(
    tmp_path: Path, clock: ManualClock
) -> None:
    """RFC 9106's second recommendation (64 MiB, 3 passes, 4 lanes) by default; a hash made at
    another cost still verifies and is renewed at the standard one at the next login."""
    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    cheap = build_platform(make_settings(tmp_path, url, password_cost="test"), clock=clock)
    cheap.accounts.sign_up("anna", "correct horse")
    cheap.close()
    assert password_hash(cheap, "anna").startswith("$argon2id$v=19$m=8,t=1,p=1$")
    standard = build_platform(make_settings(tmp_path, url, password_cost="standard"), clock=clock)
    assert Settings.model_fields["password_cost"].default == "standard"
    standard.accounts.log_in("anna", "correct horse", "10.0.0.1")
    assert password_hash(standard, "anna").startswith("$argon2id$v=19$m=65536,t=3,p=4$")
    standard.accounts.sign_up("bert", "battery staple")
    assert password_hash(standard, "bert").startswith("$argon2id$v=19$m=65536,t=3,p=4$")
    standard.close()
