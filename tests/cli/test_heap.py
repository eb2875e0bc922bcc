"""The server's garbage collector: start-up's heap frozen, the young generation collected less
often, and cycles made afterwards still reclaimed."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest

from stammtisch.cli.heap import YOUNG_COLLECTION, settle_heap
from tests.servers import ServerProcess


@pytest.fixture
def collector() -> Iterator[None]:
    """The collector's settings as they were, after the test."""
    threshold = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*threshold)


class Node:
    """An object that can take part in a reference cycle."""

    def __init__(self) -> None:
        self.other: Node | None = None


def test_settle_heap_freezes_start_up_and_collects_young_less_often(collector: None) -> None:
    _, middle, old = gc.get_threshold()
    start_up = Node()
    settle_heap()
    assert gc.get_threshold() == (YOUNG_COLLECTION, middle, old)
    assert gc.get_freeze_count() > 0
    assert gc.is_tracked(start_up)
    assert all(o is not start_up for o in gc.get_objects()), "start-up's objects are frozen"


def test_cycles_made_after_settling_are_still_collected(collector: None) -> None:
    settle_heap()
    first, second = Node(), Node()
    first.other, second.other = second, first
    gone = weakref.ref(first)
    del first, second
    assert gone() is not None  # a cycle: reference counting alone does not free it
    kept = [[] for _ in range(3 * YOUNG_COLLECTION)]  # allocations that start a collection
    assert gone() is None, "no automatic collection reclaimed the cycle"
    del kept


def test_serve_settles_its_heap(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path, {})
    server.start()
    try:
        assert "heap settled" in server.log_text()
    finally:
        server.stop()
