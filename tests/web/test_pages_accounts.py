"""The account pages through the app: languages, who may see them, escaping, what they offer."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from stammtisch.services.accounts import LANGUAGES
from stammtisch.services.album.months import album_month
from stammtisch.services.platform import Platform
from stammtisch.services.seasons import Season
from stammtisch.web.pages.context import safe_next
from tests.platform.finished import finish_game
from tests.web.conftest import ApiMember, sign_up

HTML = {"Accept": "text/html"}
VISITOR_PAGES = ("/signup", "/login", "/password-reset")
TITLES = {
    "/signup": {
        "de": "Setz dich dazu",
        "en": "Join the table",
        "fr": "Rejoins la table",
        "pt": "Junta-te à mesa",
    },
    "/login": {"de": "Anmelden", "en": "Log in", "fr": "Se connecter", "pt": "Entrar"},
    "/password-reset": {
        "de": "Passwort vergessen?",
        "en": "Forgot your password?",
        "fr": "Mot de passe oublié ?",
        "pt": "Esqueceste a palavra-passe?",
    },
}
SETTINGS_TITLES = {"de": "Einstellungen", "en": "Settings", "fr": "Réglages", "pt": "Definições"}
MARCH = Season(2026, 3)
FIRST = next(i for i, card in enumerate(album_month(MARCH).cards) if card.task == "any_games") + 1


def as_member(member: ApiMember, path: str, **kwargs: object) -> str:
    """A page as the member's browser gets it."""
    answer = member.client.get(path, headers={**HTML, **member.headers()}, **kwargs)  # type: ignore[arg-type]
    assert answer.status_code == 200, answer.text
    return answer.text


def h1(html: str) -> str:
    """The page's first heading."""
    found = re.search(r"<h1[^>]*>(.*?)</h1>", html, re.S)
    assert found, html
    return found.group(1).strip()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("path", VISITOR_PAGES)
def test_the_visitor_pages_speak_the_readers_language(
    client: TestClient, path: str, language: str
) -> None:
    page = client.get(path, headers={**HTML, "Accept-Language": f"{language},en;q=0.5"})
    assert page.status_code == 200
    assert f'<html lang="{language}">' in page.text
    assert h1(page.text) == TITLES[path][language]


@pytest.mark.parametrize("language", LANGUAGES)
def test_sign_up_preselects_the_readers_language_and_leaves_the_opt_in_off(
    client: TestClient, language: str
) -> None:
    page = client.get("/signup", headers={**HTML, "Accept-Language": language}).text
    options = re.findall(r'<option value="(\w+)" lang="\w+"( selected)?>([^<]+)</option>', page)
    assert [(code, name) for code, _, name in options] == [
        ("de", "Deutsch"),
        ("en", "English"),
        ("fr", "Français"),
        ("pt", "Português"),
    ]
    assert [code for code, chosen, _ in options if chosen] == [language]
    box = re.search(r'<input type="checkbox" id="signup-notify"[^>]*>', page)
    assert box is not None
    assert " disabled" in box.group(0)
    assert "checked" not in box.group(0)


def test_the_sign_up_form_names_the_rules_and_where_each_refusal_shows(
    client: TestClient,
) -> None:
    page = client.get("/signup", headers=HTML).text
    assert "3 to 20 characters: letters, digits, _ and -." in page
    assert 'data-api="POST /api/accounts/signup" data-next="/hub"' in page
    for field, code in (
        ("signup-nickname", "accounts.nickname_taken"),
        ("signup-nickname", "accounts.nickname_characters"),
        ("signup-password", "accounts.password_length"),
        ("signup-email", "accounts.email_invalid"),
        ("signup-email", "accounts.email_missing"),
    ):
        slot = re.search(
            rf'<p class="field-error" [^>]*data-for="{field}" data-codes="([^"]*)"', page
        )
        assert slot is not None, field
        assert code in slot.group(1).split(), (field, code)


def test_the_login_page_shows_a_failed_login_next_to_the_password(client: TestClient) -> None:
    page = client.get("/login", headers=HTML).text
    assert 'data-for="login-password" data-codes="accounts.login_failed"' in page
    assert "data-form-error" in page
    assert '<a class="forgot" href="/password-reset">' in page


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_settings_page_speaks_the_members_language(client: TestClient, language: str) -> None:
    member = sign_up(client, f"anna_{language}", language=language)
    page = as_member(member, "/settings")
    assert f'<html lang="{language}">' in page
    assert h1(page) == SETTINGS_TITLES[language]
    assert f'<input type="radio" name="language" value="{language}" checked>' in page
    assert f'<meta name="csrf-token" content="{member.csrf}">' in page


