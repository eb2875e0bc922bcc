"""Public profiles: a member's ratings, XP, card back, collected album cards and finished games."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query
from fastapi.responses import HTMLResponse, Response

from stammtisch.services.album.catalogue import TIERS
from stammtisch.services.ratings.board import MIN_GAMES
from stammtisch.web.pages.album import tier_names
from stammtisch.web.pages.context import Page, PageDep
from stammtisch.web.pages.game_rows import game_row
from stammtisch.web.pages.leaderboards import BOARD_GAMES, ICONS, game_name
from stammtisch.web.pages.months import month_name, month_title

router = APIRouter(include_in_schema=False)

Nickname = Annotated[str, Path(max_length=40)]
LATEST = 5
"""Finished games the profile lists (the games page lists them all)."""
PER_PAGE = 20


def viewer_id(page: Page) -> int | None:
    """The reader's member id (their own practice games are listed to them only)."""
    return page.member.id if page.member else None


@router.get("/members/{nickname}", response_class=HTMLResponse)
def profile(page: PageDep, nickname: Nickname) -> Response:
    """A member's public profile (an unknown nickname is the 404 page)."""
    member = page.platform.accounts.by_nickname(nickname)
    language = page.language
    progress = page.platform.progress.profile(member.id, language)
    cards = page.platform.progress.card_backs(member.id, language).choices
    latest = page.platform.history.finished_games(viewer_id(page), member, LATEST)
    return page.render(
        "progress/profile.html",
        profile=member,
        own=page.member is not None and page.member.id == member.id,
        progress=progress,
        season_label=month_name(progress.season, language),
        games=[
            {
                "key": key,
                "name": game_name(key, language),
                "icon": ICONS[key],
                "ratings": progress.ratings[key],
            }
            for key in BOARD_GAMES
            if key in progress.ratings
        ],
        played=sum(ratings.all_time.games for ratings in progress.ratings.values()),
        tiers=tier_names(language),
        tier_order=TIERS,
        cards=[
            {**card.model_dump(), "month_label": month_title(card.month, language)}
            for card in cards
        ],
        latest=[game_row(game, language) for game in latest.games],
        min_games=MIN_GAMES,
    )


@router.get("/members/{nickname}/games", response_class=HTMLResponse)
def finished_games(
    page: PageDep,
    nickname: Nickname,
    before: Annotated[int | None, Query(ge=1, le=2**31 - 1)] = None,
) -> Response:
    """A member's finished games, newest first; `before` continues after a game."""
    member = page.platform.accounts.by_nickname(nickname)
    history = page.platform.history.finished_games(viewer_id(page), member, PER_PAGE, before)
    return page.render(
        "progress/games.html",
        profile=member,
        own=page.member is not None and page.member.id == member.id,
        rows=[game_row(game, page.language) for game in history.games],
        older=history.next,
        before=before,
    )
