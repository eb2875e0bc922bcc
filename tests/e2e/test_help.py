"""The help pages in a real browser: both games in four languages, a self-check answered and
marked for re-reading, the mark still there after a reload."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from stammtisch.web.help.content import GAMES, raw_texts
from tests.e2e.conftest import (
    DESKTOP,
    PHONE,
    Browsing,
    check_page,
    screenshot,
    sign_up_by_api,
    unique,
)

PAGES = ("", "/rules", "/faq", "/refresher")
SHOTS = {"/refresher", "/rules", ""}
"""The pages kept as screenshots (help-GAME-PAGE-LANG at the test's width)."""


@pytest.mark.parametrize("language", ["de", "en", "fr", "pt"])
def test_the_help_pages_of_both_games_read_well_in_each_language(
    browsing: Browsing, language: str
) -> None:
    phone = language in ("de", "pt")
    page = browsing.page(language, PHONE if phone else DESKTOP)
    page.goto("/help")
    check_page(page, language)
    screenshot(page, f"help-index-{language}")
    for game in GAMES:
        for part in PAGES:
            page.goto(f"/help/{game}{part}")
            expect(page.locator("h1")).to_be_visible()
            if part == "/refresher":
                page.locator(".checks details").first.locator("summary").click()
                expect(page.locator(".checks .engine").first).to_be_visible()
            check_page(page, language)
            if part in SHOTS and language in ("de", "en"):
                name = part.strip("/") or "overview"
                screenshot(page, f"help-{game}-{name}-{language}-{'phone' if phone else 'desktop'}")


def test_a_member_marks_a_self_check_for_re_reading_and_finds_it_after_a_reload(
    browsing: Browsing,
) -> None:
    page = browsing.page("en", PHONE)
    page.goto("/help")
    sign_up_by_api(page, unique("help"))
    page.goto("/help/challengers/refresher")
    question = page.locator("#check-defence")
    reread = page.locator(".reread-list")
    expect(reread.locator("li")).to_have_count(0)
    question.locator("summary").click()
    expect(question.locator(".answer")).to_contain_text("only the flag card")
    question.get_by_role("button", name="Mark for re-reading").click()
    expect(question).to_have_class("panel markable is-marked")
    expect(reread.locator("li")).to_have_count(1)
    asked = raw_texts("challengers", "en")["checks"]["defence"]["question"]
    expect(reread).to_contain_text(asked.split("{")[0].strip())
    forgotten = page.locator("#forgotten-equal")
    forgotten.get_by_role("button", name="Mark for re-reading").click()
    expect(reread.locator("li")).to_have_count(2)

    page.reload()
    expect(page.locator("#check-defence")).to_have_class("panel markable is-marked")
    expect(reread.locator("li")).to_have_count(2)
    expect(reread.locator("a").first).to_have_attribute("href", "#forgotten-equal")
    screenshot(page, "help-refresher-marked-phone")

    question.locator("summary").click()
    question.get_by_role("button", name="I knew it").click()
    expect(reread.locator("li")).to_have_count(1)
    expect(page.locator("[data-status]")).to_contain_text("off your list")
    page.reload()
    expect(page.locator(".reread-list li")).to_have_count(1)
    expect(page.locator("#check-defence")).not_to_have_class("panel markable is-marked")
