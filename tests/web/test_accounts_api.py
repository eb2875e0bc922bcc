"""Accounts through the API: sign-up, login, cookies, CSRF, the error shape, privacy."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from stammtisch.web.deps import SESSION_COOKIE
from tests.web.conftest import CROSS_SITE_HEADERS, ApiMember, sign_up


def test_signup_sets_a_session_cookie_and_returns_the_account(client: TestClient) -> None:
    response = client.post(
        "/api/accounts/signup",
        json={"nickname": "Jürgen_7", "password": "secret-password", "email": "j@example.org"},
        headers={"Accept-Language": "de-DE,de;q=0.9"},
    )
    assert response.status_code == 201
    body = response.json()
    assert body["nickname"] == "Jürgen_7"
    assert body["language"] == "de"
    assert body["email_notifications"] is False
    cookie = response.headers["set-cookie"]
    assert "HttpOnly" in cookie
    assert "samesite=lax" in cookie.lower()


def test_signup_opts_in_to_emails_only_when_asked_and_only_with_an_address(
    client: TestClient,
) -> None:
    account = {"password": "secret-password", "email_notifications": True}
    response = client.post("/api/accounts/signup", json={"nickname": "nomail", **account})
    assert response.status_code == 400
    assert response.json()["error"] == "accounts.email_missing"
    response = client.post(
        "/api/accounts/signup", json={"nickname": "mail", "email": "m@example.org", **account}
    )
    assert response.status_code == 201
    assert response.json()["email_notifications"] is True


def test_bad_nickname_is_a_clear_400(client: TestClient) -> None:
    response = client.post("/api/accounts/signup", json={"nickname": "ab", "password": "x" * 10})
    assert response.status_code == 400
    assert response.json() == {
        "error": "accounts.nickname_length",
        "message": "A nickname has 3 to 20 characters.",
    }
    response = client.post("/api/accounts/signup", json={"nickname": "a b c", "password": "x" * 10})
    assert response.json()["error"] == "accounts.nickname_characters"


def test_nicknames_are_unique_ignoring_case(client: TestClient) -> None:
    sign_up(client, "Anna")
    response = client.post("/api/accounts/signup", json={"nickname": "aNNA", "password": "x" * 10})
    assert response.status_code == 409
    assert response.json()["error"] == "accounts.nickname_taken"


def test_malformed_body_gets_the_error_shape(client: TestClient) -> None:
    response = client.post("/api/accounts/signup", json={"nickname": 5})
    assert response.status_code == 422
    assert response.json()["error"] == "request.invalid"
    assert "password" in response.json()["message"]


def test_unknown_route_gets_the_error_shape(client: TestClient) -> None:
    response = client.get("/api/nowhere")
    assert response.status_code == 404
    assert response.json()["error"] == "request.not_found"


def test_login_with_the_right_password_opens_a_session(client: TestClient) -> None:
    sign_up(client, "anna")
    response = client.post(
        "/api/accounts/login", json={"nickname": "ANNA", "password": "correct horse"}
    )
    assert response.status_code == 200
    assert client.get("/api/me").json()["nickname"] == "anna"


def test_wrong_password_is_refused_and_repeated_failures_are_rate_limited(
    client: TestClient,
) -> None:
    sign_up(client, "anna")
    for _ in range(5):
        response = client.post(
            "/api/accounts/login", json={"nickname": "anna", "password": "nope-nope"}
        )
        assert response.status_code == 401
        assert response.json()["error"] == "accounts.login_failed"
    response = client.post(
        "/api/accounts/login", json={"nickname": "anna", "password": "correct horse"}
    )
    assert response.status_code == 429
    assert response.json()["error"] == "accounts.too_many_attempts"


def test_writes_without_the_csrf_header_are_refused(member: ApiMember) -> None:
    cookie_only = {"Cookie": member.headers()["Cookie"]}
    response = member.client.patch("/api/me", json={"language": "fr"}, headers=cookie_only)
    assert response.status_code == 403
    assert response.json()["error"] == "accounts.csrf"
    assert member.patch("/api/me", json={"language": "fr"}).json()["language"] == "fr"


def test_without_a_session_the_api_answers_401(client: TestClient) -> None:
    response = client.get("/api/me")
    assert response.status_code == 401
    assert response.json()["error"] == "accounts.not_signed_in"


def test_logout_ends_the_session(member: ApiMember) -> None:
    assert member.post("/api/accounts/logout").status_code == 204
    assert member.get("/api/me").status_code == 401


def test_profile_shows_no_email_address(client: TestClient) -> None:
    sign_up(client, "anna", email="anna@example.org")
    viewer = sign_up(client, "bert")
    profile = viewer.get("/api/members/anna").json()
    assert profile["nickname"] == "anna"
    assert "anna@example.org" not in str(profile)
    assert viewer.get("/api/members/nobody").status_code == 404


def test_email_opt_in_needs_an_address(member: ApiMember) -> None:
    response = member.patch("/api/me", json={"email_notifications": True})
    assert response.json()["error"] == "accounts.email_missing"
    body = member.patch(
        "/api/me", json={"email": "a@example.org", "email_notifications": True}
    ).json()
    assert body["email_notifications"] is True
    assert member.patch("/api/me", json={"email": ""}).json()["email"] is None


def test_password_change_needs_the_old_password(member: ApiMember) -> None:
    bad = member.post(
        "/api/me/password", json={"old_password": "wrong-one", "new_password": "n" * 9}
    )
    assert bad.status_code == 403
    good = member.post(
        "/api/me/password", json={"old_password": "correct horse", "new_password": "n" * 9}
    )
    assert good.status_code == 204


def test_password_change_ends_other_sessions_and_keeps_this_one(
    client: TestClient, member: ApiMember
) -> None:
    login = client.post(
        "/api/accounts/login", json={"nickname": "anna", "password": "correct horse"}
    )
    other = ApiMember(
        client, "anna", member.id, login.cookies[SESSION_COOKIE], login.json()["csrf_token"]
    )
    client.cookies.clear()
    assert other.get("/api/me").status_code == 200
    changed = member.post(
        "/api/me/password", json={"old_password": "correct horse", "new_password": "new horse!"}
    )
    assert changed.status_code == 204
    refused = other.get("/api/me")
    assert (refused.status_code, refused.json()["error"]) == (401, "accounts.not_signed_in")
    assert member.get("/api/me").json()["nickname"] == "anna"
    old = client.post("/api/accounts/login", json={"nickname": "anna", "password": "correct horse"})
    assert old.status_code == 401
    new = client.post("/api/accounts/login", json={"nickname": "anna", "password": "new horse!"})
    assert new.status_code == 200


def test_a_wrong_current_password_ends_nothing_and_counts_as_a_failed_login(
    client: TestClient, member: ApiMember
) -> None:
    wrong = {"old_password": "wrong-one", "new_password": "new horse!"}
    for _ in range(5):
        assert member.post("/api/me/password", json=wrong).status_code == 403
    limited = member.post(
        "/api/me/password", json={"old_password": "correct horse", "new_password": "new horse!"}
    )
    assert (limited.status_code, limited.json()["error"]) == (429, "accounts.too_many_attempts")
    assert member.get("/api/me").status_code == 200


@pytest.mark.parametrize("headers", CROSS_SITE_HEADERS)
def test_login_and_signup_from_another_site_are_refused(
    client: TestClient, headers: dict[str, str]
) -> None:
    sign_up(client, "anna")
    login = client.post(
        "/api/accounts/login",
        json={"nickname": "anna", "password": "correct horse"},
        headers=headers,
    )
    assert (login.status_code, login.json()["error"]) == (403, "accounts.csrf")
    assert SESSION_COOKIE not in login.cookies
    signup = client.post(
        "/api/accounts/signup", json={"nickname": "bert", "password": "x" * 10}, headers=headers
    )
    assert (signup.status_code, signup.json()["error"]) == (403, "accounts.csrf")
    assert client.get("/api/members/bert").status_code == 404


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"},
        {"Origin": "https://stammtisch.example"},
        {"Sec-Fetch-Site": "none"},
    ],
)
def test_login_from_this_site_or_a_non_browser_client_is_accepted(
    client: TestClient, headers: dict[str, str]
) -> None:
    client.app.state.platform.ctx.settings.public_base_url = "https://stammtisch.example"
    sign_up(client, "anna")
    login = client.post(
        "/api/accounts/login",
        json={"nickname": "anna", "password": "correct horse"},
        headers=headers,
    )
    assert login.status_code == 200
    assert SESSION_COOKIE in login.cookies
