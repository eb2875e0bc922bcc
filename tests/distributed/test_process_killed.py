"""One of two processes is killed with SIGKILL under load: the players go on through the other,
every acknowledged move is in its game's log, and the presence the killed process held goes
once its lease lapsed (seconds, not the 90 s of a connection's presence)."""

from __future__ import annotations

import json
import time
from contextlib import ExitStack

from stammtisch.services.presence import PROCESS_LEASE
from tests.distributed.conftest import Deployment, receive_until
from tests.distributed.load import Load, every_game_goes_on, nothing_lost, tables
from tests.distributed.play import count
from tests.servers import wait_until

GAMES = 8
WATCHING = "SELECT count(*) FROM presence WHERE member_id = :m"


def test_sigkill_of_one_process_under_load_loses_nothing(deployment: Deployment) -> None:
    """Members of the killed process fail over to the other one and play on; the killed
    process's presence goes within its lease, the other's stays."""
    one, two = deployment.start("one", "two")
    table_list = tables(deployment, [one, two], GAMES)
    url = deployment.database_url
    on_one, on_two = table_list[0].members[0], table_list[1].members[0]
    with ExitStack() as sockets:
        for member, server, table in ((on_one, one, table_list[0]), (on_two, two, table_list[1])):
            live = sockets.enter_context(member.socket(server))
            live.send(json.dumps({"type": "watch", "game_id": table.game_id}))
            receive_until(live, "game")
        assert count(url, WATCHING, m=on_one.id) == count(url, WATCHING, m=on_two.id) == 1
        with Load([one, two], table_list, timeout=5) as load:
            started = time.monotonic()
            wait_until(lambda: load.booked.moves() >= 25, "25 moves before the kill")
            before = load.booked.moves()
            one.kill()
            killed = time.monotonic()
            wait_until(lambda: load.booked.moves() >= before + 25, "25 moves after the kill")
            ended = time.monotonic()
        wait_until(lambda: count(url, WATCHING, m=on_one.id) == 0, "the killed presence gone")
        presence_gone = time.monotonic() - killed
        assert count(url, WATCHING, m=on_two.id) == 1, "the live process's presence stays"
    booked = load.booked
    counts = nothing_lost(url, booked)
    print(
        f"SIGKILL: {counts}, answers {dict(booked.statuses)}, failures {dict(booked.failures)}, "
        f"first move {booked.first_ack_after(killed):.2f} s after the kill, "
        f"{booked.rate(started, killed):.1f} moves/s before, {booked.rate(killed, ended):.1f} "
        f"after, the killed process's presence gone {presence_gone:.2f} s after the kill"
    )
    assert presence_gone < PROCESS_LEASE.total_seconds() + 4, "a lease and a sweep, not 90 s"
    assert not [name for name in load.booked.failures if name.startswith("timeout")]
    assert load.booked.statuses[500] == 0
    every_game_goes_on(two, table_list)
