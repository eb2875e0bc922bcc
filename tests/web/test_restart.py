"""A real server process is killed with SIGKILL mid-game and restarted: every acknowledged action
is still there, the game continues, and its deadline still fires."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from stammtisch.web.deps import CSRF_HEADER
from tests.mailserver import free_port

TURN_SECONDS = 20


class Server:
    """`stammtisch serve` as a child process on a free port."""

    def __init__(self, tmp_path: Path) -> None:
        self.port = free_port()
        tables = tmp_path / "tables.toml"
        hours = TURN_SECONDS / 3600
        tables.write_text(
            "[default]\n"
            f'turn_hours = {hours}\nreminder_hours = {hours / 2}\ntimeout = "loss"\n'
            'realtime = false\nrealtime_seconds = [30]\ntraining_bot = ""\ntakeover_bot = ""\n'
        )
        self.env = {
            **os.environ,
            "STAMMTISCH_DATA_DIR": str(tmp_path / "data"),
            "STAMMTISCH_PORT": str(self.port),
            "STAMMTISCH_TABLES_FILE": str(tables),
            "STAMMTISCH_SWEEP_SECONDS": "0.2",
        }
        self.env.pop("STAMMTISCH_DATABASE_URL", None)
        self.log = tmp_path / "server.log"
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "stammtisch", "serve"], env=self.env, stdout=log, stderr=log
            )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{self.url}/api/games", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise AssertionError(f"server did not start:\n{self.log.read_text()}")

    def kill(self) -> None:
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path)
    running.start()
    yield running
    if running.process is not None and running.process.poll() is None:
        running.process.terminate()
        running.process.wait(timeout=10)


def member(server: Server, nickname: str) -> httpx.Client:
    client = httpx.Client(base_url=server.url, timeout=10)
    response = client.post(
        "/api/accounts/signup", json={"nickname": nickname, "password": "x" * 10}
    )
    assert response.status_code == 201, response.text
    client.headers[CSRF_HEADER] = response.json()["csrf_token"]
    return client


def play_one(players: list[httpx.Client], game_id: int) -> dict[str, Any]:
    view = players[0].get(f"/api/games/{game_id}").json()
    player = players[view["to_act"][0]]
    mine = player.get(f"/api/games/{game_id}").json()
    answer = player.post(
        f"/api/games/{game_id}/actions", json={"seq": mine["seq"], "action": mine["legal"][0]}
    )
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def test_acknowledged_actions_survive_sigkill_and_deadlines_still_fire(server: Server) -> None:
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
