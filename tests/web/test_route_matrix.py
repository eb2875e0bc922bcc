"""Every API route tried as an anonymous visitor, as another member, as the member without the
CSRF token, and as the member: each refusal is the one the OpenAPI document lists for the route
(status and error code) and changes nothing in the database; the member's own request succeeds."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import inspect, text

from stammtisch.bus import LocalBus
from stammtisch.services.platform import Platform, build_platform
from stammtisch.services.timesource import ManualClock
from stammtisch.web.app import create_app
from stammtisch.web.catalogues import error_codes
from stammtisch.web.deps import SESSION_COOKIE
from tests.conftest import make_settings
from tests.web.conftest import ApiMember, sign_up

NOT_SIGNED_IN = (401, "accounts.not_signed_in")
NO_CSRF = (403, "accounts.csrf")
Refusal = tuple[int, str]


@dataclass
class World:
    """Three members and the things of anna: a running game, a finished one, a challenge to
    cleo, an open table and a notification."""

    client: TestClient
    platform: Platform
    anna: ApiMember
    bert: ApiMember
    cleo: ApiMember
    ids: dict[str, Any] = field(default_factory=dict)

    def snapshot(self) -> dict[str, list[tuple[Any, ...]]]:
        """Every row of every table."""
        engine = self.platform.ctx.store.engine
        with engine.connect() as connection:
            return {
                table: sorted(
                    (tuple(row) for row in connection.execute(text(f'SELECT * FROM "{table}"'))),
                    key=repr,
                )
                for table in inspect(engine).get_table_names()
            }


@pytest.fixture
def world(tmp_path: Path, clock: ManualClock) -> Iterator[World]:
    """A fresh world on SQLite for each route."""
    settings = make_settings(tmp_path, f"sqlite:///{tmp_path / 'matrix.sqlite3'}")
    platform = build_platform(settings, clock=clock, bus=LocalBus())
    with TestClient(create_app(platform)) as client:
        anna, bert, cleo = (sign_up(client, name) for name in ("anna", "bert", "cleo"))
        world = World(client, platform, anna, bert, cleo)
        game = anna.post("/api/challenges", {"nickname": "cleo", "game": "toy"}).json()
        world.ids["game_id"] = cleo.post(f"/api/challenges/{game['id']}/accept").json()["game_id"]
        old = anna.post("/api/challenges", {"nickname": "cleo", "game": "toy"}).json()
        finished = cleo.post(f"/api/challenges/{old['id']}/accept").json()["game_id"]
        assert anna.post(f"/api/games/{finished}/resign").status_code == 204
        world.ids["finished_id"] = finished
        sent = anna.post("/api/challenges", {"nickname": "cleo", "game": "toy"}).json()
        world.ids["challenge_id"] = sent["id"]
        world.ids["seek_id"] = anna.post("/api/lobby", {"game": "toy"}).json()["id"]
        view = anna.get(f"/api/games/{world.ids['game_id']}").json()
        world.ids["seq"] = view["seq"]
        world.ids["action"] = (view.get("legal") or [""])[0]
        world.ids["month"] = client.get("/api/album/months", headers=anna.headers()).json()[
            "months"
        ][0]
        yield world
    platform.close()


@dataclass(frozen=True)
class Route:
    """How to call a route, who may (`owner`), and what another member is answered."""

    body: Any = None
    owner: str = "anna"
    other: Refusal | None = None
    """The refusal another member gets; None where another member may do it too."""
    public: bool = False
    """Whether an anonymous visitor may call it."""
    game: str = "game_id"
    """Which of the world's games the path names."""
    mine: Refusal | None = None
    """What the owner is answered where this world holds nothing to do (None: success)."""
    csrf: bool = True
    """Whether a write needs the CSRF token (sign-up and login come before a session)."""


