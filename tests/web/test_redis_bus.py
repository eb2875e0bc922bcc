"""Two app instances on one database share live updates through Redis publish/subscribe."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from stammtisch.bus import make_bus
from stammtisch.services.platform import Platform, build_platform
from stammtisch.services.timesource import ManualClock
from stammtisch.web.app import create_app
from tests.conftest import make_settings
from tests.web.conftest import sign_up
from tests.web.test_websocket import connect, receive_until


@pytest.fixture
def two_apps(
    redis_url: str, database_url: str, tmp_path: Path, clock: ManualClock
) -> Iterator[tuple[TestClient, TestClient]]:
    """Two processes' worth of app (own cache, own bus listener) behind one Redis and database."""
    prefix = f"stammtisch-test-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    platforms: list[Platform] = []
    for name in ("one", "two"):
        settings = make_settings(
            tmp_path / name, database_url, redis_url=redis_url, redis_prefix=prefix
        )
        platforms.append(build_platform(settings, clock=clock, bus=make_bus(redis_url, prefix)))
    with TestClient(create_app(platforms[0])) as one, TestClient(create_app(platforms[1])) as two:
        yield one, two
    for platform in platforms:
        platform.close()


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_an_action_on_one_instance_reaches_a_websocket_on_the_other(
    two_apps: tuple[TestClient, TestClient],
) -> None:
    one, two = two_apps
    anna, bert = sign_up(one, "anna"), sign_up(one, "bert")
    challenge = anna.post("/api/challenges", {"nickname": "bert", "game": "toy"}).json()
    game_id = bert.post(f"/api/challenges/{challenge['id']}/accept").json()["game_id"]
    bert_on_two = type(bert)(two, bert.nickname, bert.id, bert.token, bert.csrf)
    anna_on_two = type(anna)(two, anna.nickname, anna.id, anna.token, anna.csrf)
    with connect(two, bert_on_two) as ws:
        ws.receive_json()
        ws.send_json({"type": "watch", "game_id": game_id})
        assert receive_until(ws, "game")["seq"] == 0
        anna.post(f"/api/games/{game_id}/actions", {"seq": 0, "action": "add:3"})
        update = receive_until(ws, "game")
        assert update["seq"] == 1
        assert update["view"]["total"] == 3
        anna.post(f"/api/games/{game_id}/actions", {"seq": 1, "action": "end"})
        assert receive_until(ws, "game")["to_act"] == [1]
    played = anna_on_two.get(f"/api/games/{game_id}").json()
    assert played["seq"] == 2
