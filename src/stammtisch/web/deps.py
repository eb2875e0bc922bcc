"""Request dependencies: the platform, the signed-in member, and CSRF checks for writes.

They are coroutines (a sync dependency costs a thread hop per request); the session lookup is
answered from the process's short-lived cache, or read as `service_call` says.
"""

from __future__ import annotations

import hmac
from collections.abc import Mapping
from typing import Annotated
from urllib.parse import urlsplit

from fastapi import Depends, Request

from stammtisch.services.accounts import Identity
from stammtisch.services.errors import Problem, ServiceError
from stammtisch.services.platform import Platform
from stammtisch.web.calls import service_call
from stammtisch.web.ratelimits import RateLimits

SESSION_COOKIE = "stammtisch_session"
CSRF_HEADER = "X-CSRF-Token"
SAFE_FETCH_SITES = ("same-origin", "none")
"""`Sec-Fetch-Site` values of requests a browser made from this site (or typed in by hand)."""


def platform_of(request: Request) -> Platform:
    """The services of this process."""
    platform: Platform = request.app.state.platform
    return platform


def rate_limits_of(request: Request) -> RateLimits:
    """The sign-up and write limits of this app."""
    limits: RateLimits = request.app.state.rate_limits
    return limits


async def get_platform(request: Request) -> Platform:
    """The services of this process (as a dependency)."""
    return platform_of(request)


def identity_of(platform: Platform, token: str | None) -> Identity | None:
    """The member behind a session cookie value, if it is valid."""
    return platform.accounts.identify(token) if token else None


async def identity_from(platform: Platform, token: str | None) -> Identity | None:
    """The member behind a session cookie value: from the process's cache, else looked up."""
    if not token:
        return None
    known = platform.accounts.remembered(token)
    if known is not None:
        return known
    return await service_call(platform, identity_of, platform, token)


async def _identity(request: Request) -> Identity | None:
    return await identity_from(platform_of(request), request.cookies.get(SESSION_COOKIE))


def csrf_matches(identity: Identity, sent: str) -> bool:
    """Whether a write's CSRF header is the session's token."""
    return hmac.compare_digest(sent.encode(), identity.csrf_token.encode())


def csrf_refused() -> ServiceError:
    """The refusal of a write without the session's CSRF token."""
    return ServiceError(
        "accounts.csrf",
        f"Send the session's CSRF token in the {CSRF_HEADER} header.",
        Problem.FORBIDDEN,
    )


async def signed_in(request: Request) -> Identity:
    """The member of the session cookie; 401 without a valid session."""
    identity = await _identity(request)
    if identity is None:
        raise ServiceError("accounts.not_signed_in", "Sign in first.", Problem.UNAUTHENTICATED)
    return identity


async def maybe_signed_in(request: Request) -> Identity | None:
    """The member of the session cookie, or None for an anonymous visitor."""
    return await _identity(request)


async def writer(request: Request) -> Identity:
    """The signed-in member of a write request, whose CSRF header must match the session's;
    counted by the write limit (429 `limits.too_many_requests` above it)."""
    identity = await signed_in(request)
    if not csrf_matches(identity, request.headers.get(CSRF_HEADER, "")):
        raise csrf_refused()
    await rate_limits_of(request).write(identity.member_id)
    return identity


def from_elsewhere(headers: Mapping[str, str], public_base_url: str) -> bool:
    """Whether a browser sent this request from another site (its Origin or Sec-Fetch-Site say so).

    Clients that are not browsers send neither header and pass; browsers always send them on a
    cross-site POST or websocket, so another site cannot make a visitor's browser act here.
    """
    fetch_site = headers.get("sec-fetch-site")
    if fetch_site is not None and fetch_site.lower() not in SAFE_FETCH_SITES:
        return True
    origin = headers.get("origin")
    if origin is None:
        return False
    ours = {headers.get("host"), urlsplit(public_base_url).netloc}
    return origin == "null" or urlsplit(origin).netloc not in ours


def same_site(request: Request) -> None:
    """Refuse a request a browser sent from another site (login CSRF for sign-up and login)."""
    if from_elsewhere(request.headers, platform_of(request).ctx.settings.public_base_url):
        raise ServiceError(
            "accounts.csrf",
            "This request came from another site; sign in on Stammtisch's own pages.",
            Problem.FORBIDDEN,
        )


def client_address(request: Request) -> str:
    """The client's address (as the trusted proxies name it), which rate limits count."""
    return request.client.host if request.client else "unknown"


async def sign_up_limit(request: Request) -> None:
    """Count a sign-up from the client's address (429 `limits.too_many_signups` above it)."""
    await rate_limits_of(request).sign_up(client_address(request))


PlatformDep = Annotated[Platform, Depends(get_platform)]
Reader = Annotated[Identity, Depends(signed_in)]
OptionalReader = Annotated[Identity | None, Depends(maybe_signed_in)]
Writer = Annotated[Identity, Depends(writer)]
SameSite = Depends(same_site)
SignUpLimit = Depends(sign_up_limit)
