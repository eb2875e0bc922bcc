"""The Challengers! bot levels in the New-game form and at the table it opens, in a real browser,
phone and desktop."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import DESKTOP, PHONE, Browsing, check_page, screenshot
from tests.e2e.test_hub import member

DIALOG = {"en": "New game", "de": "Neue Partie", "fr": "Nouvelle partie", "pt": "Nova partida"}
LEVELS = {
    "en": ("Random", "Easy", "Steady", "Medium", "Hard"),
    "de": ("Zufall", "Leicht", "Solide", "Mittel", "Schwer"),
    "fr": ("Hasard", "Facile", "Régulier", "Moyen", "Difficile"),
    "pt": ("Acaso", "Fácil", "Constante", "Médio", "Difícil"),
}


@pytest.mark.parametrize("width", ["phone", "desktop"])
@pytest.mark.parametrize("language", ["en", "de", "fr", "pt"])
def test_the_form_offers_and_describes_the_five_levels(
    browsing: Browsing, language: str, width: str
) -> None:
    viewport = PHONE if width == "phone" else DESKTOP
    page, _ = member(browsing, f"lvl{language}", language, viewport)
    page.locator("#new-game").click()
    dialog = page.get_by_role("dialog", name=DIALOG[language])
    dialog.locator('[data-game="challengers"]').click()
    expect(dialog.locator("#park-form")).to_be_visible()
    dialog.locator("#park-players").select_option("3")
    seat = dialog.locator("#park-seats select").nth(0)
    expect(seat).to_have_value("medium")
    names = [text.split(": ", 1)[-1].strip() for text in seat.locator("option").all_inner_texts()]
    assert names[1:] == list(LEVELS[language])
    seat.select_option("hard")
    levels = dialog.locator("#park-bots dt")
    expect(levels).to_have_text(list(LEVELS[language]))
    expect(dialog.locator("#park-bots dd")).to_have_count(5)
    expect(dialog.locator("#park-bots")).to_be_visible()
    check_page(page, language)
    dialog.locator("#park-bots").scroll_into_view_if_needed()
    screenshot(page, f"challengers-bots-{language}-{width}")

    dialog.locator('#park-form [type="submit"]').click()
    page.wait_for_url("**/games/*")
    hard, medium = LEVELS[language][4], LEVELS[language][3]
    expect(page.locator("th", has_text=f"Bot 2 ({hard})").first).to_be_visible()
    expect(page.locator("th", has_text=f"Bot 3 ({medium})").first).to_be_visible()
    check_page(page, language)
    screenshot(page, f"challengers-bot-seats-{language}-{width}")
