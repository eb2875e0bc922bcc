"""Prometheus metrics of one process, and the platform's gauges read from the database.

Each process keeps its own registry and serves it at `/metrics` (no shared multi-process files):
Prometheus scrapes every process and sums the counters. The platform gauges (games running, the
outbox's backlog, the sweeper's lag) are read from the database at each scrape, so every process
reports the same values for them: aggregate those with `max`, not `sum`.

Actions are counted by the one service path that writes every step (`services.counts`), once
its transaction has committed.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator
from typing import Any

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
    generate_latest,
)
from prometheus_client.core import CounterMetricFamily
from sqlalchemy import func, select, text

from stammtisch.services.counts import COUNTS
from stammtisch.services.platform import Platform
from stammtisch.store.deadlines import DeadlineRow
from stammtisch.store.games import GameRow
from stammtisch.store.notifications import AccountEmailRow, NotificationRow

log = logging.getLogger(__name__)

disable_created_metrics()  # type: ignore[no-untyped-call]  # no `_created` series: half the scrape

LATENCY_BUCKETS = (0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
"""Request latency buckets in seconds; 0.15 is the p99 goal of the load benchmarks."""

SCRAPE_TIMEOUT_MS = 2000
"""How long one of the scrape's database reads may take on PostgreSQL."""


class StepsCollector:
    """The steps this process stored, by game, as the counter `stammtisch_actions_total`."""

    def collect(self) -> Iterator[CounterMetricFamily]:
        """One sample per game with steps so far."""
        family = CounterMetricFamily(
            "stammtisch_actions",
            "Steps stored in games' logs by this process (moves, resignations, timeouts, bots).",
            labels=["game"],
        )
        for game, count in sorted(COUNTS.steps().items()):
            family.add_metric([game], count)
        yield family


class Metrics:
    """The registry of one process: its request, websocket, action and background-job metrics,
    and the platform's gauges that each scrape reads from the database."""

    def __init__(self, platform: Platform) -> None:
        self.platform = platform
        self.registry = CollectorRegistry(auto_describe=False)
        registry = self.registry
        self.requests = Counter(
            "stammtisch_http_requests",
            "HTTP requests answered, by route template, method and status.",
            ["route", "method", "status"],
            registry=registry,
        )
        self.latency = Histogram(
            "stammtisch_http_request_duration_seconds",
            "Time from a request's arrival to the end of its answer, by route template and method.",
            ["route", "method"],
            buckets=LATENCY_BUCKETS,
            registry=registry,
        )
        self.websockets = Gauge(
            "stammtisch_websocket_connections",
            "Websocket connections open in this process.",
            registry=registry,
        )
        registry.register(StepsCollector())
        self.job_runs = Histogram(
            "stammtisch_background_job_duration_seconds",
            "Time one run of a background job (the sweep, e-mail delivery) took in this process.",
            ["job"],
            buckets=(0.01, 0.05, 0.1, 0.5, 1.0, 5.0, 30.0),
            registry=registry,
        )
        self.job_success = Gauge(
            "stammtisch_background_job_last_success_timestamp_seconds",
            "When a run of a background job last ended without an error (Unix time).",
            ["job"],
            registry=registry,
        )
        self.games_running = Gauge(
            "stammtisch_games_running",
            "Games being played on the platform, by game (read from the database).",
            ["game"],
            registry=registry,
        )
        self.outbox_backlog = Gauge(
            "stammtisch_outbox_backlog",
            "E-mails due and not yet handed to the SMTP server (read from the database).",
            registry=registry,
        )
        self.sweeper_lag = Gauge(
            "stammtisch_sweeper_lag_seconds",
            "How long the most overdue reminder or timeout has been waiting (0: none overdue).",
            registry=registry,
        )
        self.database_up = Gauge(
            "stammtisch_database_up",
            "Whether this scrape could read the platform gauges from the database (1) or not (0).",
            registry=registry,
        )
        self._request_children: dict[tuple[str, str, int], Any] = {}
        self._latency_children: dict[tuple[str, str], Any] = {}

    def observe_request(self, route: str, method: str, status: int, seconds: float) -> None:
        """Count one answered request and its latency (label children are looked up once)."""
        key = (route, method, status)
        requests = self._request_children.get(key)
        if requests is None:
            requests = self._request_children.setdefault(
                key, self.requests.labels(route=route, method=method, status=str(status))
            )
        latency = self._latency_children.get(key[:2])
        if latency is None:
            latency = self._latency_children.setdefault(
                key[:2], self.latency.labels(route=route, method=method)
            )
        requests.inc()
        latency.observe(seconds)

    def timed_job(self, job: Callable[[], object], name: str) -> Callable[[], object]:
        """The background job, timing each run and noting when it last succeeded."""
        runs = self.job_runs.labels(job=name)

        def run() -> object:
            started = time.perf_counter()
            try:
                result = job()
            finally:
                runs.observe(time.perf_counter() - started)
            self.job_success.labels(job=name).set_to_current_time()
            return result

        return run

    def read_platform(self) -> None:
        """Read the platform's gauges from the database (0 in `database_up` when it fails)."""
        ctx = self.platform.ctx
        try:
            with ctx.read() as session:
                if not ctx.store.is_sqlite:
                    session.execute(text(f"SET LOCAL statement_timeout = {SCRAPE_TIMEOUT_MS}"))
                now = ctx.clock.now()
                running = session.execute(
                    select(GameRow.game, func.count())
                    .where(GameRow.status == "active")
                    .group_by(GameRow.game)
                ).all()
                backlog = sum(
                    session.scalar(
                        select(func.count())
                        .select_from(model)
                        .where(model.email_status == "pending", model.email_due_at <= now)
                    )
                    or 0
                    for model in (NotificationRow, AccountEmailRow)
                )
                overdue = [
                    session.scalar(select(func.min(column)).where(column <= now))
                    for column in (DeadlineRow.due_at, DeadlineRow.remind_at)
                ]
        except Exception:
            log.warning("metrics: the database could not be read", exc_info=True)
            self.database_up.set(0)
            return
        self.games_running.clear()
        for game, count in running:
            self.games_running.labels(game=game).set(count)
        self.outbox_backlog.set(backlog)
        oldest = min((due for due in overdue if due is not None), default=None)
        self.sweeper_lag.set(max((now - oldest).total_seconds(), 0.0) if oldest else 0.0)
        self.database_up.set(1)

    def render(self) -> bytes:
        """The text exposition of this process's registry, the database gauges read afresh."""
        self.read_platform()
        return generate_latest(self.registry)
