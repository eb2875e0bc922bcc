"""Where a server's CPU goes per Klubnacht action, measured two ways.

In process (the default): the web application is called straight through ASGI, without sockets,
on SQLite in a temporary folder (or --database-url), with the load bench's request shape (the
actor's view when the turn passes, then its actions; a finished game is followed by a new one).
Prints one line: the CPU time per action of the application (routing, auth, rules, view, SQL,
commit, JSON), for quick comparisons, and on SQLite the SQL statements it ran per action (BEGIN
and COMMIT included; a count that, unlike CPU time, does not vary with the machine's mood);
`--cprofile FILE` keeps a cProfile dump of the run.

Counted (`--instructions`): the same run under valgrind's callgrind (on every machine kind here),
with instrumentation on only while the actions are played; prints the machine instructions the
application ran per action (all its threads; on PostgreSQL the server's backend is not counted).
Repeatable to about 0.3% whatever else the machine is doing, where CPU time drifts by a third
within minutes on a busy or shared machine: the measure to compare two commits by. It does not
see what a round trip or a thread switch costs the kernel; the load bench does.

From py-spy samples (`--folded`): sorts the raw stacks that `bench/load_klubnacht.py --profile
PREFIX` wrote for the measured window of a real server into the parts of a request (each sample
goes to the first part whose marker is found from the stack's leaf towards its root, so SQL inside
a view counts as SQL) and prints a table: each part's share and, given the CPU per action the
load bench printed, its CPU time per action.

    python bench/profile_action.py --actions 3000
    python bench/profile_action.py --actions 300 --instructions  # about a minute
    python bench/load_klubnacht.py --games 200 --rate 300 --profile /tmp/profile
    python bench/profile_action.py --folded /tmp/profile.0.folded --cpu-ms 1.57
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any, Protocol

from sqlalchemy import Engine, event

from stammtisch.services.platform import build_platform
from stammtisch.settings import Settings
from stammtisch.web.app import create_app
from stammtisch.web.deps import CSRF_HEADER, SESSION_COOKIE

PARTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("commit (SQLite write and WAL)", ("do_commit", "_sqlite_begin", "commit (sqlite3")),
    (
        "SQL (driver, SQLAlchemy, prepared statements)",
        ("sqlalchemy/", "sqlite3", "psycopg", "store/hotpath.py"),
    ),
    ("live updates (bus publish)", ("stammtisch/bus/",)),
    ("notices (your turn, e-mail wish)", ("services/notifications.py",)),
    ("engine (rules, view, legal actions)", ("stammtisch/engine/",)),
    ("serialisation (JSON in and out)", ("json", "to_json", "pydantic_core", "json_response")),
    ("request body validation (Pydantic)", ("pydantic/", "_validate_", "fastapi/_compat")),
    ("auth (session lookup, CSRF)", ("web/deps.py", "services/accounts.py")),
    (
        "platform services (steps, views, clocks, cache)",
        ("stammtisch/services/", "stammtisch/store/"),
    ),
    (
        "middleware (request id, metrics, access log, headers)",
        ("web/ops.py", "web/security.py", "prometheus", "logging/"),
    ),
    (
        "routing and FastAPI (or the hot path)",
        ("fastapi/", "starlette/", "web/routes/", "web/calls.py", "web/hotpath.py"),
    ),
    ("HTTP parsing and socket writes (uvicorn)", ("uvicorn/", "httptools", "uvloop")),
    ("event loop, threads and the rest", ("",)),
)


def part_of(stack: list[str]) -> str:
    """The part a sampled stack belongs to: the first marker met from the leaf up."""
    for frame in reversed(stack):
        for name, markers in PARTS[:-1]:
            if any(marker in frame for marker in markers):
                return name
    return PARTS[-1][0]


def parts_table(paths: list[Path], cpu_ms: float | None) -> None:
    """Print the share (and CPU per action) of each part in these py-spy raw outputs."""
    counts: Counter[str] = Counter()
    for path in paths:
        for line in path.read_text().splitlines():
            stack, _, samples = line.rpartition(" ")
            counts[part_of(stack.split(";"))] += int(samples)
    total = sum(counts.values()) or 1
    print("| Part | Share | CPU per action |")
    print("|---|---|---|")
    for name, _ in PARTS:
        share = counts[name] / total
        ms = f"{share * cpu_ms:.3f} ms" if cpu_ms else "-"
        print(f"| {name} | {100 * share:.1f}% | {ms} |")
    print(f"| all ({total} samples) | 100% | {cpu_ms or '-'} ms |")


class Client:
    """One member calling the ASGI application directly (no sockets, no HTTP parsing)."""

    def __init__(self, app: Any, cookie: str = "", csrf: str = "") -> None:
        self.app = app
        self.headers = [
            (b"host", b"127.0.0.1"),
            (b"cookie", f"{SESSION_COOKIE}={cookie}".encode()),
            (CSRF_HEADER.lower().encode(), csrf.encode()),
            (b"content-type", b"application/json"),
        ]

    async def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any, list[Any]]:
        """One request: status, decoded JSON body and response headers."""
        payload = b"" if body is None else json.dumps(body).encode()
        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": method,
            "scheme": "http",
            "path": path,
            "raw_path": path.encode(),
            "query_string": b"",
            "root_path": "",
            "headers": [*self.headers, (b"content-length", str(len(payload)).encode())],
            "client": ("127.0.0.1", 50000),
            "server": ("127.0.0.1", 80),
            "state": {},
        }
        sent: list[dict[str, Any]] = []

        async def receive() -> dict[str, Any]:
            return {"type": "http.request", "body": payload, "more_body": False}

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)

        await self.app(scope, receive, send)
        data = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
        start = sent[0]
        return start["status"], json.loads(data) if data else None, start.get("headers", [])

    async def ok(self, method: str, path: str, body: Any = None) -> Any:
        """A request that must succeed."""
        status, answer, _ = await self.call(method, path, body)
        if status >= 300:
            raise SystemExit(f"{method} {path}: {status} {answer}")
        return answer


async def member(app: Any, nickname: str) -> Client:
    """A new member signed up through the API."""
    body = {"nickname": nickname, "password": "profile-password"}
    status, answer, headers = await Client(app).call("POST", "/api/accounts/signup", body)
    if status != 201:
        raise SystemExit(f"sign-up failed: {status} {answer}")
    cookie = next(
        v.decode().split(";")[0].split("=", 1)[1]
        for k, v in headers
        if k == b"set-cookie" and v.startswith(SESSION_COOKIE.encode())
    )
    return Client(app, cookie, answer["csrf_token"])


async def new_game(players: list[Client], opponent: str) -> int:
    """A Klubnacht game of these two members, by challenge and accept."""
    body = {"nickname": opponent, "game": "klubnacht"}
    challenge = await players[0].ok("POST", "/api/challenges", body)
    accepted = await players[1].ok("POST", f"/api/challenges/{challenge['id']}/accept")
    return int(accepted["game_id"])


def choose(legal: list[str], rng: random.Random) -> str:
    """The load bench's player: claims a task when it can, takes cards, else ends the turn."""
    claims = [a for a in legal if not a.startswith(("take", "end"))]
    takes = [a for a in legal if a.startswith("take")]
    if claims:
        return rng.choice(claims)
    if takes and rng.random() < 0.9:
        return rng.choice(takes)
    return "end" if "end" in legal else rng.choice(legal)


