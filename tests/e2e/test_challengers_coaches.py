"""Coaches in a real browser: a practice table with the option from the New-game form, the
member keeps a house coach on the table, and the table names it (in Portuguese)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.e2e.conftest import DESKTOP, Browsing, check_page
from tests.e2e.test_challengers_newgame import open_form
from tests.e2e.test_hub import api, game_id_of, member


def test_a_member_keeps_a_house_coach_at_a_practice_table(browsing: Browsing) -> None:
    page, _ = member(browsing, "coach", "pt", DESKTOP)
    dialog = open_form(page, "Nova partida")
    dialog.get_by_label("Treinadores (nossos treinadores da casa", exact=False).check()
    dialog.get_by_role("button", name="Começar o treino").click()
    game_id = game_id_of(page)
    assert api(page, "GET", f"/api/games/{game_id}")["options"]["coaches"] is True
    panel = page.locator(".ch-you")
    expect(panel.get_by_role("heading", name="Escolha seu treinador")).to_be_visible()
    offer = panel.locator("[data-coach]")
    expect(offer).to_have_count(3)
    expect(offer.first).to_contain_text("treinador da casa")
    kept = offer.nth(1).get_attribute("data-coach")
    check_page(page, "pt")
    panel.locator(f'[data-focus="coach-{kept}"]').click()
    expect(panel.locator(".ch-your-coach")).to_contain_text("Seu treinador:")
    view = api(page, "GET", f"/api/games/{game_id}")["view"]
    assert view["you"]["coach"] == kept
