"""Coaches on the site: the New-game form offers them, a practice table deals them, the table page
carries the house coaches' words in the reader's language, and keeping one is an action."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.web.conftest import sign_up
from tests.web.test_pages_klubnacht import data_block, page_of


def test_the_new_game_form_offers_coaches(client: TestClient) -> None:
    anna = sign_up(client, "anna", language="fr")
    html = page_of(anna, "/hub")
    assert 'id="park-coaches"' in html
    assert "nos coachs maison" in html


def test_a_table_with_coaches_deals_them_and_shows_house_coaches_in_the_reader_s_words(
    client: TestClient,
) -> None:
    anna = sign_up(client, "anna", language="de")
    options = {"players": 3, "coaches": True}
    started = anna.post("/api/practice", {"game": "challengers", "options": options})
    assert started.status_code == 201, started.text
    game_id = started.json()["game_id"]
    html = page_of(anna, f"/games/{game_id}")
    state = data_block(html, "page-state")
    you = state["game"]["view"]["you"]
    assert len(you["coach_offer"]) == 3
    assert state["game"]["legal"] == [f"coach {key}" for key in you["coach_offer"]]
    coaches = data_block(html, "game-texts")["coaches"]
    assert coaches["labels"]["house"] == "Haus-Coach"
    assert coaches["coaches"]["drill-sergeant"]["house"] is True
    assert data_block(html, "page-texts")["keep_coach_title"] == "Wähle deinen Coach"
    kept = you["coach_offer"][1]
    moved = anna.post(
        f"/api/games/{game_id}/actions", {"seq": state["game"]["seq"], "action": f"coach {kept}"}
    )
    assert moved.status_code in (200, 201), moved.text
    view = anna.get(f"/api/games/{game_id}").json()["view"]
    assert view["you"]["coach"] == kept
    assert view["players"][0]["coach"] == kept