GAME = "/api/games/{game_id}"
ROUTES: dict[tuple[str, str], Route] = {
    ("GET", "/api/games"): Route(public=True),
    ("POST", "/api/practice"): Route({"game": "toy"}),
    ("GET", GAME): Route(public=True),
    ("GET", GAME + "/log"): Route(public=True),
    ("POST", GAME + "/actions"): Route(
        {"seq": "{seq}", "action": "{action}"}, other=(403, "game.not_seated")
    ),
    ("POST", GAME + "/resign"): Route(other=(403, "game.not_seated")),
    ("POST", GAME + "/rematch"): Route(
        {}, game="finished_id", owner="cleo", other=(403, "game.not_seated")
    ),
    ("GET", "/api/members/{nickname}/games"): Route(public=True),
    ("GET", GAME + "/replay"): Route(public=True, game="finished_id"),
    ("GET", GAME + "/result"): Route(game="finished_id", other=(403, "game.not_seated")),
    ("GET", "/api/games/{game}/texts"): Route(public=True),
    ("POST", "/api/accounts/signup"): Route(
        {"nickname": "dora", "password": "correct horse"}, public=True, csrf=False
    ),
    ("POST", "/api/accounts/login"): Route(
        {"nickname": "anna", "password": "correct horse"}, public=True, csrf=False
    ),
    ("POST", "/api/accounts/password-reset"): Route(
        {"nickname_or_email": "anna"}, public=True, csrf=False
    ),
    ("POST", "/api/accounts/password-reset/confirm"): Route(
        {"token": "not-a-token", "new_password": "battery staple"},
        public=True,
        csrf=False,
        mine=(400, "accounts.reset_token_invalid"),
    ),
    ("POST", "/api/accounts/logout"): Route(),
    ("GET", "/api/me"): Route(),
    ("PATCH", "/api/me"): Route({"language": "de"}),
    ("POST", "/api/me/password"): Route(
        {"old_password": "correct horse", "new_password": "battery staple"}
    ),
    ("GET", "/api/members/{nickname}"): Route(public=True),
    ("GET", "/api/hub"): Route(),
    ("GET", "/api/lobby"): Route(),
    ("POST", "/api/lobby"): Route({"game": "toy"}, owner="bert"),
    ("POST", "/api/lobby/{seek_id}/join"): Route(owner="bert"),
    ("POST", "/api/lobby/{seek_id}/start"): Route(
        {"fill_with_bots": True},
        other=(403, "lobby.not_creator"),
        mine=(409, "lobby.too_few_members"),
    ),
    ("DELETE", "/api/lobby/{seek_id}"): Route(other=(403, "lobby.not_seated")),
    ("GET", "/api/challenges"): Route(),
    ("POST", "/api/challenges"): Route({"nickname": "anna", "game": "toy"}, owner="bert"),
    ("POST", "/api/challenges/{challenge_id}/accept"): Route(
        owner="cleo", other=(403, "challenges.not_yours")
    ),
    ("POST", "/api/challenges/{challenge_id}/decline"): Route(
        owner="cleo", other=(403, "challenges.not_yours")
    ),
    ("DELETE", "/api/challenges/{challenge_id}"): Route(other=(403, "challenges.not_yours")),
    ("GET", "/api/regulars"): Route(),
    ("GET", "/api/notifications"): Route(),
    ("POST", "/api/notifications/read"): Route({}, owner="cleo"),
    ("GET", "/api/leaderboards/{game}"): Route(public=True),
    ("GET", "/api/leaderboards/{game}/seasons"): Route(public=True),
    ("GET", "/api/members/{nickname}/progress"): Route(public=True),
    ("GET", "/api/album"): Route(),
    ("GET", "/api/album/months"): Route(),
    ("GET", "/api/album/waiting"): Route(),
    ("POST", "/api/album/{month}/cards/{card}/claim"): Route(mine=(409, "album.nothing_to_claim")),
    ("GET", "/api/album/card-backs"): Route(),
    ("PUT", "/api/album/card-back"): Route(
        {"month": "{month}", "card": 1}, mine=(409, "album.not_upgraded")
    ),
    ("DELETE", "/api/album/card-back"): Route(),
    ("GET", "/api/help/{game}/marks"): Route(),
    ("PUT", "/api/help/{game}/marks/{item}"): Route(),
    ("DELETE", "/api/help/{game}/marks/{item}"): Route(),
}
"""Every API operation of the document (a test checks none is missing)."""

