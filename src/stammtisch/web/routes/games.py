"""Games: the catalogue, practice, a game's view, actions, resign, rematch, the log."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, BackgroundTasks, Path, Query, Response
from pydantic import BaseModel, Field

from stammtisch.engine.registry import game_names, get_game
from stammtisch.services.accounts import Identity
from stammtisch.services.platform import Platform
from stammtisch.services.policy import policy
from stammtisch.web.calls import json_response, service_call
from stammtisch.web.deps import OptionalReader, PlatformDep, Writer
from stammtisch.web.openapi import refused
from stammtisch.web.routes import finished, texts
from stammtisch.web.routes.bodies import BotName, ClockIn, GameName

router = APIRouter(prefix="/api", tags=["games"])

GameId = Annotated[int, Path(ge=1, le=2**31 - 1, description="The game's id.")]


class PracticeIn(BaseModel):
    """A practice game: you on the first seat, bots on all the others."""

    game: GameName
    options: dict[str, Any] = Field(default_factory=dict)
    bots: list[BotName] | None = Field(
        None,
        max_length=16,
        description="The bot of each other seat by name (e.g. `greedy`); left out, the "
        "training bot sits on every other seat.",
    )
    clock: ClockIn = Field(default_factory=ClockIn)


class ActionIn(BaseModel):
    """An action for the step the client has seen (`seq` = the game's sequence number)."""

    seq: int = Field(ge=0, le=2**31 - 1)
    action: str = Field(max_length=400, description="The action's canonical text.")


class RematchIn(BaseModel):
    """The variant of the rematch."""

    options: dict[str, Any] = Field(default_factory=dict)


def play_bots_later(tasks: BackgroundTasks, platform: Platform, game_id: int) -> None:
    """Let the bots answer after the response is sent (the sweeper catches up if this fails)."""
    tasks.add_task(platform.tables.run_bots, game_id)


@router.get("/games")
def catalogue() -> list[dict[str, Any]]:
    """The games the platform hosts, with their seats and table rules."""
    result = []
    for name in game_names():
        game, rules = get_game(name), policy(name)
        result.append(
            {
                "name": name,
                "rules_version": game.info.rules_version,
                "min_seats": game.info.min_seats,
                "max_seats": game.info.max_seats,
                "default_options": game.normalize_options({}),
                "turn_hours": rules.turn.total_seconds() / 3600,
                "realtime_seconds": list(rules.realtime_seconds) if rules.realtime else [],
                "training_bot": rules.training_bot or None,
            }
        )
    return result


@router.post("/practice", status_code=201, responses=refused(400))
def practice(
    body: PracticeIn, identity: Writer, platform: PlatformDep, tasks: BackgroundTasks
) -> dict[str, Any]:
    """Start a practice game against bots (counts for nothing)."""
    game_id = platform.tables.practice(
        identity.member_id, body.game, body.options, body.bots, body.clock.as_dict()
    )
    play_bots_later(tasks, platform, game_id)
    return platform.views.view(identity.member_id, game_id)


@router.get("/games/{game_id}", response_model=dict[str, Any], responses=refused(404))
async def game_view(game_id: GameId, identity: OptionalReader, platform: PlatformDep) -> Response:
    """The game as you see it: your seat's view and legal actions, or the spectator view."""
    return await view_answer(platform, identity, game_id)


async def view_answer(platform: Platform, identity: Identity | None, game_id: int) -> Response:
    """The answer of `game_view` (also given by the hot path, `web.hotpath`)."""
    viewer = identity.member_id if identity else None
    return json_response(await service_call(platform, platform.views.view, viewer, game_id))


@router.get("/games/{game_id}/log", responses=refused(404))
def game_log(
    game_id: GameId,
    identity: OptionalReader,
    platform: PlatformDep,
    after: Annotated[int, Query(ge=0, le=2**31 - 1)] = 0,
) -> list[dict[str, Any]]:
    """The log after step `after`, with the events you may see."""
    return platform.views.events_since(identity.member_id if identity else None, game_id, after)


@router.post(
    "/games/{game_id}/actions", response_model=dict[str, Any], responses=refused(400, 404, 409)
)
async def act(
    game_id: GameId,
    body: ActionIn,
    identity: Writer,
    platform: PlatformDep,
    tasks: BackgroundTasks,
) -> Response:
    """Play an action; answered only after it is stored. A repeated submission is harmless.

    The answer has the events you saw, your new view and your legal actions (none once your turn
    is over); a repeated submission answers `repeated: true` with the game as it stands now.
    """
    return await act_answer(platform, identity, game_id, body, tasks)


async def act_answer(
    platform: Platform, identity: Identity, game_id: int, body: ActionIn, tasks: BackgroundTasks
) -> Response:
    """The answer of `act` (also given by the hot path, `web.hotpath`)."""
    played = await service_call(
        platform, platform.tables.act, identity.member_id, game_id, body.seq, body.action
    )
    if played.bot_turn:
        play_bots_later(tasks, platform, game_id)
    return json_response(
        {
            "seq": played.seq,
            "events": played.events,
            "repeated": played.repeated,
            "to_act": played.to_act,
            "view": played.view,
            "legal": played.legal,
        }
    )


@router.post("/games/{game_id}/resign", status_code=204, responses=refused(400, 404, 409))
def resign(
    game_id: GameId, identity: Writer, platform: PlatformDep, tasks: BackgroundTasks
) -> None:
    """Give up the game."""
    platform.tables.resign(identity.member_id, game_id)
    play_bots_later(tasks, platform, game_id)


@router.post("/games/{game_id}/rematch", status_code=201, responses=refused(400, 404, 409))
def rematch(
    game_id: GameId, body: RematchIn, identity: Writer, platform: PlatformDep
) -> dict[str, Any]:
    """Invite the opponent of a finished game to a rematch in the chosen variant."""
    return platform.challenges.rematch(identity.member_id, game_id, body.options)


# After the routes above, so a game's view and actions (most of all requests) match first.
router.include_router(finished.router)
router.include_router(texts.router)
