"""Load: N concurrent Klubnacht games driven through the JSON API by scripted clients.

Starts `stammtisch serve` (--processes of them; SQLite in a temporary folder, or the database of
--database-url, with --redis-url to share live updates) unless --url is given, signs up one
member per game (members sit in a ring: each plays two games, one against each neighbour, well
inside the limit of three; member i talks to process i mod N, so with two processes the two
members of every game sit on different processes), starts the games by challenge and accept,
then lets every game's scripted players act at an offered total rate for a fixed time (a
finished game is followed by a new one). Prints one line: offered and achieved actions/s,
p50/p99 latency of the actions, the CPU time per action of the server processes, of the
database's backends serving them (PostgreSQL) and of this load generator, and the load average
at the start and end of the measured window.

The players speak HTTP/1.1 over raw keep-alive sockets (one per member), so the load generator
stays cheap next to the server it measures.

    python bench/load_klubnacht.py --games 200 --rate 300 --seconds 30
    python bench/load_klubnacht.py --games 1000 --rate 600 --seconds 30 --processes 2 \
        --database-url postgresql+psycopg://postgres@127.0.0.1:5432/bench_load \
        --redis-url redis://127.0.0.1:6379/5
    python bench/load_klubnacht.py --games 200 --rate 300 --profile /tmp/profile  # py-spy

With --profile PREFIX, py-spy (not a project dependency: `pip install py-spy==0.4.3` into the
environment) samples each started server during the measured window into PREFIX.N.folded (one
line per stack; only the thread holding the interpreter lock is sampled, so threads waiting on the
database or a socket do not count); bench/profile_action.py sorts them into parts.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit

import httpx

PASSWORD = "load-test-password"
T = TypeVar("T")


@dataclass
class Stats:
    """Latencies of acknowledged actions and counts of everything else."""

    latencies: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    games_finished: int = 0

    def error(self, code: str) -> None:
        self.errors[code] = self.errors.get(code, 0) + 1


class Player:
    """A member's keep-alive HTTP/1.1 connection: raw asyncio streams, JSON in and out."""

    def __init__(self, url: str, cookie: str, csrf: str) -> None:
        parts = urlsplit(url)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.head = (
            f"Host: {self.host}:{self.port}\r\nCookie: stammtisch_session={cookie}\r\n"
            f"X-CSRF-Token: {csrf}\r\n"
        )
        self.streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        """One request; a keep-alive connection the server closed meanwhile is opened again."""
        for attempt in (1, 2):
            try:
                return await self._exchange(method, path, body)
            except (ConnectionError, asyncio.IncompleteReadError):
                self.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    async def _exchange(self, method: str, path: str, body: Any) -> tuple[int, Any]:
        if self.streams is None:
            self.streams = await asyncio.open_connection(self.host, self.port)
        reader, writer = self.streams
        payload = b"" if body is None else json.dumps(body).encode()
        extra = f"Content-Type: application/json\r\nContent-Length: {len(payload)}\r\n"
        writer.write(f"{method} {path} HTTP/1.1\r\n{self.head}{extra}\r\n".encode() + payload)
        head = await reader.readuntil(b"\r\n\r\n")
        status = int(head[9:12])
        length, closing = 0, False
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            name = name.strip().lower()
            if name == b"content-length":
                length = int(value)
            elif name == b"connection" and value.strip().lower() == b"close":
                closing = True
            elif name == b"transfer-encoding":
                raise SystemExit("the server sent a chunked answer; this client reads lengths only")
        data = await reader.readexactly(length) if length else b""
        if closing:
            self.close()
        return status, json.loads(data) if data else None

    def close(self) -> None:
        """Drop the connection (the next request opens a new one)."""
        if self.streams is not None:
            self.streams[1].close()
            self.streams = None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time a process has used so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_server(
    folder: Path, database_url: str | None, redis_url: str | None = None, index: int = 0
) -> tuple[subprocess.Popen[bytes], str]:
    """Start one `stammtisch serve` process and wait until it answers."""
    port = free_port()
    env = {**os.environ, "STAMMTISCH_DATA_DIR": str(folder), "STAMMTISCH_PORT": str(port)}
    env.pop("STAMMTISCH_DATABASE_URL", None)
    env.pop("STAMMTISCH_REDIS_URL", None)
    # Every bench member signs up from this machine's address and plays fast: no rate limits;
    # the sign-ups before the measured window hash their passwords at the cheapest cost.
    env.update(STAMMTISCH_SIGNUP_LIMIT="1000000", STAMMTISCH_WRITE_LIMIT="1000000")
    env.update(STAMMTISCH_PASSWORD_COST="test")
    if database_url:
        env["STAMMTISCH_DATABASE_URL"] = database_url
    if redis_url:
        env["STAMMTISCH_REDIS_URL"] = redis_url
        # Channels are global to a Redis server: a prefix of the bench's own keeps its messages
        # away from other users of the same server.
        env["STAMMTISCH_REDIS_PREFIX"] = f"bench{os.getpid()}"
    log = (folder / f"server{index}.log").open("wb")
    process = subprocess.Popen(
        [sys.executable, "-m", "stammtisch", "serve"], env=env, stdout=log, stderr=log
    )
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            if httpx.get(f"{url}/api/games", timeout=1).status_code == 200:
                return process, url
        except httpx.HTTPError:
            time.sleep(0.1)
    raise SystemExit("the server did not start")


