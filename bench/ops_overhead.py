"""Server CPU the operations middleware adds per request: request id, metrics, the log line.

Builds the real app on a SQLite file in a temporary folder and sends `--requests` GET requests
to `/healthz` (no database, no thread: what is left is routing and the middleware stack)
straight through ASGI, without a server or sockets, in three set-ups: without the `Observed`
middleware, with it and the access log off (its level not enabled), and with it writing one
JSON line per request to /dev/null. The figures are processor time of this process per
request, the best of `--rounds` rounds. Prints one table.
Usage: python bench/ops_overhead.py [--requests 20000] [--rounds 5]
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import tempfile
import time
from pathlib import Path
from typing import Any, cast

from fastapi import FastAPI
from starlette.types import Message

from stammtisch.bus import LocalBus
from stammtisch.services.platform import build_platform
from stammtisch.settings import Settings
from stammtisch.web.app import create_app
from stammtisch.web.logs import make_handler
from stammtisch.web.ops import Observed

SCOPE = {
    "type": "http",
    "asgi": {"version": "3.0"},
    "http_version": "1.1",
    "method": "GET",
    "scheme": "http",
    "path": "/healthz",
    "raw_path": b"/healthz",
    "root_path": "",
    "query_string": b"",
    "headers": [(b"host", b"bench"), (b"x-request-id", b"bench-1")],
    "client": ("127.0.0.1", 5000),
    "server": ("127.0.0.1", 8000),
}


async def drive(app: FastAPI, requests: int) -> float:
    """Processor seconds per request for `requests` requests to the app."""

    async def receive() -> Message:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: Message) -> None:
        if message["type"] == "http.response.start":
            assert message["status"] == 200, message

    for _ in range(200):  # warm-up: label children, caches
        await app(dict(SCOPE), receive, send)
    started = time.process_time()
    for _ in range(requests):
        await app(dict(SCOPE), receive, send)
    return (time.process_time() - started) / requests


def main() -> None:
    """Time the three set-ups and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=5)
    options = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="ops-bench-"))
    settings = Settings(data_dir=folder, secret_key="bench", run_sweeper=False)
    platform = build_platform(settings, bus=LocalBus())
    bare = create_app(platform)
    bare.user_middleware = [m for m in bare.user_middleware if m.cls is not cast(Any, Observed)]
    observed = create_app(platform)
    access = logging.getLogger("stammtisch.access")
    with open("/dev/null", "w") as sink:
        handler = make_handler("json", sink)

        def logged(on: bool) -> None:
            access.handlers = [handler] if on else []
            access.setLevel(logging.INFO if on else logging.WARNING)
            access.propagate = not on

        setups = [("without Observed", bare, False), ("Observed, log off", observed, False)]
        setups.append(("Observed + JSON line", observed, True))
        best: dict[str, float] = {}
        for _ in range(options.rounds):
            for name, app, on in setups:
                logged(on)
                cost = asyncio.run(drive(app, options.requests))
                best[name] = min(best.get(name, cost), cost)
    platform.close()
    base = best["without Observed"]
    print(f"{'set-up':<22} {'µs/request':>11} {'added µs':>9}  ({options.requests} requests)")
    for name, cost in best.items():
        print(f"{name:<22} {cost * 1e6:>11.1f} {(cost - base) * 1e6:>9.1f}")


if __name__ == "__main__":
    main()
