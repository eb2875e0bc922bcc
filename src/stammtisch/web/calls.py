"""How hot routes call the services and answer: lean JSON, and no thread hop on SQLite.

On SQLite a service call is a short, local, CPU-bound transaction (writes queue on one lock in
this process anyway), so it runs right on the event loop: handing it to a worker thread would
only add a thread switch and interpreter-lock contention. A database server is waited for over
the network, so there the call goes to the process's request threads and the loop keeps serving
others. Those are a plain thread pool of the standard library, handed the caller's context
variables (the request id of the log lines): a hop costs less than half of anyio's
`to_thread`, whose capacity limiter, task bookkeeping and condition-variable queue the hot
routes do not need.
"""

from __future__ import annotations

import asyncio
import contextvars
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from fastapi import Response
from pydantic_core import to_json

from stammtisch.services.platform import Platform

T = TypeVar("T")

_pools: dict[int, ThreadPoolExecutor] = {}
_pools_lock = threading.Lock()


def request_threads(count: int) -> ThreadPoolExecutor:
    """The process's pool of `count` request threads (made on first use, then shared)."""
    pool = _pools.get(count)
    if pool is None:
        with _pools_lock:
            pool = _pools.get(count)
            if pool is None:
                pool = _pools[count] = ThreadPoolExecutor(count, thread_name_prefix="request")
    return pool


async def service_call(platform: Platform, call: Callable[..., T], *args: Any) -> T:
    """Run a blocking service call: inline on SQLite, on a request thread otherwise."""
    if platform.ctx.store.is_sqlite:
        return call(*args)
    pool = request_threads(platform.ctx.settings.effective_worker_threads())
    context = contextvars.copy_context()
    return await asyncio.get_running_loop().run_in_executor(pool, context.run, call, *args)


def json_response(content: Any, status_code: int = 200) -> Response:
    """A JSON answer serialised in one step (pydantic-core), without validating it again."""
    return Response(to_json(content), status_code=status_code, media_type="application/json")
