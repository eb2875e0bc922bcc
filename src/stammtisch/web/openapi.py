"""The OpenAPI document made complete: the error shape, the session and CSRF schemes, and every
operation's refusals (those its dependencies give, and those its route names with `refused`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from fastapi import FastAPI
from fastapi.dependencies.models import Dependant
from fastapi.openapi.utils import get_openapi
from fastapi.routing import APIRoute, iter_route_contexts
from pydantic import BaseModel
from pydantic.config import JsonDict
from starlette.routing import BaseRoute

from stammtisch.engine.registry import game_names
from stammtisch.services.accounts import LANGUAGES
from stammtisch.web.deps import (
    CSRF_HEADER,
    SESSION_COOKIE,
    maybe_signed_in,
    same_site,
    sign_up_limit,
    signed_in,
    writer,
)

ERROR_SCHEMA = "Error"
SESSION = "session"
CSRF = "csrf"

WHY = {
    400: "Refused: the request does not fit the current state or rules (see `error`).",
    401: "Not signed in (`accounts.not_signed_in`), or the sign-in failed.",
    403: "Not allowed: a write without the session's CSRF token (`accounts.csrf`), a request "
    "from another site, or not yours to do.",
    404: "Not found (or not visible to you).",
    409: "Conflicts with the current state (see `error`).",
    413: "The request body is over the limit (`request.too_large`).",
    422: "The request does not match this schema (`request.invalid`), or a value is out of "
    "range (see `error`).",
    429: "A limit was reached: the answer's Retry-After says when to try again (where known).",
}
"""What each refusal status means on this API."""

MONTH_PATTERN = r"^[0-9]{4}-(0[1-9]|1[0-2])$"
"""An album month or a season: YYYY-MM."""
NICKNAME_PATTERN = r"^[\w-]{3,20}$"
"""A nickname: 3 to 20 letters, digits, `_` or `-`."""


class ErrorOut(BaseModel):
    """Every refusal of the API: a namespaced code (e.g. `game.stale`) and a sentence."""

    error: str
    message: str


def refused(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The `responses` of a route whose services may refuse with these statuses."""
    return {status: {"model": ErrorOut, "description": WHY[status]} for status in statuses}


EMAIL_PATTERN = r"^[!-?A-~]{1,64}@[!-?A-~]+\.[!-?A-~]{2,}$"
"""An e-mail address, as sign-up checks it (the schema says it in printable ASCII)."""
NICKNAME: JsonDict = {"minLength": 3, "maxLength": 20, "pattern": NICKNAME_PATTERN}
PASSWORD: JsonDict = {"minLength": 8, "maxLength": 200}
EMAIL: JsonDict = {"maxLength": 254, "pattern": EMAIL_PATTERN}
SEASON_PATTERN = r"^([0-9]{4}-(0[1-9]|1[0-2])|all)$"
"""A leaderboard season: YYYY-MM or `all`."""
MONTH: JsonDict = {"pattern": MONTH_PATTERN}
LANGUAGE: JsonDict = {"enum": [*LANGUAGES, None]}
CLOCK_MODE: JsonDict = {"enum": ["turn", "realtime"]}
"""Schema-only constraints (`json_schema_extra`): the services check them and answer their
own error codes (e.g. `accounts.nickname_length`), which clients show in words."""


def games_enum(schema: dict[str, Any]) -> None:
    """Schema hook: a game's name is one of the registered games (read when the document is
    made, so every registered game is listed)."""
    schema["enum"] = game_names()


LINKS: dict[tuple[str, str], dict[str, tuple[str, str, dict[str, str]]]] = {
    ("/api/challenges", "post"): {
        "accept": ("/api/challenges/{challenge_id}/accept", "post", {"challenge_id": "id"}),
        "decline": ("/api/challenges/{challenge_id}/decline", "post", {"challenge_id": "id"}),
        "withdraw": ("/api/challenges/{challenge_id}", "delete", {"challenge_id": "id"}),
    },
    ("/api/lobby", "post"): {
        "join": ("/api/lobby/{seek_id}/join", "post", {"seek_id": "id"}),
        "start": ("/api/lobby/{seek_id}/start", "post", {"seek_id": "id"}),
        "leave": ("/api/lobby/{seek_id}", "delete", {"seek_id": "id"}),
    },
    ("/api/practice", "post"): {
        "view": ("/api/games/{game_id}", "get", {"game_id": "game_id"}),
        "act": ("/api/games/{game_id}/actions", "post", {"game_id": "game_id"}),
        "resign": ("/api/games/{game_id}/resign", "post", {"game_id": "game_id"}),
        "log": ("/api/games/{game_id}/log", "get", {"game_id": "game_id"}),
    },
}
"""How one answer leads to the next request (OpenAPI links: the id in the body names the
target); clients and stateful testing follow them."""


