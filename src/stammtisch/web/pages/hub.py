"""The hub ("Zentrale"): a member's games, invitations, lobby seeks and regulars, and "New game"."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import HTMLResponse, Response

from stammtisch.bots.registry import bot_names
from stammtisch.engine.challengers.catalogue import catalogue as challengers_catalogue
from stammtisch.engine.challengers.options import DEFAULTS, optional_sets
from stammtisch.engine.challengers.rules_data import rules as challengers_rules
from stammtisch.engine.klubnacht import catalogue as klubnacht_data
from stammtisch.services.gametexts import texts as game_texts
from stammtisch.services.policy import policy
from stammtisch.web.pages.context import MemberPageDep
from stammtisch.web.templating import static_url

router = APIRouter(include_in_schema=False)

BOT_ORDER = ("random", "easy", "greedy", "medium", "hard")
"""The bots in the order of their strength where it is known; others follow by name."""


def bots_by_strength(game: str) -> list[str]:
    """The game's bots from the registry, weakest first."""
    known = {name: i for i, name in enumerate(BOT_ORDER)}
    return sorted(bot_names(game), key=lambda name: (known.get(name, len(known)), name))


def challengers_setup(language: str) -> dict[str, Any]:
    """What the Challengers! table form offers: seats, robot levels, sets, bots and clocks."""
    rule, table = challengers_rules(), policy("challengers")
    names = game_texts("challengers", language)["sets"]
    sets = challengers_catalogue().sets
    return {
        "min_players": rule.min_players,
        "max_players": rule.max_players,
        "defaults": DEFAULTS,
        "difficulties": [{"level": d.level, "solo_only": d.solo_only} for d in rule.difficulties],
        "sets_to_choose": rule.sets_to_choose,
        "city": next((names[key] for key, s in sets.items() if s.always_in), ""),
        "sets": [
            {"key": key, "name": names[key], "first_game": not sets[key].first_game_leaves_out}
            for key in optional_sets()
        ],
        "bots": bots_by_strength("challengers"),
        "training_bot": table.training_bot,
        "turn_hours": round(table.turn.total_seconds() / 3600),
        "realtime_seconds": list(table.realtime_seconds) if table.realtime else [],
    }


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
        "challengers": challengers_setup(page.language),
    }
    return page.render(
        "hub/index.html", state=state, names=game_names(page.language), park=state["challengers"]
    )
