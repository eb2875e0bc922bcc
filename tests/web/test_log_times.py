"""Log lines' time stamps: formatted once a second, and the same as the standard ones."""

from __future__ import annotations

import logging
from datetime import UTC, datetime

from stammtisch.web.logs import PLAIN_FORMAT, JsonFormatter, PlainFormatter

MOMENTS = [1_765_097_589.0, 1_765_097_589.1234, 1_765_097_589.9996, 1_765_097_590.0005, 0.5]
"""Times of log records, over a change of second and back to an earlier one."""


def record_at(created: float) -> logging.LogRecord:
    """A log record made at this time."""
    record = logging.LogRecord("stammtisch.access", logging.INFO, "", 0, "GET / 200", None, None)
    record.created = created
    record.msecs = int((created - int(created)) * 1000) + 0.0
    return record


def test_plain_lines_carry_the_time_stamp_logging_would_give() -> None:
    ours, standard = PlainFormatter(), logging.Formatter(PLAIN_FORMAT)
    for created in MOMENTS:
        record = record_at(created)
        assert ours.formatTime(record) == standard.formatTime(record)


def test_json_lines_carry_the_utc_time_to_the_millisecond() -> None:
    formatter = JsonFormatter()
    for created in MOMENTS:
        expected = datetime.fromtimestamp(int(created), UTC).replace(
            microsecond=int((created - int(created)) * 1000) * 1000
        )
        assert formatter.utc_time(record_at(created)) == expected.isoformat(timespec="milliseconds")
