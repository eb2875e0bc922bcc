"""PostgreSQL is restarted under load: requests in that moment get a clear 503 with Retry-After,
none hangs, and both processes recover without a restart of their own."""

from __future__ import annotations

import time

from tests.distributed.conftest import Deployment
from tests.distributed.load import Load, every_game_goes_on, nothing_lost, tables
from tests.servers import wait_until

GAMES = 8


def test_database_restart_under_load_answers_503_and_recovers(deployment: Deployment) -> None:
    """`pg_ctl restart -m fast` while members play: 503s, no timeouts, nothing lost."""
    one, two = deployment.start("one", "two")
    pids = [server.process.pid for server in (one, two) if server.process]
    table_list = tables(deployment, [one, two], GAMES)
    with Load([one, two], table_list, timeout=5) as load:
        started = time.monotonic()
        wait_until(lambda: load.booked.moves() >= 25, "25 moves before the restart")
        before = load.booked.moves()
        restarting = time.monotonic()
        deployment.postgres.restart()
        back = time.monotonic()
        wait_until(lambda: load.booked.moves() >= before + 25, "25 moves after the restart")
        ended = time.monotonic()
    booked = load.booked
    counts = nothing_lost(deployment.database_url, booked)
    print(
        f"PostgreSQL restart: {counts}, answers {dict(booked.statuses)}, "
        f"failures {dict(booked.failures)}, Retry-After {dict(booked.retry_after)}, "
        f"restart took {back - restarting:.2f} s, first move {booked.first_ack_after(back):.2f} s "
        f"after it was back, {booked.rate(started, restarting):.1f} moves/s before, "
        f"{booked.rate(back, ended):.1f} after"
    )
    assert not booked.failures, "every request was answered, none hung"
    assert booked.statuses[500] == 0
    assert set(booked.retry_after) <= {"5"}
    assert [server.process.pid for server in (one, two) if server.process] == pids
    assert all(server.process and server.process.poll() is None for server in (one, two))
    assert one.ready()
    assert two.ready()
    every_game_goes_on(one, table_list)
    every_game_goes_on(two, table_list)
