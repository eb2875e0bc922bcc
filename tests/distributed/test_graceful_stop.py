"""SIGTERM stops a process gracefully: it drains (readiness off, websockets closed with 1012 so
clients reconnect elsewhere, requests under way finish) and hands back the e-mails it claimed,
so the other process sends them at once instead of after their lease ran out."""

from __future__ import annotations

import asyncio
import json
import signal
import threading
import time
from collections import Counter
from datetime import timedelta

import httpx
import pytest
from aiosmtpd.smtp import SMTP, Envelope, Session
from sqlalchemy import create_engine, text
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection

from stammtisch.web.drain import SERVICE_RESTART
from tests.distributed.conftest import Deployment, Member, receive, receive_until
from tests.distributed.load import Load, Table, every_game_goes_on, nothing_lost, tables
from tests.distributed.play import count, stored_steps
from tests.mailserver import Inbox, free_port, smtp_server
from tests.servers import ServerProcess, http_client, ran_again, start_all, wait_until

DRAIN_SECONDS = 4.0
CLOSED_UNANSWERED = {"ConnectError", "RemoteProtocolError", "ReadError"}
"""How a client sees a process that stopped: refused, or a connection it opened in the last
instant closed before the process read its request (nothing of it was done)."""


def test_sigterm_drains_closes_sockets_with_1012_and_loses_nothing(
    deployment: Deployment,
) -> None:
    """Under load: /readyz 503 while draining, sockets told 1012, only refused connections."""
    drain = {"drain_seconds": str(DRAIN_SECONDS)}
    one, two = deployment.start("one", "two", **drain)
    table_list = tables(deployment, [one, two], 6)
    slow = tables(deployment, [one], 1, names="slow")[0]  # a move held up by a lock the test takes
    watcher = table_list[0].members[0]
    engine = create_engine(deployment.database_url)
    with Load([one, two], table_list, timeout=5) as load, watcher.socket(one) as live:
        live.send(json.dumps({"type": "watch", "game_id": table_list[0].game_id}))
        receive_until(live, "game")
        wait_until(lambda: load.booked.moves() >= 20, "20 moves before SIGTERM")
        locked = engine.connect()
        lock = locked.begin()
        locked.execute(text("SELECT id FROM games WHERE id = :g FOR UPDATE"), {"g": slow.game_id})
        answers: list[httpx.Response] = []
        held = threading.Thread(target=lambda: answers.append(held_move(one, slow)))
        held.start()
        me = locked.execute(text("SELECT pg_backend_pid()")).scalar_one()
        waiting = "SELECT count(*) FROM pg_stat_activity WHERE :me = ANY(pg_blocking_pids(pid))"
        wait_until(lambda: count(deployment.database_url, waiting, me=me) >= 1, "the move waits")
        one.send(signal.SIGTERM)
        asked = time.monotonic()
        readiness: list[httpx.Response] = []
        wait_until(lambda: not_ready(one, readiness), "readiness off", DRAIN_SECONDS)
        assert readiness[-1].headers["Retry-After"] == "5"
        with http_client(one.url) as client:
            assert client.get("/healthz").status_code == 200
        with pytest.raises(ConnectionClosed) as refused:
            first_message(one, watcher)
        assert refused.value.rcvd is not None
        assert refused.value.rcvd.code == SERVICE_RESTART, "a new socket is sent elsewhere too"
        with pytest.raises(ConnectionClosed) as closed:
            read_all(live)
        assert closed.value.rcvd is not None
        assert closed.value.rcvd.code == SERVICE_RESTART
        told = time.monotonic() - asked
        with watcher.socket(two) as elsewhere:  # the client reconnects to the other process
            elsewhere.send(json.dumps({"type": "watch", "game_id": table_list[0].game_id}))
            assert receive_until(elsewhere, "game")["resync"] is True
        time.sleep(max(DRAIN_SECONDS + 1 - (time.monotonic() - asked), 0))
        assert one.process is not None
        assert one.process.poll() is None, "the process waits for the move under way"
        assert held.is_alive()
        lock.rollback()
        locked.close()
        held.join(10)
        one.wait(15)
        stopped = time.monotonic() - asked
        after = load.booked.moves()
        wait_until(lambda: load.booked.moves() >= after + 20, "20 moves after the stop")
    booked = load.booked
    counts = nothing_lost(deployment.database_url, booked)
    print(
        f"SIGTERM: {counts}, answers {dict(booked.statuses)}, failures {dict(booked.failures)}, "
        f"draining checked and sockets closed with 1012 within {told:.2f} s, "
        f"process ended {stopped:.2f} s after SIGTERM"
    )
    assert answers[0].status_code == 200, "the move under way at SIGTERM was answered"
    assert answers[0].json()["seq"] in stored_steps(deployment.database_url, slow.game_id)
    assert set(booked.failures) <= CLOSED_UNANSWERED
    assert booked.statuses[500] == 0
    engine.dispose()
    every_game_goes_on(two, table_list)


