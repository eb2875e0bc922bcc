"""The hub page: members only, in four languages, with the hub's data for its script."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from stammtisch.services.accounts import LANGUAGES
from tests.web.conftest import ApiMember, sign_up

HTML = {"Accept": "text/html"}
HEADINGS = {
    "en": ("Hub", "New game", "Your games", "Regulars"),
    "de": ("Zentrale", "Neue Partie", "Deine Partien", "Stammgäste"),
    "fr": ("Accueil", "Nouvelle partie", "Tes parties", "Habitués"),
    "pt": ("Central", "Nova partida", "As tuas partidas", "Habituais"),
}
VARIANTS = {
    "en": ("Club Night", "With chip"),
    "de": ("Klubnacht", "Mit Chip"),
    "fr": ("Nuit des clubs", "Avec jeton"),
    "pt": ("Noite dos clubes", "Com ficha"),
}


def page_of(member: ApiMember, path: str = "/hub") -> str:
    """The page as this member's browser gets it."""
    answer = member.client.get(path, headers={**HTML, "Cookie": member.headers()["Cookie"]})
    assert answer.status_code == 200, answer.text
    return answer.text


def data_block(html: str, name: str) -> Any:
    """A page's JSON data block."""
    found = re.search(rf'<script type="application/json" id="{name}">(.*?)</script>', html, re.S)
    assert found, name
    return json.loads(found.group(1))


def busy_hub(client: TestClient, language: str) -> tuple[ApiMember, dict[str, int]]:
    """Anna with a game, an invitation each way, a lobby seek and a practice game."""
    anna = sign_up(client, "anna", language=language)
    bert, carla, _ = (sign_up(client, name) for name in ("bert", "carla", "dora"))
    duel = bert.post(
        "/api/challenges", {"nickname": "anna", "game": "klubnacht", "options": {"chips": True}}
    ).json()
    game = anna.post(f"/api/challenges/{duel['id']}/accept").json()["game_id"]
    received = carla.post("/api/challenges", {"nickname": "anna", "game": "klubnacht"}).json()
    sent = anna.post("/api/challenges", {"nickname": "dora", "game": "klubnacht"}).json()
    seek = anna.post("/api/lobby", {"game": "klubnacht", "options": {"chips": False}}).json()
    practice = anna.post("/api/practice", {"game": "klubnacht"}).json()["game_id"]
    ids = {
        "game": game,
        "received": received["id"],
        "sent": sent["id"],
        "seek": seek["id"],
        "practice": practice,
    }
    return anna, ids


def test_a_visitor_is_sent_to_log_in_and_comes_back(client: TestClient) -> None:
    answer = client.get("/hub", headers=HTML, follow_redirects=False)
    assert answer.status_code in (302, 303, 307)
    assert answer.headers["location"] == "/login?next=/hub"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_hub_shows_games_invitations_seeks_and_the_limit_in_every_language(
    client: TestClient, language: str
) -> None:
    anna, ids = busy_hub(client, language)
    html = page_of(anna)
    assert f'<html lang="{language}">' in html
    for heading in HEADINGS[language]:
        assert heading in html
    game, variant = VARIANTS[language]
    assert f"{game} · {variant}" in html
    state = data_block(html, "page-state")
    texts = data_block(html, "page-texts")
    assert (texts["game_klubnacht"], texts["variant_chips"]) == VARIANTS[language]
    assert state["me"] == "anna"
    hub = state["hub"]
    tiles = {tile["game_id"]: tile for tile in hub["games"]}
    assert set(tiles) == {ids["game"], ids["practice"]}
    assert tiles[ids["game"]]["options"] == {"chips": True}
    assert tiles[ids["game"]]["players"] == ["bert", "anna"]
    assert tiles[ids["game"]]["card_backs"] == [None, None]
    assert tiles[ids["practice"]]["practice"] is True
    assert [c["id"] for c in hub["challenges"]["received"]] == [ids["received"]]
    assert [c["id"] for c in hub["challenges"]["sent"]] == [ids["sent"]]
    assert [s["id"] for s in hub["my_tables"]] == [ids["seek"]]
    assert hub["limit"] == {"used": 3, "max": 3}
    assert {r["nickname"] for r in state["regulars"]} == {"bert"}
    for icon in ("classic", "chips", "challengers", "stammtisch"):
        assert state["icons"][icon].startswith("/static/art/")


