"""Schemathesis against the OpenAPI document: no input, valid or not, gets a 5xx answer."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error

from stammtisch.bus import LocalBus
from stammtisch.services.platform import build_platform
from stammtisch.services.timesource import ManualClock
from stammtisch.web.app import create_app
from stammtisch.web.deps import CSRF_HEADER, SESSION_COOKIE
from tests.conftest import make_settings

AUTH: dict[str, str] = {}


@pytest.fixture
def api_schema(tmp_path: Path, clock: ManualClock) -> Iterator[schemathesis.BaseSchema]:
    """The app's own OpenAPI document, with a signed-in member whose games exist."""
    settings = make_settings(tmp_path, f"sqlite:///{tmp_path / 'fuzz.sqlite3'}")
    platform = build_platform(settings, clock=clock, bus=LocalBus())
    anna = platform.accounts.sign_up("anna", "correct horse")
    platform.accounts.sign_up("bert", "correct horse")
    challenge = platform.challenges.send(anna.member_id, "bert", "toy", {})
    platform.challenges.accept(platform.accounts.by_nickname("bert").id, challenge["id"])
    AUTH.update({"Cookie": f"{SESSION_COOKIE}={anna.token}", CSRF_HEADER: anna.csrf_token})
    yield schemathesis.openapi.from_asgi("/openapi.json", create_app(platform))
    platform.close()


EXCLUDED = {"/api/accounts/logout", "/api/me/password"}
"""Operations that would end the fuzzing member's session."""


def test_no_request_gets_a_server_error(api_schema: schemathesis.BaseSchema) -> None:
    for result in api_schema.get_all_operations():
        operation = result.ok()
        if operation.path in EXCLUDED:
            continue

        @given(case=operation.as_strategy())
        @settings(
            max_examples=15,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            derandomize=True,
            database=None,
        )
        def call(case: schemathesis.Case) -> None:
            case.call_and_validate(headers=AUTH, checks=[not_a_server_error])

        call()
