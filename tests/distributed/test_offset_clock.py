"""Processes reading one clock offset file share one moved clock."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from stammtisch.services.platform import clock_of
from stammtisch.services.timesource import OffsetFileClock, SystemClock, write_offset
from stammtisch.settings import Settings


def test_two_clocks_on_one_file_move_together(tmp_path: Path) -> None:
    """Both clocks follow each new offset written to the file; a missing file moves nothing."""
    path = tmp_path / "clock"
    one, two = OffsetFileClock(path), OffsetFileClock(path)
    assert abs(one.now() - SystemClock().now()) < timedelta(seconds=5)
    write_offset(path, timedelta(hours=13))
    assert one.offset() == two.offset() == timedelta(hours=13)
    moved = one.now() - SystemClock().now()
    assert timedelta(hours=13) - timedelta(seconds=5) < moved <= timedelta(hours=13, seconds=5)
    write_offset(path, timedelta(hours=25, minutes=30))
    assert two.offset() == one.offset() == timedelta(hours=25, minutes=30)


def test_the_setting_chooses_the_clock(tmp_path: Path) -> None:
    """Without the setting a process runs on the real clock, with it on the file's."""
    assert isinstance(clock_of(Settings(data_dir=tmp_path)), SystemClock)
    chosen = clock_of(Settings(data_dir=tmp_path, clock_offset_file=tmp_path / "clock"))
    assert isinstance(chosen, OffsetFileClock)
