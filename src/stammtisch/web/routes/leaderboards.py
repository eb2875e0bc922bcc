"""Leaderboards (current and past seasons, all-time) and the progress part of public profiles."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query

from stammtisch.services.progress import Leaderboard, ProfileProgress, Seasons
from stammtisch.web.deps import PlatformDep
from stammtisch.web.language import Language
from stammtisch.web.openapi import SEASON_PATTERN, games_enum, refused

router = APIRouter(prefix="/api", tags=["ratings"])


@router.get("/leaderboards/{game}", responses=refused(404))
def leaderboard(
    game: Annotated[str, Path(max_length=40, json_schema_extra=games_enum)],
    platform: PlatformDep,
    season: Annotated[
        str | None,
        Query(
            max_length=10,
            description="YYYY-MM, or 'all'",
            json_schema_extra={"pattern": SEASON_PATTERN},
        ),
    ] = None,
    limit: Annotated[int, Query(ge=1, le=100)] = 50,
    offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
) -> Leaderboard:
    """A game's leaderboard: members with at least 5 rated games in the season, best first."""
    return platform.progress.leaderboard(game, season, limit, offset)


@router.get("/leaderboards/{game}/seasons", responses=refused(404))
def seasons(
    game: Annotated[str, Path(max_length=40, json_schema_extra=games_enum)], platform: PlatformDep
) -> Seasons:
    """The current season and every past season of a game's leaderboard, newest first."""
    return platform.progress.seasons(game)


@router.get("/members/{nickname}/progress", responses=refused(404))
def profile_progress(nickname: str, lang: Language, platform: PlatformDep) -> ProfileProgress:
    """A member's XP, ratings (this season and all-time), card back and collected cards."""
    member = platform.accounts.by_nickname(nickname)
    return platform.progress.profile(member.id, lang)
