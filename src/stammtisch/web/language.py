"""The language a reader gets texts in: `?lang=`, else their own setting, else the browser's."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Query, Request

from stammtisch.services.accounts import LANGUAGES
from stammtisch.web.deps import SESSION_COOKIE, identity_of, platform_of
from stammtisch.web.routes.accounts import browser_language


def reader_language(
    request: Request,
    lang: Annotated[str | None, Query(max_length=5, description="de, en, fr or pt")] = None,
) -> str:
    """The language of this request's reader."""
    if lang in LANGUAGES:
        return str(lang)
    platform = platform_of(request)
    identity = identity_of(platform, request.cookies.get(SESSION_COOKIE))
    if identity is not None:
        return platform.accounts.member(identity.member_id).language
    return browser_language(request)


Language = Annotated[str, Depends(reader_language)]
"""A route parameter: the reader's language."""