def test_the_page_state_is_the_hubs_api_answer(client: TestClient) -> None:
    anna, _ = busy_hub(client, "en")
    state = data_block(page_of(anna), "page-state")
    assert state["hub"] == anna.get("/api/hub").json()


def test_an_empty_hub_invites_to_a_first_game(client: TestClient) -> None:
    anna = sign_up(client, "anna", language="de")
    html = page_of(anna)
    state = data_block(html, "page-state")
    assert state["hub"]["games"] == []
    assert state["hub"]["limit"] == {"used": 0, "max": 3}
    assert data_block(html, "page-texts")["no_games"] == "Gerade läuft keine Partie."


def test_the_new_game_flow_offers_both_variants_and_the_challengers_table_form(
    client: TestClient,
) -> None:
    anna = sign_up(client, "anna")
    html = page_of(anna)
    assert 'data-variant="classic"' in html
    assert 'data-variant="chips"' in html
    assert 'data-game="challengers"' in html
    assert "Coming to the site soon" not in html
    for way in ("challenge", "lobby", "practice"):
        assert f'value="{way}"' in html
    setup = data_block(html, "page-state")["challengers"]
    assert setup["bots"] == ["random", "easy", "greedy", "medium", "hard"]
    assert (setup["min_players"], setup["max_players"], setup["sets_to_choose"]) == (1, 8, 5)
    assert [s["key"] for s in setup["sets"] if not s["first_game"]] == ["outer-space"]
    assert 'id="park-players"' in html
    assert html.count('name="park-set"') == len(setup["sets"])


BOT_NAMES = {
    "en": {
        "random": "Random",
        "easy": "Easy",
        "greedy": "Steady",
        "medium": "Medium",
        "hard": "Hard",
    },
    "de": {
        "random": "Zufall",
        "easy": "Leicht",
        "greedy": "Solide",
        "medium": "Mittel",
        "hard": "Schwer",
    },
    "fr": {
        "random": "Hasard",
        "easy": "Facile",
        "greedy": "Régulier",
        "medium": "Moyen",
        "hard": "Difficile",
    },
    "pt": {
        "random": "Acaso",
        "easy": "Fácil",
        "greedy": "Constante",
        "medium": "Médio",
        "hard": "Difícil",
    },
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_table_form_describes_every_bot_it_offers_in_one_line(
    client: TestClient, language: str
) -> None:
    html = page_of(sign_up(client, f"bots{language}", language=language))
    setup = data_block(html, "page-state")["challengers"]
    block = re.search(r'<dl class="park-bots" id="park-bots"[^>]*>(.*?)</dl>', html, re.S)
    assert block
    rows = re.findall(r"<div><dt>(.*?)</dt><dd>(.*?)</dd></div>", block.group(1))
    assert [name for name, _ in rows] == [BOT_NAMES[language][bot] for bot in setup["bots"]]
    english = dict(
        re.findall(
            r"<div><dt>(.*?)</dt><dd>(.*?)</dd></div>", page_of(sign_up(client, f"en{language}"))
        )
    )
    for (name, about), bot in zip(rows, setup["bots"], strict=True):
        assert about.endswith(".")
        assert "\n" not in about
        assert (about == english[BOT_NAMES["en"][bot]]) == (language == "en"), name


def test_the_page_carries_no_inline_script_or_style(client: TestClient) -> None:
    anna, _ = busy_hub(client, "en")
    html = page_of(anna)
    assert "style=" not in html
    assert not re.search(r"\son[a-z]+=", html)
    for attributes, body in re.findall(r"<script([^>]*)>(.*?)</script>", html, re.S):
        code = 'type="module"' in attributes and not body.strip()
        assert code or 'type="application/json"' in attributes, attributes
