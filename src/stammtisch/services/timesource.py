"""Where the platform gets the time from: the system clock, or a clock that tests move by hand."""

from __future__ import annotations

import os
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path
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


class OffsetFileClock:
    """The real time moved on by the seconds written in a file, read again whenever the file
    changes; every process reading the same file shares one clock (for tests and rehearsals)."""

    def __init__(self, path: Path) -> None:
        self._path = path
        self._stamp: tuple[int, int] | None = None
        self._offset = timedelta(0)
        self._lock = threading.Lock()

    def now(self) -> datetime:
        """The current time plus the file's offset (none while the file is missing)."""
        return datetime.now(UTC) + self.offset()

    def offset(self) -> timedelta:
        """The offset the file holds now."""
        try:
            status = os.stat(self._path)
        except FileNotFoundError:
            return timedelta(0)
        stamp = (status.st_ino, status.st_mtime_ns)
        with self._lock:
            if stamp != self._stamp:
                text = self._path.read_text().strip()
                self._offset = timedelta(seconds=float(text or 0))
                self._stamp = stamp
            return self._offset


def write_offset(path: Path, offset: timedelta) -> None:
    """Set the offset of an OffsetFileClock file at once (written aside, then moved in place)."""
    aside = path.with_name(f".{path.name}.new")
    aside.write_text(f"{offset.total_seconds()}\n")
    os.replace(aside, path)
