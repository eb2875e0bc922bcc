"""What every page knows: its reader (member or visitor), their language, the top bar's counters.

Page routes take `PageDep` (anyone) or `MemberPageDep` (signed in; a visitor is sent to the
login page and comes back after signing in) and answer with `page.render(template, ...)`.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import Depends, Request
from fastapi.responses import HTMLResponse

from stammtisch.services.platform import Platform
from stammtisch.store.members import Member
from stammtisch.web.deps import SESSION_COOKIE, identity_of, platform_of
from stammtisch.web.i18n import LANGUAGE_NAMES, error_texts, pick_language
from stammtisch.web.routes.accounts import browser_language
from stammtisch.web.templating import render_template

LANGUAGE_COOKIE = "stammtisch_lang"
"""A visitor's chosen language (members keep theirs in their settings)."""


class SignInFirst(Exception):  # noqa: N818 (a redirect, not an error)
    """A member-only page was asked for by a visitor: send them to the login page."""

    def __init__(self, next_path: str) -> None:
        super().__init__(next_path)
        self.next_path = next_path


@dataclass
class Page:
    """One page request: who reads it, in which language, and the top bar's numbers."""

    request: Request
    platform: Platform
    language: str
    member: Member | None
    csrf_token: str | None
    unread: int = 0
    album_waiting: int = 0

    @property
    def path(self) -> str:
        """The page's own path and query, for links back to it."""
        query = self.request.url.query
        return self.request.url.path + (f"?{query}" if query else "")

    def render(self, template: str, status_code: int = 200, **context: Any) -> HTMLResponse:
        """The page's template rendered in the reader's language."""
        values = {
            "page": self,
            "member": self.member,
            "languages": LANGUAGE_NAMES,
            "error_texts": error_texts(self.language),
            **context,
        }
        html = render_template(self.language, template, values)
        return HTMLResponse(html, status_code=status_code, headers={"Cache-Control": "no-store"})

    def csrf_ok(self, sent: str | None) -> bool:
        """Whether a form's CSRF field matches this member's session."""
        if self.csrf_token is None or not sent:
            return False
        return hmac.compare_digest(sent.encode(), self.csrf_token.encode())


def build_page(request: Request) -> Page:
    """The page context of a request (reads the session, the member and their counters)."""
    platform = platform_of(request)
    identity = identity_of(platform, request.cookies.get(SESSION_COOKIE))
    member = platform.accounts.member(identity.member_id) if identity else None
    asked = request.query_params.get("lang")
    if member is not None:
        language = pick_language(asked, member.language)
    else:
        cookie = request.cookies.get(LANGUAGE_COOKIE)
        language = pick_language(asked, cookie, browser_language(request))
    page = Page(request, platform, language, member, identity.csrf_token if identity else None)
    if member is not None:
        page.unread = platform.notifications.unread(member.id)
        page.album_waiting = platform.progress.waiting(member.id)
    return page


def any_reader(request: Request) -> Page:
    """The page of a member or a visitor."""
    return build_page(request)


def member_reader(request: Request) -> Page:
    """The page of a signed-in member; visitors are sent to log in first."""
    page = build_page(request)
    if page.member is None:
        raise SignInFirst(page.path)
    return page


def login_address(next_path: str) -> str:
    """The login page, coming back to `next_path` afterwards."""
    return f"/login?next={quote(next_path, safe='/')}"


def safe_next(next_path: str | None, default: str = "/hub") -> str:
    """A path on this site to go on to (never another host)."""
    if not next_path or not next_path.startswith("/") or next_path.startswith(("//", "/\\")):
        return default
    if any(ord(ch) < 0x20 or ord(ch) == 0x7F for ch in next_path):
        return default  # browsers drop tabs and newlines: "/\t/evil.example" is "//evil.example"
    return next_path


PageDep = Annotated[Page, Depends(any_reader)]
MemberPageDep = Annotated[Page, Depends(member_reader)]
