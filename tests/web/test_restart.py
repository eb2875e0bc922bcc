"""A real server process is killed with SIGKILL mid-game and restarted: every acknowledged action
is still there, the game continues, and its deadline still fires."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from stammtisch.web.deps import CSRF_HEADER
from tests.servers import ServerProcess, http_client

TURN_SECONDS = 20


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    """`stammtisch serve` on SQLite in the test's folder, with turns of TURN_SECONDS."""
    tables = tmp_path / "tables.toml"
    hours = TURN_SECONDS / 3600
    tables.write_text(
        "[default]\n"
        f'turn_hours = {hours}\nreminder_hours = {hours / 2}\ntimeout = "loss"\n'
        'realtime = false\nrealtime_seconds = [30]\ntraining_bot = ""\ntakeover_bot = ""\n'
    )
    running = ServerProcess(tmp_path, {"STAMMTISCH_TABLES_FILE": str(tables)})
    running.start()
    yield running
    running.stop()


def member(server: ServerProcess, nickname: str) -> httpx.Client:
    """A new member's client (cookie and CSRF token kept)."""
    client = http_client(server.url)
    response = client.post(
        "/api/accounts/signup", json={"nickname": nickname, "password": "x" * 10}
    )
    assert response.status_code == 201, response.text
    client.headers[CSRF_HEADER] = response.json()["csrf_token"]
    return client


def play_one(players: list[httpx.Client], game_id: int) -> dict[str, Any]:
    """Play the first legal action of the seat to act; its answer."""
    view = players[0].get(f"/api/games/{game_id}").json()
    player = players[view["to_act"][0]]
    mine = player.get(f"/api/games/{game_id}").json()
    answer = player.post(
        f"/api/games/{game_id}/actions", json={"seq": mine["seq"], "action": mine["legal"][0]}
    )
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def test_acknowledged_actions_survive_sigkill_and_deadlines_still_fire(
    server: ServerProcess,
) -> None:
    """Every acknowledged action is in the log after SIGKILL and restart; the game goes on and
    its deadline fires."""
    anna, bert = member(server, "anna"), member(server, "bert")
    challenge = anna.post("/api/challenges", json={"nickname": "bert", "game": "klubnacht"}).json()
    game_id = bert.post(f"/api/challenges/{challenge['id']}/accept").json()["game_id"]
    acknowledged = [play_one([anna, bert], game_id)["seq"] for _ in range(5)]
    before = anna.get(f"/api/games/{game_id}/log").json()

    server.kill()
    server.start()

    after = anna.get(f"/api/games/{game_id}/log").json()
    assert [entry["seq"] for entry in after] == acknowledged
    assert after == before
    assert play_one([anna, bert], game_id)["seq"] == acknowledged[-1] + 1
    waiting_seat = anna.get(f"/api/games/{game_id}").json()["to_act"][0]

    waited = time.monotonic() + TURN_SECONDS * 3
    while time.monotonic() < waited:
        view = anna.get(f"/api/games/{game_id}").json()
        if view["status"] == "finished":
            break
        time.sleep(0.5)
    assert view["status"] == "finished"
    assert view["ended_by"] == "timeout"
    assert view["ended_seat"] == waiting_seat
