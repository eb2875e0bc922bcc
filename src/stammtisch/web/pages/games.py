"""A game's table at /games/{id}: the Klubnacht board or the Challengers! tournament."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Request
from fastapi.responses import HTMLResponse, Response
from starlette.routing import Match

from stammtisch.engine.challengers.rules_data import rules as challengers_rules
from stammtisch.engine.klubnacht.catalogue import CHIPS, MOTIFS
from stammtisch.services.gametexts import texts
from stammtisch.web.pages.context import Page, PageDep
from stammtisch.web.templating import static_url

router = APIRouter(include_in_schema=False)

GameId = Annotated[int, Path(ge=1, le=2**31 - 1)]

RULES = "/help/{game}/refresher"
"""The rules refresher a table links to (once the help pages serve it)."""


@router.get("/games/{game_id}", response_class=HTMLResponse)
def game_page(game_id: GameId, page: PageDep) -> Response:
    """The table as the reader's seat sees it (the spectator's view for everybody else)."""
    viewer = page.member.id if page.member is not None else None
    game = page.platform.views.view(viewer, game_id)
    if game["game"] == "challengers":
        return page.render("challengers/table.html", **challengers_context(page, game))
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


def rules_address(request: Request, game: str) -> str | None:
    """The address of a game's rules refresher, if this site serves it."""
    path = RULES.format(game=game)
    scope = {"type": "http", "path": path, "method": "GET"}
    served = any(route.matches(scope)[0] == Match.FULL for route in request.app.routes)
    return path if served else None


def first_state(page: Page, game: dict[str, Any]) -> dict[str, Any]:
    """What every table starts from: the game, its log so far, the result, the reader, the rules."""
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
    return {
        "game": game,
        "log": log,
        "result": result,
        "member": page.member.nickname if page.member is not None else None,
        "rules": rules_address(page.request, game["game"]),
    }


def table_context(page: Page, game: dict[str, Any]) -> dict[str, Any]:
    """What the Klubnacht table starts from: the game, its log, the result, the words."""
    state = {**first_state(page, game), "art": art()}
    return {"game": game, "state": state, "game_texts": texts("klubnacht", page.language)}


def challengers_context(page: Page, game: dict[str, Any]) -> dict[str, Any]:
    """What the Challengers! table starts from, with the tournament plans (public, per seat)."""
    numbers = challengers_rules()
    players = int(game["options"]["players"])
    state = {
        **first_state(page, game),
        "plans": [list(plan) for plan in numbers.plans_for(players)],
        "rounds": numbers.rounds,
        "bench_seats": numbers.bench_seats,
        "frozen_seats": numbers.frozen_seats,
    }
    return {"game": game, "state": state, "game_texts": texts("challengers", page.language)}
