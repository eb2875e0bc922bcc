"""The Challengers! card gallery and the settings' sound switches in a real browser."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from stammtisch.engine.challengers.catalogue import catalogue
from tests.e2e.conftest import (
    DESKTOP,
    PHONE,
    Browsing,
    check_page,
    screenshot,
    sign_up_by_api,
    unique,
)

TOTAL = len(catalogue().cards)
SHOWING = {"de": "{n} von {t} Karten", "en": "{n} of {t} cards", "fr": "{n} cartes sur {t}",
           "pt": "{n} de {t} cartas"}  # fmt: skip
CASTLE = {"de": "Burg", "en": "Castle", "fr": "Château", "pt": "Castelo"}


def count_text(language: str, shown: int) -> str:
    """The gallery's count line in this language."""
    return SHOWING[language].format(n=shown, t=TOTAL)


@pytest.mark.parametrize("language", ["de", "en", "fr", "pt"])
def test_the_gallery_reads_well_and_filters_in_each_language(
    browsing: Browsing, language: str
) -> None:
    phone = language in ("de", "pt")
    page = browsing.page(language, PHONE if phone else DESKTOP)
    page.goto("/help/challengers/cards")
    cards = page.locator("article.ccard")
    expect(cards).to_have_count(TOTAL)
    expect(page.locator("[data-gallery-count]")).to_have_text(count_text(language, TOTAL))
    expect(page.locator("[data-filter-submit]")).to_be_hidden()
    check_page(page, language)
    screenshot(page, f"cards-{language}-{'phone' if phone else 'desktop'}")

    page.locator("label.chip", has_text=CASTLE[language]).click()
    castle = len(catalogue().of_set("castle"))
    expect(page.locator("article.ccard:visible")).to_have_count(castle)
    expect(page.locator("[data-gallery-count]")).to_have_text(count_text(language, castle))
    expect(page).to_have_url(re.compile(r"\?set=castle$"))

    page.locator("label.chip-level", has_text=re.compile(r"^C$")).click()
    castle_c = [c for c in catalogue().of_set("castle") if c.level == "C"]
    expect(page.locator("article.ccard:visible")).to_have_count(len(castle_c))
    expect(page.locator("section.card-set:visible")).to_have_count(1)
    expect(page).to_have_url(re.compile(r"\?set=castle&level=C$"))
    page.reload()  # the address keeps the filters; the server shows the same choice
    expect(page.locator("article.ccard:visible")).to_have_count(len(castle_c))
    expect(page.locator('input[name="level"][value="C"]')).to_be_checked()

    page.locator("label.chip-level", has_text=re.compile(r"^R$")).click()
    expect(page.locator("article.ccard:visible")).to_have_count(0)
    expect(page.locator("[data-gallery-empty]")).to_be_visible()
    check_page(page, language)


def test_sound_switches_in_the_settings_are_kept_in_this_browser(browsing: Browsing) -> None:
    page = browsing.page("fr", PHONE)
    sign_up_by_api(page, unique("sound"), language="fr")
    page.goto("/settings")
    sounds = page.locator("#sounds")
    expect(sounds.locator("[data-sound-cue]")).to_have_count(11)
    cues = page.evaluate("async () => (await import('/static/js/lib/sound.js')).CUES")
    listed = sounds.locator("[data-sound-cue]").evaluate_all(
        "boxes => boxes.map(b => b.dataset.soundCue)"
    )
    assert listed == cues  # every cue of sound.js has its switch, in the same order
    drumroll = sounds.get_by_label("Roulement de tambour pour les finalistes")
    expect(drumroll).to_be_checked()
    drumroll.uncheck()
    sounds.get_by_role("button", name="Écouter Match gagné").click()  # heard, not seen
    main = sounds.get_by_label("Jouer les sons")
    main.uncheck()
    expect(page.locator("[data-sound-toggle]")).to_have_attribute("aria-pressed", "false")
    page.reload()
    expect(drumroll).not_to_be_checked()
    expect(sounds.get_by_label("Match gagné")).to_be_checked()
    expect(main).not_to_be_checked()
    expect(sounds.locator("[data-sound-main-off]")).to_be_visible()
    check_page(page, "fr")
    screenshot(page, "settings-sounds-fr-phone")
    page.locator(".menu-toggle").click()  # the phone's folded top bar
    page.locator("[data-sound-toggle]").click()  # the top bar's switch: the section follows
    expect(main).to_be_checked()
    expect(sounds.locator("[data-sound-main-off]")).to_be_hidden()

    desktop = browsing.page("de", DESKTOP)
    sign_up_by_api(desktop, unique("sound"), language="de")
    desktop.goto("/settings")
    desktop.locator("#sounds").get_by_label("Match gewonnen").uncheck()
    check_page(desktop, "de")
    screenshot(desktop, "settings-sounds-de-desktop")
