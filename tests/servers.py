"""Private servers for the distributed tests: a PostgreSQL cluster, a Redis server and
`stammtisch serve` processes, each on a free port, that a test may stop and start at will."""

from __future__ import annotations

import atexit
import glob
import json
import os
import re
import shutil
import signal
import ssl
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from datetime import timedelta
from functools import partial
from pathlib import Path

import httpx
from sqlalchemy import create_engine, text

from stammtisch.services.timesource import write_offset
from stammtisch.store.db import make_engine, migrate
from tests.conftest import SUITE_LIMITS
from tests.forkserver import adopt_orphans
from tests.mailserver import free_port

POSTGRES_BINARIES = "/usr/lib/postgresql/*/bin"
MEMORY = "/dev/shm" if os.path.isdir("/dev/shm") else None
"""Where the private cluster keeps its files: in memory where there is such a folder, so that
its start, each test's copy of the template and its removal wait for no disk."""
TLS = ssl.create_default_context()
"""One TLS context for every test client: httpx loads the CA bundle for each new client
otherwise (40 ms of CPU a client, which capped the fault tests' load at 7 moves/s)."""


def http_client(base_url: str, timeout: float = 10, **options: object) -> httpx.Client:
    """An HTTP client of the tests (sharing one TLS context)."""
    return httpx.Client(base_url=base_url, timeout=timeout, verify=TLS, **options)  # type: ignore[arg-type]


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
        self.root = Path(tempfile.mkdtemp(prefix="stammtisch-pg-", dir=MEMORY))
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
            "-c max_connections=200 -c full_page_writes=off -c synchronous_commit=off "
            "-c shared_buffers=32MB -c wal_level=minimal -c max_wal_senders=0"
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

    def new_database(self, name: str, template: str = "template1") -> str:
        """Create a database as a copy of `template` (by default an empty one); returns its URL."""
        admin = create_engine(self.url(), isolation_level="AUTOCOMMIT")
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            connection.execute(text(f'CREATE DATABASE "{name}" TEMPLATE "{template}"'))
        admin.dispose()
        return self.url(name)

    def migrated_template(self, name: str) -> str:
        """A database with the newest schema, to copy for each test (`new_database(template=)`):
        the processes then find nothing to migrate, and may start at the same time."""
        url = self.new_database(name)
        engine = make_engine(url, pooled=False)
        try:
            migrate(engine)
        finally:
            engine.dispose()  # a template is copied only while nobody is connected to it
        return name

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


class Adopted:
    """A server process forked by the fork server and adopted by this process: waited for,
    polled and signalled like a `subprocess.Popen`."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None

    def poll(self) -> int | None:
        """The exit status, or None while it runs."""
        if self.returncode is None:
            done, status = os.waitpid(self.pid, os.WNOHANG)
            if done:
                self.returncode = os.waitstatus_to_exitcode(status)
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        """Wait for the process to end (TimeoutExpired after `timeout` s); its exit status."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while (code := self.poll()) is None:
            if deadline is not None and time.monotonic() > deadline:
                raise subprocess.TimeoutExpired("stammtisch serve", timeout or 0)
            time.sleep(0.01)
        return code

    def send_signal(self, sig: int) -> None:
        """Send a signal, unless the process has ended."""
        if self.poll() is None:
            os.kill(self.pid, sig)

    def terminate(self) -> None:
        """SIGTERM."""
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        """SIGKILL."""
        self.send_signal(signal.SIGKILL)


