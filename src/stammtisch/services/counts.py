"""What this process has done, counted for its metrics: the steps written into games' logs.

The services only count here; the web layer's metrics read the counts (services never import
the web layer). A step is counted once the transaction that wrote it has committed, so a step
refused as stale or rolled back is never counted.
"""

from __future__ import annotations

import threading
from collections import Counter
from functools import partial

from sqlalchemy.orm import Session

from stammtisch.store.db import after_commit


class Counts:
    """Steps stored by this process since it started, by game (thread-safe)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._steps: Counter[str] = Counter()

    def add_step(self, game: str) -> None:
        """Count one stored step of a game of this kind."""
        with self._lock:
            self._steps[game] += 1

    def steps(self) -> dict[str, int]:
        """The steps stored so far, by game."""
        with self._lock:
            return dict(self._steps)


COUNTS = Counts()
"""The counts of this process."""


def count_step(session: Session, game: str) -> None:
    """Count a step of this game once the write unit of `session` has committed."""
    after_commit(session, partial(COUNTS.add_step, game))
