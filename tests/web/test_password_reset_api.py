"""Password reset through the API: the same answer for everyone, the e-mailed token, sessions."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from stammtisch.bus import LocalBus
from stammtisch.services.platform import Platform, build_platform
from stammtisch.services.resets import RESETS_PER_KEY
from stammtisch.services.timesource import ManualClock
from stammtisch.web.app import create_app
from stammtisch.web.deps import SESSION_COOKIE
from tests.conftest import make_settings
from tests.mailserver import Inbox, smtp_server
from tests.platform.test_password_reset import mailed_tokens
from tests.web.conftest import CROSS_SITE_HEADERS, sign_up

RESET = "/api/accounts/password-reset"
CONFIRM = "/api/accounts/password-reset/confirm"


@pytest.fixture
def inbox() -> Inbox:
    return Inbox()


@pytest.fixture
def mailing(
    inbox: Inbox, database_url: str, tmp_path: Path, clock: ManualClock
) -> Iterator[Platform]:
    with smtp_server(inbox) as port:
        settings = make_settings(
            tmp_path,
            database_url,
            smtp_host="127.0.0.1",
            smtp_port=port,
            public_base_url="https://stammtisch.example",
        )
        platform = build_platform(settings, clock=clock, bus=LocalBus())
        yield platform
        platform.close()


@pytest.fixture
def client(mailing: Platform) -> Iterator[TestClient]:
    with TestClient(create_app(mailing)) as test_client:
        yield test_client


def log_in(client: TestClient, password: str) -> int:
    response = client.post("/api/accounts/login", json={"nickname": "anna", "password": password})
    client.cookies.clear()
    return response.status_code


def test_a_member_resets_a_forgotten_password_and_every_old_session_ends(
    client: TestClient, mailing: Platform, inbox: Inbox
) -> None:
    anna = sign_up(client, "anna", email="anna@example.org", language="fr")
    headers = {"Cookie": f"{SESSION_COOKIE}={anna.token}"}
    with client.websocket_connect("/api/ws", headers=headers) as ws:
        assert ws.receive_json()["type"] == "hello"
        asked = client.post(RESET, json={"nickname_or_email": "anna"})
        assert (asked.status_code, asked.content) == (202, b"")
        (token,) = mailed_tokens(mailing, inbox)
        assert inbox.messages[0]["Subject"] == "Stammtisch: Réinitialiser ton mot de passe"
        confirmed = client.post(CONFIRM, json={"token": token, "new_password": "new horse!"})
        assert confirmed.status_code == 200
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4401
    assert confirmed.json()["nickname"] == "anna"
    fresh = confirmed.cookies[SESSION_COOKIE]
    client.cookies.clear()
    assert anna.get("/api/me").status_code == 401
    assert client.get("/api/me", headers={"Cookie": f"{SESSION_COOKIE}={fresh}"}).status_code == 200
    assert log_in(client, "correct horse") == 401
    assert log_in(client, "new horse!") == 200
    again = client.post(CONFIRM, json={"token": token, "new_password": "third horse"})
    assert again.status_code == 400


def test_the_answer_never_tells_whether_an_account_or_address_exists(
    client: TestClient, mailing: Platform, inbox: Inbox
) -> None:
    sign_up(client, "anna", email="anna@example.org")
    sign_up(client, "bert")
    answers = [
        client.post(RESET, json={"nickname_or_email": login})
        for login in ("anna", "bert", "nobody", "anna@example.org", "nobody@example.org")
    ]
    assert {(a.status_code, a.content, a.headers.get("content-type")) for a in answers} == {
        (202, b"", None)
    }
    assert len({tuple(sorted(a.headers.keys())) for a in answers}) == 1
    assert len(mailed_tokens(mailing, inbox)) == 2


def test_too_many_requests_are_refused_alike_for_known_and_unknown_names(
    client: TestClient,
) -> None:
    sign_up(client, "anna", email="anna@example.org")
    for login in ("anna", "nobody"):
        for _ in range(RESETS_PER_KEY):
            assert client.post(RESET, json={"nickname_or_email": login}).status_code == 202
        refused = client.post(RESET, json={"nickname_or_email": login})
        assert (refused.status_code, refused.json()["error"]) == (429, "accounts.too_many_resets")


def test_a_bad_token_is_a_clear_400_and_signs_nobody_in(client: TestClient) -> None:
    anna = sign_up(client, "anna", email="anna@example.org")
    response = client.post(CONFIRM, json={"token": "not-a-token", "new_password": "new horse!"})
    assert response.status_code == 400
    assert response.json() == {
        "error": "accounts.reset_token_invalid",
        "message": "This reset link is invalid, expired or used; ask for a new one.",
    }
    assert SESSION_COOKIE not in response.cookies
    assert anna.get("/api/me").status_code == 200
    assert log_in(client, "correct horse") == 200


def test_malformed_requests_get_the_error_shape(client: TestClient) -> None:
    for path, body in ((RESET, {}), (RESET, {"nickname_or_email": ""}), (CONFIRM, {"token": 5})):
        response = client.post(path, json=body)
        assert (response.status_code, response.json()["error"]) == (422, "request.invalid")


@pytest.mark.parametrize("headers", CROSS_SITE_HEADERS)
def test_resets_from_another_site_are_refused(
    client: TestClient, mailing: Platform, inbox: Inbox, headers: dict[str, str]
) -> None:
    sign_up(client, "anna", email="anna@example.org")
    asked = client.post(RESET, json={"nickname_or_email": "anna"}, headers=headers)
    assert (asked.status_code, asked.json()["error"]) == (403, "accounts.csrf")
    assert mailed_tokens(mailing, inbox) == []
    assert client.post(RESET, json={"nickname_or_email": "anna"}).status_code == 202
    (token,) = mailed_tokens(mailing, inbox)
    body = {"token": token, "new_password": "new horse!"}
    confirmed = client.post(CONFIRM, json=body, headers=headers)
    assert (confirmed.status_code, confirmed.json()["error"]) == (403, "accounts.csrf")
    assert SESSION_COOKIE not in confirmed.cookies
    assert log_in(client, "correct horse") == 200
    assert client.post(CONFIRM, json=body).status_code == 200
