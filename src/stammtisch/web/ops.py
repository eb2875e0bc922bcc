"""Operations: health and readiness probes, the metrics endpoint, and the middleware that gives
every request an id, its metrics and one log line.

The three routes are for machines (a load balancer, an orchestrator, Prometheus), so they stay
out of the OpenAPI document of the member API; they take no session and no CSRF token.
"""

from __future__ import annotations

import hmac
import logging
import time

import anyio
from anyio import to_thread
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST
from sqlalchemy import Engine
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from stammtisch.web.errors import RETRY_AFTER_SECONDS, error_body
from stammtisch.web.logs import REQUEST_ID, request_id_from
from stammtisch.web.metrics import Metrics

router = APIRouter(include_in_schema=False)

access_log = logging.getLogger("stammtisch.access")

UNMATCHED = "<unmatched>"
"""The route label of requests no route matched (so unknown paths never make new labels)."""

REQUEST_ID_HEADER = b"x-request-id"


def ping(engine: Engine) -> None:
    """Open a connection and run the smallest query: the database answers."""
    with engine.connect() as connection:
        connection.exec_driver_sql("SELECT 1")


def probe_limiter(request: Request) -> anyio.CapacityLimiter:
    """Threads of the readiness probe, apart from the request threads a busy process uses up."""
    limiter: anyio.CapacityLimiter | None = getattr(request.app.state, "probe_limiter", None)
    if limiter is None:
        limiter = request.app.state.probe_limiter = anyio.CapacityLimiter(2)
    return limiter


@router.get("/healthz")
async def healthz() -> dict[str, str]:
    """The process is up and its event loop answers (the database is not asked)."""
    return {"status": "ok"}


@router.get("/readyz")
async def readyz(request: Request) -> Response:
    """Ready when the database answers within the configured time and the process is not
    draining; 503 otherwise."""
    platform = request.app.state.platform
    if request.app.state.drain.draining:
        return JSONResponse(
            error_body("server.unavailable", "The server is shutting down."),
            status_code=503,
            headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
        )
    timeout = platform.ctx.settings.ready_timeout_seconds
    try:
        with anyio.fail_after(timeout):
            await to_thread.run_sync(
                ping,
                platform.ctx.store.engine,
                abandon_on_cancel=True,
                limiter=probe_limiter(request),
            )
    except Exception as exc:
        logging.getLogger(__name__).warning("not ready: the database did not answer: %r", exc)
        return JSONResponse(
            error_body("server.unavailable", "The database does not answer."),
            status_code=503,
            headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
        )
    return JSONResponse({"status": "ready"})


@router.get("/metrics")
async def metrics(request: Request) -> Response:
    """This process's metrics in Prometheus's text format (a bearer token when one is set)."""
    token = request.app.state.platform.ctx.settings.metrics_token
    if token:
        sent = request.headers.get("authorization", "")
        if not hmac.compare_digest(sent.encode(), f"Bearer {token}".encode()):
            return JSONResponse(
                error_body("request.unauthenticated", "Send the metrics token as a bearer token."),
                status_code=401,
                headers={"WWW-Authenticate": "Bearer"},
            )
    registry: Metrics = request.app.state.metrics
    body = await to_thread.run_sync(registry.render, limiter=probe_limiter(request))
    return Response(body, media_type=CONTENT_TYPE_LATEST)


def route_of(scope: Scope, root_path: str) -> str:
    """The template of the route that served the request (`/api/games/{game_id}`), not its path;
    a mounted app (static files) is `<mount>/{path}`. `root_path` is the scope's before routing."""
    path = getattr(scope.get("route"), "path", None)
    if isinstance(path, str):
        return path
    mounted = scope.get("root_path", "")
    if isinstance(mounted, str) and mounted != root_path and mounted.startswith(root_path):
        return mounted[len(root_path) :] + "/{path}"
    return UNMATCHED


def header(scope: Scope, name: bytes) -> str | None:
    """One request header's value, or None."""
    for key, value in scope["headers"]:
        if key == name:
            return bytes(value).decode("latin-1")
    return None


class Observed:
    """A pure ASGI middleware: the request id (taken or made, and echoed), the request's count
    and latency, open websockets, and a log line per request on `stammtisch.access`."""

    def __init__(self, app: ASGIApp, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Observe HTTP requests and websockets; pass anything else straight on."""
        if scope["type"] == "http":
            await self._http(scope, receive, send)
        elif scope["type"] == "websocket":
            await self._websocket(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        started = time.perf_counter()
        root_path = scope.get("root_path", "")
        request_id = request_id_from(header(scope, REQUEST_ID_HEADER))
        reset = REQUEST_ID.set(request_id)
        echoed = (REQUEST_ID_HEADER, request_id.encode())
        status = 500

        async def send_observed(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message["headers"] = [*message.get("headers", []), echoed]
            await send(message)

        try:
            await self.app(scope, receive, send_observed)
        finally:
            seconds = time.perf_counter() - started
            route, method = route_of(scope, root_path), scope["method"]
            self.metrics.observe_request(route, method, status, seconds)
            if access_log.isEnabledFor(logging.INFO):
                access_log.info(
                    "%s %s %d %.1f ms",
                    method,
                    route,
                    status,
                    seconds * 1000,
                    extra={
                        "method": method,
                        "route": route,
                        "status": status,
                        "duration_ms": round(seconds * 1000, 3),
                    },
                )
            REQUEST_ID.reset(reset)

    async def _websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        started = time.perf_counter()
        root_path = scope.get("root_path", "")
        reset = REQUEST_ID.set(request_id_from(header(scope, REQUEST_ID_HEADER)))
        accepted = False

        async def send_observed(message: Message) -> None:
            nonlocal accepted
            if message["type"] == "websocket.accept" and not accepted:
                accepted = True
                self.metrics.websockets.inc()
            await send(message)

        try:
            await self.app(scope, receive, send_observed)
        finally:
            if accepted:
                self.metrics.websockets.dec()
            if access_log.isEnabledFor(logging.INFO):
                seconds, route = time.perf_counter() - started, route_of(scope, root_path)
                access_log.info(
                    "WEBSOCKET %s %s after %.1f s",
                    route,
                    "closed" if accepted else "refused",
                    seconds,
                    extra={"method": "WEBSOCKET", "route": route, "accepted": accepted},
                )
            REQUEST_ID.reset(reset)
