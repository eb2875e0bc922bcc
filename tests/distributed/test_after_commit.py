"""What happens after a commit never turns the committed write into an error."""

from __future__ import annotations

import socket
import time
from pathlib import Path

import pytest
from sqlalchemy import text

from stammtisch.bus.redis import RedisBus
from stammtisch.store.db import Store, after_commit, make_engine


def _free_port() -> int:
    """A TCP port on which nothing listens."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_failing_after_commit_callback_keeps_the_write(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A callback that raises is logged; the write is committed and later callbacks still run."""
    store = Store(make_engine(f"sqlite:///{tmp_path / 'db.sqlite'}"))
    with store.write() as session:
        session.execute(text("CREATE TABLE facts (value INTEGER)"))
    ran: list[str] = []

    def broken() -> None:
        raise ConnectionError("Redis is down")

    with store.write() as session:
        session.execute(text("INSERT INTO facts VALUES (7)"))
        after_commit(session, broken)
        after_commit(session, lambda: ran.append("next"))
    with store.read() as session:
        assert session.execute(text("SELECT value FROM facts")).scalars().all() == [7]
    assert ran == ["next"]
    assert "after-commit callback failed" in caplog.text


def test_publish_with_redis_down_is_logged_not_raised(caplog: pytest.LogCaptureFixture) -> None:
    """Publishing to an unreachable Redis logs the failure and returns promptly."""
    bus = RedisBus(f"redis://127.0.0.1:{_free_port()}/0", "test")
    started = time.monotonic()
    bus.publish("game:1", {"kind": "step"})
    assert time.monotonic() - started < 5
    assert "Redis unreachable" in caplog.text
