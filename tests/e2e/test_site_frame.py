"""The frame of every page in a real browser: landing, language switch, menus, offline API docs."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.e2e.conftest import PHONE, Browsing, screenshot


def test_the_landing_page_greets_a_visitor_in_the_browsers_language(browsing: Browsing) -> None:
    page = browsing.page("de")
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.get_by_role("link", name="Registrieren, kostenlos")).to_be_visible()
    screenshot(page, "landing-desktop")


def test_the_language_switch_changes_the_page_and_is_remembered(browsing: Browsing) -> None:
    page = browsing.page("en")
    page.goto("/")
    page.get_by_role("button", name="Français").click()
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    page.goto("/login")
    expect(page.locator("html")).to_have_attribute("lang", "fr")


def test_the_menu_folds_away_on_a_phone(browsing: Browsing) -> None:
    page = browsing.page("pt", PHONE)
    page.goto("/")
    nav = page.locator("#site-nav")
    expect(nav).to_be_hidden()
    page.get_by_role("button", name="Menu").click()
    expect(nav).to_be_visible()
    expect(nav.get_by_role("link", name="Entrar")).to_be_visible()
    screenshot(page, "landing-phone")


def test_the_api_docs_work_without_another_host(browsing: Browsing) -> None:
    page = browsing.page("en")
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto("/docs")
    expect(page.get_by_text("POST/api/accounts/signup")).to_be_visible()
    assert all(url.startswith(browsing.site.url) for url in requested), requested
