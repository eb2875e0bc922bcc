"""An unreachable database answers a clear 503 with Retry-After, promptly, instead of a 500."""

from __future__ import annotations

import socket
import time

from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import text

from stammtisch.store.db import Store, make_engine
from stammtisch.web.errors import RETRY_AFTER_SECONDS, install_error_handlers


def _free_port() -> int:
    """A TCP port on which nothing listens."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_unreachable_database_answers_503_with_retry_after() -> None:
    """A request whose database connection fails gets server.unavailable and Retry-After."""
    store = Store(make_engine(f"postgresql+psycopg://postgres@127.0.0.1:{_free_port()}/none"))
    app = FastAPI()
    install_error_handlers(app)

    @app.get("/count")
    def count() -> int:
        """Reads from the (unreachable) database."""
        with store.read() as session:
            return int(session.execute(text("SELECT 1")).scalar_one())

    started = time.monotonic()
    response = TestClient(app, raise_server_exceptions=False).get("/count")
    assert time.monotonic() - started < 10
    assert response.status_code == 503
    assert response.json()["error"] == "server.unavailable"
    assert response.headers["Retry-After"] == str(RETRY_AFTER_SECONDS)
