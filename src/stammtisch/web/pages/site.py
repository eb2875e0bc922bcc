"""The site's frame: the landing page, the language switch, logging out, the offline API docs."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import fastapi_offline
from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from stammtisch.web.deps import SESSION_COOKIE, from_elsewhere
from stammtisch.web.i18n import LANGUAGE_NAMES
from stammtisch.web.pages.context import LANGUAGE_COOKIE, PageDep, safe_next
from stammtisch.web.templating import render_template

router = APIRouter(include_in_schema=False)

DOCS_ASSETS = Path(fastapi_offline.__file__).parent / "static"
"""Swagger UI's script and style, shipped inside a Python package (no CDN)."""

YEAR = 365 * 86400


@router.get("/", response_class=HTMLResponse)
def landing(page: PageDep) -> Response:
    """What Stammtisch is, for visitors; members go straight to their hub."""
    if page.member is not None:
        return RedirectResponse("/hub", status_code=303)
    return page.render("landing/index.html")


@router.post("/language")
def switch_language(
    page: PageDep,
    language: Annotated[str, Form(max_length=5)],
    next: Annotated[str, Form(max_length=500)] = "/",
    csrf: Annotated[str, Form(max_length=200)] = "",
) -> Response:
    """Read the site in another language: a member's setting, or a visitor's cookie."""
    back = RedirectResponse(safe_next(next, "/"), status_code=303)
    if language not in LANGUAGE_NAMES or from_elsewhere(
        page.request.headers, page.platform.ctx.settings.public_base_url
    ):
        return back
    if page.member is not None and page.csrf_ok(csrf):
        page.platform.accounts.update_settings(page.member.id, language=language)
    back.set_cookie(
        LANGUAGE_COOKIE,
        language,
        max_age=YEAR,
        httponly=True,
        samesite="lax",
        secure=page.platform.ctx.settings.secure_cookies,
    )
    return back


@router.post("/logout")
def log_out(page: PageDep, csrf: Annotated[str, Form(max_length=200)] = "") -> Response:
    """End this session and go back to the landing page."""
    if page.member is not None and page.csrf_ok(csrf):
        page.platform.accounts.log_out(page.request.cookies.get(SESSION_COOKIE, ""))
    response = RedirectResponse("/", status_code=303)
    response.delete_cookie(SESSION_COOKIE, path="/")
    return response


@router.get("/docs", response_class=HTMLResponse)
def api_docs(request: Request) -> HTMLResponse:
    """The browsable API documentation (Swagger UI), served from this site only."""
    return HTMLResponse(render_template("en", "layout/docs.html", {}))
