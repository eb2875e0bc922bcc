"""Redis is stopped while members play on two processes: moves keep working, and once Redis is
back the live updates resume and a socket that missed some catches up, no step missed or
shown twice."""

from __future__ import annotations

import json
import time
from typing import Any

from websockets.sync.client import ClientConnection

from tests.distributed.conftest import Deployment, receive
from tests.distributed.play import move, new_game, stored_steps


def shown(socket: ClientConnection, until_seq: int, timeout: float = 15) -> list[dict[str, Any]]:
    """The game messages of a socket until one shows step `until_seq`."""
    messages: list[dict[str, Any]] = []
    deadline = time.monotonic() + timeout
    while not messages or messages[-1]["seq"] < until_seq:
        message = receive(socket, max(deadline - time.monotonic(), 0.01))
        if message["type"] == "game":
            messages.append(message)
    return messages


def test_play_goes_on_without_redis_and_sockets_resync(deployment: Deployment) -> None:
    """Each socket shows every step exactly once across the outage."""
    one, two = deployment.start("one", "two")
    anna, bert = deployment.sign_up(one, "anna"), deployment.sign_up(two, "bert")
    seats = [anna.client(one), bert.client(two)]
    game_id = new_game(seats[0], seats[1], "bert", "klubnacht")
    with anna.socket(one) as anna_live, bert.socket(two) as bert_live:
        sockets = {"anna": anna_live, "bert": bert_live}
        messages: dict[str, list[dict[str, Any]]] = {name: [] for name in sockets}
        for name, socket in sockets.items():
            socket.send(json.dumps({"type": "watch", "game_id": game_id}))
            messages[name] += shown(socket, 0)
        for _ in range(3):
            seq = move(seats, game_id)["seq"]
            for name, socket in sockets.items():
                messages[name] += shown(socket, seq)

        deployment.redis.stop()
        during = [move(seats, game_id)["seq"] for _ in range(6)]  # every move answered 200
        deployment.redis.start()
        back = time.monotonic()
        for name, socket in sockets.items():
            messages[name] += shown(socket, during[-1])
        resynced = time.monotonic() - back

        seq = move(seats, game_id)["seq"]
        for name, socket in sockets.items():
            messages[name] += shown(socket, seq)
        live = time.monotonic() - back - resynced

    stored = stored_steps(deployment.database_url, game_id)
    assert stored == list(range(1, seq + 1))
    for name, received in messages.items():
        steps = [entry["seq"] for message in received for entry in message["log"]]
        assert steps == stored, f"{name} saw steps {steps}"
        assert [m["seq"] for m in received] == sorted({m["seq"] for m in received})
    print(
        f"Redis outage: {len(during)} moves answered 200 while it was down, sockets caught up "
        f"{resynced:.2f} s after it was back, the next move live {live:.2f} s later"
    )
