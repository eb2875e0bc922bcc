"""Private servers for the distributed tests: a PostgreSQL cluster, a Redis server and
`stammtisch serve` processes, each on a free port, that a test may stop and start at will."""

from __future__ import annotations

import glob
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

import httpx
from sqlalchemy import create_engine, text

from stammtisch.services.timesource import write_offset
from tests.conftest import SUITE_LIMITS
from tests.mailserver import free_port

POSTGRES_BINARIES = "/usr/lib/postgresql/*/bin"


class MissingBinaryError(RuntimeError):
    """A server binary the distributed tests need is not installed."""


def binary(name: str) -> str:
    """The path of a server binary: on PATH, or in PostgreSQL's versioned folder."""
    found = shutil.which(name) or next(
        iter(sorted(glob.glob(f"{POSTGRES_BINARIES}/{name}"), reverse=True)), None
    )
    if found is None:
        raise MissingBinaryError(
            f"{name} is not installed (looked on PATH and {POSTGRES_BINARIES})"
        )
    return found


def as_postgres(command: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root: run its commands as the postgres user there."""
    if os.geteuid() == 0:
        return [binary("runuser"), "-u", "postgres", "--", *command]
    return command


def wait_until(check: Callable[[], object], what: str, seconds: float = 30.0) -> None:
    """Poll `check()` until it is true; fail after `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.05)
    raise AssertionError(f"{what} did not happen within {seconds} s")


class PostgresCluster:
    """A throw-away PostgreSQL cluster (trust authentication, no fsync) on a free port."""

    def __init__(self) -> None:
        self.port = free_port()
        self.root = Path(tempfile.mkdtemp(prefix="stammtisch-pg-"))
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        if os.geteuid() == 0:
            shutil.chown(self.root, "postgres", "postgres")
        self.root.chmod(0o755)

    def _run(self, *command: str) -> None:
        done = subprocess.run(as_postgres(list(command)), capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} failed:\n{done.stdout}{done.stderr}")

    def init(self) -> None:
        """Create the cluster's files and start it."""
        self._run(binary("initdb"), "-D", str(self.data), "-U", "postgres", "-A", "trust", "-N")
        self.start()

    def _ctl(self, action: str, *extra: str) -> None:
        options = (
            f"-k {self.root} -c listen_addresses=127.0.0.1 -p {self.port} -c fsync=off "
            "-c max_connections=200 -c full_page_writes=off -c synchronous_commit=off"
        )
        self._run(
            binary("pg_ctl"), action, "-D", str(self.data), "-l", str(self.log),
            "-o", options, "-w", "-t", "30", *extra,
        )  # fmt: skip

    def start(self) -> None:
        """Start the server and wait until it accepts connections."""
        self._ctl("start")

    def stop(self, mode: str = "fast") -> None:
        """Stop the server (fast: open sessions are ended; immediate: no checkpoint either)."""
        self._ctl("stop", "-m", mode)

    def running(self) -> bool:
        """Whether the server runs (pg_ctl status)."""
        status = [binary("pg_ctl"), "status", "-D", str(self.data)]
        return subprocess.run(as_postgres(status), capture_output=True).returncode == 0

    def restart(self) -> None:
        """Restart the server (fast: open sessions are ended), waiting until it is back."""
        self._ctl("restart", "-m", "fast")

    def url(self, database: str = "postgres") -> str:
        """The SQLAlchemy URL of one database of the cluster."""
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"

    def new_database(self, name: str) -> str:
        """Create an empty database; returns its URL."""
        admin = create_engine(self.url(), isolation_level="AUTOCOMMIT")
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            connection.execute(text(f'CREATE DATABASE "{name}"'))
        admin.dispose()
        return self.url(name)

    def destroy(self) -> None:
        """Stop the server and remove its files."""
        try:
            self.stop("immediate")  # the files are thrown away: no checkpoint needed
        finally:
            shutil.rmtree(self.root, ignore_errors=True)


class RedisServer:
    """A throw-away Redis server without persistence on a free port."""

    def __init__(self) -> None:
        self.port = free_port()
        self.root = Path(tempfile.mkdtemp(prefix="stammtisch-redis-"))
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        """Start the server and wait until it answers PING."""
        with (self.root / "server.log").open("ab") as log:
            self.process = subprocess.Popen(
                [binary("redis-server"), "--port", str(self.port), "--bind", "127.0.0.1",
                 "--save", "", "--appendonly", "no", "--dir", str(self.root)],
                stdout=log, stderr=log,
            )  # fmt: skip
        wait_until(self.answers, "Redis start", 10)

    def answers(self) -> bool:
        """Whether the server answers PING."""
        import redis

        client = redis.Redis(port=self.port, socket_connect_timeout=0.5)
        try:
            return bool(client.ping())
        except redis.RedisError:
            return False
        finally:
            client.close()

    def stop(self) -> None:
        """Stop the server (its subscribers lose their connection)."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
        self.process = None

    def destroy(self) -> None:
        """Stop the server and remove its folder."""
        self.stop()
        shutil.rmtree(self.root, ignore_errors=True)


class SharedClock:
    """The moved clock every server process of a test reads (STAMMTISCH_CLOCK_OFFSET_FILE)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.offset = timedelta(0)
        write_offset(path, self.offset)

    def advance(self, delta: timedelta) -> None:
        """Move every process's clock forward."""
        self.offset += delta
        write_offset(self.path, self.offset)


class ServerProcess:
    """`stammtisch serve` as a child process on a free port."""

    def __init__(self, folder: Path, env: dict[str, str]) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.port = free_port()
        self.log = folder / "server.log"
        self.env = {
            **{k: v for k, v in os.environ.items() if not k.startswith("STAMMTISCH_")},
            "STAMMTISCH_DATA_DIR": str(folder / "data"),
            "STAMMTISCH_PORT": str(self.port),
            "STAMMTISCH_SECRET_KEY": "distributed-test-secret",
            "STAMMTISCH_SWEEP_SECONDS": "0.2",
            **{f"STAMMTISCH_{name.upper()}": str(value) for name, value in SUITE_LIMITS.items()},
            **env,
        }
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/api/ws"

    def start(self) -> None:
        """Start the process and wait until it serves."""
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "stammtisch", "serve"], env=self.env, stdout=log, stderr=log
            )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                break
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise AssertionError(f"server did not start:\n{self.log.read_text()}")

    def send(self, sig: signal.Signals) -> None:
        """Send a signal to the process."""
        assert self.process is not None
        self.process.send_signal(sig)

    def kill(self) -> None:
        """SIGKILL: the process ends at once, nothing cleaned up."""
        self.send(signal.SIGKILL)
        self.wait()

    def wait(self, seconds: float = 30) -> int:
        """Wait for the process to end; its exit status."""
        assert self.process is not None
        return self.process.wait(timeout=seconds)

    def stop(self) -> None:
        """End the process if it still runs (SIGTERM, then SIGKILL)."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)

    def ready(self) -> bool:
        """Whether the process answers /readyz with 200."""
        return httpx.get(f"{self.url}/readyz", timeout=5).status_code == 200

    def log_text(self) -> str:
        """What the process wrote so far."""
        return self.log.read_text(errors="replace")
