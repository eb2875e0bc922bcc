"""A game's texts in the reader's language, so API clients can show a view's codes in words."""

from __future__ import annotations

import hashlib
from functools import cache
from typing import Annotated, Any

from fastapi import APIRouter, Path, Request, Response
from pydantic_core import to_json

from stammtisch.services.accounts import LANGUAGES
from stammtisch.services.gametexts import texts
from stammtisch.web.language import Language
from stammtisch.web.openapi import games_enum, refused

router = APIRouter(tags=["games"])

CHOSEN = "public, max-age=86400"
"""Caching of texts asked for in a language (`?lang=`): the same for everyone."""
GUESSED = "private, max-age=3600"
"""Caching of texts in the language of the reader's setting or browser."""


@cache
def encoded(game: str, language: str) -> tuple[bytes, str]:
    """The texts as JSON and their entity tag."""
    body = to_json(texts(game, language))
    return body, f'"{hashlib.sha256(body).hexdigest()[:32]}"'


@router.get("/games/{game}/texts", response_model=dict[str, Any], responses=refused(404))
def game_texts(
    game: Annotated[
        str, Path(max_length=40, description="e.g. klubnacht", json_schema_extra=games_enum)
    ],
    lang: Language,
    request: Request,
) -> Response:
    """The words for every code of a game's views and events (names, tasks, chips, ends...)."""
    body, etag = encoded(game, lang)
    chosen = request.query_params.get("lang") in LANGUAGES
    headers = {"ETag": etag, "Cache-Control": CHOSEN if chosen else GUESSED}
    if not chosen:
        headers["Vary"] = "Accept-Language, Cookie"
    if etag in request.headers.get("if-none-match", ""):
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)
