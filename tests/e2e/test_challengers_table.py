"""The Challengers! table in a real browser: a member plays a whole 3-seat tournament with two bots
by clicking (every deck phase, every decision, the final) to the results, and a solo game against
the robot at difficulty 5 with SOLO cards; screenshots of each phase at phone and desktop width."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, expect

from tests.e2e.challengers_player import board_data, play_move, play_tournament
from tests.e2e.conftest import (
    DESKTOP,
    PHONE,
    Browsing,
    api,
    check_page,
    screenshot,
    sign_up_by_api,
    unique,
)


def practice_table(page: Page, options: dict[str, Any]) -> int:
    """A practice tournament against bots, opened through the API; its table is open in the page."""
    game = api(page, "POST", "/api/practice", {"game": "challengers", "options": options})
    page.goto(f"/games/{game['game_id']}")
    expect(page.locator("#ch-board .ch-head")).to_be_visible()
    game_id: int = game["game_id"]
    return game_id


def first_shots(page: Page, width: str) -> Callable[[str], None]:
    """A screenshot of the first match animation and of the first decision at this width."""
    taken: set[str] = set()

    def seen(what: str) -> None:
        if what not in taken:
            taken.add(what)
            if what == "show":
                page.wait_for_timeout(3000)  # a few steps in: cards revealed, the flag taken
            screenshot(page, f"challengers-{'match' if what == 'show' else what}-{width}")

    return seen


def test_a_three_seat_tournament_with_two_bots_is_played_by_clicking_to_the_results(
    browsing: Browsing,
) -> None:
    page = browsing.page("pt", DESKTOP)
    sign_up_by_api(page, unique("champ"), language="pt")
    practice_table(page, {"players": 3})
    expect(page.locator(".ch-you")).to_be_visible()
    expect(page.locator("th", has_text="Bot 2 (Médio)").first).to_be_visible()
    check_page(page, "pt")
    screenshot(page, "challengers-deck-phase-desktop")

    moves = play_tournament(page, seen=first_shots(page, "desktop"))
    assert moves.get("pick", 0) >= 7, moves
    assert moves.get("done", 0) >= 7, moves
    assert moves["shows"] >= 1, moves
    expect(page.locator("#ch-result-title")).to_be_visible()
    expect(page.locator(".ch-result tbody tr")).to_have_count(3)
    assert board_data(page, "status") == "finished"
    check_page(page, "pt")
    screenshot(page, "challengers-result-desktop")


def test_a_solo_game_against_the_robot_at_difficulty_5_with_solo_cards_ends_with_a_result(
    browsing: Browsing,
) -> None:
    page = browsing.page("de", PHONE)
    sign_up_by_api(page, unique("solo"), language="de")
    practice_table(page, {"players": 1, "difficulty": 5, "solo_cards": True})
    check_page(page, "de")
    screenshot(page, "challengers-deck-phase-phone")
    play_tournament(page, seen=first_shots(page, "phone"))
    expect(page.locator("#ch-result-title")).to_be_visible()
    assert re.search(r"\S", page.locator("#ch-result-title").inner_text())
    check_page(page, "de")
    screenshot(page, "challengers-result-phone")


def draft_one(page: Page) -> bool:
    """Click the next drafting step the panel offers (a pick, or no extra pick); whether it did."""
    you = page.locator(".ch-you")
    for selector in ("[data-focus='choose-none']", "[data-focus^='pick-']"):
        button = you.locator(selector)
        if button.count():
            button.first.click()
            return True
    return False


def test_two_members_draft_at_once_at_a_realtime_table_and_a_bot_takes_the_seat_left(
    browsing: Browsing,
) -> None:
    anna = browsing.page("en", DESKTOP)
    sign_up_by_api(anna, unique("anna"))
    ben = browsing.page("fr", PHONE)
    sign_up_by_api(ben, unique("ben"), language="fr")
    seek = api(
        anna,
        "POST",
        "/api/lobby",
        {
            "game": "challengers",
            "options": {"players": 3},
            "clock": {"mode": "realtime", "seconds": 120},
            "bots": 1,
        },
    )
    game_id = api(ben, "POST", f"/api/lobby/{seek['id']}/join")["game_id"]
    refused: list[str] = []
    for page in (anna, ben):
        page.on(
            "response",
            lambda r: refused.append(r.url) if "/actions" in r.url and r.status == 409 else None,
        )
        page.goto(f"/games/{game_id}")
        expect(page.locator(".ch-you [data-focus^='pick-']").first).to_be_visible()
    expect(anna.locator(".ch-head")).to_contain_text("Realtime: 120 s per decision")
    expect(anna.locator(".ch-clock")).to_be_visible()
    # Both draft at the same moment, each from the step their page showed.
    for _ in range(12):
        moved = [draft_one(ben), draft_one(anna)]
        for page in (anna, ben):
            expect(page.locator("#ch-board")).to_have_attribute("aria-busy", "false")
        if not any(moved):
            break
    for page in (anna, ben):
        expect(page.locator(".ch-you [data-focus='done']")).to_be_visible()
        expect(page.locator(".ch-you .ch-cards:not(.deck) [data-focus^='pick-']")).to_have_count(0)
    assert refused == []
    expect(anna.locator(".ch-notice")).to_have_count(0)
    expect(ben.locator(".ch-notice")).to_have_count(0)
    check_page(ben, "fr")
    screenshot(ben, "challengers-realtime-phone")
    ben.locator("[data-focus='resign']").click()
    ben.get_by_role("button", name="Oui, quitter").click()
    expect(ben.locator(".ch-you")).to_contain_text("Un bot joue ta place maintenant.")
    row = anna.locator(".ch-overview tbody tr").nth(1)
    expect(row).to_contain_text("left: a bot plays on")
    anna.locator(".ch-you [data-focus='done']").click()
    # The matches run with the bot in the seat left; anna answers what her match asks.
    for _ in range(60):
        if "Round 2 of 7" in anna.locator(".ch-head h2").inner_text():
            break
        if board_data(anna, "show") == "playing":
            anna.locator("[data-focus='skip']").click()
        elif board_data(anna, "turn") == "mine" and board_data(anna, "phase") == "matches":
            play_move(anna, [])
        else:
            anna.wait_for_timeout(250)
    expect(anna.locator(".ch-head h2")).to_contain_text("Round 2 of 7")
