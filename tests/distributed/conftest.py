"""Fixtures of the distributed tests: this worker's own PostgreSQL cluster and Redis server
(started once, stopped at the end), and per test a fresh database, Redis channel prefix and
shared moved clock for the `stammtisch serve` processes the test starts."""

from __future__ import annotations

import itertools
import json
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from stammtisch.web.deps import CSRF_HEADER, SESSION_COOKIE
from tests.conftest import service_missing, worker_name
from tests.servers import (
    ForkServer,
    MissingBinaryError,
    PostgresCluster,
    RedisServer,
    ServerProcess,
    SharedClock,
    http_client,
    start_all,
    stop_all,
)

ADDRESSES = itertools.count(1)
"""Each member signs up from an address of their own (X-Forwarded-For from 127.0.0.1)."""


TEMPLATE = "dist_template"
"""The migrated database each test's database is copied from."""


@pytest.fixture(scope="session")
def private_postgres() -> Iterator[PostgresCluster]:
    """A PostgreSQL cluster of this test worker, which its tests may stop and restart, holding
    the migrated template of the tests' databases."""
    ForkServer.warm()  # imports the server while the cluster starts
    cluster = PostgresCluster()
    try:
        cluster.init()
    except MissingBinaryError as missing:
        service_missing(str(missing))
    cluster.migrated_template(TEMPLATE)
    yield cluster
    cluster.destroy()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(
    request: pytest.FixtureRequest, tmp_path: Path, private_postgres: PostgresCluster
) -> str:
    """The URL of an empty database: a SQLite file, or a new one on this worker's private
    cluster (so these tests never wait on the shared server, whose test database took 7-9 s to
    drop at the session's end)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'test.sqlite3'}"
    return private_postgres.new_database(f"unit_{uuid.uuid4().hex[:10]}")


@pytest.fixture(scope="session")
def private_redis() -> Iterator[RedisServer]:
    """A Redis server of this test worker, which its tests may stop and start."""
    server = RedisServer()
    try:
        server.start()
    except MissingBinaryError as missing:
        service_missing(str(missing))
    yield server
    server.destroy()


@dataclass
class Member:
    """A member signed up through the API; their session works on every process."""

    nickname: str
    id: int
    token: str
    csrf: str

    def client(self, server: ServerProcess, timeout: float = 10) -> httpx.Client:
        """An HTTP client of one process carrying this member's cookie and CSRF token."""
        return http_client(
            server.url,
            timeout,
            headers={"Cookie": f"{SESSION_COOKIE}={self.token}", CSRF_HEADER: self.csrf},
        )

    @contextmanager
    def socket(self, server: ServerProcess) -> Iterator[ClientConnection]:
        """A websocket of this member to one process, past its hello."""
        with connect(
            server.ws_url, additional_headers={"Cookie": f"{SESSION_COOKIE}={self.token}"}
        ) as socket:
            assert receive(socket)["type"] == "hello"
            yield socket


def receive(socket: ClientConnection, timeout: float = 10) -> dict[str, Any]:
    """The next message of a websocket."""
    message: dict[str, Any] = json.loads(socket.recv(timeout=timeout))
    return message


def receive_until(socket: ClientConnection, kind: str, timeout: float = 10) -> dict[str, Any]:
    """The next message of one type, skipping others."""
    while True:
        message = receive(socket, timeout)
        if message["type"] == kind:
            return message


@dataclass
class Deployment:
    """Server processes of one test on one database, one Redis and one moved clock."""

    folder: Path
    database_url: str
    redis: RedisServer
    postgres: PostgresCluster
    prefix: str
    clock: SharedClock
    servers: list[ServerProcess] = field(default_factory=list)

    def server(self, name: str, **env: str) -> ServerProcess:
        """Start one more `stammtisch serve` process (settings as STAMMTISCH_* overrides)."""
        return self.start(name, **env)[0]

    def start(self, *names: str, **env: str) -> list[ServerProcess]:
        """Start one `stammtisch serve` process per name side by side, with the same settings
        (as STAMMTISCH_* overrides)."""
        processes = [self.process(name, **env) for name in names]
        start_all(processes)
        return processes

    def process(self, name: str, **env: str) -> ServerProcess:
        """One more `stammtisch serve` process, not started yet (stopped after the test)."""
        process = ServerProcess(
            self.folder / name,
            {
                "STAMMTISCH_DATABASE_URL": self.database_url,
                "STAMMTISCH_REDIS_URL": self.redis.url,
                "STAMMTISCH_REDIS_PREFIX": self.prefix,
                "STAMMTISCH_CLOCK_OFFSET_FILE": str(self.clock.path),
                **{f"STAMMTISCH_{key.upper()}": value for key, value in env.items()},
            },
        )
        self.servers.append(process)
        return process

    def sign_up_all(self, wanted: list[tuple[ServerProcess, str, dict[str, Any]]]) -> list[Member]:
        """New members (process, nickname, extra fields), signed up four at a time: password
        hashing keeps both processes busy."""
        with ThreadPoolExecutor(4) as pool:
            return list(pool.map(lambda w: self.sign_up(w[0], w[1], **w[2]), wanted))

    def sign_up(self, server: ServerProcess, nickname: str, **extra: Any) -> Member:
        """A new member, signed up through one process."""
        address = next(ADDRESSES)
        with http_client(server.url) as client:
            response = client.post(
                "/api/accounts/signup",
                json={"nickname": nickname, "password": "x" * 12, **extra},
                headers={
                    "X-Forwarded-For": f"10.{address // 65536}.{address // 256 % 256}."
                    f"{address % 256}"
                },
            )
        assert response.status_code == 201, response.text
        body = response.json()
        return Member(nickname, body["id"], response.cookies[SESSION_COOKIE], body["csrf_token"])


@pytest.fixture
def deployment(
    request: pytest.FixtureRequest,
    tmp_path: Path,
    private_postgres: PostgresCluster,
    private_redis: RedisServer,
) -> Iterator[Deployment]:
    """A fresh database and channel prefix; the processes the test starts are stopped after it,
    and the private servers are running again for the next test."""
    name = f"dist_{worker_name(request.config)}_{uuid.uuid4().hex[:10]}"
    built = Deployment(
        tmp_path,
        private_postgres.new_database(name, TEMPLATE),
        private_redis,
        private_postgres,
        name,
        SharedClock(tmp_path / "clock"),
    )
    yield built
    stop_all(built.servers)
    if private_redis.process is None:
        private_redis.start()
    if not private_postgres.running():
        private_postgres.start()
