"""Through the API: a practice night sends no turn notices or e-mails; a members' game does."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import func, select

from stammtisch.services.platform import Platform
from stammtisch.store.notifications import NotificationRow
from tests.platform.nights import simple_choice
from tests.web.conftest import ApiMember, sign_up


def opted_in(client: TestClient, nickname: str) -> ApiMember:
    return sign_up(client, nickname, email=f"{nickname}@example.org", email_notifications=True)


def play_to_the_end(players: list[ApiMember], game_id: int) -> dict[str, Any]:
    """Every player acts whenever it is their turn (robots answer after each response)."""
    for _ in range(1000):
        for player in players:
            table = player.get(f"/api/games/{game_id}").json()
            if table["status"] != "active":
                return dict(table)
            if table["legal"]:
                body = {"seq": table["seq"], "action": simple_choice(table["legal"])}
                answer = player.post(f"/api/games/{game_id}/actions", body)
                assert answer.status_code == 200, answer.text
    raise AssertionError("the night did not end")


def emails_waiting(platform: Platform) -> int:
    with platform.ctx.read() as session:
        query = select(func.count()).where(NotificationRow.email_status != "none")
        return int(session.scalar(query) or 0)


def test_a_practice_night_through_the_api_sends_no_notice_and_no_email(
    client: TestClient, platform: Platform
) -> None:
    anna = opted_in(client, "anna")
    created = anna.post("/api/practice", {"game": "klubnacht", "options": {"chips": True}})
    assert created.status_code == 201
    table = play_to_the_end([anna], created.json()["game_id"])
    assert table["status"] == "finished"
    feed = anna.get("/api/notifications").json()
    assert (feed["unread"], feed["items"]) == (0, [])
    assert emails_waiting(platform) == 0


def test_a_night_between_members_through_the_api_notifies_and_emails(
    client: TestClient, platform: Platform
) -> None:
    anna, bert = opted_in(client, "anna"), opted_in(client, "bert")
    challenge = anna.post("/api/challenges", {"nickname": "bert", "game": "klubnacht"})
    game_id = bert.post(f"/api/challenges/{challenge.json()['id']}/accept").json()["game_id"]
    play_to_the_end([anna, bert], game_id)
    for member in (anna, bert):
        kinds = [item["kind"] for item in member.get("/api/notifications").json()["items"]]
        assert "your_turn" in kinds
    assert emails_waiting(platform) > 2
