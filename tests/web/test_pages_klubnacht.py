"""The game page /games/{id}: Klubnacht's table in four languages holding only the reader's own
view, the finished night with its result, Challengers!' note, and unknown games."""

from __future__ import annotations

import json
import re
from html import unescape
from typing import Any

import pytest
from fastapi.testclient import TestClient

from stammtisch.engine.klubnacht import GAME
from stammtisch.services.accounts import LANGUAGES
from tests.web.conftest import ApiMember, sign_up

HTML = {"Accept": "text/html"}
GAME_NAMES = {
    "de": "Klubnacht",
    "en": "Club Night",
    "fr": "Nuit des clubs",
    "pt": "Noite dos clubes",
}
WHAT_HAPPENED = {
    "de": "Was passiert ist",
    "en": "What happened",
    "fr": "Ce qui s'est passé",
    "pt": "O que aconteceu",
}


def page_of(member: ApiMember | TestClient, path: str) -> str:
    """A page as a member (or a visitor) reads it."""
    if isinstance(member, ApiMember):
        answer = member.client.get(path, headers={**member.headers(), **HTML})
    else:
        answer = member.get(path, headers=HTML)
    assert answer.status_code == 200, answer.text
    return answer.text


def data_block(html: str, name: str) -> Any:
    """A JSON block the page hands its script."""
    found = re.search(rf'<script type="application/json" id="{name}">(.*?)</script>', html, re.S)
    assert found, name
    return json.loads(found.group(1))


def duel(
    client: TestClient, language: str = "en", chips: bool = True
) -> tuple[ApiMember, ApiMember, int]:
    """Anna challenges Bert, who accepts: a running Klubnacht night."""
    anna = sign_up(client, "anna", language=language)
    bert = sign_up(client, "bert", language=language)
    sent = anna.post(
        "/api/challenges", {"nickname": "bert", "game": "klubnacht", "options": {"chips": chips}}
    )
    game_id = bert.post(f"/api/challenges/{sent.json()['id']}/accept").json()["game_id"]
    return anna, bert, int(game_id)


def act(member: ApiMember, game_id: int, action: str) -> dict[str, Any]:
    """Play an action for the step the game is at."""
    seq = member.get(f"/api/games/{game_id}").json()["seq"]
    answer = member.post(f"/api/games/{game_id}/actions", {"seq": seq, "action": action})
    assert answer.status_code == 200, answer.text
    result: dict[str, Any] = answer.json()
    return result


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_table_renders_in_the_readers_language(client: TestClient, language: str) -> None:
    anna, _, game_id = duel(client, language)
    html = page_of(anna, f"/games/{game_id}")
    assert f'<html lang="{language}">' in html
    assert f"<title>{GAME_NAMES[language]}: anna \N{EN DASH} bert · Stammtisch</title>" in html
    assert WHAT_HAPPENED[language] in unescape(html)
    assert 'class="theme-night table-page"' in html
    assert 'class="table"' in html
    texts = data_block(html, "game-texts")
    assert texts["language"] == language
    assert texts["name"] == GAME_NAMES[language]
    state = data_block(html, "page-state")
    assert state["game"]["game_id"] == game_id
    assert state["member"] == "anna"
    assert state["result"] is None
    assert set(state["art"]["motifs"]) == {
        "dj",
        "bouncer",
        "bartender",
        "lights",
        "sound",
        "delivery",
    }
    words = data_block(html, "page-texts")
    assert all(isinstance(text, str) and text for text in words.values())
    if language != "en":
        assert words["end_turn"] != "End turn"


def free_drink_starter_seed() -> int:
    """A seed whose starting seat holds Free drink (it can draw a card nobody else sees)."""
    for seed in range(1, 500):
        state = GAME.setup({"chips": True}, seed)
        if state.chips[state.starter] == "free_drink":
            return seed
    raise AssertionError("no seed deals Free drink to the starter")


def test_a_page_holds_only_its_seats_view(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    seed = free_drink_starter_seed()
    monkeypatch.setattr("stammtisch.services.tables.secrets.randbits", lambda _bits: seed)
    anna, bert, game_id = duel(client)
    state = GAME.setup({"chips": True}, seed)
    seats = {anna.get(f"/api/games/{game_id}").json()["seat"]: anna}
    seats[1 - next(iter(seats))] = bert
    starter, other = seats[state.starter], seats[1 - state.starter]

    drawn = act(starter, game_id, "redeem free_drink dj")
    assert drawn["events"][-1]["kind"] == "cards_seen"
    hidden = drawn["events"][-1]["cards"]
    take = next(
        a for a in starter.get(f"/api/games/{game_id}").json()["legal"] if a.startswith("take")
    )
    act(starter, game_id, take)
    act(starter, game_id, "end")

    face_down = [task for task, down in zip(state.tasks, state.face_down, strict=True) if down]
    assert face_down
    html = page_of(other, f"/games/{game_id}")
    page_state = data_block(html, "page-state")
    view = page_state["game"]["view"]
    assert view["seat"] == 1 - state.starter
    assert view["seats"][state.starter]["hand"] is None
    assert view["seats"][state.starter]["hand_size"] == 2
    for card in hidden:
        assert not re.search(rf"\b{card}\b", html), card
    state_text = json.dumps(page_state)
    for task in face_down:
        assert task.id not in state_text
    for entry in view["wishlist"]:
        if entry["face_down"]:
            assert set(entry) == {"slot", "face_down", "points"}

    own = data_block(page_of(starter, f"/games/{game_id}"), "page-state")["game"]["view"]
    assert set(hidden) <= set(own["seats"][state.starter]["hand"])


def test_a_visitor_sees_the_spectator_view_without_any_hand(client: TestClient) -> None:
    anna, _, game_id = duel(client)
    act(anna, game_id, "take 0") if anna.get(f"/api/games/{game_id}").json()["legal"] else None
    html = page_of(client, f"/games/{game_id}")
    state = data_block(html, "page-state")
    assert state["member"] is None
    assert state["game"]["seat"] is None
    assert all(side["hand"] is None for side in state["game"]["view"]["seats"])
    assert state["game"]["legal"] == []


def test_a_finished_night_hands_the_page_its_result(client: TestClient) -> None:
    anna, bert, game_id = duel(client)
    assert anna.post(f"/api/games/{game_id}/resign").status_code == 204
    state = data_block(page_of(bert, f"/games/{game_id}"), "page-state")
    assert state["game"]["status"] == "finished"
    assert state["game"]["ended_by"] == "resign"
    result = state["result"]
    assert result["won"] is True
    assert result["xp"] == bert.get(f"/api/games/{game_id}/result").json()["xp"]
    assert [entry["kind"] for entry in state["log"]] == ["resign"]


def test_an_unknown_game_is_a_page_that_says_so(client: TestClient) -> None:
    anna = sign_up(client, "anna", language="fr")
    answer = anna.client.get("/games/4242", headers={**anna.headers(), **HTML})
    assert answer.status_code == 404
    assert '<html lang="fr">' in answer.text
    assert "kn-board" not in answer.text
    assert client.get("/games/nothing", headers=HTML).status_code == 422


def test_the_table_links_to_the_refresher_of_its_game(client: TestClient) -> None:
    anna, _, game_id = duel(client)
    state = data_block(page_of(anna, f"/games/{game_id}"), "page-state")
    assert state["rules"] == "/help/klubnacht/refresher"
    assert client.get(state["rules"], headers=HTML).status_code == 200
