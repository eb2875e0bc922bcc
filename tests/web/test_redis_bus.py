"""Two app instances on one database share live updates through Redis publish/subscribe."""

from __future__ import annotations

import os
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from stammtisch.bus import make_bus
from stammtisch.services.platform import Platform, build_platform
from stammtisch.services.timesource import ManualClock
from stammtisch.web.app import create_app
from stammtisch.web.deps import SESSION_COOKIE
from tests.conftest import make_settings
from tests.web.conftest import ApiMember, sign_up
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


def answers_after(member: ApiMember, path: str, status: int) -> bool:
    """Whether `path` answers `status` to this member within a few seconds (the bus is async)."""
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        if member.get(path).status_code == status:
            return True
        time.sleep(0.02)
    return False


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
@pytest.mark.parametrize("ending", ["log out", "password changed in another session"])
def test_a_session_ended_on_one_instance_is_forgotten_by_the_other(
    two_apps: tuple[TestClient, TestClient], ending: str
) -> None:
    """The other instance remembers the session (its clock never lets that run out), and still
    refuses it at once when it hears of the end on the bus."""
    one, two = two_apps
    anna = sign_up(one, "anna")
    login = one.post("/api/accounts/login", json={"nickname": "anna", "password": "correct horse"})
    second = ApiMember(
        two, "anna", anna.id, login.cookies[SESSION_COOKIE], login.json()["csrf_token"]
    )
    one.cookies.clear()
    assert second.get("/api/me").status_code == 200
    if ending == "log out":
        logged_out = ApiMember(one, "anna", anna.id, second.token, second.csrf)
        assert logged_out.post("/api/accounts/logout").status_code == 204
    else:
        change = {"old_password": "correct horse", "new_password": "battery staple"}
        assert anna.post("/api/me/password", change).status_code == 204
    assert answers_after(second, "/api/me", 401)
