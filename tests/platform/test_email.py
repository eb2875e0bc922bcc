"""E-mail notifications through a real local SMTP server (aiosmtpd), in the member's language."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path

import pytest
from aiosmtpd.smtp import SMTP, Envelope, Session
from sqlalchemy import select

from stammtisch.bus import LocalBus
from stammtisch.services.outbox import FIRST_RETRY, LEASE, LONGEST_RETRY, MAX_ATTEMPTS, retry_pause
from stammtisch.services.platform import Platform, build_platform
from stammtisch.services.timesource import ManualClock
from stammtisch.store.notifications import NotificationRow
from tests.conftest import make_settings
from tests.mailserver import Inbox, free_port, smtp_server, text_of


@pytest.fixture
def smtp() -> Iterator[tuple[Inbox, int]]:
    inbox = Inbox()
    with smtp_server(inbox) as port:
        yield inbox, port


@pytest.fixture
def mailing(
    smtp: tuple[Inbox, int], database_url: str, tmp_path: Path, clock: ManualClock
) -> Iterator[Platform]:
    settings = make_settings(
        tmp_path,
        database_url,
        smtp_host="127.0.0.1",
        smtp_port=smtp[1],
        public_base_url="https://stammtisch.example",
    )
    platform = build_platform(settings, clock=clock, bus=LocalBus())
    yield platform
    platform.close()


def sign_up(platform: Platform, nickname: str, email: str | None, language: str = "en") -> int:
    """A member who, when they give an address, opts in to notification e-mails."""
    opted_in = email is not None
    return platform.accounts.sign_up(nickname, "correct horse", email, language, opted_in).member_id


def test_opted_in_members_get_an_email_in_their_language(
    mailing: Platform, smtp: tuple[Inbox, int]
) -> None:
    inbox, _ = smtp
    anna = sign_up(mailing, "anna", None)
    sign_up(mailing, "bert", "bert@example.org", "de")
    mailing.challenges.send(anna, "bert", "toy", {})
    assert mailing.sweeper.sweep().emails == 1
    assert len(inbox.messages) == 1
    message = inbox.messages[0]
    assert message["To"] == "bert@example.org"
    assert message["Subject"] == "Stammtisch: anna fordert dich heraus: toy"
    assert "https://stammtisch.example/" in text_of(message)
    assert "Einstellungen" in text_of(message)
    assert mailing.sweeper.sweep().emails == 0


def test_members_without_opt_in_get_no_email(mailing: Platform, smtp: tuple[Inbox, int]) -> None:
    inbox, _ = smtp
    anna = sign_up(mailing, "anna", "anna@example.org")
    bert = sign_up(mailing, "bert", "bert@example.org")
    mailing.accounts.update_settings(bert, email_notifications=False)
    mailing.challenges.send(anna, "bert", "toy", {})
    mailing.sweeper.sweep()
    assert inbox.messages == []
    assert mailing.notifications.unread(bert) == 1


def test_emails_wait_while_the_smtp_server_is_down_and_are_retried_after_a_pause(
    database_url: str, tmp_path: Path, clock: ManualClock
) -> None:
    port = free_port()
    settings = make_settings(tmp_path / "down", database_url, smtp_host="127.0.0.1", smtp_port=port)
    platform = build_platform(settings, clock=clock, bus=LocalBus())
    try:
        anna = sign_up(platform, "anna", None)
        sign_up(platform, "bert", "bert@example.org")
        platform.challenges.send(anna, "bert", "toy", {})
        assert platform.sweeper.sweep().emails == 0
        inbox = Inbox()
        with smtp_server(inbox, port):
            assert platform.sweeper.sweep().emails == 0
            clock.advance(FIRST_RETRY)
            assert platform.sweeper.sweep().emails == 1
        assert len(inbox.messages) == 1
    finally:
        platform.close()


class Refusing(Inbox):
    """Answers the first `refusals` messages with a temporary failure, then accepts."""

    def __init__(self, refusals: int) -> None:
        super().__init__()
        self.refusals = refusals
        self.tries = 0

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:  # noqa: N802
        self.tries += 1
        if self.tries <= self.refusals:
            return "451 4.3.0 Try again later"
        return await super().handle_DATA(server, session, envelope)


@contextmanager
def refusing_server(
    refusals: int, database_url: str, tmp_path: Path, clock: ManualClock
) -> Iterator[tuple[Platform, Refusing]]:
    """A platform whose SMTP server answers the first `refusals` messages with a failure."""
    inbox = Refusing(refusals)
    with smtp_server(inbox) as port:
        settings = make_settings(tmp_path, database_url, smtp_host="127.0.0.1", smtp_port=port)
        platform = build_platform(settings, clock=clock, bus=LocalBus())
        try:
            yield platform, inbox
        finally:
            platform.close()


@pytest.fixture
def two_processes(
    smtp: tuple[Inbox, int], database_url: str, tmp_path: Path, clock: ManualClock
) -> Iterator[tuple[Platform, Platform]]:
    """Two platforms on one database and one SMTP server, as two server processes would be."""
    built = [
        build_platform(
            make_settings(tmp_path / name, database_url, smtp_host="127.0.0.1", smtp_port=smtp[1]),
            clock=clock,
            bus=LocalBus(),
        )
        for name in ("one", "two")
    ]
    yield built[0], built[1]
    for platform in built:
        platform.close()


def challenge_bert(platform: Platform, times: int = 1) -> int:
    """Anna challenges Bert (opted in to e-mail) `times` times, each to its own game."""
    anna = sign_up(platform, "anna", None)
    bert = sign_up(platform, "bert", "bert@example.org")
    platform.accounts.set_vip("anna", True)
    platform.accounts.set_vip("bert", True)
    for target in range(times):
        platform.challenges.send(anna, "bert", "toy", {"target": 10 + target})
    return bert


def email_state(platform: Platform) -> list[tuple[str, int]]:
    with platform.ctx.read() as session:
        rows = session.scalars(select(NotificationRow).order_by(NotificationRow.id)).all()
        return [(row.email_status, row.email_attempts) for row in rows]


def test_a_process_that_died_after_claiming_leaves_the_email_to_another_after_the_lease(
    two_processes: tuple[Platform, Platform], smtp: tuple[Inbox, int], clock: ManualClock
) -> None:
    inbox, _ = smtp
    one, two = two_processes
    challenge_bert(one)
    assert len(one.outbox.claim()) == 1  # ... and process one dies before sending
    assert two.sweeper.sweep().emails == 0
    clock.advance(LEASE - timedelta(seconds=1))
    assert two.sweeper.sweep().emails == 0
    assert inbox.messages == []
    clock.advance(timedelta(seconds=1))
    assert two.sweeper.sweep().emails == 1
    assert [m["To"] for m in inbox.messages] == ["bert@example.org"]
    assert email_state(two) == [("sent", 2)]
    clock.advance(LEASE * 2)
    assert one.sweeper.sweep().emails + two.sweeper.sweep().emails == 0


def test_claims_of_two_processes_never_overlap(
    two_processes: tuple[Platform, Platform], smtp: tuple[Inbox, int]
) -> None:
    one, two = two_processes
    challenge_bert(one, times=5)
    first = one.outbox.claim(limit=3)
    second = two.outbox.claim(limit=3)
    assert len(first) == 3
    assert len(second) == 2
    assert {c.id for c in first}.isdisjoint(c.id for c in second)
    assert two.outbox.deliver(second) + one.outbox.deliver(first) == 5
    assert len(smtp[0].messages) == 5


def test_concurrent_sweepers_send_every_email_once(
    two_processes: tuple[Platform, Platform], smtp: tuple[Inbox, int]
) -> None:
    one, two = two_processes
    challenge_bert(one, times=6)
    barrier = threading.Barrier(2)
    claims: dict[str, list[int]] = {}

    def sweep(name: str, platform: Platform) -> None:
        barrier.wait()
        claims[name] = [c.id for c in platform.outbox.claim(limit=4)]

    threads = [threading.Thread(target=sweep, args=(n, p)) for n, p in (("one", one), ("two", two))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    claimed = claims["one"] + claims["two"]
    assert sorted(claimed) == sorted(set(claimed))
    assert len(claimed) == 6


def test_an_email_the_server_refuses_is_sent_later_with_growing_pauses(
    database_url: str, tmp_path: Path, clock: ManualClock
) -> None:
    with refusing_server(2, database_url, tmp_path, clock) as (platform, inbox):
        challenge_bert(platform)
        assert platform.sweeper.sweep().emails == 0
        assert email_state(platform) == [("pending", 1)]
        clock.advance(FIRST_RETRY - timedelta(seconds=1))
        assert platform.sweeper.sweep().emails == 0
        assert inbox.tries == 1
        clock.advance(timedelta(seconds=1))
        assert platform.sweeper.sweep().emails == 0
        clock.advance(FIRST_RETRY)
        assert platform.sweeper.sweep().emails == 0
        assert inbox.tries == 2
        clock.advance(FIRST_RETRY)
        assert platform.sweeper.sweep().emails == 1
        assert inbox.tries == 3
        assert len(inbox.messages) == 1
        assert email_state(platform) == [("sent", 3)]


def test_an_email_that_keeps_failing_is_given_up_after_the_cap(
    database_url: str, tmp_path: Path, clock: ManualClock
) -> None:
    with refusing_server(1000, database_url, tmp_path, clock) as (platform, inbox):
        challenge_bert(platform)
        pauses = []
        for _ in range(MAX_ATTEMPTS + 3):
            platform.sweeper.sweep()
            clock.advance(LONGEST_RETRY)
            pauses.append(retry_pause(inbox.tries))
        assert inbox.tries == MAX_ATTEMPTS
        assert email_state(platform) == [("failed", MAX_ATTEMPTS)]
        assert pauses[:3] == [FIRST_RETRY, FIRST_RETRY * 2, FIRST_RETRY * 4]
        assert max(pauses) == LONGEST_RETRY
