"""Request dependencies: the platform, the signed-in member, and CSRF checks for writes."""

from __future__ import annotations

import hmac
from typing import Annotated

from fastapi import Depends, Request

from stammtisch.services.accounts import Identity
from stammtisch.services.errors import Problem, ServiceError
from stammtisch.services.platform import Platform

SESSION_COOKIE = "stammtisch_session"
CSRF_HEADER = "X-CSRF-Token"


def get_platform(request: Request) -> Platform:
    """The services of this process."""
    platform: Platform = request.app.state.platform
    return platform


def identity_of(platform: Platform, token: str | None) -> Identity | None:
    """The member behind a session cookie value, if it is valid."""
    return platform.accounts.identify(token) if token else None


def signed_in(request: Request) -> Identity:
    """The member of the session cookie; 401 without a valid session."""
    identity = identity_of(get_platform(request), request.cookies.get(SESSION_COOKIE))
    if identity is None:
        raise ServiceError("accounts.not_signed_in", "Sign in first.", Problem.UNAUTHENTICATED)
    return identity


def maybe_signed_in(request: Request) -> Identity | None:
    """The member of the session cookie, or None for an anonymous visitor."""
    return identity_of(get_platform(request), request.cookies.get(SESSION_COOKIE))


def writer(request: Request) -> Identity:
    """The signed-in member of a write request, whose CSRF header must match the session's."""
    identity = signed_in(request)
    sent = request.headers.get(CSRF_HEADER, "")
    if not hmac.compare_digest(sent.encode(), identity.csrf_token.encode()):
        raise ServiceError(
            "accounts.csrf",
            f"Send the session's CSRF token in the {CSRF_HEADER} header.",
            Problem.FORBIDDEN,
        )
    return identity


PlatformDep = Annotated[Platform, Depends(get_platform)]
Reader = Annotated[Identity, Depends(signed_in)]
OptionalReader = Annotated[Identity | None, Depends(maybe_signed_in)]
Writer = Annotated[Identity, Depends(writer)]
