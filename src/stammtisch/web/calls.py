"""How hot routes call the services and answer: lean JSON, and no thread hop on SQLite.

On SQLite a service call is a short, local, CPU-bound transaction (writes queue on one lock in
this process anyway), so it runs right on the event loop: handing it to a worker thread would
only add a thread switch and interpreter-lock contention. A database server is waited for over
the network, so there the call goes to the thread pool and the loop keeps serving others.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from anyio import to_thread
from fastapi import Response
from pydantic_core import to_json

from stammtisch.services.platform import Platform

T = TypeVar("T")


async def service_call(platform: Platform, call: Callable[..., T], *args: Any) -> T:
    """Run a blocking service call: inline on SQLite, in the thread pool otherwise."""
    if platform.ctx.store.is_sqlite:
        return call(*args)
    return await to_thread.run_sync(call, *args)


def json_response(content: Any, status_code: int = 200) -> Response:
    """A JSON answer serialised in one step (pydantic-core), without validating it again."""
    return Response(to_json(content), status_code=status_code, media_type="application/json")