class Statements:
    """Counts the SQL statements SQLite runs while `counting` (its trace callback)."""

    def __init__(self) -> None:
        self.counting = False
        self.count = 0

    def trace(self, _sql: str) -> None:
        """SQLite's trace callback: one more statement run."""
        if self.counting:
            self.count += 1

    def attach(self, engine: Engine) -> None:
        """Trace every connection this engine makes from now on (SQLite only; the connections
        made before are closed)."""
        if engine.dialect.name == "sqlite":
            event.listen(engine, "connect", self._trace_connection)
            engine.dispose()

    def _trace_connection(self, dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.set_trace_callback(self.trace)


class Window(Protocol):
    """Something switched on while the actions are played (a profiler, callgrind's counting)."""

    def enable(self) -> None: ...

    def disable(self) -> None: ...


class CallgrindWindow:
    """Switches callgrind's instrumentation of this process on and off (`callgrind_control`)."""

    def enable(self) -> None:
        """Count instructions from now on."""
        self._switch("on")

    def disable(self) -> None:
        """Stop counting."""
        self._switch("off")

    def _switch(self, state: str) -> None:
        command = ["callgrind_control", "--instr=" + state, str(os.getpid())]
        subprocess.run(command, check=True, capture_output=True)


async def drive(
    app: Any, actions: int, tables: int, profiler: Window | None, statements: Statements
) -> float:
    """Play `actions` actions round-robin over `tables` games; CPU seconds of the played part."""
    clients = [await member(app, f"prof{i}") for i in range(tables + 1)]
    pairs = [[clients[i], clients[i + 1]] for i in range(tables)]
    games = [await new_game(pair, f"prof{i + 1}") for i, pair in enumerate(pairs)]
    rng = random.Random(1)
    started = time.process_time()
    statements.counting = True
    if profiler is not None:
        profiler.enable()
    done, actors = 0, [-1] * tables
    while done < actions:
        for index, pair in enumerate(pairs):
            path = f"/api/games/{games[index]}"
            if actors[index] < 0:
                view = await pair[0].ok("GET", path)
                if view["status"] != "active":
                    games[index] = await new_game(pair, f"prof{index + 1}")
                    continue
                actors[index] = view["to_act"][0]
            mine = await pair[actors[index]].ok("GET", path)
            legal, seq = mine["legal"], mine["seq"]
            actors[index] = -1
            while legal and done < actions:
                body = {"seq": seq, "action": choose(legal, rng)}
                answer = await pair[mine["seat"]].ok("POST", f"{path}/actions", body)
                seq, legal = answer["seq"], answer["legal"]
                actors[index] = answer["to_act"][0] if answer["to_act"] else -1
                done += 1
    if profiler is not None:
        profiler.disable()
    statements.counting = False
    return time.process_time() - started


async def in_process(
    actions: int,
    tables: int,
    profiler: Window | None,
    database_url: str | None,
    statements: Statements,
) -> float:
    """Build a platform (SQLite in a temporary folder, or this database) and drive its app."""
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(
            data_dir=Path(folder),
            database_url=database_url,
            run_sweeper=False,
            signup_limit=10**6,
            write_limit=10**6,
            password_cost="test",
        )
        platform = build_platform(settings)
        statements.attach(platform.ctx.store.engine)
        app = create_app(platform)
        await platform.ctx.bus.start()
        try:
            return await drive(app, actions, tables, profiler, statements)
        finally:
            await platform.ctx.bus.stop()


def count_instructions(actions: int, tables: int, database_url: str | None) -> float:
    """Machine instructions per action: this bench run again under callgrind, counting only
    while the actions are played."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        command = [
            "valgrind",
            "--tool=callgrind",
            "--instr-atstart=no",
            f"--callgrind-out-file={out}",
            sys.executable,
            __file__,
            f"--actions={actions}",
            f"--tables={tables}",
            "--callgrind-window",
        ]
        if database_url:
            command.append(f"--database-url={database_url}")
        subprocess.run(command, check=True, capture_output=True)
        totals = next(line for line in out.read_text().splitlines() if line.startswith("totals:"))
    return int(totals.split()[1]) / actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=3000, help="actions to play in process")
    parser.add_argument("--tables", type=int, default=20, help="games played round-robin")
    parser.add_argument("--database-url", help="in process: this database instead of SQLite")
    parser.add_argument("--cprofile", type=Path, help="keep a cProfile dump of the played part")
    parser.add_argument("--folded", nargs="+", type=Path, help="py-spy raw outputs to sort")
    parser.add_argument("--cpu-ms", type=float, help="server CPU per action the load bench gave")
    parser.add_argument(
        "--instructions", action="store_true", help="count instructions per action (callgrind)"
    )
    parser.add_argument("--callgrind-window", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.folded:
        parts_table(args.folded, args.cpu_ms)
        return
    if args.instructions:
        instructions = count_instructions(args.actions, args.tables, args.database_url)
        print(
            f"profile_action: counted actions={args.actions} tables={args.tables} "
            f"instructions={instructions / 1e6:.3f}M/action (callgrind, in process; views at each "
            "turn included)"
        )
        return
    profiler: Window | None = None
    if args.callgrind_window:
        profiler = CallgrindWindow()
    elif args.cprofile:
        profiler = cProfile.Profile()
    statements = Statements()
    seconds = asyncio.run(
        in_process(args.actions, args.tables, profiler, args.database_url, statements)
    )
    if isinstance(profiler, cProfile.Profile):
        profiler.dump_stats(args.cprofile)
    counted = f"{statements.count / args.actions:.2f}" if not args.database_url else "n/a"
    print(
        f"profile_action: in-process actions={args.actions} tables={args.tables} "
        f"app_cpu={1000 * seconds / args.actions:.3f}ms/action sql_statements={counted}/action"
        " (views at each turn included)"
    )


if __name__ == "__main__":
    main()
