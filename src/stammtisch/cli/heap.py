"""The server process's garbage collector, set for a long-running server.

CPython's cycle collector looks at young container objects after every 700 net allocations of
them, and now and then at the whole heap. A server's heap is mostly what start-up made (modules,
the app, SQLAlchemy's tables and compiled statements), which lives as long as the process; and a
request allocates thousands of short-lived containers, nearly all freed by reference counting
before any collection could. Measured under load on PostgreSQL (`bench/load_klubnacht.py`), the
collector then took a fifth of the server's CPU. So `stammtisch serve` collects once after
start-up, moves what survived out of the collector's sight (`gc.freeze`), and collects the young
generation after `YOUNG_COLLECTION` allocations: cycles are still reclaimed, just in larger
batches.
"""

from __future__ import annotations

import gc
import logging

log = logging.getLogger(__name__)

YOUNG_COLLECTION = 20_000
"""Net allocations of container objects between collections of the young generation (CPython's
default: 700); the older generations keep their default ratios."""


def settle_heap() -> None:
    """Collect start-up's garbage, freeze the rest and collect the young generation less often."""
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_COLLECTION, middle, old)
    log.info("heap settled: %d objects frozen", gc.get_freeze_count())
