"""The request body limit: a body over `max_body_bytes` is refused with 413 before it is read.

A pure ASGI middleware: a Content-Length over the limit is answered at once, and a body sent
without one (chunked) is counted as it streams in, so no request makes the server hold more
than the limit in memory.
"""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from stammtisch.web.errors import error_body

TOO_LARGE = "request.too_large"


def too_large_message(limit: int) -> str:
    """What the refusal says."""
    return f"The request body is larger than {limit} bytes."


class BodyLimit:
    """Refuses HTTP request bodies over `limit` bytes with 413 `request.too_large`."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Check the announced length, then count the body as the app reads it."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _content_length(scope)
        if declared is not None and declared > self.limit:
            response = JSONResponse(
                error_body(TOO_LARGE, too_large_message(self.limit)),
                status_code=413,
                headers={"Connection": "close"},
            )
            await response(scope, receive, send)
            return
        received = 0

        async def counting_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    raise HTTPException(413, too_large_message(self.limit))
            return message

        await self.app(scope, counting_receive, send)


def _content_length(scope: Scope) -> int | None:
    """The Content-Length the client announced (None when absent or not a number)."""
    for name, value in scope.get("headers", []):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None
