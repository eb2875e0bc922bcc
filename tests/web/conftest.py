"""An HTTP client on the app, and members who sign up through the API."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from stammtisch.services.platform import Platform
from stammtisch.web.app import create_app
from stammtisch.web.deps import CSRF_HEADER, SESSION_COOKIE

CROSS_SITE_HEADERS = [
    {"Origin": "https://evil.example"},
    {"Origin": "null"},
    {"Sec-Fetch-Site": "cross-site"},
    {"Sec-Fetch-Site": "same-site"},
    {"Origin": "http://testserver", "Sec-Fetch-Site": "cross-site"},
]
"""Headers of browser requests from another site, which account requests must refuse."""


@pytest.fixture
def client(platform: Platform) -> Iterator[TestClient]:
    """A client of the app (its lifespan running), without any session of its own."""
    with TestClient(create_app(platform)) as test_client:
        yield test_client


@dataclass
class ApiMember:
    """A member signed in through the API: every call carries their cookie and CSRF token."""

    client: TestClient
    nickname: str
    id: int
    token: str
    csrf: str

    def headers(self) -> dict[str, str]:
        """The session cookie and the CSRF header."""
        return {"Cookie": f"{SESSION_COOKIE}={self.token}", CSRF_HEADER: self.csrf}

    def get(self, path: str, **kwargs: Any) -> httpx.Response:
        """GET as this member."""
        return self.client.get(path, headers=self.headers(), **kwargs)

    def post(self, path: str, json: Any = None, **kwargs: Any) -> httpx.Response:
        """POST as this member."""
        return self.client.post(path, json=json, headers=self.headers(), **kwargs)

    def patch(self, path: str, json: Any = None) -> httpx.Response:
        """PATCH as this member."""
        return self.client.patch(path, json=json, headers=self.headers())

    def delete(self, path: str) -> httpx.Response:
        """DELETE as this member."""
        return self.client.delete(path, headers=self.headers())


def sign_up(client: TestClient, nickname: str, **extra: Any) -> ApiMember:
    """Sign a new member up through the API."""
    response = client.post(
        "/api/accounts/signup", json={"nickname": nickname, "password": "correct horse", **extra}
    )
    assert response.status_code == 201, response.text
    token = response.cookies[SESSION_COOKIE]
    client.cookies.clear()
    body = response.json()
    return ApiMember(client, nickname, body["id"], token, body["csrf_token"])


@pytest.fixture
def member(client: TestClient) -> ApiMember:
    """A signed-in member called anna."""
    return sign_up(client, "anna")
