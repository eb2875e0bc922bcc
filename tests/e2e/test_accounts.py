"""The account pages in a real browser: sign-up, login, logout, password reset through the real
inbox, settings (language, e-mail opt-in, password, card back), escaping and accessibility."""

from __future__ import annotations

import re
import time
from email.message import Message
from typing import Any

import pytest
from playwright.sync_api import APIRequestContext, Page, expect

from tests.e2e.conftest import (
    DESKTOP,
    PASSWORD,
    PHONE,
    Browsing,
    Site,
    check_page,
    screenshot,
    sign_up_by_api,
    unique,
)
from tests.mailserver import text_of

LANGUAGES = ("de", "en", "fr", "pt")
NEW_PASSWORD = "a new song every night"
LONG = "Un pseudo compte de 3 à 20 caractères."
ODD = "Un pseudo ne peut contenir que des lettres, des chiffres, _ et -."
PAYLOADS = (
    ('<img src=x onerror="window.__pwned=1">', LONG),
    ("<script>window.__pwned=1</script>", LONG),
    ("<img src=x onerror=__pwned=1>"[:20], ODD),
    ("<b>x</b>", ODD),
)
"""Nickname-like markup typed into the sign-up form, and the refusal each gets (in French)."""
RESET_LINK = re.compile(r"https?://\S+/password-reset#token=[\w-]+")


def me(page: Page) -> dict[str, Any]:
    """The signed-in member's account as the API tells it to this browser."""
    answer = page.request.get("/api/me")
    assert answer.status == 200, answer.text()
    body: dict[str, Any] = answer.json()
    return body


def write(request: APIRequestContext, csrf: str, method: str, path: str, **data: Any) -> Any:
    """A write to the API with this browser's session and CSRF token; the answer's JSON."""
    answer = request.fetch(path, method=method, headers={"X-CSRF-Token": csrf}, data=data or None)
    assert answer.ok, answer.text()
    return answer.json() if answer.body() else None


