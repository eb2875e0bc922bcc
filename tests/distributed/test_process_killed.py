"""One of two processes is killed with SIGKILL under load: the players go on through the other,
and every acknowledged move is in its game's log."""

from __future__ import annotations

import time

from tests.distributed.conftest import Deployment
from tests.distributed.load import Load, every_game_goes_on, nothing_lost, tables
from tests.servers import wait_until

GAMES = 8


def test_sigkill_of_one_process_under_load_loses_nothing(deployment: Deployment) -> None:
    """Members of the killed process fail over to the other one and play on."""
    one, two = deployment.start("one", "two")
    table_list = tables(deployment, [one, two], GAMES)
    with Load([one, two], table_list, timeout=5) as load:
        started = time.monotonic()
        wait_until(lambda: load.booked.moves() >= 25, "25 moves before the kill")
        before = load.booked.moves()
        one.kill()
        killed = time.monotonic()
        wait_until(lambda: load.booked.moves() >= before + 25, "25 moves after the kill")
        ended = time.monotonic()
    booked = load.booked
    counts = nothing_lost(deployment.database_url, booked)
    print(
        f"SIGKILL: {counts}, answers {dict(booked.statuses)}, failures {dict(booked.failures)}, "
        f"first move {booked.first_ack_after(killed):.2f} s after the kill, "
        f"{booked.rate(started, killed):.1f} moves/s before, {booked.rate(killed, ended):.1f} after"
    )
    assert not [name for name in load.booked.failures if name.startswith("timeout")]
    assert load.booked.statuses[500] == 0
    every_game_goes_on(two, table_list)
