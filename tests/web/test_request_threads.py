"""The request threads that run service calls on a database server (`web/calls.py`)."""

from __future__ import annotations

import asyncio
import contextvars
import threading

import pytest

from stammtisch.web.calls import RequestThreads

REQUEST_ID: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="none")


def where() -> tuple[str, str]:
    """The thread a call ran on and the request id it saw."""
    return threading.current_thread().name, REQUEST_ID.get()


def test_a_call_runs_on_a_request_thread_with_the_callers_context() -> None:
    threads = RequestThreads(2)

    async def call() -> tuple[str, str]:
        REQUEST_ID.set("r-17")
        return await threads.run(where)

    thread, request_id = asyncio.run(call())
    assert thread.startswith("request_")
    assert thread != threading.current_thread().name
    assert request_id == "r-17"


def test_what_a_call_raises_is_raised_to_its_caller() -> None:
    threads = RequestThreads(1)
    failure = LookupError("no such game")

    def fails() -> None:
        raise failure

    async def call() -> None:
        await threads.run(fails)

    with pytest.raises(LookupError) as raised:
        asyncio.run(call())
    assert raised.value is failure


def test_a_caller_whose_loop_closed_meanwhile_does_not_stop_the_thread() -> None:
    threads = RequestThreads(1)
    started, release = threading.Event(), threading.Event()

    def slow() -> str:
        started.set()
        release.wait(5)
        return "late"

    async def leave_early() -> None:
        task = asyncio.ensure_future(threads.run(slow))
        await asyncio.get_running_loop().run_in_executor(None, started.wait, 5)
        task.cancel()  # the caller stops waiting, and its loop closes before the answer

    asyncio.run(leave_early())
    release.set()

    async def next_call() -> tuple[str, str]:
        return await asyncio.wait_for(threads.run(where), 5)

    assert asyncio.run(next_call())[0] == "request_0"  # the one thread still serves
