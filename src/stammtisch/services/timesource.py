"""Where the platform gets the time from: the system clock, or a clock that tests move by hand."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta
from typing import Protocol


class Clock(Protocol):
    """A source of the current time (always timezone-aware UTC)."""

    def now(self) -> datetime:
        """The current time."""
        ...


class SystemClock:
    """The real time."""

    def now(self) -> datetime:
        """The current time in UTC."""
        return datetime.now(UTC)


class ManualClock:
    """A clock that only moves when told to; for tests and simulations."""

    def __init__(self, start: datetime | None = None) -> None:
        self._now = start or datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
        self._lock = threading.Lock()

    def now(self) -> datetime:
        """The time this clock was set to."""
        with self._lock:
            return self._now

    def advance(self, delta: timedelta) -> datetime:
        """Move the clock forward and return the new time."""
        with self._lock:
            self._now += delta
            return self._now