PATH_VALUES = {"nickname": "anna", "game": "klubnacht", "card": "1", "item": "check:lead-safe"}


def fill(template: Any, world: World, game: str = "game_id") -> Any:
    """A path or body with the world's ids and the fixed values put in."""
    values = {**PATH_VALUES, **{k: str(v) for k, v in world.ids.items()}}
    values["game_id"] = str(world.ids[game])
    if isinstance(template, str):
        if template.startswith("{") and template.endswith("}") and template[1:-1] in world.ids:
            return world.ids[template[1:-1]]
        return template.format(**values)
    if isinstance(template, dict):
        return {key: fill(value, world) for key, value in template.items()}
    return template


def call(
    world: World, method: str, path: str, route: Route, headers: dict[str, str]
) -> httpx.Response:
    """One request of the route with these headers (a fresh client: no cookies kept)."""
    world.client.cookies.clear()
    return world.client.request(
        method, fill(path, world, route.game), json=fill(route.body, world), headers=headers
    )


def refusal(answer: httpx.Response) -> Refusal:
    """The status and error code of an answer."""
    return answer.status_code, answer.json().get("error", "") if answer.content else ""


def documented(world: World, method: str, path: str) -> set[int]:
    """The statuses the OpenAPI document lists for an operation."""
    document = world.client.get("/openapi.json").json()
    return {int(status) for status in document["paths"][path][method.lower()]["responses"]}


def check_refused(
    world: World, method: str, path: str, answer: httpx.Response, expected: Refusal
) -> None:
    """The answer is the expected refusal, documented for the route, with a known code."""
    assert refusal(answer) == expected, (method, path, answer.text)
    assert expected[0] in documented(world, method, path), (method, path)
    assert expected[1] in error_codes(), expected


def test_the_matrix_names_every_api_operation(client: TestClient) -> None:
    document = client.get("/openapi.json").json()
    listed = {
        (method.upper(), path)
        for path, item in document["paths"].items()
        if path.startswith("/api/")
        for method in item
    }
    assert listed == set(ROUTES)


@pytest.mark.parametrize(("method", "path"), sorted(ROUTES))
def test_each_route_refuses_who_may_not_and_changes_nothing(
    world: World, method: str, path: str
) -> None:
    route = ROUTES[(method, path)]
    owner: ApiMember = getattr(world, route.owner)
    other = world.bert if route.owner != "bert" else world.cleo
    write = method != "GET"
    before = world.snapshot()

    anonymous = call(world, method, path, route, {})
    if not route.public:
        check_refused(world, method, path, anonymous, NOT_SIGNED_IN)
    elif route.mine is not None:
        check_refused(world, method, path, anonymous, route.mine)
    else:
        assert anonymous.status_code < 300, (method, path, anonymous.text)
    if write and route.csrf:
        no_csrf = {"Cookie": f"{SESSION_COOKIE}={owner.token}"}
        check_refused(world, method, path, call(world, method, path, route, no_csrf), NO_CSRF)
    if route.other is not None:
        answer = call(world, method, path, route, other.headers())
        check_refused(world, method, path, answer, route.other)
    if not route.public:
        assert world.snapshot() == before, (method, path)
    if route.public and not route.csrf:
        return  # the anonymous call above was the request's own success (sign-up, login)

    before = world.snapshot()
    mine = call(world, method, path, route, owner.headers())
    if route.mine is None:
        assert mine.status_code < 300, (method, path, mine.text)
    else:
        check_refused(world, method, path, mine, route.mine)
        assert world.snapshot() == before, (method, path)