async def sign_up(url: str, nickname: str, limits: asyncio.Semaphore) -> tuple[str, str]:
    """A new member's session cookie and CSRF token."""
    async with limits, httpx.AsyncClient(base_url=url, timeout=60) as client:
        answer = await client.post(
            "/api/accounts/signup", json={"nickname": nickname, "password": PASSWORD}
        )
        answer.raise_for_status()
        return client.cookies["stammtisch_session"], answer.json()["csrf_token"]


def checked(answer: tuple[int, Any]) -> Any:
    status, body = answer
    if status >= 300:
        raise SystemExit(f"setup failed: {status} {body}")
    return body


async def new_game(players: list[Player], nickname: str) -> int:
    challenge = checked(
        await players[0].request(
            "POST", "/api/challenges", {"nickname": nickname, "game": "klubnacht"}
        )
    )
    accept = f"/api/challenges/{challenge['id']}/accept"
    accepted = checked(await players[1].request("POST", accept))
    return int(accepted["game_id"])


def choose(legal: list[str], rng: random.Random) -> str:
    """A plausible player: claims a task when it can, takes cards, ends the turn otherwise."""
    claims = [a for a in legal if not a.startswith(("take", "end"))]
    takes = [a for a in legal if a.startswith("take")]
    if claims:
        return rng.choice(claims)
    if takes and rng.random() < 0.9:
        return rng.choice(takes)
    return "end" if "end" in legal else rng.choice(legal)


async def drive(
    index: int,
    players: list[Player],
    nickname: str,
    game_id: int,
    timing: tuple[float, float, float],
    stats: Stats,
) -> None:
    """Play one table until `stop`: the actor's view at each turn, then actions at the pace.

    Only actions started from `begin` on count (the tables start one by one before it)."""
    interval, begin, stop = timing
    rng = random.Random(index)
    await asyncio.sleep(rng.random() * interval)
    next_at = time.perf_counter()
    legal: list[str] = []
    seq, actor = 0, -1
    while time.perf_counter() < stop:
        if not legal:
            if actor < 0:
                view = checked(await players[0].request("GET", f"/api/games/{game_id}"))
                if view["status"] != "active":
                    stats.games_finished += 1
                    game_id, actor = await new_game(players, nickname), -1
                    continue
                actor = view["to_act"][0]
            mine = checked(await players[actor].request("GET", f"/api/games/{game_id}"))
            legal, seq = mine["legal"], mine["seq"]
            if not legal:
                actor = -1
            continue
        next_at += interval * rng.uniform(0.5, 1.5)
        await asyncio.sleep(max(0.0, next_at - time.perf_counter()))
        started = time.perf_counter()
        if started >= stop:
            break
        status, body = await players[actor].request(
            "POST", f"/api/games/{game_id}/actions", {"seq": seq, "action": choose(legal, rng)}
        )
        elapsed = time.perf_counter() - started
        if status != 200:
            stats.error(body.get("error", str(status)) if body else str(status))
            legal, actor = [], -1
            continue
        if started >= begin:
            stats.latencies.append(elapsed)
        seq, legal = body["seq"], body["legal"]
        actor = body["to_act"][0] if body["to_act"] else -1


