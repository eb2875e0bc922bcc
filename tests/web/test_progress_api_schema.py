"""Generated requests on the progress routes (schemathesis): never a 5xx, one error shape."""

from __future__ import annotations

import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings

from tests.web.conftest import ApiMember

PROGRESS_ROUTES = r"^/api/(album|leaderboards|members/\{nickname\}/progress)"


def test_progress_routes_answer_every_request_without_a_server_error(
    client: TestClient, member: ApiMember
) -> None:
    api = schemathesis.openapi.from_asgi("/openapi.json", client.app).include(
        path_regex=PROGRESS_ROUTES
    )
    operations = [result.ok() for result in api.get_all_operations()]
    assert len(operations) == 10

    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
        def answers(case: schemathesis.Case) -> None:
            case.headers = {**(case.headers or {}), **member.headers()}
            response = case.call()
            assert response.status_code < 500, (case.method, case.formatted_path, response.text)
            if response.status_code >= 400:
                assert set(response.json()) == {"error", "message"}

        answers()