def not_ready(server: ServerProcess, answers: list[httpx.Response]) -> bool:
    """Whether a process answers /readyz with 503 (each answer kept)."""
    with http_client(server.url, timeout=5) as client:
        answers.append(client.get("/readyz"))
    return answers[-1].status_code == 503


def first_message(server: ServerProcess, member: Member) -> None:
    """Open a websocket to a process and read its first message."""
    with member.socket(server):
        pass


def read_all(socket: ClientConnection) -> None:
    """Read a websocket's messages until it closes."""
    while True:
        receive(socket, timeout=DRAIN_SECONDS * 2)


def held_move(server: ServerProcess, table: Table) -> httpx.Response:
    """The first legal move of the seat to act, through one process."""
    clients = [member.client(server, timeout=30) for member in table.members]
    view = clients[0].get(f"/api/games/{table.game_id}").json()
    player: httpx.Client = clients[view["to_act"][0]]
    mine = player.get(f"/api/games/{table.game_id}").json()
    body = {"seq": mine["seq"], "action": mine["legal"][0]}
    return player.post(f"/api/games/{table.game_id}/actions", json=body)


class SlowInbox(Inbox):
    """An SMTP server that takes its time over each message."""

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:  # noqa: N802
        await asyncio.sleep(0.3)
        return await super().handle_DATA(server, session, envelope)


def test_sigterm_hands_back_claimed_emails_to_the_other_process(deployment: Deployment) -> None:
    """The stopping process hands back what it claimed and did not send; the other sends it
    within seconds (the lease is five minutes), each e-mail once."""
    inbox, port = SlowInbox(), free_port()
    mail = {"smtp_host": "127.0.0.1", "smtp_port": str(port), "drain_seconds": "0.5"}
    servers = {
        name: deployment.process(name, smtp_sender=f"{name}@example.org", **mail)
        for name in ("one", "two")
    }
    start_all(list(servers.values()))
    members = deployment.sign_up_all(
        [
            (servers["one"], f"reader{i}", {"email": f"reader{i}@example.org",
                                            "email_notifications": True})
            for i in range(4)
        ]
        + [(servers["two"], f"sender{i}", {}) for i in range(8)]
    )  # fmt: skip
    readers, challengers = members[:4], members[4:]
    for i, sender in enumerate(challengers):  # two challenges each (at most 3 open ones per member)
        with sender.client(servers["two"]) as client:
            for reader in (readers[i % 4], readers[(i + 1) % 4]):
                body = {"nickname": reader.nickname, "game": "klubnacht"}
                assert client.post("/api/challenges", json=body).status_code == 201
    url = deployment.database_url
    tried = (
        "SELECT count(*) FROM notifications WHERE email_attempts = 1 AND email_status = 'pending'"
    )
    wait_until(lambda: count(url, tried) == 16, "a first attempt while SMTP is still down")
    with smtp_server(inbox, port):
        deployment.clock.advance(timedelta(minutes=2))  # one process claims all 16 at once
        wait_until(lambda: len(inbox.messages) >= 1, "the first e-mail sent")
        holder = str(inbox.messages[0]["From"]).split("@")[0]
        held = "SELECT count(*) FROM notifications WHERE email_claimed_until IS NOT NULL"
        assert count(url, held) > 1
        servers[holder].send(signal.SIGTERM)
        asked = time.monotonic()
        servers[holder].wait(15)
        sent = "SELECT count(*) FROM notifications WHERE email_status = 'sent'"
        wait_until(lambda: count(url, sent) == 16, "every e-mail sent", seconds=30)
        finished = time.monotonic() - asked
        ran_again([servers[other_name(holder)]], 5, "e-mail delivery")
    senders = Counter(str(m["From"]) for m in inbox.messages)
    handed = [line for line in servers[holder].log_text().splitlines() if "handed back" in line]
    twice = [
        key for key, n in Counter((m["To"], m["Subject"]) for m in inbox.messages).items() if n > 1
    ]
    print(
        f"SIGTERM with e-mails: {handed}, all 16 sent {finished:.2f} s after SIGTERM, "
        f"by sender {dict(senders)}"
    )
    assert handed, "the stopping process handed back e-mails it had claimed"
    assert len(inbox.messages) == 16
    assert not twice
    assert senders[f"{other_name(holder)}@example.org"] >= 1, "the other process took over"


def other_name(name: str) -> str:
    """The name of the other of the two processes."""
    return "two" if name == "one" else "one"
