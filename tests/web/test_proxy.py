"""Behind a trusted proxy, login failures are counted per client, not per proxy address."""

from __future__ import annotations

from pathlib import Path

import pytest

from stammtisch.services.accounts import FAILED_LOGINS_PER_REMOTE
from tests.servers import ServerProcess, http_client


@pytest.mark.parametrize(("trusted", "other_client_locked_out"), [("*", False), ("10.9.9.9", True)])
def test_login_failures_count_per_forwarded_client_only_behind_a_trusted_proxy(
    tmp_path: Path, trusted: str, other_client_locked_out: bool
) -> None:
    server = ServerProcess(tmp_path, {"STAMMTISCH_FORWARDED_ALLOW_IPS": trusted})
    server.start()
    try:
        with http_client(server.url, timeout=30) as client:
            signup = {"nickname": "anna", "password": "correct horse"}
            assert client.post("/api/accounts/signup", json=signup).status_code == 201
            for number in range(FAILED_LOGINS_PER_REMOTE):
                failed = client.post(
                    "/api/accounts/login",
                    json={"nickname": f"nobody{number}", "password": "wrong password"},
                    headers={"X-Forwarded-For": "10.0.0.1"},
                )
                assert failed.status_code == 401
            other = client.post(
                "/api/accounts/login", json=signup, headers={"X-Forwarded-For": "10.0.0.2"}
            )
            assert other.status_code == (429 if other_client_locked_out else 200)
            same = client.post(
                "/api/accounts/login", json=signup, headers={"X-Forwarded-For": "10.0.0.1"}
            )
            assert same.status_code == 429
    finally:
        server.stop()
