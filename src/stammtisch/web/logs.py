"""Log lines of a process: plain or one JSON object a line, each with the request id it served.

The request id comes from a sane `X-Request-ID` header (a proxy's) or is made here; it sits in a
context variable for the request, which worker threads inherit, so every line logged while serving
the request carries it.
"""

from __future__ import annotations

import json
import logging
import re
import secrets
import sys
import time
from collections.abc import Callable
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any, Literal

LogFormat = Literal["plain", "json"]

REQUEST_ID: ContextVar[str | None] = ContextVar("request_id", default=None)
"""The id of the request being served (None outside a request)."""

SANE_REQUEST_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:+=@/-]{0,127}")
"""A request id taken from a client or proxy: up to 128 visible ASCII characters, no spaces."""

STANDARD_ATTRIBUTES = frozenset(
    vars(logging.LogRecord("", 0, "", 0, "", None, None)).keys()
    | {"message", "asctime", "color_message"}
)
"""The attributes every log record has (and uvicorn's terminal colours); anything else was
passed as `extra` and is logged."""

PLAIN_FORMAT = "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"


def request_id_from(header: str | None) -> str:
    """The client's request id when it is sane, else a new random one."""
    if header is not None and SANE_REQUEST_ID.fullmatch(header):
        return header
    return secrets.token_hex(16)


class RequestIdFilter(logging.Filter):
    """Gives every record the id of the request it was logged in (`-` outside requests)."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Add `request_id` to the record; never drops one."""
        if not hasattr(record, "request_id"):
            record.request_id = REQUEST_ID.get() or "-"
        return True


class SecondStamps:
    """A time stamp's part up to the second, formatted once for all the lines of that second."""

    def __init__(self, formatted: Callable[[int], str]) -> None:
        self._formatted = formatted
        self._second: int | None = None
        self._stamp = ""

    def __call__(self, created: float) -> str:
        """The formatted second of this moment."""
        second = int(created)
        if second != self._second:
            self._second = second
            self._stamp = self._formatted(second)
        return self._stamp


class PlainFormatter(logging.Formatter):
    """`PLAIN_FORMAT` lines; a second's time stamp is formatted once for all its lines."""

    def __init__(self) -> None:
        super().__init__(PLAIN_FORMAT)
        self._stamps = SecondStamps(
            lambda second: time.strftime(self.default_time_format, self.converter(second))
        )

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:  # noqa: N802
        """The local time as `logging.Formatter` gives it (`2026-12-07 09:13:09,123`)."""
        return f"{self._stamps(record.created)},{int(record.msecs):03d}"


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message, request id and any extras."""

    def __init__(self) -> None:
        super().__init__()
        self._stamps = SecondStamps(
            lambda second: datetime.fromtimestamp(second, UTC).strftime("%Y-%m-%dT%H:%M:%S")
        )

    def utc_time(self, record: logging.LogRecord) -> str:
        """The record's UTC time to the millisecond (`2026-12-07T09:13:09.123+00:00`)."""
        return f"{self._stamps(record.created)}.{int(record.msecs):03d}+00:00"

    def format(self, record: logging.LogRecord) -> str:
        """The record as a single line of JSON."""
        line: dict[str, Any] = {
            "time": self.utc_time(record),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in STANDARD_ATTRIBUTES:
                line[key] = value
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, default=str, ensure_ascii=False)


def make_handler(log_format: LogFormat, stream: Any = None) -> logging.Handler:
    """A handler writing to `stream` (standard error by default) in the chosen format."""
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.addFilter(RequestIdFilter())
    handler.setFormatter(JsonFormatter() if log_format == "json" else PlainFormatter())
    return handler


def configure_logging(log_format: LogFormat, level: str = "INFO") -> None:
    """Send every logger's lines (uvicorn's too) through one handler on the root logger."""
    # Neither format shows where a line was logged from, nor the process or thread: not looking
    # them up for each record (the logging HOWTO's "Optimization") halves the cost of an access
    # line.
    logging._srcfile = None
    logging.logProcesses = logging.logMultiprocessing = logging.logThreads = False
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(make_handler(log_format))
    root.setLevel(level.upper())
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        named = logging.getLogger(name)
        named.handlers.clear()
        named.propagate = True