def cpu_of(pids: list[int]) -> dict[int, float]:
    """CPU seconds each of these processes used so far (one that is gone is left out)."""
    used = {}
    for pid in pids:
        with contextlib.suppress(FileNotFoundError, ProcessLookupError):
            used[pid] = cpu_seconds(pid)
    return used


def cpu_since(before: dict[int, float], pids: list[int]) -> float:
    """CPU seconds these processes used since `before` (one started since counts all of its)."""
    return sum(now - before.get(pid, 0.0) for pid, now in cpu_of(pids).items())


def database_backends(database_url: str | None) -> list[int]:
    """The PostgreSQL backends connected to the bench's database (their CPU is the database's
    work for the bench; the cluster's shared writer processes are left out)."""
    if not database_url or not database_url.startswith("postgresql"):
        return []
    import psycopg

    plain = database_url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(plain) as connection:
        rows = connection.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database()"
            " AND pid <> pg_backend_pid()"
        ).fetchall()
    return [int(pid) for (pid,) in rows]


@dataclass
class Meter:
    """What the measured window cost: CPU seconds of servers, database and this generator."""

    server: float = float("nan")
    database: float = float("nan")
    own: float = float("nan")
    load: tuple[float, float] = (float("nan"), float("nan"))


def start_profilers(server_pids: list[int], prefix: str, seconds: float) -> list[Any]:
    """py-spy sampling each server process for `seconds` into PREFIX.N.folded."""
    return [
        subprocess.Popen(
            [
                *(str(Path(sys.executable).with_name("py-spy")), "record", "--pid", str(pid)),
                *("--duration", str(max(1, int(seconds))), "--rate", "250", "--nonblocking"),
                "--gil",  # only the thread holding the interpreter: CPU, not waits on a socket
                *("--format", "raw", "--output", f"{prefix}.{index}.folded"),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for index, pid in enumerate(server_pids)
    ]


async def cpu_meter(
    server_pids: list[int],
    database_url: str | None,
    window: tuple[float, float],
    profile: str | None = None,
) -> Meter:
    """CPU seconds the servers, their database backends and this load generator use in the
    window, and the 1-minute load average at both ends (`profile`: sample the servers too)."""
    begin, end = window
    await asyncio.sleep(begin - time.perf_counter())
    profilers = start_profilers(server_pids, profile, end - begin) if profile else []
    load = os.getloadavg()[0]
    server, own = cpu_of(server_pids), time.process_time()
    database = cpu_of(database_backends(database_url))
    await asyncio.sleep(end - time.perf_counter())
    meter = Meter(load=(load, os.getloadavg()[0]))
    meter.own = time.process_time() - own
    if server_pids:
        meter.server = cpu_since(server, server_pids)
    if database_url and database_url.startswith("postgresql"):
        meter.database = cpu_since(database, database_backends(database_url))
    for profiler in profilers:
        await asyncio.to_thread(profiler.wait)
    return meter


async def run(
    urls: list[str],
    games: int,
    rate: float,
    seconds: float,
    server_pids: list[int],
    database_url: str | None,
    profile: str | None = None,
) -> tuple[Stats, Meter]:
    """Set up the games, drive them; returns the stats and what the measured window cost."""
    limits = asyncio.Semaphore(16)
    tag = f"{os.getpid() % 10000}"
    names = [f"m{tag}_{i}" for i in range(max(games, 3))]
    homes = [urls[i % len(urls)] for i in range(len(names))]
    members = await asyncio.gather(
        *(sign_up(homes[i], name, limits) for i, name in enumerate(names))
    )
    pairs = [(i, (i + 1) % len(names)) for i in range(games)]
    tables = [[Player(homes[a], *members[a]), Player(homes[b], *members[b])] for a, b in pairs]
    opponents = [names[b] for _, b in pairs]
    game_ids = []
    for start in range(0, games, 100):
        batch = range(start, min(start + 100, games))
        game_ids += await asyncio.gather(*(new_game(tables[i], opponents[i]) for i in batch))
    stats = Stats()
    interval = games / rate
    begin = time.perf_counter() + interval
    timing = (interval, begin, begin + seconds)
    meter = asyncio.create_task(
        cpu_meter(server_pids, database_url, (begin, begin + seconds), profile)
    )
    await asyncio.gather(
        *(drive(i, tables[i], opponents[i], game_ids[i], timing, stats) for i in range(games))
    )
    measured = await meter
    for table in tables:
        for player in table:
            player.close()
    return stats, measured


def event_loop_run(main: Coroutine[Any, Any, T]) -> T:
    """Run on uvloop when it is installed (it comes with uvicorn[standard]), else asyncio."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(main)
    return uvloop.run(main)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="concurrent games")
    parser.add_argument("--rate", type=float, default=300.0, help="offered actions per second")
    parser.add_argument("--seconds", type=float, default=30.0, help="measured time")
    parser.add_argument("--url", help="an already running server (default: start them)")
    parser.add_argument("--processes", type=int, default=1, help="server processes to start")
    parser.add_argument(
        "--database-url", help="the started servers' database (default: SQLite in a temp folder)"
    )
    parser.add_argument("--redis-url", help="the started servers' Redis (needed for 2 or more)")
    parser.add_argument(
        "--profile", metavar="PREFIX", help="sample the servers with py-spy into PREFIX.N.folded"
    )
    args = parser.parse_args()
    if args.profile and not Path(sys.executable).with_name("py-spy").exists():
        raise SystemExit("--profile needs py-spy in this environment: pip install py-spy==0.4.3")
    if args.processes > 1 and not (args.database_url and args.redis_url):
        raise SystemExit("several processes share a database server and Redis: give both URLs")
    with tempfile.TemporaryDirectory() as folder:
        started = (
            []
            if args.url
            else [
                start_server(Path(folder), args.database_url, args.redis_url, i)
                for i in range(args.processes)
            ]
        )
        urls = [url for _, url in started] or [args.url]
        try:
            pids = [process.pid for process, _ in started]
            stats, meter = event_loop_run(
                run(
                    urls, args.games, args.rate, args.seconds, pids, args.database_url, args.profile
                )
            )
        finally:
            for process, _ in started:
                process.send_signal(signal.SIGTERM)
            for process, _ in started:
                process.wait(timeout=30)
    latencies = sorted(stats.latencies)
    p50 = statistics.median(latencies) * 1000 if latencies else float("nan")
    p99 = latencies[int(len(latencies) * 0.99) - 1] * 1000 if latencies else float("nan")
    errors = ",".join(f"{k}={v}" for k, v in sorted(stats.errors.items())) or "none"
    count = max(len(latencies), 1)
    print(
        f"load_klubnacht: processes={len(urls)} games={args.games} offered={args.rate:.0f}/s "
        f"achieved={len(latencies) / args.seconds:.1f} actions/s p50={p50:.1f}ms p99={p99:.1f}ms "
        f"actions={len(latencies)} finished_games={stats.games_finished} errors={errors} "
        f"server_cpu={1000 * meter.server / count:.2f}ms/action "
        f"database_cpu={1000 * meter.database / count:.2f}ms/action "
        f"client_cpu={1000 * meter.own / count:.2f}ms/action "
        f"load={meter.load[0]:.2f}->{meter.load[1]:.2f}"
    )


if __name__ == "__main__":
    main()
