"""The websocket: full resync on watch, live per-seat updates, notifications, no your-turn while
watching, spectators, errors in the one shape."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from stammtisch.web.deps import SESSION_COOKIE
from tests.web.conftest import ApiMember, sign_up
from tests.web.test_games_api import start_duel


def connect(client: TestClient, member: ApiMember | None = None) -> Any:
    headers = {"Cookie": f"{SESSION_COOKIE}={member.token}"} if member else {}
    return client.websocket_connect("/api/ws", headers=headers)


def receive_until(ws: WebSocketTestSession, kind: str) -> dict[str, Any]:
    for _ in range(20):
        message = ws.receive_json()
        if message["type"] == kind:
            return message
    raise AssertionError(f"no {kind} message")


def test_watch_gives_a_full_resync_then_live_updates_filtered_per_seat(client: TestClient) -> None:
    anna, bert, game_id = start_duel(client)
    with connect(client, bert) as ws:
        assert ws.receive_json()["type"] == "hello"
        ws.send_json({"type": "watch", "game_id": game_id})
        resync = receive_until(ws, "game")
        assert resync["resync"] is True
        assert resync["seat"] == 1
        assert resync["seq"] == 0
        anna.post(f"/api/games/{game_id}/actions", {"seq": 0, "action": "add:2"})
        update = receive_until(ws, "game")
        assert update["resync"] is False
        assert update["seq"] == 1
        kinds = [e["kind"] for entry in update["log"] for e in entry["events"]]
        assert kinds == ["added"]
        assert update["view"]["total"] == 2


def test_a_reconnecting_client_gets_a_full_resync(client: TestClient) -> None:
    anna, _, game_id = start_duel(client)
    anna.post(f"/api/games/{game_id}/actions", {"seq": 0, "action": "add:3"})
    with connect(client, anna) as ws:
        ws.receive_json()
        ws.send_json({"type": "watch", "game_id": game_id})
        resync = receive_until(ws, "game")
        assert resync["resync"] is True
        assert resync["seq"] == 1
        assert resync["view"]["total"] == 3
        assert resync["legal"] == ["add:1", "add:2", "add:3", "end"]


def test_actions_over_the_websocket_are_acknowledged_after_commit(client: TestClient) -> None:
    anna, _, game_id = start_duel(client)
    with connect(client, anna) as ws:
        ws.receive_json()
        ws.send_json({"type": "act", "game_id": game_id, "seq": 0, "action": "add:1", "ref": 7})
        acked = receive_until(ws, "acted")
        assert acked["ref"] == 7
        assert acked["seq"] == 1
        ws.send_json({"type": "act", "game_id": game_id, "seq": 0, "action": "add:3", "ref": 8})
        error = receive_until(ws, "error")
        assert error["error"] == "game.stale"
        assert error["ref"] == 8
    assert anna.get(f"/api/games/{game_id}").json()["seq"] == 1


def test_an_act_over_the_websocket_is_answered_like_the_http_endpoint(client: TestClient) -> None:
    anna, _, game_id = start_duel(client)
    with connect(client, anna) as ws:
        ws.receive_json()
        ws.send_json({"type": "act", "game_id": game_id, "seq": 0, "action": "add:1", "ref": 1})
        acked = receive_until(ws, "acted")
        ws.send_json({"type": "act", "game_id": game_id, "seq": 0, "action": "add:1", "ref": 2})
        repeated = receive_until(ws, "acted")
    current = anna.get(f"/api/games/{game_id}").json()
    assert (acked["repeated"], repeated["repeated"]) == (False, True)
    assert repeated["ref"] == 2
    assert (
        repeated["events"]
        == acked["events"]
        == [
            {"kind": "added", "seat": 0, "amount": 1, "total": 1},
            {"kind": "secret_reminder", "secret": current["view"]["my_secret"]},
        ]
    )
    for answer in (acked, repeated):
        for key in ("seq", "to_act", "view", "legal"):
            assert answer[key] == current[key], key


def test_notifications_are_pushed_live(client: TestClient) -> None:
    anna, bert = sign_up(client, "anna"), sign_up(client, "bert")
    with connect(client, bert) as ws:
        assert ws.receive_json()["unread"] == 0
        anna.post("/api/challenges", {"nickname": "bert", "game": "toy"})
        pushed = receive_until(ws, "notifications")
        assert pushed["unread"] == 1


def test_no_your_turn_notice_while_the_member_watches_the_game(client: TestClient) -> None:
    anna, bert, game_id = start_duel(client)
    with connect(client, bert) as ws:
        ws.receive_json()
        ws.send_json({"type": "watch", "game_id": game_id})
        receive_until(ws, "game")
        anna.post(f"/api/games/{game_id}/actions", {"seq": 0, "action": "end"})
        receive_until(ws, "game")
    kinds = [n["kind"] for n in bert.get("/api/notifications").json()["items"]]
    assert "your_turn" not in kinds
    anna_kinds_before = [n["kind"] for n in anna.get("/api/notifications").json()["items"]]
    bert.post(f"/api/games/{game_id}/actions", {"seq": 1, "action": "end"})
    anna_kinds = [n["kind"] for n in anna.get("/api/notifications").json()["items"]]
    assert anna_kinds.count("your_turn") == anna_kinds_before.count("your_turn") + 1


def test_spectators_follow_with_the_spectator_view(client: TestClient) -> None:
    anna, _, game_id = start_duel(client)
    with connect(client) as ws:
        assert ws.receive_json()["member_id"] is None
        ws.send_json({"type": "watch", "game_id": game_id})
        assert receive_until(ws, "game")["seat"] is None
        anna.post(f"/api/games/{game_id}/actions", {"seq": 0, "action": "add:1"})
        update = receive_until(ws, "game")
        kinds = [e["kind"] for entry in update["log"] for e in entry["events"]]
        assert kinds == ["added"]
        assert update["view"]["my_secret"] is None


def test_bad_messages_get_errors_in_the_one_shape(client: TestClient) -> None:
    with connect(client) as ws:
        ws.receive_json()
        ws.send_text("not json")
        assert ws.receive_json()["error"] == "ws.invalid"
        ws.send_bytes(b'{"type": "ping"}')
        assert ws.receive_json()["error"] == "ws.invalid"
        ws.send_json({"type": "watch", "game_id": 424242})
        assert ws.receive_json()["error"] == "game.unknown_game"
        ws.send_json({"type": "act", "game_id": 1, "seq": 0, "action": "x"})
        assert ws.receive_json()["error"] == "accounts.not_signed_in"


def test_cross_site_websocket_is_refused(client: TestClient) -> None:
    member = sign_up(client, "anna")
    headers = {"Cookie": f"{SESSION_COOKIE}={member.token}", "Origin": "https://evil.example"}
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect("/api/ws", headers=headers) as ws,
    ):
        ws.receive_json()
    assert closed.value.code == 4403


def test_a_websocket_of_an_ended_session_is_closed(client: TestClient) -> None:
    anna = sign_up(client, "anna")
    login = client.post(
        "/api/accounts/login", json={"nickname": "anna", "password": "correct horse"}
    )
    other = ApiMember(
        client, "anna", anna.id, login.cookies[SESSION_COOKIE], login.json()["csrf_token"]
    )
    client.cookies.clear()
    with connect(client, anna) as kept, connect(client, other) as ended:
        kept.receive_json()
        ended.receive_json()
        changed = anna.post(
            "/api/me/password", json={"old_password": "correct horse", "new_password": "new horse!"}
        )
        assert changed.status_code == 204
        with pytest.raises(WebSocketDisconnect) as closed:
            ended.receive_json()
        assert closed.value.code == 4401
        kept.send_json({"type": "ping", "ref": 1})
        assert receive_until(kept, "pong")["ref"] == 1
    with connect(client, anna) as ws:
        ws.receive_json()
        assert anna.post("/api/accounts/logout").status_code == 204
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4401


def test_numbers_out_of_range_or_booleans_are_malformed_messages(client: TestClient) -> None:
    anna, _, game_id = start_duel(client)
    with connect(client, anna) as ws:
        ws.receive_json()
        for message in (
            {"type": "act", "game_id": 10**30, "seq": 0, "action": "add:1"},
            {"type": "act", "game_id": game_id, "seq": 2**40, "action": "add:1"},
            {"type": "act", "game_id": game_id, "seq": True, "action": "add:1"},
            {"type": "watch", "game_id": True},
        ):
            ws.send_json(message)
            assert ws.receive_json()["error"] == "ws.invalid"
        ws.send_json({"type": "act", "game_id": game_id, "seq": 0, "action": "add:1"})
        assert receive_until(ws, "acted")["seq"] == 1