def test_the_settings_page_shows_the_address_and_the_opt_in_as_stored(
    client: TestClient,
) -> None:
    plain = sign_up(client, "anna")
    page = as_member(plain, "/settings")
    box = re.search(r'<input type="checkbox" id="settings-notify"[^>]*>', page)
    assert box is not None
    assert " disabled" in box.group(0)
    assert " checked" not in box.group(0)
    address = re.search(r'<input id="settings-email"[^>]*>', page)
    assert address is not None
    assert "aria-required" not in address.group(0)
    assert "data-optional" not in address.group(0)  # an empty address is sent: it removes it
    mailed = sign_up(client, "ben", email="ben@example.org", email_notifications=True)
    page = as_member(mailed, "/settings")
    assert 'value="ben@example.org"' in page
    box = re.search(r'<input type="checkbox" id="settings-notify"[^>]*>', page)
    assert box is not None
    assert " checked" in box.group(0)
    assert " disabled" not in box.group(0)


def test_the_settings_page_confirms_a_saved_language_after_the_reload(
    client: TestClient,
) -> None:
    member = sign_up(client, "anna", language="de")
    assert "Sprache gespeichert." not in as_member(member, "/settings")
    assert "Sprache gespeichert." in as_member(member, "/settings?saved=language")


def test_the_settings_page_offers_the_plain_back_and_every_claimed_card(
    client: TestClient, platform: Platform
) -> None:
    anna, ben = sign_up(client, "anna", language="de"), sign_up(client, "ben")
    page = as_member(anna, "/settings")
    assert re.findall(r'name="back" value="([^"]+)"( checked)?', page) == [("plain", " checked")]
    assert "Zum Album" in page
    finish_game(platform, "klubnacht", [anna.id, ben.id], [[0], [1]])
    assert anna.post(f"/api/album/2026-03/cards/{FIRST}/claim").status_code == 200
    worn = anna.client.put(
        "/api/album/card-back", json={"month": "2026-03", "card": FIRST}, headers=anna.headers()
    )
    assert worn.status_code == 200, worn.text
    page = as_member(anna, "/settings")
    choice = f"2026-03/{FIRST}"
    assert re.findall(r'name="back" value="([^"]+)"( checked)?', page) == [
        ("plain", ""),
        (choice, " checked"),
    ]
    motif = album_month(MARCH).cards[FIRST - 1].motif
    assert f'src="/art/backs/{motif}/colour.svg"' in page
    assert "Farbe · März 2026" in page


def test_member_pages_send_a_visitor_to_log_in_and_back(client: TestClient) -> None:
    answer = client.get("/settings", headers=HTML, follow_redirects=False)
    assert answer.status_code == 303
    assert answer.headers["location"] == "/login?next=/settings"
    page = client.get("/login?next=/settings", headers=HTML).text
    assert 'data-next="/settings"' in page


@pytest.mark.parametrize("path", ["/signup", "/login"])
def test_a_signed_in_member_skips_sign_up_and_login(member: ApiMember, path: str) -> None:
    answer = member.client.get(path, headers={**HTML, **member.headers()}, follow_redirects=False)
    assert answer.status_code == 303
    assert answer.headers["location"] == "/hub"


def test_a_signed_in_member_on_the_login_page_goes_on_to_where_they_were_going(
    member: ApiMember,
) -> None:
    answer = member.client.get(
        "/login?next=/album", headers={**HTML, **member.headers()}, follow_redirects=False
    )
    assert answer.headers["location"] == "/album"


@pytest.mark.parametrize(
    "target",
    [
        "https://evil.example/",
        "//evil.example/",
        "/\\evil.example",
        "/\t/evil.example",
        "/\n/evil.example",
        "javascript:alert(1)",
    ],
)
def test_login_never_goes_on_to_another_site(client: TestClient, target: str) -> None:
    assert safe_next(target) == "/hub"
    page = client.get("/login", params={"next": target}, headers=HTML).text
    assert 'data-next="/hub"' in page


def test_a_next_path_with_markup_is_escaped(client: TestClient) -> None:
    page = client.get(
        "/login", params={"next": '/x"><script>window.__pwned=1</script>'}, headers=HTML
    ).text
    assert "<script>window.__pwned" not in page
    assert 'data-next="/x&#34;&gt;&lt;script&gt;window.__pwned=1&lt;/script&gt;"' in page


def test_a_page_address_with_markup_is_answered_with_an_escaped_page(
    client: TestClient,
) -> None:
    for path in (
        "/members/%3Cscript%3Ewindow.__pwned=1%3C%2Fscript%3E",
        "/members/%3Cimg%20src=x%20onerror=%22window.__pwned=1%22%3E",
    ):
        answer = client.get(path, headers=HTML)
        assert answer.headers["content-type"].startswith("text/html")
        assert "<script>window.__pwned" not in answer.text
        assert "<img src=x" not in answer.text
        assert "&lt;" in answer.text


@pytest.mark.parametrize("path", [*VISITOR_PAGES, "/settings"])
def test_the_account_pages_carry_no_inline_script_or_style(
    member: ApiMember, client: TestClient, path: str
) -> None:
    page = as_member(member, path) if path == "/settings" else client.get(path, headers=HTML).text
    assert not re.search(r"\sstyle=", page)
    assert not re.search(r"\son[a-z]+=", page)
    for script in re.findall(r"<script([^>]*)>(.*?)</script>", page, re.S):
        attributes, body = script
        assert ("src=" in attributes and not body.strip()) or 'type="application/json"' in (
            attributes
        )
