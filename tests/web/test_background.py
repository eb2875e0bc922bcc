"""The server's background jobs: a hanging SMTP server holds up no clock."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from stammtisch.bus import LocalBus
from stammtisch.services.platform import Platform, build_platform
from stammtisch.services.timesource import ManualClock
from stammtisch.settings import Settings
from stammtisch.store.lobby import ChallengeRow
from stammtisch.web.app import create_app


class StallingSmtp:
    """An SMTP server that never finishes its greeting: it keeps sending `220-` lines."""

    def __init__(self) -> None:
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = int(self.listener.getsockname()[1])
        self.connected = threading.Event()
        self.release = threading.Event()
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        with self.listener:
            connection, _ = self.listener.accept()
            self.connected.set()
            with connection:
                while not self.release.wait(0.2):
                    connection.sendall(b"220-still waking up\r\n")


@pytest.fixture
def stalling() -> Iterator[StallingSmtp]:
    server = StallingSmtp()
    yield server
    server.release.set()


def statuses(platform: Platform) -> list[str]:
    with platform.ctx.read() as session:
        return list(session.scalars(select(ChallengeRow.status)))


def wait_for(condition: Callable[[], bool], seconds: float = 30) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return False


def test_challenges_expire_while_the_smtp_server_hangs(
    stalling: StallingSmtp, database_url: str, tmp_path: Path, clock: ManualClock
) -> None:
    settings = Settings(
        data_dir=tmp_path,
        database_url=database_url,
        secret_key="test-secret",
        smtp_host="127.0.0.1",
        smtp_port=stalling.port,
        sweep_seconds=0.05,
    )
    platform = build_platform(settings, clock=clock, bus=LocalBus())
    try:
        anna = platform.accounts.sign_up("anna", "correct horse").member_id
        platform.accounts.sign_up("bert", "correct horse", "bert@example.org", "en", True)
        platform.challenges.send(anna, "bert", "toy", {})
        with TestClient(create_app(platform)):
            assert stalling.connected.wait(30)
            clock.advance(timedelta(hours=73))
            assert wait_for(lambda: statuses(platform) == ["expired"])
            assert not stalling.release.is_set()
            stalling.release.set()
    finally:
        platform.close()
