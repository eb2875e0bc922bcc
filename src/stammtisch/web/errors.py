"""The one error mapping of the API: every refusal is `{"error": "<ns>.<code>", "message": ...}`."""

from __future__ import annotations

import logging
from collections.abc import Callable

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.routing import iter_route_contexts
from sqlalchemy.exc import OperationalError
from starlette.exceptions import HTTPException
from starlette.routing import compile_path

from stammtisch.engine.protocol import GameError
from stammtisch.services.errors import Problem, ServiceError

log = logging.getLogger(__name__)

STATUS = {
    Problem.INVALID: 400,
    Problem.UNAUTHENTICATED: 401,
    Problem.FORBIDDEN: 403,
    Problem.NOT_FOUND: 404,
    Problem.CONFLICT: 409,
    Problem.LIMIT: 429,
}

HTTP_CODES = {
    400: "request.bad",
    401: "request.unauthenticated",
    403: "request.forbidden",
    404: "request.not_found",
    405: "request.method_not_allowed",
    413: "request.too_large",
    415: "request.unsupported_media_type",
}


def error_body(code: str, message: str) -> dict[str, str]:
    """The JSON body of every error response."""
    return {"error": code, "message": message}


PageRenderer = Callable[[Request, int, str, str], Response | None]
"""Renders an error as a page of the site when a browser asked for a page (else None)."""


def _respond(request: Request, status: int, code: str, message: str) -> Response:
    renderer: PageRenderer | None = getattr(request.app.state, "error_page", None)
    page = renderer(request, status, code, message) if renderer else None
    return page or JSONResponse(error_body(code, message), status_code=status)


async def _service_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ServiceError)
    response = _respond(request, STATUS[exc.problem], exc.code, exc.message)
    if exc.retry_after is not None:
        response.headers["Retry-After"] = str(exc.retry_after)
    return response


async def _game_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, GameError)
    return _respond(request, 400, f"game.{exc.code}", exc.reason)


async def _validation_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RequestValidationError)
    parts = []
    for error in exc.errors()[:5]:
        where = ".".join(str(p) for p in error.get("loc", ()) if p != "body")
        parts.append(f"{where}: {error.get('msg', 'invalid')}" if where else str(error.get("msg")))
    text = "; ".join(parts) or "The request is not valid."
    return _respond(request, 422, "request.invalid", text)


def allowed_methods(request: Request) -> list[str]:
    """The methods some route of the app answers on this request's path (for `Allow`)."""
    methods: set[str] = set()
    for context in iter_route_contexts(request.app.router.routes):
        known = getattr(context.original_route, "methods", None)
        if context.path and known and compile_path(context.path)[0].match(request.scope["path"]):
            methods |= set(known)
    return sorted(methods)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    code = HTTP_CODES.get(exc.status_code, "request.error")
    response = _respond(request, exc.status_code, code, str(exc.detail))
    if exc.status_code == 405:
        response.headers["Allow"] = ", ".join(allowed_methods(request))
    elif exc.headers:
        response.headers.update(exc.headers)
    return response


RETRY_AFTER_SECONDS = 5
"""What a client is told to wait when the database is unreachable for a moment."""


async def _unavailable(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, OperationalError)
    log.warning("database unavailable: %s", exc.orig)
    response = _respond(
        request, 503, "server.unavailable", "The server is briefly unavailable; try again soon."
    )
    response.headers["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


async def _unexpected(request: Request, exc: Exception) -> Response:
    log.exception("unexpected error", exc_info=exc)
    return _respond(request, 500, "server.internal", "Something went wrong on our side.")


def install_error_handlers(app: FastAPI) -> None:
    """Map every kind of failure to the one error shape."""
    app.add_exception_handler(ServiceError, _service_error)
    app.add_exception_handler(GameError, _game_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(HTTPException, _http_error)
    app.add_exception_handler(OperationalError, _unavailable)
    app.add_exception_handler(Exception, _unexpected)
