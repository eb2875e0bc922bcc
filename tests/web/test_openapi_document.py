"""The OpenAPI document is complete: every refusal in the one error shape, the session and CSRF
schemes on the operations that need them, the limits the server enforces; 405 names `Allow`."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

WRITES = ("post", "put", "patch", "delete")
ANONYMOUS_WRITES = {
    "/api/accounts/signup",
    "/api/accounts/login",
    "/api/accounts/password-reset",
    "/api/accounts/password-reset/confirm",
}


@pytest.fixture
def document(client: TestClient) -> dict[str, Any]:
    """The app's OpenAPI document."""
    answer = client.get("/openapi.json")
    assert answer.status_code == 200
    body: dict[str, Any] = answer.json()
    return body


def operations(document: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    """Every (method, path, operation) of the API."""
    return [
        (method, path, operation)
        for path, item in document["paths"].items()
        if path.startswith("/api/")
        for method, operation in item.items()
    ]


def test_every_refusal_is_documented_in_the_one_error_shape(document: dict[str, Any]) -> None:
    assert set(document["components"]["schemas"]["Error"]["required"]) == {"error", "message"}
    assert "HTTPValidationError" not in document["components"]["schemas"]
    for method, path, operation in operations(document):
        for status, answer in operation["responses"].items():
            if status.startswith("4"):
                schema = answer["content"]["application/json"]["schema"]
                assert schema == {"$ref": "#/components/schemas/Error"}, (method, path, status)


def test_writes_name_the_session_and_the_csrf_header(document: dict[str, Any]) -> None:
    schemes = document["components"]["securitySchemes"]
    assert schemes["csrf"] == {**schemes["csrf"], "in": "header", "name": "X-CSRF-Token"}
    assert schemes["session"] == {**schemes["session"], "in": "cookie"}
    for method, path, operation in operations(document):
        if method in WRITES and path not in ANONYMOUS_WRITES:
            assert operation["security"] == [{"session": [], "csrf": []}], (method, path)
            assert {"401", "403", "429"} <= set(operation["responses"]), (method, path)
        elif path in ANONYMOUS_WRITES:
            assert "403" in operation["responses"], path


def test_the_schema_says_the_limits_the_server_checks(document: dict[str, Any]) -> None:
    schemas = document["components"]["schemas"]
    nickname = schemas["SignUpIn"]["properties"]["nickname"]
    assert (nickname["minLength"], nickname["maxLength"]) == (3, 20)
    assert nickname["pattern"] == r"^[\w-]{3,20}$"
    assert schemas["SignUpIn"]["properties"]["password"]["minLength"] == 8
    assert set(schemas["PracticeIn"]["properties"]["game"]["enum"]) >= {"challengers", "klubnacht"}
    assert schemas["ClockIn"]["properties"]["mode"]["enum"] == ["turn", "realtime"]
    assert schemas["BackChoice"]["properties"]["month"]["pattern"].startswith("^[0-9]{4}-")
    board = document["paths"]["/api/leaderboards/{game}"]["get"]["parameters"]
    season = next(p for p in board if p["name"] == "season")
    assert "all" in season["schema"]["pattern"]
    assert "413" in document["paths"]["/api/lobby"]["post"]["responses"]


@pytest.mark.parametrize(
    ("method", "path", "allowed"),
    [
        ("put", "/api/lobby", "GET, POST"),
        ("delete", "/api/me", "GET, PATCH"),
        ("get", "/api/games/1/actions", "POST"),
        ("patch", "/api/album/card-back", "DELETE, PUT"),
    ],
)
def test_a_method_the_path_does_not_take_is_answered_405_with_allow(
    client: TestClient, method: str, path: str, allowed: str
) -> None:
    answer = client.request(method.upper(), path)
    assert (answer.status_code, answer.json()["error"]) == (405, "request.method_not_allowed")
    assert answer.headers["Allow"] == allowed
