"""Accounts as a service: sessions that expire, and the sweeper forgetting what no longer counts."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import func, select

from stammtisch.services.accounts import LOGIN_WINDOW, SESSION_DAYS
from stammtisch.services.platform import Platform
from stammtisch.services.timesource import ManualClock
from stammtisch.store.members import LoginAttempt, LoginSession


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
