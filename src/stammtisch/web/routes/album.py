"""The signed-in member's own album: view it, claim upgrades, choose a card back."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query, Response
from pydantic import BaseModel, Field

from stammtisch.services.album.collection import AlbumView, CardBackView, CardView
from stammtisch.services.progress import CardBacks
from stammtisch.web.deps import PlatformDep, Reader, Writer
from stammtisch.web.language import Language
from stammtisch.web.openapi import MONTH, MONTH_PATTERN, refused

router = APIRouter(prefix="/api/album", tags=["album"])

Month = Annotated[str, Path(max_length=10, description="YYYY-MM", json_schema_extra=MONTH)]
Card = Annotated[int, Path(ge=1, le=9, description="the card's number, 1 to 9")]


class Waiting(BaseModel):
    """The album tab's counter: upgrades waiting to be claimed in the open album."""

    waiting: int


class Months(BaseModel):
    """Every month that has an album so far, the open one first."""

    months: list[str]


class BackChoice(BaseModel):
    """The card to wear as card back."""

    month: str = Field(max_length=10, description="YYYY-MM", json_schema_extra=MONTH)
    card: int = Field(ge=1, le=9)


@router.get("", responses=refused(404))
def album(
    lang: Language,
    identity: Reader,
    platform: PlatformDep,
    month: Annotated[
        str | None,
        Query(
            max_length=10,
            description="YYYY-MM; default: the open album",
            json_schema_extra={"pattern": MONTH_PATTERN},
        ),
    ] = None,
) -> AlbumView:
    """One's album of a month (default: the open one) with progress and waiting upgrades."""
    return platform.progress.album(identity.member_id, month, lang)


@router.get("/months")
def months(identity: Reader, platform: PlatformDep) -> Months:
    """The months whose albums can be viewed."""
    return Months(months=platform.progress.albums())


@router.get("/waiting")
def waiting(identity: Reader, platform: PlatformDep) -> Waiting:
    """How many upgrades wait to be claimed."""
    return Waiting(waiting=platform.progress.waiting(identity.member_id))


@router.post("/{month}/cards/{card}/claim", responses=refused(404, 409))
def claim(
    month: Month, card: Card, lang: Language, identity: Writer, platform: PlatformDep
) -> CardView:
    """Claim one waiting upgrade of a card of the open album."""
    return platform.progress.claim(identity.member_id, month, card, lang)


@router.get("/card-backs")
def card_backs(lang: Language, identity: Reader, platform: PlatformDep) -> CardBacks:
    """The card back worn and every upgraded card that may be worn."""
    return platform.progress.card_backs(identity.member_id, lang)


@router.put("/card-back", responses=refused(404, 409))
def choose_card_back(
    body: BackChoice, lang: Language, identity: Writer, platform: PlatformDep
) -> CardBackView:
    """Wear an upgraded card (of any month) as card back; it grows with the card."""
    return platform.progress.choose_back(identity.member_id, body.month, body.card, lang)


@router.delete("/card-back", status_code=204)
def plain_card_back(identity: Writer, platform: PlatformDep) -> Response:
    """Wear the plain card back again."""
    platform.progress.plain_back(identity.member_id)
    return Response(status_code=204)
