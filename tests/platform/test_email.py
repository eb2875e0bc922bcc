"""E-mail notifications through a real local SMTP server (aiosmtpd), in the member's language."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from email import message_from_bytes
from email.message import Message
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.handlers import Sink
from aiosmtpd.smtp import SMTP, Envelope, Session

from stammtisch.bus import LocalBus
from stammtisch.services.platform import Platform, build_platform
from stammtisch.services.timesource import ManualClock
from tests.conftest import make_settings


class Inbox(Sink):
    """Keeps every message the SMTP server receives."""

    def __init__(self) -> None:
        self.messages: list[Message] = []

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:  # noqa: N802
        self.messages.append(message_from_bytes(envelope.content or b""))
        return "250 OK"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def smtp() -> Iterator[tuple[Inbox, int]]:
    inbox = Inbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    yield inbox, port
    controller.stop()


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
    return platform.accounts.sign_up(nickname, "correct horse", email, language).member_id


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
    assert "https://stammtisch.example/" in message.get_payload()
    assert "Einstellungen" in message.get_payload()
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


def test_emails_wait_while_the_smtp_server_is_down(
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
        controller = Controller(inbox, hostname="127.0.0.1", port=port)
        controller.start()
        try:
            assert platform.sweeper.sweep().emails == 1
        finally:
            controller.stop()
        assert len(inbox.messages) == 1
    finally:
        platform.close()
