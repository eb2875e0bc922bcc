"""The member's album: the nine cards of a month, claiming waiting upgrades, the card back worn."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query
from fastapi.responses import HTMLResponse, Response

from stammtisch.services.album.catalogue import TIERS, catalogue
from stammtisch.services.album.collection import AlbumView, CardBackView, CardView
from stammtisch.services.album.tasks import next_target, tier_reached
from stammtisch.web.pages.context import MemberPageDep
from stammtisch.web.pages.months import last_day, month_name, month_title, time_left

router = APIRouter(include_in_schema=False)


def tier_names(language: str) -> dict[str, str]:
    """The four tiers in the reader's language, lowest first."""
    tiers = catalogue().tiers
    return {tier: tiers[tier].get(language) for tier in TIERS}


def card_state(card: CardView, album: AlbumView) -> dict[str, Any]:
    """What the page shows of one card: the API's card, the next tier and its target."""
    claimed = TIERS.index(card.tier) + 1 if card.tier else 0
    progress = card.progress or 0
    reached = tier_reached(progress, card.thresholds)
    return {
        **card.model_dump(mode="json"),
        "next_tier": TIERS[claimed] if claimed < len(TIERS) else None,
        "target": next_target(progress, card.thresholds),
        "target_tier": TIERS[reached] if reached < len(TIERS) else None,
        "claimable": album.open and bool(card.waiting),
    }


def worn_key(worn: CardBackView | None) -> dict[str, Any] | None:
    """The card worn as card back, as month and number (None: the plain back)."""
    return {"month": worn.month, "card": worn.card} if worn else None


@router.get("/album", response_class=HTMLResponse)
def album_page(
    page: MemberPageDep,
    month: Annotated[str | None, Query(max_length=10, description="YYYY-MM")] = None,
) -> Response:
    """One month's album (default: the open one): its cards, upgrades to claim, card backs."""
    assert page.member is not None
    progress, language = page.platform.progress, page.language
    album = progress.album(page.member.id, month, language)
    backs = progress.card_backs(page.member.id, language)
    now = page.platform.ctx.clock.now()
    state = {
        "month": album.month,
        "open": album.open,
        "waiting": album.waiting or 0,
        "worn": worn_key(backs.worn),
        "cards": [card_state(card, album) for card in album.cards],
    }
    return page.render(
        "progress/album.html",
        album=album,
        state=state,
        worn=backs.worn,
        worn_month=month_name(backs.worn.month, language) if backs.worn else "",
        tiers=tier_names(language),
        month_label=month_name(album.month, language),
        month_title=month_title(album.month, language),
        months=[{"key": key, "label": month_title(key, language)} for key in progress.albums()],
        closes_on=last_day(album.closes_at, language),
        closes_in=time_left(album.closes_at, now, language) if album.open else "",
    )
