"""Operations: health and readiness probes, request ids, Prometheus metrics and JSON log lines."""

from __future__ import annotations

import io
import json
import logging
import socket
import threading
import time
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import create_engine, func, select

from stammtisch.bus import LocalBus
from stammtisch.services.platform import Platform, build_platform
from stammtisch.services.timesource import ManualClock
from stammtisch.store.deadlines import DeadlineRow
from stammtisch.store.games import ActionRow
from stammtisch.web.app import create_app
from stammtisch.web.deps import SESSION_COOKIE
from stammtisch.web.logs import make_handler
from tests.conftest import make_settings
from tests.mailserver import Inbox, free_port, smtp_server
from tests.web.conftest import sign_up
from tests.web.test_games_api import start_duel


def samples(
    client: TestClient, name: str, **headers: str
) -> dict[tuple[tuple[str, str], ...], float]:
    """The values of one metric family from /metrics, keyed by their sorted labels."""
    response = client.get("/metrics", headers=headers)
    assert response.status_code == 200, response.text
    found: dict[tuple[tuple[str, str], ...], float] = {}
    for family in text_string_to_metric_families(response.text):
        for sample in family.samples:
            if sample.name == name:
                found[tuple(sorted(sample.labels.items()))] = sample.value
    return found


def value(client: TestClient, name: str, **labels: str) -> float:
    """One sample's value (0 when the sample is not there yet)."""
    return samples(client, name).get(tuple(sorted(labels.items())), 0.0)


@pytest.fixture
def silent_database() -> Iterator[str]:
    """A PostgreSQL URL whose server accepts connections and never answers (a hung database)."""
    listener = socket.create_server(("127.0.0.1", 0))
    held: list[socket.socket] = []

    def accept() -> None:
        while True:
            try:
                held.append(listener.accept()[0])
            except OSError:
                return

    threading.Thread(target=accept, daemon=True).start()
    yield f"postgresql+psycopg://postgres@127.0.0.1:{listener.getsockname()[1]}/test"
    listener.close()
    for connection in held:
        connection.close()


def test_healthz_answers_without_the_database_and_readyz_when_it_answers(
    client: TestClient, platform: Platform
) -> None:
    assert client.get("/healthz").json() == {"status": "ok"}
    assert client.get("/readyz").json() == {"status": "ready"}
    platform.ctx.store.engine = create_engine(
        f"postgresql+psycopg://postgres@127.0.0.1:{free_port()}/test"
    )
    assert client.get("/healthz").json() == {"status": "ok"}
    refused = client.get("/readyz")
    assert refused.status_code == 503
    assert refused.headers["retry-after"] == "5"
    assert refused.json()["error"] == "server.unavailable"


def test_readyz_answers_503_within_its_timeout_when_the_database_hangs(
    tmp_path: Path, silent_database: str
) -> None:
    settings = make_settings(tmp_path, f"sqlite:///{tmp_path / 'db.sqlite3'}")
    settings.ready_timeout_seconds = 0.3
    platform = build_platform(settings, clock=ManualClock(), bus=LocalBus())
    platform.ctx.store.engine = create_engine(silent_database)
    with TestClient(create_app(platform)) as client:
        started = time.monotonic()
        refused = client.get("/readyz")
        took = time.monotonic() - started
    platform.close()
    assert refused.status_code == 503
    assert took < 2.0


