"""The hot path of a game's view and actions answers exactly as the FastAPI routes do."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.types import Receive, Scope, Send

from stammtisch.bus.local import LocalBus
from stammtisch.services import tables
from stammtisch.services.platform import build_platform
from stammtisch.services.timesource import ManualClock
from stammtisch.web.app import create_app
from stammtisch.web.deps import CSRF_HEADER, SESSION_COOKIE
from stammtisch.web.hotpath import HotPath
from tests.conftest import make_settings
from tests.web.conftest import ApiMember, sign_up


class Counted:
    """The app behind the hot path, counting the requests the hot path handed on to it."""

    def __init__(self, hot: HotPath) -> None:
        self.inner = hot.app
        self.paths: list[str] = []

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Note the path, then let FastAPI's router answer."""
        if scope["type"] == "http":
            self.paths.append(f"{scope['method']} {scope['path']}")
        await self.inner(scope, receive, send)


@pytest.fixture
def clients(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[TestClient, TestClient, Counted]]:
    """Two apps on twin databases: one with the hot path, one where FastAPI answers everything
    (games dealt from the same seed, so that both sides see the same hands)."""
    monkeypatch.setattr(tables.secrets, "randbits", lambda bits: 12345)
    apps = []
    for name in ("hot", "plain"):
        folder = tmp_path / name
        folder.mkdir()
        settings = make_settings(folder, f"sqlite:///{folder / 'db.sqlite3'}")
        apps.append(create_app(build_platform(settings, clock=ManualClock(), bus=LocalBus())))
    hot_path = apps[0].router.middleware_stack
    assert isinstance(hot_path, HotPath)
    counted = hot_path.app = Counted(hot_path)
    plain = apps[1].router.middleware_stack
    assert isinstance(plain, HotPath)
    apps[1].router.middleware_stack = plain.app
    with TestClient(apps[0]) as hot, TestClient(apps[1]) as fastapi:
        yield hot, fastapi, counted


def duel(client: TestClient) -> tuple[ApiMember, ApiMember, int]:
    """Anna challenges bert, who accepts: the game's id."""
    anna, bert = sign_up(client, "anna"), sign_up(client, "bert")
    challenge = anna.post("/api/challenges", {"nickname": "bert", "game": "toy"}).json()
    game_id = bert.post(f"/api/challenges/{challenge['id']}/accept").json()["game_id"]
    return anna, bert, int(game_id)


def answer(response: httpx.Response) -> tuple[int, Any, list[tuple[str, str]]]:
    """Status, body and headers of an answer (the request id differs by design)."""
    headers = [(k, v) for k, v in response.headers.multi_items() if k != "x-request-id"]
    try:
        body: Any = response.json()
    except ValueError:
        body = response.text
    return response.status_code, body, headers


def requests(anna: ApiMember, bert: ApiMember, game_id: int) -> list[httpx.Response]:
    """The same requests on either app: plain ones and every kind of refusal."""
    client = anna.client
    view, actions = f"/api/games/{game_id}", f"/api/games/{game_id}/actions"
    json_type = {"Content-Type": "application/json"}
    return [
        anna.get(view),
        client.get(view),
        bert.get(view),
        anna.get("/api/games/0"),
        anna.get("/api/games/007"),
        anna.get("/api/games/2147483648"),
        anna.get("/api/games/999999"),
        anna.get(view + "/"),
        client.get(view, headers={"Cookie": f"{SESSION_COOKIE}=not-a-session"}),
        bert.post(actions, {"seq": 0, "action": "add:2"}),
        anna.post(actions, {"seq": 0, "action": "nonsense"}),
        anna.post(actions, {"seq": 0, "action": "add:2"}),
        anna.post(actions, {"seq": 0, "action": "add:2"}),
        anna.post(actions, {"seq": 0, "action": "add:3"}),
        anna.post(actions, {"seq": "1", "action": "add:1"}),
        anna.post(actions, {"seq": -1, "action": "add:1"}),
        anna.post(actions, {"seq": 1, "action": "a" * 401}),
        anna.post(actions, {"seq": 1}),
        anna.post(actions, [1, 2]),
        client.post(actions, content=b"{not json", headers={**anna.headers(), **json_type}),
        client.post(actions, content=b'{"seq": 1, "action": "end"}', headers=anna.headers()),
        client.post(
            actions,
            content=b'{"seq": 1, "action": "end"}',
            headers={**anna.headers(), "Content-Type": "text/plain"},
        ),
        client.post(actions, json={"seq": 2, "action": "add:1"}),
        client.post(
            actions,
            json={"seq": 2, "action": "add:1"},
            headers={"Cookie": f"{SESSION_COOKIE}={anna.token}", CSRF_HEADER: "wrong"},
        ),
        anna.post("/api/games/999999/actions", {"seq": 0, "action": "add:1"}),
        anna.post("/api/games/0/actions", {"seq": 0, "action": "add:1"}),
        bert.post(actions, {"seq": 2, "action": "add:3"}),
        anna.get(view),
        bert.get(view),
    ]


def test_the_hot_path_answers_every_request_as_the_routes_do(
    clients: tuple[TestClient, TestClient, Counted],
) -> None:
    hot, fastapi = clients[0], clients[1]
    on_hot, on_fastapi = requests(*duel(hot)), requests(*duel(fastapi))
    assert [answer(r) for r in on_hot] == [answer(r) for r in on_fastapi]
    statuses = [r.status_code for r in on_hot]
    assert {200, 400, 401, 403, 404, 409, 422} <= set(statuses), statuses


def test_the_hot_path_takes_the_plain_requests_and_hands_on_the_rest(
    clients: tuple[TestClient, TestClient, Counted],
) -> None:
    hot, _, counted = clients
    anna, bert, game_id = duel(hot)
    counted.paths.clear()
    view, actions = f"/api/games/{game_id}", f"/api/games/{game_id}/actions"
    assert anna.get(view).status_code == 200
    assert hot.get(view).status_code == 200
    assert anna.post(actions, {"seq": 0, "action": "add:2"}).status_code == 200
    assert anna.post(actions, {"seq": 0, "action": "add:3"}).status_code == 409
    assert counted.paths == []
    assert anna.post(actions, {"seq": -1, "action": "add:1"}).status_code == 422
    assert bert.client.post(actions, json={"seq": 1, "action": "add:1"}).status_code == 401
    assert anna.get("/api/games/0").status_code == 422
    assert counted.paths == [f"POST {actions}", f"POST {actions}", "GET /api/games/0"]


def test_answers_of_the_hot_path_are_counted_under_their_route(
    clients: tuple[TestClient, TestClient, Counted],
) -> None:
    hot = clients[0]
    anna, _, game_id = duel(hot)
    anna.get(f"/api/games/{game_id}")
    anna.post(f"/api/games/{game_id}/actions", {"seq": 0, "action": "add:2"})
    metrics = hot.get("/metrics").text
    assert 'route="/api/games/{game_id}",status="200"' in metrics
    assert 'route="/api/games/{game_id}/actions",status="200"' in metrics