def wait_for_mail(site: Site, to: str, seen: int = 0, timeout: float = 20) -> Message:
    """The next e-mail to this address the real SMTP server received (polled until a deadline)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = [m for m in site.inbox.messages if to in str(m["To"])]
        if len(found) > seen:
            return found[seen]
        time.sleep(0.05)
    raise AssertionError(f"no e-mail to {to} within {timeout} s")


def keep(page: Page, name: str) -> None:
    """Keep a screenshot of the page from its top (the top bar sticks where it is scrolled to)."""
    page.evaluate("() => window.scrollTo(0, 0)")
    screenshot(page, name)


def log_out_from_the_member_menu(page: Page, nickname: str) -> None:
    """Open the member menu in the top bar and log out there."""
    if page.locator(".menu-toggle").is_visible():
        page.locator(".menu-toggle").click()
    page.get_by_role("button", name=nickname).click()
    page.locator("#member-menu").get_by_role("button").click()
    expect(page).to_have_url(re.compile(r"/$"))
    assert page.request.get("/api/me").status == 401


def test_signing_up_by_typing_leaves_the_opt_in_off(browsing: Browsing) -> None:
    page = browsing.page("en")
    page.goto("/signup")
    check_page(page, "en")
    notify = page.get_by_label("Send me notification e-mails")
    expect(notify).to_be_disabled()
    expect(notify).not_to_be_checked()
    expect(page.get_by_text("Enter an e-mail address above to switch this on.")).to_be_visible()
    expect(page.get_by_role("combobox", name="Language")).to_have_value("en")
    nickname = unique("Tilda")
    page.get_by_label("Nickname").fill(nickname)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    keep(page, "signup-desktop")
    page.get_by_role("button", name="Create my account").click()
    expect(page).to_have_url(re.compile(r"/hub$"))
    account = me(page)
    assert (account["nickname"], account["email"], account["email_notifications"]) == (
        nickname,
        None,
        False,
    )
    assert account["language"] == "en"


def test_signing_up_with_an_address_and_the_opt_in_by_keyboard(browsing: Browsing) -> None:
    page = browsing.page("de", PHONE)
    page.goto("/signup")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.get_by_role("combobox", name="Sprache")).to_have_value("de")
    nickname = unique("Jonas")
    page.get_by_label("Nick", exact=True).focus()
    page.keyboard.type(nickname)
    page.keyboard.press("Tab")
    expect(page.locator("#signup-password")).to_be_focused()
    page.keyboard.type(PASSWORD)
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Passwort zeigen")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#signup-password")).to_have_attribute("type", "text")
    page.keyboard.press("Tab")
    expect(page.locator("#signup-email")).to_be_focused()
    notify = page.get_by_label("Schick mir Benachrichtigungen per E-Mail")
    page.keyboard.type("x")
    expect(notify).to_be_enabled()
    page.keyboard.press("Backspace")
    expect(notify).to_be_disabled()
    page.keyboard.type(f"{nickname}@example.org")
    page.keyboard.press("Tab")
    expect(notify).to_be_focused()
    expect(notify).not_to_be_checked()
    page.keyboard.press("Space")
    expect(notify).to_be_checked()
    page.keyboard.press("Tab")
    expect(page.get_by_role("combobox", name="Sprache")).to_be_focused()
    check_page(page, "de")
    keep(page, "signup-phone")
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Konto anlegen")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/hub$"))
    account = me(page)
    assert (account["email"], account["email_notifications"], account["language"]) == (
        f"{nickname}@example.org",
        True,
        "de",
    )


def test_signing_up_with_an_address_alone_does_not_opt_in(browsing: Browsing) -> None:
    page = browsing.page("pt")
    page.goto("/signup")
    check_page(page, "pt")
    nickname = unique("Rui")
    page.get_by_label("Nick", exact=True).fill(nickname)
    page.get_by_label("Palavra-passe", exact=True).fill(PASSWORD)
    page.get_by_label("Endereço de e-mail").fill(f"{nickname}@example.org")
    expect(page.get_by_label("Envia-me notificações por e-mail")).to_be_enabled()
    expect(page.get_by_label("Envia-me notificações por e-mail")).not_to_be_checked()
    page.get_by_role("button", name="Criar a minha conta").click()
    expect(page).to_have_url(re.compile(r"/hub$"))
    account = me(page)
    assert (account["email"], account["email_notifications"], account["language"]) == (
        f"{nickname}@example.org",
        False,
        "pt",
    )


def test_refusals_show_as_text_next_to_the_field_and_nothing_runs(browsing: Browsing) -> None:
    page = browsing.page("fr")
    page.goto("/signup")
    nickname = page.get_by_label("Pseudo", exact=True)
    error = page.locator("#signup-nickname-error")
    for payload, refusal in PAYLOADS:
        nickname.fill(payload)
        page.get_by_label("Mot de passe", exact=True).fill(PASSWORD)
        page.get_by_role("button", name="Créer mon compte").click()
        expect(error).to_have_text(refusal)
        expect(nickname).to_have_attribute("aria-invalid", "true")
        expect(nickname).to_be_focused()
        assert page.evaluate("() => window.__pwned") is None
        assert page.locator("main img[src=x], main script, main b").count() == 0
    taken = unique("Margot")
    sign_up_by_api(browsing.page("en"), taken)
    nickname.fill(taken)
    page.get_by_role("button", name="Créer mon compte").click()
    expect(error).to_have_text("Ce pseudo est déjà pris.")
    page.get_by_label("Mot de passe", exact=True).fill("court")
    nickname.fill(unique("Margaux"))
    page.get_by_role("button", name="Créer mon compte").click()
    expect(page.locator("#signup-password-error")).to_have_text(
        "Un mot de passe compte de 8 à 200 caractères."
    )
    expect(error).to_be_hidden()
    page.goto("/members/%3Cscript%3Ewindow.__pwned=1%3C%2Fscript%3E")
    page.goto("/members/%3Cimg%20src=x%20onerror=%22window.__pwned=1%22%3E")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    assert page.evaluate("() => window.__pwned") is None


def test_a_form_cannot_be_sent_before_its_script_runs(browsing: Browsing) -> None:
    """The submit buttons of script-sent forms come disabled (a click before the script ran
    posted the form natively to a page that answers only GET); the site's script enables them."""
    forms = ("/signup", "/login", "/password-reset")
    still = browsing.browser.new_context(base_url=browsing.site.url, java_script_enabled=False)
    browsing.contexts.append(still)
    page = still.new_page()
    for path in forms:
        page.goto(path)
        expect(page.locator("main button[type=submit]").first).to_be_disabled()
    page = browsing.page("en")
    sign_up_by_api(page, unique("Early"))
    for path in (*forms[1:], "/settings", "/notifications"):
        page.goto(path)
        page.wait_for_load_state("domcontentloaded")
        for button in page.locator("main button[type=submit]").all():
            expect(button).to_be_enabled()
        assert page.locator("[data-needs-script]").count() == 0


