"""Load: N concurrent Klubnacht games driven through the JSON API by scripted clients.

Starts `stammtisch serve` (one process, SQLite in a temporary folder) unless --url is given, signs
up two members per game, starts the games by challenge and accept, then lets every game's
scripted players act at an offered total rate for a fixed time (a finished game is followed by a
rematch). Prints one line: offered and achieved actions/s and p50/p99 latency of the actions.

    python bench/load_klubnacht.py --games 200 --rate 300 --seconds 30
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

PASSWORD = "load-test-password"


@dataclass
class Stats:
    """Latencies of acknowledged actions and counts of everything else."""

    latencies: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    games_finished: int = 0

    def error(self, code: str) -> None:
        self.errors[code] = self.errors.get(code, 0) + 1


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time a process has used so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_server(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = {**os.environ, "STAMMTISCH_DATA_DIR": str(folder), "STAMMTISCH_PORT": str(port)}
    env.pop("STAMMTISCH_DATABASE_URL", None)
    log = (folder / "server.log").open("wb")
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


async def sign_up(url: str, nickname: str, limits: asyncio.Semaphore) -> httpx.AsyncClient:
    client = httpx.AsyncClient(base_url=url, timeout=30)
    async with limits:
        answer = await client.post(
            "/api/accounts/signup", json={"nickname": nickname, "password": PASSWORD}
        )
    answer.raise_for_status()
    client.headers["X-CSRF-Token"] = answer.json()["csrf_token"]
    return client


async def request(
    client: httpx.AsyncClient, method: str, path: str, **kwargs: Any
) -> httpx.Response:
    """One request; a keep-alive connection the server closed meanwhile is retried once."""
    try:
        return await client.request(method, path, **kwargs)
    except httpx.RemoteProtocolError:
        return await client.request(method, path, **kwargs)


async def new_game(players: list[httpx.AsyncClient], nickname: str) -> int:
    challenge = await players[0].post(
        "/api/challenges", json={"nickname": nickname, "game": "klubnacht"}
    )
    challenge.raise_for_status()
    accepted = await players[1].post(f"/api/challenges/{challenge.json()['id']}/accept")
    accepted.raise_for_status()
    return int(accepted.json()["game_id"])


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
    players: list[httpx.AsyncClient],
    nickname: str,
    interval: float,
    stop: float,
    stats: Stats,
) -> None:
    rng = random.Random(index)
    game_id = await new_game(players, nickname)
    await asyncio.sleep(rng.random() * interval)
    next_at = time.perf_counter()
    legal: list[str] = []
    seq, actor = 0, -1
    while time.perf_counter() < stop:
        if not legal:
            if actor < 0:
                view = (await request(players[0], "GET", f"/api/games/{game_id}")).json()
                if view["status"] != "active":
                    stats.games_finished += 1
                    game_id, actor = await new_game(players, nickname), -1
                    continue
                actor = view["to_act"][0]
            mine = (await request(players[actor], "GET", f"/api/games/{game_id}")).json()
            legal, seq = mine["legal"], mine["seq"]
            if not legal:
                actor = -1
            continue
        next_at += interval * rng.uniform(0.5, 1.5)
        await asyncio.sleep(max(0.0, next_at - time.perf_counter()))
        started = time.perf_counter()
        answer = await request(
            players[actor],
            "POST",
            f"/api/games/{game_id}/actions",
            json={"seq": seq, "action": choose(legal, rng)},
        )
        elapsed = time.perf_counter() - started
        if answer.status_code != 200:
            stats.error(answer.json().get("error", str(answer.status_code)))
            legal, actor = [], -1
            continue
        stats.latencies.append(elapsed)
        body = answer.json()
        seq, legal = body["seq"], body["legal"]
        actor = body["to_act"][0] if body["to_act"] else -1


async def run(
    url: str, games: int, rate: float, seconds: float, server_pid: int | None
) -> tuple[Stats, float]:
    """Set up the games, drive them; returns the stats and the server's CPU seconds meanwhile."""
    limits = asyncio.Semaphore(16)
    tag = f"{os.getpid() % 10000}"
    names = [(f"a{tag}_{i}", f"b{tag}_{i}") for i in range(games)]
    clients = await asyncio.gather(*(sign_up(url, name, limits) for pair in names for name in pair))
    stats = Stats()
    interval = games / rate
    stop = time.perf_counter() + seconds + interval
    cpu_before = cpu_seconds(server_pid) if server_pid else 0.0
    await asyncio.gather(
        *(
            drive(i, [clients[2 * i], clients[2 * i + 1]], names[i][1], interval, stop, stats)
            for i in range(games)
        )
    )
    cpu = cpu_seconds(server_pid) - cpu_before if server_pid else float("nan")
    for client in clients:
        await client.aclose()
    return stats, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="concurrent games")
    parser.add_argument("--rate", type=float, default=300.0, help="offered actions per second")
    parser.add_argument("--seconds", type=float, default=30.0, help="measured time")
    parser.add_argument("--url", help="an already running server (default: start one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        process, url = (None, args.url) if args.url else start_server(Path(folder))
        try:
            began = time.perf_counter()
            pid = process.pid if process is not None else None
            stats, cpu = asyncio.run(run(url, args.games, args.rate, args.seconds, pid))
            wall = time.perf_counter() - began
        finally:
            if process is not None:
                process.send_signal(signal.SIGTERM)
                process.wait(timeout=30)
    latencies = sorted(stats.latencies)
    measured = min(wall, args.seconds)
    p50 = statistics.median(latencies) * 1000 if latencies else float("nan")
    p99 = latencies[int(len(latencies) * 0.99) - 1] * 1000 if latencies else float("nan")
    errors = ",".join(f"{k}={v}" for k, v in sorted(stats.errors.items())) or "none"
    print(
        f"load_klubnacht: games={args.games} offered={args.rate:.0f}/s "
        f"achieved={len(latencies) / measured:.1f} actions/s p50={p50:.1f}ms p99={p99:.1f}ms "
        f"actions={len(latencies)} finished_games={stats.games_finished} errors={errors} "
        f"server_cpu={1000 * cpu / max(len(latencies), 1):.2f}ms/action"
    )


if __name__ == "__main__":
    main()