def test_the_probes_and_metrics_stay_out_of_the_member_api_schema(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    assert not {"/healthz", "/readyz", "/metrics"} & set(paths)


def test_a_sane_request_id_is_echoed_and_any_other_replaced_by_a_new_one(
    client: TestClient,
) -> None:
    given = client.get("/healthz", headers={"X-Request-ID": "lb-7f3a:42"})
    assert given.headers["x-request-id"] == "lb-7f3a:42"
    for bad in ["", "two words", "x" * 129, "<script>", "\xe9".encode("latin-1")]:
        made = client.get("/healthz", headers={"X-Request-ID": bad}).headers["x-request-id"]
        assert made != bad
        assert len(made) == 32
    first, second = (client.get("/healthz").headers["x-request-id"] for _ in range(2))
    assert first != second


def test_requests_are_counted_by_route_template_method_and_status(client: TestClient) -> None:
    for game_id in (7, 8, 9):
        assert client.get(f"/api/games/{game_id}").status_code in (401, 404)
    client.get("/no/such/page")
    client.delete("/healthz")
    counted = samples(client, "stammtisch_http_requests_total")
    routes = {dict(labels)["route"] for labels in counted}
    assert "/api/games/{game_id}" in routes
    assert not any("/api/games/7" in route for route in routes)
    assert counted[(("method", "DELETE"), ("route", "/healthz"), ("status", "405"))] == 1
    assert counted[(("method", "GET"), ("route", "<unmatched>"), ("status", "404"))] == 1
    latency = samples(client, "stammtisch_http_request_duration_seconds_count")
    assert latency[(("method", "GET"), ("route", "/api/games/{game_id}"))] == 3


def test_every_stored_action_is_counted_once_by_game_and_refusals_not_at_all(
    client: TestClient, platform: Platform
) -> None:
    before = value(client, "stammtisch_actions_total", game="toy")  # counts of this process
    anna, bert, game_id = start_duel(client)
    assert anna.post(f"/api/games/{game_id}/actions", {"seq": 0, "action": "add:2"}).is_success
    assert anna.post(f"/api/games/{game_id}/actions", {"seq": 0, "action": "add:2"}).is_success
    stale = anna.post(f"/api/games/{game_id}/actions", {"seq": 0, "action": "add:3"})
    assert stale.status_code == 409
    assert anna.post(f"/api/games/{game_id}/actions", {"seq": 1, "action": "end"}).is_success
    assert bert.post(f"/api/games/{game_id}/resign").status_code == 204
    with platform.ctx.read() as session:
        logged = session.scalar(select(func.count()).select_from(ActionRow))
    assert logged == 3  # add:2, end, and bert's resignation
    assert value(client, "stammtisch_actions_total", game="toy") - before == logged


def test_games_running_and_the_sweeper_lag_are_read_from_the_database(
    client: TestClient, platform: Platform, clock: ManualClock
) -> None:
    assert value(client, "stammtisch_sweeper_lag_seconds") == 0
    start_duel(client)
    assert value(client, "stammtisch_games_running", game="toy") == 1
    with platform.ctx.read() as session:
        due = session.scalar(select(func.min(DeadlineRow.due_at)))
        remind = session.scalar(select(func.min(DeadlineRow.remind_at)))
    earliest = min(moment for moment in (due, remind) if moment is not None)
    clock.advance(earliest - clock.now() + timedelta(seconds=90))
    assert value(client, "stammtisch_sweeper_lag_seconds") == 90
    assert value(client, "stammtisch_database_up") == 1


def test_the_outbox_backlog_counts_due_e_mails_until_they_are_sent(
    database_url: str, tmp_path: Path
) -> None:
    inbox = Inbox()
    with smtp_server(inbox) as port:
        settings = make_settings(tmp_path, database_url, smtp_host="127.0.0.1", smtp_port=port)
        platform = build_platform(settings, clock=ManualClock(), bus=LocalBus())
        with TestClient(create_app(platform)) as client:
            sign_up(client, "anna", email="anna@example.org")
            asked = client.post("/api/accounts/password-reset", json={"nickname_or_email": "anna"})
            assert asked.status_code == 202
            assert value(client, "stammtisch_outbox_backlog") == 1
            platform.outbox.send_due()
            assert len(inbox.messages) == 1
            assert value(client, "stammtisch_outbox_backlog") == 0
        platform.close()


def test_open_websockets_are_counted_while_they_are_open(client: TestClient) -> None:
    anna = sign_up(client, "anna")
    headers = {"Cookie": f"{SESSION_COOKIE}={anna.token}"}
    with client.websocket_connect("/api/ws", headers=headers) as ws:
        assert ws.receive_json()["type"] == "hello"
        assert value(client, "stammtisch_websocket_connections") == 1
    assert value(client, "stammtisch_websocket_connections") == 0


def test_metrics_ask_for_the_token_when_one_is_set(client: TestClient, platform: Platform) -> None:
    platform.ctx.settings.metrics_token = "s3cret-token"
    refused = client.get("/metrics")
    assert refused.status_code == 401
    assert refused.json()["error"] == "request.unauthenticated"
    assert client.get("/metrics", headers={"Authorization": "Bearer wrong"}).status_code == 401
    assert samples(client, "stammtisch_database_up", Authorization="Bearer s3cret-token")


def test_a_background_job_s_runs_are_timed_and_only_successes_noted(client: TestClient) -> None:
    metrics = client.app.state.metrics  # type: ignore[attr-defined]

    def failing() -> None:
        raise RuntimeError("the SMTP server is gone")

    metrics.timed_job(lambda: None, "sweep")()
    with pytest.raises(RuntimeError):
        metrics.timed_job(failing, "e-mail delivery")()
    runs = samples(client, "stammtisch_background_job_duration_seconds_count")
    assert runs == {(("job", "sweep"),): 1, (("job", "e-mail delivery"),): 1}
    noted = samples(client, "stammtisch_background_job_last_success_timestamp_seconds")
    assert set(noted) == {(("job", "sweep"),)}
    assert abs(noted[(("job", "sweep"),)] - time.time()) < 60


def test_each_request_is_one_json_log_line_with_its_id_route_status_and_duration(
    client: TestClient,
) -> None:
    stream = io.StringIO()
    handler = make_handler("json", stream)
    access = logging.getLogger("stammtisch.access")
    access.addHandler(handler)
    access.setLevel(logging.INFO)
    try:
        client.get("/api/games/12", headers={"X-Request-ID": "trace-1"})
    finally:
        access.removeHandler(handler)
        access.setLevel(logging.NOTSET)
    (line,) = stream.getvalue().splitlines()
    logged = json.loads(line)
    assert logged["request_id"] == "trace-1"
    assert (logged["method"], logged["route"], logged["status"]) == (
        "GET",
        "/api/games/{game_id}",
        404,
    )
    assert logged["level"] == "INFO"
    assert logged["logger"] == "stammtisch.access"
    assert 0 < logged["duration_ms"] < 10_000
