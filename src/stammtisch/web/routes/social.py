"""Lobby tables, direct challenges, regulars, the hub and the notification feed."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, BackgroundTasks, Path, Query
from pydantic import BaseModel, BeforeValidator, Field

from stammtisch.web.deps import PlatformDep, Reader, Writer
from stammtisch.web.openapi import NICKNAME, refused
from stammtisch.web.routes.bodies import BotName, ClockIn, GameName
from stammtisch.web.routes.games import play_bots_later

router = APIRouter(prefix="/api", tags=["hub"])

Id = Annotated[int, Path(ge=1, le=2**31 - 1)]


def not_a_flag(value: object) -> object:
    """A count is a number (4 or 4.0), never `true` or `false`."""
    if isinstance(value, bool):
        raise ValueError("a number of bots, not true or false")
    return value


class SeekIn(BaseModel):
    """A new table in the lobby."""

    game: GameName
    options: dict[str, Any] = Field(default_factory=dict)
    clock: ClockIn = Field(default_factory=ClockIn)
    bots: (
        Annotated[int, Field(ge=0, le=16), BeforeValidator(not_a_flag)]
        | Annotated[list[BotName], Field(max_length=16)]
    ) = Field(
        0,
        description="The bot of each bot seat by name (e.g. `greedy`), or how many seats "
        "go to the training bot. Members sit on the first seats, the bots after them.",
    )


class StartIn(BaseModel):
    """Start an open table now (its creator only)."""

    fill_with_bots: bool = Field(
        False,
        description="Give the empty member seats to the training bot; without it a table with "
        "empty seats is refused.",
    )


class ChallengeIn(BaseModel):
    """A direct challenge of a member by nickname."""

    nickname: str = Field(max_length=100, json_schema_extra=NICKNAME)
    game: GameName
    options: dict[str, Any] = Field(default_factory=dict)
    clock: ClockIn = Field(default_factory=ClockIn)


class ReadIn(BaseModel):
    """Which notifications to mark read (all when `ids` is left out)."""

    ids: list[Annotated[int, Field(ge=1, le=2**31 - 1)]] | None = Field(None, max_length=500)


@router.get("/hub")
def hub(identity: Reader, platform: PlatformDep) -> dict[str, Any]:
    """Your running games, invitations, tables, notifications and game limit."""
    return platform.hub.overview(identity.member_id)


@router.get("/lobby")
def lobby(identity: Reader, platform: PlatformDep) -> list[dict[str, Any]]:
    """The open tables in the lobby."""
    return platform.lobby.open_seeks()


@router.post("/lobby", status_code=201, responses=refused(400))
def open_table(body: SeekIn, identity: Writer, platform: PlatformDep) -> dict[str, Any]:
    """Open a table in the lobby; the next members who come by join it."""
    return platform.lobby.create(
        identity.member_id, body.game, body.options, body.clock.as_dict(), body.bots
    )


@router.post("/lobby/{seek_id}/join", responses=refused(404, 409))
def join_table(
    seek_id: Id, identity: Writer, platform: PlatformDep, tasks: BackgroundTasks
) -> dict[str, Any]:
    """Sit down at an open table; the game starts when it is full."""
    seek = platform.lobby.join(identity.member_id, seek_id)
    if seek["game_id"]:
        play_bots_later(tasks, platform, seek["game_id"])
    return seek


@router.post("/lobby/{seek_id}/start", responses=refused(404, 409))
def start_table(
    seek_id: Id, body: StartIn, identity: Writer, platform: PlatformDep, tasks: BackgroundTasks
) -> dict[str, Any]:
    """Start your open table now, with at least two members seated; the others are told live."""
    seek = platform.lobby.start(identity.member_id, seek_id, body.fill_with_bots)
    if seek["game_id"]:
        play_bots_later(tasks, platform, seek["game_id"])
    return seek


@router.delete("/lobby/{seek_id}", status_code=204, responses=refused(404, 409))
def leave_table(seek_id: Id, identity: Writer, platform: PlatformDep) -> None:
    """Get up from a table (its creator withdraws it)."""
    platform.lobby.leave(identity.member_id, seek_id)


@router.get("/challenges")
def challenges(identity: Reader, platform: PlatformDep) -> dict[str, list[dict[str, Any]]]:
    """Your open challenges, received and sent."""
    return platform.challenges.open_for(identity.member_id)


@router.post("/challenges", status_code=201, responses=refused(400, 404, 409))
def challenge(body: ChallengeIn, identity: Writer, platform: PlatformDep) -> dict[str, Any]:
    """Challenge a member; a crossing challenge to the same game and variant becomes the game."""
    return platform.challenges.send(
        identity.member_id, body.nickname, body.game, body.options, body.clock.as_dict()
    )


@router.post("/challenges/{challenge_id}/accept", responses=refused(404, 409))
def accept(challenge_id: Id, identity: Writer, platform: PlatformDep) -> dict[str, int]:
    """Accept a challenge sent to you; the game starts."""
    return {"game_id": platform.challenges.accept(identity.member_id, challenge_id)}


@router.post("/challenges/{challenge_id}/decline", status_code=204, responses=refused(404, 409))
def decline(challenge_id: Id, identity: Writer, platform: PlatformDep) -> None:
    """Decline a challenge sent to you."""
    platform.challenges.decline(identity.member_id, challenge_id)


@router.delete("/challenges/{challenge_id}", status_code=204, responses=refused(404, 409))
def withdraw(challenge_id: Id, identity: Writer, platform: PlatformDep) -> None:
    """Withdraw a challenge you sent."""
    platform.challenges.withdraw(identity.member_id, challenge_id)


@router.get("/regulars")
def regulars(identity: Reader, platform: PlatformDep) -> list[dict[str, Any]]:
    """The ten members with the most games in the last 30 days."""
    return platform.challenges.regulars(identity.member_id)


@router.get("/notifications")
def notifications(
    identity: Reader,
    platform: PlatformDep,
    before: Annotated[int | None, Query(ge=1, le=2**31 - 1)] = None,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
) -> dict[str, Any]:
    """Your notifications, newest first, in your language, with the unread count."""
    return platform.notifications.feed(identity.member_id, limit, before)


@router.post("/notifications/read")
def mark_read(body: ReadIn, identity: Writer, platform: PlatformDep) -> dict[str, int]:
    """Mark notifications read; returns the unread count."""
    return {"unread": platform.notifications.mark_read(identity.member_id, body.ids)}
