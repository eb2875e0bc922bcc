"""The hot path: a game's view and actions answered without FastAPI's routing and dependency
solving, by the very functions their routes call.

Most requests are these two; FastAPI spends more CPU matching, solving dependencies and checking
parameters for them than the answer costs. `HotPath` sits in front of the router (inside the
middleware and the exception handling) and takes only the plain case: a well-formed path id, a
body the route's model accepts, a session and, for a write, its CSRF token. Anything else goes on
untouched (a read body is handed on as it came) to the FastAPI routes, which stay the documented
ones, so every refusal is the route's own. What the hot path does itself (session lookup, CSRF
check, write limit, service call, answer, bots after it) is what the routes' dependencies and
handlers do, through the same functions, and a refusal it meets there is raised to the same
exception handlers.
"""

from __future__ import annotations

import json
import re
from typing import Any

from fastapi import BackgroundTasks, FastAPI
from fastapi.routing import APIRoute, iter_route_contexts
from pydantic import ValidationError
from starlette.requests import cookie_parser
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from stammtisch.services.platform import Platform
from stammtisch.web.deps import CSRF_HEADER, SESSION_COOKIE, csrf_matches, identity_from
from stammtisch.web.ratelimits import RateLimits
from stammtisch.web.routes.games import ActionIn, act_answer, view_answer

VIEW_PATH = "/api/games/{game_id}"
ACTIONS_PATH = "/api/games/{game_id}/actions"
GAME_ID = r"/api/games/([1-9][0-9]{0,9})"
VIEW = re.compile(GAME_ID)
ACTIONS = re.compile(GAME_ID + "/actions")
MAX_GAME_ID = 2**31 - 1
"""The largest game id the routes accept (their path parameter's bound)."""

COOKIE = b"cookie"
CONTENT_TYPE = b"content-type"
CSRF = CSRF_HEADER.lower().encode()


def route_of(app: FastAPI, path: str, method: str) -> APIRoute:
    """The FastAPI route of this path template and method."""
    for context in iter_route_contexts(app.router.routes):
        route = context.original_route
        if isinstance(route, APIRoute) and route.path == path and method in (route.methods or ()):
            return route
    raise LookupError(f"no route {method} {path}")


def header(scope: Scope, name: bytes) -> str | None:
    """The first value of a request header (as Starlette's `Request.headers` gives it)."""
    for key, value in scope["headers"]:
        if key == name:
            return bytes(value).decode("latin-1")
    return None


def session_token(scope: Scope) -> str | None:
    """The session cookie's value (as Starlette's `Request.cookies` reads it)."""
    cookies = header(scope, COOKIE)
    return cookie_parser(cookies).get(SESSION_COOKIE) if cookies else None


def game_id_of(pattern: re.Pattern[str], scope: Scope) -> int | None:
    """The game id of a hot path (None: another path, or an id the route would refuse)."""
    if scope.get("root_path"):
        return None
    found = pattern.fullmatch(scope["path"])
    if found is None:
        return None
    game_id = int(found[1])
    return game_id if game_id <= MAX_GAME_ID else None


def action_of(scope: Scope, body: bytes) -> ActionIn | None:
    """The action of a JSON body the route's model accepts (None: leave it to the route)."""
    content_type = header(scope, CONTENT_TYPE)
    if content_type is None or content_type.split(";")[0].strip().lower() != "application/json":
        return None
    try:
        return ActionIn.model_validate(json.loads(body))
    except (ValueError, ValidationError):
        return None


async def read_body(receive: Receive) -> list[Message]:
    """The request's messages up to the end of its body (or a disconnect)."""
    messages = []
    while True:
        message = await receive()
        messages.append(message)
        if message["type"] != "http.request" or not message.get("more_body", False):
            return messages


def replaying(messages: list[Message], receive: Receive) -> Receive:
    """A `receive` that gives these messages again, then the client's next ones."""
    pending = list(messages)

    async def replay() -> Message:
        return pending.pop(0) if pending else await receive()

    return replay


class HotPath:
    """Answers the plain case of a game's view and of an action; passes anything else on."""

    def __init__(self, app: ASGIApp, fastapi: FastAPI) -> None:
        self.app = app
        self.platform: Platform = fastapi.state.platform
        self.limits: RateLimits = fastapi.state.rate_limits
        self.view_route = route_of(fastapi, VIEW_PATH, "GET")
        self.act_route = route_of(fastapi, ACTIONS_PATH, "POST")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Take a hot request, or hand the request on."""
        if scope["type"] == "http":
            method = scope["method"]
            if method == "GET":
                game_id = game_id_of(VIEW, scope)
                if game_id is not None:
                    await self.view(scope, receive, send, game_id)
                    return
            elif method == "POST":
                game_id = game_id_of(ACTIONS, scope)
                if game_id is not None:
                    await self.act(scope, receive, send, game_id)
                    return
        await self.app(scope, receive, send)

    def routed(self, scope: Scope, route: APIRoute, game_id: int) -> None:
        """Note in the scope what FastAPI's routing would (the route labels the metrics)."""
        scope["route"] = route
        scope["endpoint"] = route.endpoint
        scope["path_params"] = {"game_id": str(game_id)}

    async def view(self, scope: Scope, receive: Receive, send: Send, game_id: int) -> None:
        """GET /api/games/{game_id}, as `routes.games.game_view` answers it."""
        identity = await identity_from(self.platform, session_token(scope))
        self.routed(scope, self.view_route, game_id)
        response = await view_answer(self.platform, identity, game_id)
        await response(scope, receive, send)

    async def act(self, scope: Scope, receive: Receive, send: Send, game_id: int) -> None:
        """POST /api/games/{game_id}/actions, as `routes.games.act` with its `Writer` answers it
        (the body is read first, as FastAPI does; it is handed on when the route must judge)."""
        messages = await read_body(receive)
        body = b"".join(m.get("body", b"") for m in messages if m["type"] == "http.request")
        action = action_of(scope, body) if messages[-1]["type"] == "http.request" else None
        identity = None
        if action is not None:
            identity = await identity_from(self.platform, session_token(scope))
        if (
            action is None
            or identity is None
            or not csrf_matches(identity, header(scope, CSRF) or "")
        ):
            await self.app(scope, replaying(messages, receive), send)
            return
        await self.limits.write(identity.member_id)
        self.routed(scope, self.act_route, game_id)
        tasks = BackgroundTasks()
        response = await act_answer(self.platform, identity, game_id, action, tasks)
        if response.background is None:
            response.background = tasks
        await response(scope, receive, send)


def install_hot_path(app: FastAPI) -> None:
    """Put the hot path in front of the app's router (after its routes are included)."""
    router: Any = app.router
    router.middleware_stack = HotPath(router.middleware_stack, app)
