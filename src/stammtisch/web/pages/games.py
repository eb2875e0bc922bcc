"""A game's table at /games/{id}: Klubnacht's board; games without a table here say so in words."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Request
from fastapi.responses import HTMLResponse, Response
from starlette.routing import Match

from stammtisch.engine.klubnacht.catalogue import CHIPS, MOTIFS
from stammtisch.services.gametexts import texts
from stammtisch.web.pages.context import Page, PageDep
from stammtisch.web.templating import static_url

router = APIRouter(include_in_schema=False)

GameId = Annotated[int, Path(ge=1, le=2**31 - 1)]

TABLES = ("klubnacht",)
"""The games whose table the site can show and play."""
RULES = "/help/klubnacht"
"""The rules refresher a table links to (once the help pages serve it)."""


@router.get("/games/{game_id}", response_class=HTMLResponse)
def game_page(game_id: GameId, page: PageDep) -> Response:
    """The table as the reader's seat sees it (the spectator's view for everybody else)."""
    viewer = page.member.id if page.member is not None else None
    game = page.platform.views.view(viewer, game_id)
    if game["game"] not in TABLES:
        return page.render("games/unplayable.html", game=game)
    return page.render("klubnacht/table.html", **table_context(page, game))


def art() -> dict[str, Any]:
    """The table's pictures at their versioned addresses: faces, chips, variants, coin, stack."""

    def picture(name: str) -> str:
        return static_url(f"art/klubnacht/{name}.svg")

    return {
        "motifs": {motif: picture(motif) for motif in MOTIFS},
        "chips": {chip: picture(chip) for chip in CHIPS},
        "variants": {"classic": picture("classic"), "chips": picture("chips")},
        "coin": picture("coin"),
        "stack": picture("stack"),
    }


def rules_address(request: Request) -> str | None:
    """The address of the rules refresher, if this site serves it."""
    scope = {"type": "http", "path": RULES, "method": "GET"}
    served = any(route.matches(scope)[0] == Match.FULL for route in request.app.routes)
    return RULES if served else None


def table_context(page: Page, game: dict[str, Any]) -> dict[str, Any]:
    """What the Klubnacht table starts from: the game, its log, the result, the words."""
    viewer = page.member.id if page.member is not None else None
    log = [
        entry
        for entry in page.platform.views.events_since(viewer, game["game_id"], 0)
        if entry["seq"] <= game["seq"]
    ]
    result = None
    if page.member is not None and game["seat"] is not None and game["status"] == "finished":
        found = page.platform.results.result(page.member.id, game["game_id"], page.language)
        result = found.model_dump(mode="json")
    state = {
        "game": game,
        "log": log,
        "result": result,
        "member": page.member.nickname if page.member is not None else None,
        "art": art(),
        "rules": rules_address(page.request),
    }
    return {"game": game, "state": state, "game_texts": texts("klubnacht", page.language)}
