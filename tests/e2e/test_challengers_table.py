"""The Challengers! table in a real browser: a member plays a whole 3-seat tournament with two bots
by clicking (every deck phase, every decision, the final) to the results, and a solo game against
the robot at difficulty 5 with SOLO cards; screenshots of each phase at phone and desktop width."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from tests.e2e.challengers_player import board_data, play_tournament
from tests.e2e.conftest import (
    DESKTOP,
    PHONE,
    Browsing,
    check_page,
    screenshot,
    sign_up_by_api,
    unique,
)


def api(page: Page, method: str, path: str, body: Any = None) -> Any:
    """Call the API as the member signed in on this page (with the session's CSRF token)."""
    token = page.request.get("/api/me").json()["csrf_token"]
    response = page.request.fetch(path, method=method, data=body, headers={"X-CSRF-Token": token})
    assert response.ok, response.text()
    return response.json() if response.text() else None


def practice_table(page: Page, options: dict[str, Any]) -> int:
    """A practice tournament against bots, opened through the API; its table is open in the page."""
    game = api(page, "POST", "/api/practice", {"game": "challengers", "options": options})
    page.goto(f"/games/{game['game_id']}")
    expect(page.locator("#ch-board .ch-head")).to_be_visible()
    game_id: int = game["game_id"]
    return game_id


def test_a_three_seat_tournament_with_two_bots_is_played_by_clicking_to_the_results(
    browsing: Browsing,
) -> None:
    page = browsing.page("en", DESKTOP)
    sign_up_by_api(page, unique("champ"))
    practice_table(page, {"players": 3})
    expect(page.locator(".ch-you")).to_be_visible()
    check_page(page, "en")
    screenshot(page, "challengers-deck-phase-desktop")

    def shot(number: int) -> None:
        if number == 1:
            screenshot(page, "challengers-match-desktop")

    moves = play_tournament(page, on_show=shot)
    assert moves.get("pick", 0) >= 7, moves
    assert moves.get("done", 0) >= 7, moves
    assert moves["shows"] >= 1, moves
    expect(page.locator("#ch-result-title")).to_be_visible()
    expect(page.locator(".ch-result tbody tr")).to_have_count(3)
    assert board_data(page, "status") == "finished"
    check_page(page, "en")
    screenshot(page, "challengers-result-desktop")


def test_a_solo_game_against_the_robot_at_difficulty_5_with_solo_cards_ends_with_a_result(
    browsing: Browsing,
) -> None:
    page = browsing.page("de", PHONE)
    sign_up_by_api(page, unique("solo"), language="de")
    practice_table(page, {"players": 1, "difficulty": 5, "solo_cards": True})
    check_page(page, "de")
    screenshot(page, "challengers-deck-phase-phone")
    play_tournament(page)
    expect(page.locator("#ch-result-title")).to_be_visible()
    assert re.search(r"\S", page.locator("#ch-result-title").inner_text())
    check_page(page, "de")
    screenshot(page, "challengers-result-phone")
