"""Errors on pages: a page in the reader's language instead of the API's JSON."""

from __future__ import annotations

import logging

from fastapi import Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from stammtisch.web.i18n import error_text
from stammtisch.web.pages.context import SignInFirst, build_page, login_address

log = logging.getLogger(__name__)

NOT_PAGES = ("/api/", "/static/", "/art/", "/docs/assets/", "/openapi.json")


def is_page_request(request: Request) -> bool:
    """Whether a browser asked for a page (not the API, a file or a picture)."""
    path = request.url.path
    return not path.startswith(NOT_PAGES) and "text/html" in request.headers.get("accept", "")


def error_page(request: Request, status: int, code: str, message: str) -> Response:
    """The error as a page of the site, its sentence in the reader's language."""
    try:
        page = build_page(request)
    except Exception:
        log.exception("could not build the error page")
        return HTMLResponse(f"<h1>{status}</h1>", status_code=status)
    text = error_text(page.language, code, message)
    return page.render("layout/error.html", status_code=status, status=status, code=code, text=text)


async def sign_in_first(_: Request, exc: Exception) -> Response:
    """A visitor asked for a member's page: log in, then come back."""
    assert isinstance(exc, SignInFirst)
    return RedirectResponse(login_address(exc.next_path), status_code=303)


def page_for_error(request: Request, status: int, code: str, message: str) -> Response | None:
    """The error page for a browser's page request; None leaves the answer to the API's JSON."""
    return error_page(request, status, code, message) if is_page_request(request) else None