class ForkServer:
    """`python -m tests.forkserver`, started once for this test process: it forks each server
    from an interpreter that has imported the server already."""

    running: ForkServer | None = None

    def __init__(self) -> None:
        adopt_orphans()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.forkserver"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
            cwd=Path(__file__).resolve().parent.parent,
        )  # fmt: skip
        self.lock = threading.Lock()
        atexit.register(self.close)

    @classmethod
    def spawn(cls, env: dict[str, str], log: Path) -> Adopted:
        """A new `stammtisch serve` with this environment, writing to `log`."""
        return cls.warm().fork(env, log)

    @classmethod
    def warm(cls) -> ForkServer:
        """The fork server, started now if it is not running (its imports go on meanwhile)."""
        if cls.running is None:
            cls.running = ForkServer()
        return cls.running

    def fork(self, env: dict[str, str], log: Path) -> Adopted:
        """Ask the fork server for one process."""
        assert self.process.stdin is not None
        assert self.process.stdout is not None
        with self.lock:
            self.process.stdin.write(json.dumps({"env": env, "log": str(log)}) + "\n")
            self.process.stdin.flush()
            answer = self.process.stdout.readline()
        if not answer:
            raise RuntimeError(f"the fork server ended (status {self.process.poll()})")
        return Adopted(int(answer))

    def close(self) -> None:
        """End the fork server (its input closes)."""
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=10)


class ServerProcess:
    """`stammtisch serve` as a process on a free port (forked by the fork server, adopted by
    this process)."""

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
        self.process: Adopted | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/api/ws"

    def start(self) -> None:
        """Start the process and wait until it serves."""
        self.launch()
        self.wait_serving()

    def launch(self) -> None:
        """Start the process, not waiting for it (`wait_serving`)."""
        self.process = ForkServer.spawn(self.env, self.log)

    def wait_serving(self, seconds: float = 60) -> None:
        """Wait until the launched process answers /healthz (polled every 20 ms)."""
        assert self.process is not None
        deadline = time.monotonic() + seconds
        with http_client(self.url, timeout=1) as client:
            while time.monotonic() < deadline and self.process.poll() is None:
                try:
                    if client.get("/healthz").status_code == 200:
                        return
                except httpx.HTTPError:
                    pass
                time.sleep(0.02)
        raise AssertionError(f"server did not start:\n{self.log_text()}")

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
        """End the process if it still runs (SIGINT, then SIGKILL)."""
        stop_all([self])

    def ready(self) -> bool:
        """Whether the process answers /readyz with 200."""
        with http_client(self.url, timeout=5) as client:
            return client.get("/readyz").status_code == 200

    def runs(self, job: str) -> int:
        """How many runs of a background job ("sweep", "e-mail delivery") the process has
        finished (its /metrics)."""
        with http_client(self.url, timeout=5) as client:
            metrics = client.get("/metrics").text
        name = "stammtisch_background_job_duration_seconds_count"
        found = re.search(rf'^{name}\{{job="{re.escape(job)}"\}} (\S+)$', metrics, re.MULTILINE)
        return int(float(found.group(1))) if found else 0

    def log_text(self) -> str:
        """What the process wrote so far."""
        return self.log.read_text(errors="replace")


def start_all(processes: list[ServerProcess]) -> None:
    """Start processes side by side (each start is mostly imports) and wait until all serve."""
    for process in processes:
        process.launch()
    for process in processes:
        process.wait_serving()


def stop_all(processes: list[ServerProcess]) -> None:
    """End the processes that still run: SIGINT to all at once (they stop as uvicorn does,
    without the drain a SIGTERM begins), then SIGKILL to any still running after 15 s."""
    running = [p.process for p in processes if p.process is not None and p.process.poll() is None]
    for process in running:
        process.send_signal(signal.SIGINT)
    deadline = time.monotonic() + 15
    for process in running:
        try:
            process.wait(timeout=max(deadline - time.monotonic(), 0.1))
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


def ran_again(processes: list[ServerProcess], times: int, job: str = "sweep") -> None:
    """Wait until each process has finished `times` more runs of a background job than now."""
    wanted = [(process, process.runs(job) + times) for process in processes]
    for process, runs in wanted:
        wait_until(partial(ran_at_least, process, job, runs), f"{times} more {job} runs")


def ran_at_least(process: ServerProcess, job: str, runs: int) -> bool:
    """Whether a process has finished at least `runs` runs of a background job."""
    return process.runs(job) >= runs
