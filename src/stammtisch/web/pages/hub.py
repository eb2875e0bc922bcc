"""The hub ("Zentrale"): a member's games, invitations, lobby seeks and regulars, and "New game"."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import HTMLResponse, Response

from stammtisch.engine.klubnacht import catalogue as klubnacht_data
from stammtisch.web.pages.context import MemberPageDep
from stammtisch.web.templating import static_url

router = APIRouter(include_in_schema=False)


def game_names(language: str) -> dict[str, str]:
    """The games' and Klubnacht's variants' names in the reader's language (the engine's words)."""
    data = klubnacht_data.texts()
    return {
        "klubnacht": data["game_name"][language],
        "challengers": "Challengers!",
        "classic": data["variants"]["classic"][language],
        "chips": data["variants"]["chips"][language],
    }


def icons() -> dict[str, str]:
    """The variant icons a tile shows top right (Challengers! by its game), and the house's."""
    return {
        "stammtisch": static_url("art/stammtisch.svg"),
        "classic": static_url("art/klubnacht/classic.svg"),
        "chips": static_url("art/klubnacht/chips.svg"),
        "challengers": static_url("art/challengers/icon.svg"),
    }


@router.get("/hub", response_class=HTMLResponse)
def hub(page: MemberPageDep) -> Response:
    """The member's hub, drawn from the same data as GET /api/hub, and the New-game flow."""
    assert page.member is not None
    member_id = page.member.id
    state: dict[str, Any] = {
        "me": page.member.nickname,
        "hub": page.platform.hub.overview(member_id),
        "regulars": page.platform.challenges.regulars(member_id),
        "icons": icons(),
    }
    return page.render("hub/index.html", state=state, names=game_names(page.language))
