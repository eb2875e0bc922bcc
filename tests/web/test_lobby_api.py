"""Lobby tables with bots per seat, started by their creator, and practice with bots, by the API."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.web.conftest import sign_up


def test_a_table_names_its_bots_and_its_creator_starts_it(client: TestClient) -> None:
    anna, bert = sign_up(client, "anna"), sign_up(client, "bert")
    body = {
        "game": "challengers",
        "options": {"players": 4, "sets": "random"},
        "clock": {"mode": "realtime", "seconds": 60},
        "bots": ["random"],
    }
    table = anna.post("/api/lobby", body)
    assert table.status_code == 201, table.text
    seek = table.json()
    assert (seek["seats"], seek["bot_names"], seek["creator"]) == (4, ["random"], "anna")
    start = f"/api/lobby/{seek['id']}/start"
    alone = anna.post(start, {"fill_with_bots": True})
    assert (alone.status_code, alone.json()["error"]) == (409, "lobby.too_few_members")
    assert bert.post(f"/api/lobby/{seek['id']}/join").json()["status"] == "open"
    guest = bert.post(start, {"fill_with_bots": True})
    assert (guest.status_code, guest.json()["error"]) == (403, "lobby.not_creator")
    empty = anna.post(start, {})
    assert (empty.status_code, empty.json()["error"]) == (409, "lobby.not_full")
    started = anna.post(start, {"fill_with_bots": True})
    assert started.status_code == 200, started.text
    game_id = started.json()["game_id"]
    seats = bert.get(f"/api/games/{game_id}").json()["seats"]
    assert [s["nickname"] or s["bot"] for s in seats] == ["anna", "bert", "medium", "random"]
    assert [g["game_id"] for g in bert.get("/api/hub").json()["games"]] == [game_id]


def test_bad_bot_lists_are_refused_in_words(client: TestClient) -> None:
    anna = sign_up(client, "anna")
    unknown = anna.post(
        "/api/lobby", {"game": "challengers", "options": {"players": 3}, "bots": ["nobody"]}
    )
    assert (unknown.status_code, unknown.json()["error"]) == (400, "game.unknown_bot")
    assert unknown.json()["message"]
    flag = anna.post("/api/lobby", {"game": "challengers", "options": {"players": 3}, "bots": True})
    assert flag.status_code == 422
    practice = anna.post(
        "/api/practice", {"game": "challengers", "options": {"players": 3}, "bots": ["greedy"]}
    )
    assert (practice.status_code, practice.json()["error"]) == (400, "game.bots")


def test_practice_takes_bots_per_seat_options_and_clock(client: TestClient) -> None:
    anna = sign_up(client, "anna")
    body = {
        "game": "challengers",
        "options": {"players": 3, "sets": "first-game", "difficulty": 1, "winter_park": True},
        "bots": ["random", "greedy"],
        "clock": {"mode": "turn"},
    }
    created = anna.post("/api/practice", body)
    assert created.status_code == 201, created.text
    view = created.json()
    assert [s["nickname"] or s["bot"] for s in view["seats"]] == ["anna", "random", "greedy"]
    assert view["options"]["winter_park"] is True
    assert view["practice"] is True


def test_the_new_bodies_are_described_in_openapi(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    start = schema["paths"]["/api/lobby/{seek_id}/start"]["post"]
    assert start["requestBody"]["content"]["application/json"]["schema"]["$ref"].endswith(
        "/StartIn"
    )
    models = schema["components"]["schemas"]
    assert "fill_with_bots" in models["StartIn"]["properties"]
    assert {"bots", "clock"} <= set(models["PracticeIn"]["properties"])
    assert "anyOf" in models["SeekIn"]["properties"]["bots"]
