"""The Challengers! table page: it starts from the reader's own view (nothing of other seats'
hands), with the public tournament plan, the words in the reader's language and the rules link."""

from __future__ import annotations

from fastapi.testclient import TestClient

from stammtisch.engine.challengers.rules_data import rules
from tests.web.conftest import sign_up
from tests.web.test_pages_klubnacht import data_block, page_of


def test_the_table_starts_from_the_seat_s_own_view_with_the_plan_and_german_words(
    client: TestClient,
) -> None:
    anna = sign_up(client, "anna", language="de")
    started = anna.post("/api/practice", {"game": "challengers", "options": {"players": 3}})
    assert started.status_code == 201, started.text
    game_id = started.json()["game_id"]
    html = page_of(anna, f"/games/{game_id}")
    state = data_block(html, "page-state")
    api = anna.get(f"/api/games/{game_id}").json()
    assert state["game"]["seat"] == 0
    assert state["game"]["view"]["you"] == api["view"]["you"]
    assert state["plans"] == [list(plan) for plan in rules().plans_for(3)]
    assert state["bench_seats"] == rules().bench_seats
    assert state["rules"] == "/help/challengers/refresher"
    texts = data_block(html, "page-texts")
    assert texts["done"] == "Mein Deck ist fertig"
    assert data_block(html, "game-texts")["cards"]["starter-dog"]["name"] == "Hund"
    assert 'id="ch-board"' in html


def test_a_spectator_sees_no_seat_s_own_part(client: TestClient) -> None:
    anna = sign_up(client, "anna")
    started = anna.post("/api/practice", {"game": "challengers", "options": {"players": 2}})
    game_id = started.json()["game_id"]
    ben = sign_up(client, "ben")
    state = data_block(page_of(ben, f"/games/{game_id}"), "page-state")
    assert state["game"]["seat"] is None
    assert state["game"]["view"]["you"] is None
    assert state["game"]["legal"] == []
    drawn = anna.get(f"/api/games/{game_id}").json()["view"]["you"]["drawn"]
    assert drawn
    cards_drawn = [
        event
        for entry in state["log"]
        for event in entry["events"]
        if event["kind"] in ("cards_drawn", "card_picked")
    ]
    assert cards_drawn == []
