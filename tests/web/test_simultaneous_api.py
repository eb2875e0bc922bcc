"""Challengers! through the API as a new member plays it: bots and other members draft between
a member's read and submission, and no submission is refused as stale for their moves."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.web.conftest import ApiMember, sign_up


def submit(member: ApiMember, game_id: int, seq: int, action: str) -> dict[str, Any]:
    """Post an action for the step `seq`; the answer (a refusal fails the test)."""
    answer = member.post(f"/api/games/{game_id}/actions", {"seq": seq, "action": action})
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    assert body["repeated"] is False
    return body


def test_a_practice_tournament_is_played_on_answers_the_bots_have_overtaken(
    client: TestClient,
) -> None:
    anna = sign_up(client, "anna")
    created = anna.post("/api/practice", {"game": "challengers", "options": {"players": 4}})
    assert created.status_code == 201, created.text
    game_id, read = created.json()["game_id"], created.json()
    assert read["seq"] == 0
    drafted = anna.get(f"/api/games/{game_id}").json()["seq"]
    assert drafted > 0
    first = submit(anna, game_id, 0, read["legal"][0])
    assert first["seq"] == drafted + 1
    read, moves, overtaken = first, 1, 1
    while read.get("status", "active") == "active" and moves < 400:
        if not read["legal"]:
            read = anna.get(f"/api/games/{game_id}").json()
            continue
        answer = submit(anna, game_id, read["seq"], read["legal"][-1])
        moves += 1
        overtaken += answer["seq"] > read["seq"] + 1
        read = answer
    assert anna.get(f"/api/games/{game_id}").json()["status"] == "finished"
    assert moves > 20
    assert overtaken >= 1


def test_two_members_and_bots_draft_from_reads_taken_before_the_others_moved(
    client: TestClient,
) -> None:
    anna, bert = sign_up(client, "anna"), sign_up(client, "bert")
    table = anna.post("/api/lobby", {"game": "challengers", "options": {"players": 4}, "bots": 2})
    assert table.status_code == 201, table.text
    game_id = bert.post(f"/api/lobby/{table.json()['id']}/join").json()["game_id"]
    moves = late = 0
    for _ in range(400):
        reads = [member.get(f"/api/games/{game_id}").json() for member in (anna, bert)]
        if reads[0]["status"] != "active":
            break
        for member, read in zip((anna, bert), reads, strict=True):
            if read["legal"]:
                answer = submit(member, game_id, read["seq"], read["legal"][-1])
                moves += 1
                late += answer["seq"] > read["seq"] + 1
    assert anna.get(f"/api/games/{game_id}").json()["status"] == "finished"
    assert moves > 40
    assert late > 10