def _links(path: str, method: str) -> dict[str, Any]:
    return {
        name: {
            "operationRef": "#/paths/" + target.replace("~", "~0").replace("/", "~1") + "/" + how,
            "parameters": {param: f"$response.body#/{field}" for param, field in params.items()},
        }
        for name, (target, how, params) in LINKS.get((path, method), {}).items()
    }


def _calls(dependant: Dependant) -> Iterator[Callable[..., Any]]:
    for dependency in dependant.dependencies:
        if dependency.call is not None:
            yield dependency.call
        yield from _calls(dependency)


def _error_response(status: int) -> dict[str, Any]:
    return {
        "description": WHY.get(status, "Refused (see `error`)."),
        "content": {
            "application/json": {"schema": {"$ref": f"#/components/schemas/{ERROR_SCHEMA}"}}
        },
    }


def _document_route(route: APIRoute, operation: dict[str, Any]) -> None:
    """Add the security and the refusals that the route's dependencies and shape give."""
    calls = set(_calls(route.dependant))
    statuses: set[int] = set()
    if writer in calls:
        operation["security"] = [{SESSION: [], CSRF: []}]
        statuses |= {401, 403, 429}
    elif signed_in in calls:
        operation["security"] = [{SESSION: []}]
        statuses.add(401)
    elif maybe_signed_in in calls:
        operation["security"] = [{}, {SESSION: []}]
    if same_site in calls:
        statuses.add(403)
    if sign_up_limit in calls:
        statuses.add(429)
    if route.body_field is not None:
        statuses |= {413, 422}
    if route.dependant.path_params or route.dependant.query_params:
        statuses.add(422)
    if route.dependant.path_params:
        statuses.add(404)  # the path may name something that is not there
    responses = operation.setdefault("responses", {})
    for status in sorted(statuses | {int(code) for code in responses if code.startswith("4")}):
        responses[str(status)] = _error_response(status)


def api_routes(routes: list[BaseRoute]) -> Iterator[tuple[APIRoute, str]]:
    """Every API route of the app (included routers unfolded) with its full path."""
    for context in iter_route_contexts(routes):
        route = context.original_route
        if isinstance(route, APIRoute) and context.path_format:
            yield route, context.path_format


def complete_openapi(app: FastAPI) -> dict[str, Any]:
    """The app's OpenAPI document with errors, security schemes and constraints (made once)."""
    if app.openapi_schema:
        return app.openapi_schema
    document = get_openapi(
        title=app.title,
        version=app.version,
        description=app.description,
        routes=app.routes,
    )
    components = document.setdefault("components", {})
    schemas = components.setdefault("schemas", {})
    schemas[ERROR_SCHEMA] = ErrorOut.model_json_schema()
    for unused in ("HTTPValidationError", "ValidationError"):
        schemas.pop(unused, None)
    components["securitySchemes"] = {
        SESSION: {
            "type": "apiKey",
            "in": "cookie",
            "name": SESSION_COOKIE,
            "description": "The session cookie that sign-up and login set.",
        },
        CSRF: {
            "type": "apiKey",
            "in": "header",
            "name": CSRF_HEADER,
            "description": "The session's CSRF token (`csrf_token` of GET /api/me), sent on "
            "every write.",
        },
    }
    paths = document.get("paths", {})
    for route, path in api_routes(app.routes):
        for method in (route.methods or set()) if route.include_in_schema else set():
            operation = paths.get(path, {}).get(method.lower())
            if operation is not None:
                _document_route(route, operation)
                for status, answer in operation["responses"].items():
                    links = _links(path, method.lower())
                    if status.startswith("2") and links:
                        answer["links"] = links
    app.openapi_schema = document
    return document


def install_openapi(app: FastAPI) -> None:
    """Serve the completed document at /openapi.json."""
    app.openapi = lambda: complete_openapi(app)  # type: ignore[method-assign]
