"""Leaderboards (current and past seasons, all-time) and the progress part of public profiles."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from stammtisch.services.progress import Leaderboard, ProfileProgress, Seasons
from stammtisch.web.deps import PlatformDep
from stammtisch.web.language import Language

router = APIRouter(prefix="/api", tags=["ratings"])


@router.get("/leaderboards/{game}")
def leaderboard(
    game: str,
    platform: PlatformDep,
    season: Annotated[str | None, Query(max_length=10, description="YYYY-MM, or 'all'")] = None,
    limit: Annotated[int, Query(ge=1, le=100)] = 50,
    offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
) -> Leaderboard:
    """A game's leaderboard: members with at least 5 rated games in the season, best first."""
    return platform.progress.leaderboard(game, season, limit, offset)


@router.get("/leaderboards/{game}/seasons")
def seasons(game: str, platform: PlatformDep) -> Seasons:
    """The current season and every past season of a game's leaderboard, newest first."""
    return platform.progress.seasons(game)


@router.get("/members/{nickname}/progress")
def profile_progress(nickname: str, lang: Language, platform: PlatformDep) -> ProfileProgress:
    """A member's XP, ratings (this season and all-time), card back and collected cards."""
    member = platform.accounts.by_nickname(nickname)
    return platform.progress.profile(member.id, lang)
