"""Size limits: request bodies over `max_body_bytes` are refused with 413 before they are read
whole, and websocket messages over `max_frame_bytes` close the socket with 1009."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from stammtisch.services.platform import Platform
from stammtisch.settings import Settings
from tests.servers import ServerProcess
from tests.web.conftest import ApiMember

LIMIT = Settings().max_body_bytes


def chunks(total: int, size: int = 8192) -> Iterator[bytes]:
    """A JSON body of `total` bytes sent in chunks, without a Content-Length."""
    body = json.dumps({"email": "a" * (total - 13)}).encode()
    for start in range(0, len(body), size):
        yield body[start : start + size]


def test_a_body_announced_over_the_limit_is_refused_before_it_is_read(member: ApiMember) -> None:
    body = json.dumps({"email": "a" * (LIMIT + 1)})
    answer = member.client.patch(
        "/api/me", content=body, headers={**member.headers(), "Content-Type": "application/json"}
    )
    assert (answer.status_code, answer.json()["error"]) == (413, "request.too_large")
    assert member.get("/api/me").json()["email"] is None


def test_a_streamed_body_over_the_limit_is_refused_as_it_comes_in(member: ApiMember) -> None:
    answer = member.client.patch(
        "/api/me",
        content=chunks(LIMIT * 4),
        headers={**member.headers(), "Content-Type": "application/json"},
    )
    assert "content-length" not in answer.request.headers
    assert (answer.status_code, answer.json()["error"]) == (413, "request.too_large")
    assert member.get("/api/me").json()["email"] is None


def test_a_body_under_the_limit_is_read_as_always(member: ApiMember) -> None:
    answer = member.client.patch(
        "/api/me",
        content=chunks(LIMIT // 2),
        headers={**member.headers(), "Content-Type": "application/json"},
    )
    assert (answer.status_code, answer.json()["error"]) == (422, "request.invalid")


def test_a_websocket_message_over_the_limit_closes_the_socket(
    client: TestClient, platform: Platform
) -> None:
    limit = platform.ctx.settings.max_frame_bytes
    with client.websocket_connect("/api/ws") as socket:
        assert socket.receive_json()["type"] == "hello"
        socket.send_text(json.dumps({"type": "ping", "pad": "x" * (limit // 2)}))
        assert socket.receive_json()["type"] == "pong"
        socket.send_text(json.dumps({"type": "ping", "pad": "x" * limit}))
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    assert closed.value.code == 1009


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    """A real `stammtisch serve` process on SQLite."""
    process = ServerProcess(tmp_path, {})
    process.start()
    yield process
    process.stop()


def test_a_real_server_closes_a_socket_sent_a_2_mb_frame_and_refuses_a_10_mb_body(
    server: ServerProcess,
) -> None:
    with connect(server.ws_url, max_size=None) as socket:
        assert json.loads(socket.recv(timeout=10))["type"] == "hello"
        socket.send(json.dumps({"type": "ping", "pad": "x" * 2_000_000}))
        with pytest.raises(ConnectionClosed) as closed:
            socket.recv(timeout=10)
    assert closed.value.rcvd is not None
    assert closed.value.rcvd.code == 1009
    answer = httpx.post(
        f"{server.url}/api/accounts/signup",
        content=b"{" + b" " * 10_000_000 + b"}",
        headers={"Content-Type": "application/json"},
        timeout=30,
    )
    assert (answer.status_code, answer.json()["error"]) == (413, "request.too_large")
