"""The art's route: album cards and card backs as cacheable SVG images."""

from __future__ import annotations

import hashlib
from typing import Annotated

from fastapi import APIRouter, Query, Request, Response

from stammtisch.services.album.catalogue import LANGUAGES, catalogue
from stammtisch.services.errors import ServiceError, not_found
from stammtisch.web.art.backs import card_back, plain_back
from stammtisch.web.art.card import album_card
from stammtisch.web.art.library import TIERS, UnknownArtError

router = APIRouter(prefix="/art", tags=["art"])

SVG = "image/svg+xml"
CACHE = "public, max-age=86400"
Lang = Annotated[str, Query(max_length=5, description="de, en, fr or pt (for the title)")]


def _unknown(what: str) -> ServiceError:
    return not_found("art.unknown", f"There is no picture for {what}.")


def label_of(motif: str, tier: str | None, lang: str) -> str:
    """The card's accessible title: the motif's name and its tier, in the reader's language."""
    data = catalogue()
    lang = lang if lang in LANGUAGES else "en"
    name = data.motifs[motif].name.get(lang)
    return f"{name} ({data.tiers[tier].get(lang)})" if tier else name


def svg_response(request: Request, body: str) -> Response:
    """The SVG with a long public cache and an ETag; 304 when the browser has it already."""
    etag = '"' + hashlib.sha256(body.encode()).hexdigest()[:32] + '"'
    headers = {"Cache-Control": CACHE, "ETag": etag}
    if etag in request.headers.get("if-none-match", ""):
        return Response(status_code=304, headers=headers)
    return Response(body, media_type=SVG, headers=headers)


def _tier(value: str, allow_none: bool) -> str | None:
    if value == "none" and allow_none:
        return None
    if value not in TIERS:
        raise _unknown(f"the tier {value!r}")
    return value


def _motif(value: str) -> str:
    if value not in catalogue().motifs:
        raise _unknown(f"the motif {value!r}")
    return value


@router.get("/album/{motif}/{tier}.svg", response_class=Response)
def album_svg(request: Request, motif: str, tier: str, lang: Lang = "en") -> Response:
    """An album card at a tier (none, colour, bronze, silver, gold)."""
    key, level = _motif(motif), _tier(tier, allow_none=True)
    try:
        body = album_card(key, level, label_of(key, level, lang))
    except UnknownArtError as error:
        raise _unknown(f"{motif}/{tier}") from error
    return svg_response(request, body)


@router.get("/backs/plain.svg", response_class=Response)
def plain_back_svg(request: Request) -> Response:
    """The plain Stammtisch card back."""
    return svg_response(request, plain_back())


@router.get("/backs/{motif}/{tier}.svg", response_class=Response)
def card_back_svg(request: Request, motif: str, tier: str) -> Response:
    """The card back made from an album card at a reached tier."""
    key, level = _motif(motif), _tier(tier, allow_none=False)
    assert level is not None
    return svg_response(request, card_back(key, level))
