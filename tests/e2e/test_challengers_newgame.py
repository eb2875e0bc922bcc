"""Challengers! tables from the hub's New-game flow in a real browser: a practice table with bots
on the other seats, and a lobby table that a second member joins from their hub."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

from tests.e2e.conftest import DESKTOP, PHONE, Browsing, check_page, screenshot
from tests.e2e.test_hub import api, game_id_of, member


def open_form(page: Page, dialog_name: str = "New game") -> Locator:
    """Open "New game" and choose Challengers!: its table form."""
    page.locator("#new-game").click()
    dialog = page.get_by_role("dialog", name=dialog_name)
    dialog.locator('[data-game="challengers"]').click()
    expect(dialog.locator("#park-form")).to_be_visible()
    return dialog


def test_a_practice_table_with_two_bots_starts_from_the_form(browsing: Browsing) -> None:
    page, nickname = member(browsing, "parka", viewport=PHONE)
    dialog = open_form(page)
    dialog.get_by_label("Players").select_option("3")
    seats = dialog.locator("#park-seats select")
    expect(seats).to_have_count(2)
    seats.nth(0).select_option("random")
    expect(dialog.get_by_label("Robot level")).to_be_enabled()
    expect(dialog.locator("#park-solo-cards-row")).to_be_hidden()
    dialog.get_by_label("Chosen by you").check()
    expect(dialog.locator("#park-set-count")).to_contain_text("5 of 5 chosen")
    dialog.get_by_role("checkbox", name="Outer Space").check()
    expect(dialog.locator("#park-set-count")).to_contain_text("Choose exactly 5 sets.")
    dialog.get_by_role("checkbox", name="Castle").uncheck()
    dialog.get_by_label("Winter Park").check()
    check_page(page, "en")
    screenshot(page, "challengers-newgame-phone")
    dialog.get_by_role("button", name="Start practice").click()
    game_id = game_id_of(page)
    view = api(page, "GET", f"/api/games/{game_id}")
    assert [s["nickname"] or s["bot"] for s in view["seats"]] == [nickname, "random", "medium"]
    assert view["practice"] is True
    assert view["clock"] == {"mode": "turn"}
    assert view["options"]["winter_park"] is True
    assert "castle" not in view["options"]["sets"]
    assert "outer-space" in view["options"]["sets"]


def test_a_lobby_table_is_joined_from_the_other_members_hub(browsing: Browsing) -> None:
    anna, anna_name = member(browsing, "parkb", "de", DESKTOP)
    bert, bert_name = member(browsing, "parkc")
    dialog = open_form(anna, "Neue Partie")
    dialog.get_by_role("radio", name="Lobby", exact=True).check()
    dialog.get_by_label("Mitspielende").select_option("3")
    seats = dialog.locator("#park-seats select")
    expect(seats.nth(0)).to_have_value("open")
    seats.nth(1).select_option("greedy")
    expect(dialog.get_by_label("Stufe des Roboters")).to_be_enabled()
    dialog.get_by_label("Echtzeit", exact=True).check()
    dialog.get_by_label("Zeit pro Entscheidung").select_option("120")
    check_page(anna, "de")
    screenshot(anna, "challengers-newgame-desktop")
    dialog.get_by_role("button", name="Tisch in der Lobby eröffnen").click()
    expect(dialog).to_be_hidden()
    mine = anna.locator("#hub-sent li", has_text="Du wartest in der Lobby")
    expect(mine).to_contain_text("3 Mitspielende")
    expect(mine).to_contain_text("1 Platz frei")
    expect(mine).to_contain_text(f"Am Tisch: {anna_name}")

    table = bert.locator("#hub-tables li", has_text=f"{anna_name}'s table")
    expect(table).to_contain_text("3 players · Robot level 0 · Sets drawn at random")
    expect(table).to_contain_text("Realtime, 2 min per decision · 1 seat free · 1 bot (Steady)")
    check_page(bert, "en")
    screenshot(bert, "challengers-newgame-lobby")
    table.get_by_role("button", name=f"Join {anna_name}").click()
    game_id = game_id_of(bert)
    expect(anna).to_have_url(re.compile(rf"/games/{game_id}$"))
    view = api(bert, "GET", f"/api/games/{game_id}")
    assert [s["nickname"] or s["bot"] for s in view["seats"]] == [anna_name, bert_name, "greedy"]
    assert view["clock"] == {"mode": "realtime", "seconds": 120}


def test_the_creator_starts_a_table_early_and_the_others_follow(browsing: Browsing) -> None:
    anna, anna_name = member(browsing, "parkd", viewport=PHONE)
    bert, bert_name = member(browsing, "parke")
    seek = api(anna, "POST", "/api/lobby", {"game": "challengers", "options": {"players": 4}})
    anna.reload()
    mine = anna.locator("#hub-sent li", has_text="You are waiting in the lobby")
    start = mine.get_by_role("button", name="Start now")
    expect(start).to_be_disabled()
    expect(mine).to_contain_text("Start now is possible once someone has joined.")
    bert.reload()
    bert.locator("#hub-tables li", has_text=f"{anna_name}'s table").get_by_role("button").click()
    expect(bert.locator("#hub-sent li", has_text="table")).to_contain_text("Leave")
    expect(start).to_be_enabled()
    mine.get_by_label("Fill empty seats with bots").uncheck()
    expect(start).to_be_disabled()
    mine.get_by_label("Fill empty seats with bots").check()
    screenshot(anna, "challengers-newgame-start")
    start.click()
    game_id = game_id_of(anna)
    expect(bert).to_have_url(re.compile(rf"/games/{game_id}$"))
    view = api(bert, "GET", f"/api/games/{game_id}")
    assert [s["nickname"] or s["bot"] for s in view["seats"]][1:] == [bert_name, "medium", "medium"]
    assert seek["id"] not in [table["id"] for table in api(bert, "GET", "/api/lobby")]
