"""The member's notifications: the feed, newest first, each leading where it belongs."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Query
from fastapi.responses import HTMLResponse, Response

from stammtisch.services.notifications import render
from stammtisch.web.pages.context import MemberPageDep
from stammtisch.web.pages.months import moment

router = APIRouter(include_in_schema=False)

PER_PAGE = 20
ICONS = {
    "your_turn": "turn",
    "reminder": "clock",
    "taken_over": "clock",
    "game_over": "over",
    "album_upgrade": "album",
}
"""Each kind's picture; every other kind (challenges, lobby tables) shows the invitation."""


def icon_of(kind: str) -> str:
    """The picture a notification of this kind shows."""
    return ICONS.get(kind, "invite")


def link_of(kind: str, data: dict[str, Any]) -> str:
    """Where a notification leads: the game it names, the album, or the hub."""
    if "game_id" in data:
        return f"/games/{int(data['game_id'])}"
    if kind == "album_upgrade":
        return "/album"
    return "/hub"


@router.get("/notifications", response_class=HTMLResponse)
def notifications_page(
    page: MemberPageDep,
    before: Annotated[int | None, Query(ge=1, le=2**31 - 1)] = None,
) -> Response:
    """The feed (older entries with `before`) in the page's language, unread ones marked."""
    assert page.member is not None
    feed = page.platform.notifications.feed(page.member.id, PER_PAGE, before)
    now = page.platform.ctx.clock.now()
    items = [
        {
            **item,
            "text": render(page.language, item["kind"], item["data"]),
            "href": link_of(item["kind"], item["data"]),
            "icon": icon_of(item["kind"]),
            "when": moment(datetime.fromisoformat(item["created_at"]), now, page.language),
        }
        for item in feed["items"]
    ]
    return page.render(
        "progress/notifications.html",
        items=items,
        unread=feed["unread"],
        older=items[-1]["id"] if len(items) == PER_PAGE else None,
        before=before,
        kept_days=page.platform.ctx.settings.notification_days,
        state={"per_page": PER_PAGE, "icons": ICONS, "newest": before is None},
    )
