"""Finished games: a member's history, a game's replay step by step, and a game's result."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query

from stammtisch.services.history import GameHistory
from stammtisch.services.results import GameResult
from stammtisch.web.deps import OptionalReader, PlatformDep, Reader
from stammtisch.web.language import Language
from stammtisch.web.openapi import refused

router = APIRouter(tags=["finished games"])

GameId = Annotated[int, Path(ge=1, le=2**31 - 1, description="The game's id.")]


@router.get("/members/{nickname}/games", responses=refused(404))
def member_games(
    nickname: Annotated[str, Path(max_length=100)],
    identity: OptionalReader,
    platform: PlatformDep,
    limit: Annotated[int, Query(ge=1, le=100)] = 20,
    before: Annotated[
        int | None, Query(ge=1, le=2**31 - 1, description="The last game of the page before.")
    ] = None,
) -> GameHistory:
    """A member's finished games, newest first (their practice games only to themselves)."""
    member = platform.accounts.by_nickname(nickname)
    viewer = identity.member_id if identity else None
    return platform.history.finished_games(viewer, member, limit, before)


@router.get("/games/{game_id}/replay", responses=refused(404, 409))
def replay(game_id: GameId, identity: OptionalReader, platform: PlatformDep) -> dict[str, Any]:
    """A finished game step by step as your seat saw it (the spectator's view for others)."""
    return platform.replays.replay(identity.member_id if identity else None, game_id)


@router.get("/games/{game_id}/result", responses=refused(403, 404, 409))
def result(game_id: GameId, lang: Language, identity: Reader, platform: PlatformDep) -> GameResult:
    """What a finished game you played brought you: XP, rating change, album progress."""
    return platform.results.result(identity.member_id, game_id, lang)
