"""Schemathesis against the OpenAPI document, signed in: no request valid by the schema gets a
5xx, an answer outside the document (status, body schema), or a refusal the schema could have
said (400/422 for a reason the document does not leave to the state of the game or account)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from stammtisch.bus import LocalBus
from stammtisch.services.platform import build_platform
from stammtisch.services.timesource import ManualClock
from stammtisch.web.app import create_app
from stammtisch.web.deps import CSRF_HEADER, SESSION_COOKIE
from tests.conftest import make_settings

AUTH: dict[str, str] = {}

STATE_REFUSALS = {
    "accounts.email_missing",
    "accounts.reset_token_invalid",
    "challenges.rematch_unavailable",
    "challenges.self",
    "challenges.two_seats",
    "lobby.bots",
    "lobby.no_bot",
}
"""Refusals (400) of well-formed requests that depend on the account (an e-mail address on
file, who is asking), a reset token's or a game's state, or the chosen game's own options and
bots (a direct challenge needs a two-seat variant), which the schema cannot say; and every
`game.*` refusal: the game's rules judge its options, clocks, bots and each action against the
game's state."""


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


def refused_by_schema_reason(response: Any) -> str | None:
    """The error code of a 400/422 answer the schema should have prevented, else None."""
    if response.status_code not in (400, 422):
        return None
    code = str(response.json().get("error"))
    return None if code in STATE_REFUSALS or code.startswith("game.") else code


def test_requests_valid_by_the_schema_get_documented_answers(
    api_schema: schemathesis.BaseSchema,
) -> None:
    problems: list[str] = []
    for result in api_schema.get_all_operations():
        operation = result.ok()
        if operation.path in EXCLUDED:
            continue

        @given(case=operation.as_strategy())
        @settings(
            max_examples=12,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            derandomize=True,
            database=None,
        )
        def call(case: schemathesis.Case) -> None:
            response = case.call_and_validate(
                headers=AUTH,
                checks=[
                    not_a_server_error,
                    status_code_conformance,
                    content_type_conformance,
                    response_schema_conformance,
                ],
            )
            reason = refused_by_schema_reason(response)
            if reason is not None:
                problems.append(f"{case.operation.label}: {reason} for {case.body or case.query}")

        try:
            call()
        except Exception as failure:  # every operation is tried; all failures are reported
            problems.append(f"{operation.label}: {failure}")
    assert problems == [], "\n".join(problems)


def test_following_the_documents_links_gets_documented_answers(
    api_schema: schemathesis.BaseSchema,
) -> None:
    problems: list[str] = []
    checks = [not_a_server_error, status_code_conformance, response_schema_conformance]

    class Machine(api_schema.as_state_machine()):  # type: ignore[misc]
        """Chains of requests along the links: a challenge then its answer, a table then
        joining, starting or leaving it, a practice game then its view, moves and log."""

        def get_call_kwargs(self, case: schemathesis.Case) -> dict[str, Any]:
            return {"headers": AUTH}

        def validate_response(self, response: Any, case: schemathesis.Case, **kwargs: Any) -> None:
            case.validate_response(response, checks=checks, headers=AUTH)
            positive = case.meta is None or case.meta.generation.mode.is_positive
            reason = refused_by_schema_reason(response) if positive else None
            if reason is not None:
                problems.append(f"{case.operation.label}: {reason} {case.path_parameters}")

    Machine.run(
        settings=settings(
            max_examples=15,
            stateful_step_count=4,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            derandomize=True,
            database=None,
        )
    )
    assert problems == [], "\n".join(problems)
