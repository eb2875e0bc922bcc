"""The site's own static files (styles, scripts, pictures), with caching fit for each address."""

from __future__ import annotations

from starlette.responses import Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

from stammtisch.web.templating import STATIC

IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"


class SiteStatic(StaticFiles):
    """Static files: a versioned address (`?v=`) is cached for good, others revalidated."""

    def __init__(self) -> None:
        super().__init__(directory=STATIC)

    async def get_response(self, path: str, scope: Scope) -> Response:
        """The file, with its Cache-Control header."""
        response = await super().get_response(path, scope)
        versioned = b"v=" in scope.get("query_string", b"")
        response.headers["Cache-Control"] = IMMUTABLE if versioned else REVALIDATE
        return response
