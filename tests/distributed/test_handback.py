"""The outbox of a stopping process hands back the e-mails it claimed and has not sent, and the
Redis bus tells every local subscriber to resync: the pieces the fault tests rely on, in one
process."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest
from aiosmtpd.smtp import SMTP, Envelope, Session
from sqlalchemy import select

from stammtisch.bus import LocalBus
from stammtisch.services.outbox import Outbox
from stammtisch.services.platform import Platform, build_platform
from stammtisch.services.timesource import ManualClock
from stammtisch.store.notifications import NotificationRow
from tests.conftest import make_settings
from tests.mailserver import Inbox, smtp_server


class StoppingInbox(Inbox):
    """Keeps messages; the first one it receives makes the outbox stop (as at SIGTERM)."""

    def __init__(self) -> None:
        super().__init__()
        self.outbox: Outbox | None = None
        self.stop = ExitStack()

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:  # noqa: N802
        if self.outbox is not None and not self.messages:
            self.stop.enter_context(self.outbox.interrupted())
        return await super().handle_DATA(server, session, envelope)


@pytest.fixture
def stopping(
    database_url: str, tmp_path: Path, clock: ManualClock
) -> Iterator[tuple[Platform, StoppingInbox]]:
    inbox = StoppingInbox()
    with smtp_server(inbox) as port:
        settings = make_settings(tmp_path, database_url, smtp_host="127.0.0.1", smtp_port=port)
        platform = build_platform(settings, clock=clock, bus=LocalBus())
        inbox.outbox = platform.outbox
        yield platform, inbox
        platform.close()


def test_an_interrupted_delivery_hands_back_what_it_has_not_sent(
    stopping: tuple[Platform, StoppingInbox],
) -> None:
    """One e-mail goes out; the other four are due again at once, their attempt not used."""
    platform, inbox = stopping
    reader = platform.accounts.sign_up("reader", "correct horse", "r@example.org", "en", True)
    for i in range(5):
        sender = platform.accounts.sign_up(f"sender{i}", "correct horse", None, "en", False)
        platform.challenges.send(sender.member_id, "reader", "toy", {})
    assert platform.outbox.send_due() == 1
    with platform.ctx.read() as session:
        rows = session.scalars(
            select(NotificationRow).where(NotificationRow.member_id == reader.member_id)
        ).all()
        waiting = [(r.email_status, r.email_claimed_until, r.email_attempts) for r in rows]
    assert sorted(waiting, key=str) == sorted(
        [("sent", None, 1)] + [("pending", None, 0)] * 4, key=str
    )
    assert platform.outbox.send_due() == 0, "nothing is claimed while stopping"
    inbox.stop.close()
    assert platform.outbox.send_due() == 4
    assert len(inbox.messages) == 5


def test_resync_reaches_every_channel_of_every_subscription() -> None:
    """After a lost subscription each local subscriber hears `resync` once per channel."""

    async def scenario() -> list[tuple[str, dict[str, str]]]:
        bus = LocalBus()
        first, second = bus.subscribe(), bus.subscribe()
        await first.add("game:1")
        await first.add("member:7")
        await second.add("game:2")
        bus.resync()
        heard = [await first.get(), await first.get(), await second.get()]
        await asyncio.sleep(0.01)
        assert first._queue.empty(), "one resync per channel, nothing more"
        assert second._queue.empty()
        return heard

    heard = asyncio.run(scenario())
    assert sorted(heard) == sorted(
        [
            ("game:1", {"type": "resync"}),
            ("member:7", {"type": "resync"}),
            ("game:2", {"type": "resync"}),
        ]
    )
