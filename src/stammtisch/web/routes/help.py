"""A member's marks for re-reading on the help pages (self-checks, easily forgotten rules)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path
from pydantic import BaseModel

from stammtisch.services.errors import not_found
from stammtisch.web.deps import PlatformDep, Reader, Writer
from stammtisch.web.help.content import GAMES, structure
from stammtisch.web.openapi import refused

router = APIRouter(prefix="/api/help", tags=["help"])

Game = Annotated[str, Path(max_length=40, json_schema_extra={"enum": list(GAMES)})]
Item = Annotated[str, Path(max_length=80, description="e.g. `check:equal-power`")]


class Marks(BaseModel):
    """The items of a game's help a member marked for re-reading, oldest first."""

    game: str
    items: list[str]


def items_of(game: str) -> list[str]:
    """The markable items of a game's help (404 for a game without help)."""
    if game not in GAMES:
        raise not_found("game.unknown", f"There is no help for a game called {game!r}.")
    return structure(game).items()


def known_item(game: str, item: str) -> None:
    """Refuse an item the game's help does not have."""
    if item not in items_of(game):
        raise not_found("request.not_found", f"The help of {game} has no item {item!r}.")


@router.get("/{game}/marks", responses=refused(404))
def marks(game: Game, identity: Reader, platform: PlatformDep) -> Marks:
    """What you marked for re-reading in this game's help."""
    items = items_of(game)
    mine = platform.help.marks(identity.member_id, game)
    return Marks(game=game, items=[item for item in mine if item in items])


@router.put("/{game}/marks/{item}", responses=refused(404))
def mark(game: Game, item: Item, identity: Writer, platform: PlatformDep) -> Marks:
    """Mark an item for re-reading; answers all your marks of this game."""
    known_item(game, item)
    platform.help.mark(identity.member_id, game, item)
    return marks(game, identity, platform)


@router.delete("/{game}/marks/{item}", responses=refused(404))
def unmark(game: Game, item: Item, identity: Writer, platform: PlatformDep) -> Marks:
    """Take an item off your re-reading list; answers all your marks of this game."""
    known_item(game, item)
    platform.help.unmark(identity.member_id, game, item)
    return marks(game, identity, platform)