def test_logging_out_and_in_again_with_a_wrong_password_first(browsing: Browsing) -> None:
    page = browsing.page("pt")
    nickname = unique("Ines")
    sign_up_by_api(page, nickname, language="pt")
    page.goto("/settings")
    log_out_from_the_member_menu(page, nickname)
    page.goto("/settings")
    expect(page).to_have_url(re.compile(r"/login\?next=/settings$"))
    check_page(page, "pt")
    page.get_by_label("Nick", exact=True).fill(nickname)
    password = page.get_by_label("Palavra-passe", exact=True)
    password.fill("not my password")
    page.locator("form[data-api] button[type=submit]").click()
    expect(page.locator("#login-password-error")).to_have_text("Nick ou palavra-passe errados.")
    expect(password).to_have_attribute("aria-invalid", "true")
    password.fill(PASSWORD)
    page.locator("form[data-api] button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/settings$"))
    expect(page.locator("html")).to_have_attribute("lang", "pt")


def test_a_forgotten_password_is_reset_through_the_emailed_link(
    browsing: Browsing, site: Site
) -> None:
    nickname = unique("Paula")
    address = f"{nickname.lower()}@example.org"
    sign_up_by_api(browsing.page("en"), nickname, email=address, language="en")
    page = browsing.page("en")
    page.goto("/login")
    page.get_by_role("link", name="Forgot your password?").click()
    expect(page).to_have_url(re.compile(r"/password-reset$"))
    check_page(page, "en")
    page.get_by_label("Nickname or e-mail address").fill(nickname)
    page.get_by_role("button", name="Send me a link").click()
    expect(page.get_by_role("heading", name="Check your inbox")).to_be_focused()
    expect(page.get_by_text("The link is good for one hour and works once.")).to_be_visible()
    check_page(page, "en")
    link = RESET_LINK.search(text_of(wait_for_mail(site, address)))
    assert link is not None
    page.goto(link.group(0))
    expect(page.get_by_role("heading", name="Set a new password")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/password-reset$"))
    check_page(page, "en")
    field = page.get_by_label("New password", exact=True)
    field.fill("short")
    page.get_by_role("button", name="Save and log in").click()
    expect(page.locator("#reset-password-error")).to_have_text(
        "A password has 8 to 200 characters."
    )
    field.fill(NEW_PASSWORD)
    page.get_by_role("button", name="Save and log in").click()
    expect(page).to_have_url(re.compile(r"/hub$"))
    assert me(page)["nickname"] == nickname

    again = browsing.page("en")
    again.goto(link.group(0))
    again.get_by_label("New password", exact=True).fill("yet another password")
    again.get_by_role("button", name="Save and log in").click()
    expect(again.get_by_role("alert")).to_contain_text("invalid, expired or already used")
    again.get_by_role("button", name="Ask for a new link").click()
    expect(again.get_by_label("Nickname or e-mail address")).to_be_focused()
    again.goto("/login")
    again.get_by_label("Nickname").fill(nickname)
    again.get_by_label("Password", exact=True).fill(PASSWORD)
    again.locator("form[data-api] button[type=submit]").click()
    expect(again.locator("#login-password-error")).to_have_text("Nickname or password is wrong.")
    again.get_by_label("Password", exact=True).fill(NEW_PASSWORD)
    again.locator("form[data-api] button[type=submit]").click()
    expect(again).to_have_url(re.compile(r"/hub$"))


def test_settings_save_each_part_on_its_own(browsing: Browsing) -> None:
    page = browsing.page("en")
    nickname = unique("Oskar")
    sign_up_by_api(page, nickname)
    elsewhere = browsing.page("en")
    elsewhere.request.post("/api/accounts/login", data={"nickname": nickname, "password": PASSWORD})
    assert elsewhere.request.get("/api/me").status == 200
    page.goto("/settings")
    check_page(page, "en")
    email = page.locator("#email")
    notify = email.get_by_label("Send me notification e-mails")
    expect(notify).to_be_disabled()
    email.get_by_label("E-mail address").fill(f"  {nickname}@example.org ")
    notify.check()
    email.get_by_role("button", name="Save e-mail settings").click()
    expect(email.get_by_role("status")).to_have_text("E-mail settings saved.")
    expect(email.get_by_label("E-mail address")).to_have_value(f"{nickname}@example.org")
    assert (me(page)["email"], me(page)["email_notifications"]) == (
        f"{nickname}@example.org",
        True,
    )
    page.reload()
    expect(notify).to_be_checked()
    email.get_by_label("E-mail address").fill("not an address")
    email.get_by_role("button", name="Save e-mail settings").click()
    expect(page.locator("#settings-email-error")).to_have_text(
        "That is not a valid e-mail address."
    )
    email.get_by_label("E-mail address").fill("")
    expect(notify).to_be_disabled()
    expect(notify).not_to_be_checked()
    email.get_by_role("button", name="Save e-mail settings").click()
    expect(email.get_by_role("status")).to_have_text("E-mail settings saved.")
    assert (me(page)["email"], me(page)["email_notifications"]) == (None, False)

    password = page.locator("#password")
    password.get_by_label("Current password").fill("not the password")
    password.get_by_label("New password", exact=True).fill(NEW_PASSWORD)
    password.get_by_role("button", name="Change password").click()
    expect(page.locator("#settings-old-password-error")).to_have_text(
        "The current password is wrong."
    )
    password.get_by_label("Current password").fill(PASSWORD)
    password.get_by_role("button", name="Change password").click()
    expect(password.get_by_role("status")).to_have_text(
        "Password changed. Your other sessions have been logged out."
    )
    expect(password.get_by_label("Current password")).to_have_value("")
    assert elsewhere.request.get("/api/me").status == 401
    assert me(page)["nickname"] == nickname

    page.locator("#language").get_by_label("Deutsch").check()
    page.get_by_role("button", name="Save language").click()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#language").get_by_role("status")).to_have_text("Sprache gespeichert.")
    expect(page).to_have_url(re.compile(r"/settings#language$"))
    check_page(page, "de")
    page.goto("/login?next=/settings")
    expect(page).to_have_url(re.compile(r"/settings$"))
    page.goto("/password-reset")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    assert me(page)["language"] == "de"


def earn_an_album_card(page: Page, csrf: str, browsing: Browsing) -> None:
    """Make one move of a duel against another member, then resign: the game counts for the
    album, so the first card's upgrade waits; claim it."""
    rival = browsing.page("en")
    rival_csrf = sign_up_by_api(rival, unique("Rival"))["csrf_token"]
    challenge = write(
        page.request,
        csrf,
        "POST",
        "/api/challenges",
        nickname=me(rival)["nickname"],
        game="klubnacht",
    )
    accepted = write(rival.request, rival_csrf, "POST", f"/api/challenges/{challenge['id']}/accept")
    game = f"/api/games/{accepted['game_id']}"
    for _ in range(20):
        view = page.request.get(game).json()
        if view["legal"]:
            write(
                page.request,
                csrf,
                "POST",
                f"{game}/actions",
                seq=view["seq"],
                action=view["legal"][0],
            )
            write(page.request, csrf, "POST", f"{game}/resign")
            break
        theirs = rival.request.get(game).json()
        write(
            rival.request,
            rival_csrf,
            "POST",
            f"{game}/actions",
            seq=theirs["seq"],
            action=theirs["legal"][0],
        )
    album = page.request.get("/api/album").json()
    card = next(card for card in album["cards"] if card["waiting"])
    write(page.request, csrf, "POST", f"/api/album/{album['month']}/cards/{card['card']}/claim")


def test_the_card_back_is_chosen_among_the_claimed_album_cards(browsing: Browsing) -> None:
    page = browsing.page("en")
    nickname = unique("Wanda")
    csrf = sign_up_by_api(
        page, nickname, email=f"{nickname}@example.org", email_notifications=True
    )["csrf_token"]
    page.goto("/settings")
    backs = page.locator("#card-back")
    expect(backs.get_by_label("Plain Stammtisch back")).to_be_checked()
    expect(backs.get_by_role("link", name="Open the album")).to_be_visible()
    expect(backs.get_by_role("button", name="Wear this card back")).to_have_count(0)
    earn_an_album_card(page, csrf, browsing)
    choice = page.request.get("/api/album/card-backs").json()["choices"][0]
    page.reload()
    card = backs.get_by_label(choice["motif"]["name"])
    expect(card).not_to_be_checked()
    expect(
        backs.locator(f'img[src="/art/backs/{choice["motif"]["key"]}/colour.svg"]')
    ).to_have_count(1)
    card.check()
    backs.get_by_role("button", name="Wear this card back").click()
    expect(backs.get_by_role("status")).to_have_text("Card back saved.")
    worn = page.request.get("/api/album/card-backs").json()["worn"]
    assert (worn["month"], worn["card"]) == (choice["month"], choice["card"])
    page.reload()
    expect(card).to_be_checked()
    keep(page, "settings-desktop")
    backs.get_by_label("Plain Stammtisch back").check()
    backs.get_by_role("button", name="Wear this card back").click()
    expect(backs.get_by_role("status")).to_have_text("Card back saved.")
    assert page.request.get("/api/album/card-backs").json()["worn"] is None


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_account_page_passes_the_accessibility_check(
    browsing: Browsing, language: str, viewport: dict[str, int]
) -> None:
    page = browsing.page(language, viewport)
    for path in ("/password-reset", "/signup", "/login", "/password-reset#token=garbled"):
        page.goto(path)
        expect(page.locator("html")).to_have_attribute("lang", language)
        check_page(page, language)
    page.locator("#reset-password").fill(NEW_PASSWORD)
    page.locator("form[data-reset-confirm] button[type=submit]").click()
    expect(page.locator("[data-token-invalid]")).to_be_visible()
    check_page(page, language)
    page.locator("[data-token-invalid] button").click()
    expect(page.locator("#reset-login")).to_be_focused()
    if viewport == PHONE:  # reset requests are limited per address: once per language is enough
        page.locator("#reset-login").fill(unique("nobody"))
        page.locator("#reset-request button[type=submit]").click()
        expect(page.locator("#reset-sent")).to_be_visible()
        check_page(page, language)
    sign_up_by_api(page, unique("Axel"), language=language)
    page.goto("/settings")
    check_page(page, language)
