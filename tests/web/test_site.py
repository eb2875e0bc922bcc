"""The site's frame: pages in four languages, security headers, catalogues with nothing missing."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from stammtisch.services.accounts import LANGUAGES
from stammtisch.web.catalogues import error_codes, problems
from stammtisch.web.i18n import error_texts
from stammtisch.web.security import CONTENT_SECURITY_POLICY
from tests.web.conftest import ApiMember

HTML = {"Accept": "text/html"}


def test_no_message_of_the_site_is_missing_in_any_language() -> None:
    assert list(problems()) == []


def test_every_error_code_reads_as_a_sentence_in_every_language() -> None:
    for language in LANGUAGES:
        texts = error_texts(language)
        assert [code for code in error_codes() if not texts.get(code)] == [], language


def test_the_content_security_policy_allows_nothing_inline_and_no_framing() -> None:
    rules = dict(rule.split(" ", 1) for rule in CONTENT_SECURITY_POLICY.split("; "))
    assert rules["script-src"] == "'self'"
    assert "unsafe-inline" not in CONTENT_SECURITY_POLICY
    assert rules["frame-ancestors"] == "'none'"


def test_pages_and_api_answers_carry_the_security_headers(client: TestClient) -> None:
    for path in ("/", "/api/games", "/static/css/site.css"):
        headers = client.get(path, headers=HTML).headers
        assert headers["content-security-policy"] == CONTENT_SECURITY_POLICY
        assert headers["x-frame-options"] == "DENY"
        assert headers["x-content-type-options"] == "nosniff"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_landing_page_speaks_the_browsers_language(client: TestClient, language: str) -> None:
    page = client.get("/", headers={**HTML, "Accept-Language": f"{language};q=0.9"})
    assert page.status_code == 200
    assert f'<html lang="{language}">' in page.text


def test_a_member_is_sent_from_the_landing_page_to_the_hub(member: ApiMember) -> None:
    headers = {**member.headers(), **HTML}
    answer = member.client.get("/", headers=headers, follow_redirects=False)
    assert answer.status_code == 303
    assert answer.headers["location"] == "/hub"


def test_a_missing_page_is_a_page_in_the_readers_language(client: TestClient) -> None:
    page = client.get("/no/such/page", headers={**HTML, "Accept-Language": "de"})
    assert page.status_code == 404
    assert "Diese Seite gibt es nicht." in page.text
    assert client.get("/api/no/such").json()["error"] == "request.not_found"


def test_the_language_switch_sets_a_visitors_cookie_and_goes_back(client: TestClient) -> None:
    answer = client.post(
        "/language", data={"language": "pt", "next": "/login"}, follow_redirects=False
    )
    assert answer.status_code == 303
    assert answer.headers["location"] == "/login"
    assert "stammtisch_lang=pt" in answer.headers["set-cookie"]
    assert '<html lang="pt">' in client.get("/", headers=HTML).text


def test_the_language_switch_never_sends_a_reader_to_another_site(client: TestClient) -> None:
    for target in ("https://evil.example/", "//evil.example/", "/\\evil.example"):
        answer = client.post(
            "/language", data={"language": "de", "next": target}, follow_redirects=False
        )
        assert answer.headers["location"] == "/"


def test_a_members_language_switch_changes_their_setting(member: ApiMember) -> None:
    answer = member.client.post(
        "/language",
        data={"language": "fr", "next": "/", "csrf": member.csrf},
        headers={"Cookie": member.headers()["Cookie"]},
        follow_redirects=False,
    )
    assert answer.status_code == 303
    assert member.get("/api/me").json()["language"] == "fr"


def test_a_forged_language_switch_does_not_touch_the_members_setting(member: ApiMember) -> None:
    member.client.post(
        "/language",
        data={"language": "fr", "next": "/", "csrf": "forged"},
        headers={"Cookie": member.headers()["Cookie"]},
        follow_redirects=False,
    )
    assert member.get("/api/me").json()["language"] == "en"


def test_logging_out_needs_the_forms_csrf_token(member: ApiMember) -> None:
    cookie = {"Cookie": member.headers()["Cookie"]}
    member.client.post("/logout", data={"csrf": "forged"}, headers=cookie, follow_redirects=False)
    assert member.get("/api/me").status_code == 200
    member.client.post("/logout", data={"csrf": member.csrf}, headers=cookie)
    assert member.get("/api/me").status_code == 401


def test_the_api_docs_are_served_without_a_cdn(client: TestClient) -> None:
    page = client.get("/docs").text
    assert "cdn" not in page.lower()
    assert client.get("/docs/assets/swagger-ui-bundle.js").status_code == 200


def test_static_files_are_cached_for_good_only_at_a_versioned_address(client: TestClient) -> None:
    assert "immutable" in client.get("/static/js/site.js?v=1").headers["cache-control"]
    assert client.get("/static/js/site.js").headers["cache-control"] == "no-cache"
