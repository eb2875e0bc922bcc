"""Games through the API: challenge to game, actions with sequence numbers, privacy, errors."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.web.conftest import ApiMember, sign_up


def start_duel(
    client: TestClient, game: str = "toy", options: dict | None = None
) -> tuple[ApiMember, ApiMember, int]:
    anna, bert = sign_up(client, "anna"), sign_up(client, "bert")
    challenge = anna.post(
        "/api/challenges", {"nickname": "bert", "game": game, "options": options or {}}
    )
    assert challenge.status_code == 201, challenge.text
    accepted = bert.post(f"/api/challenges/{challenge.json()['id']}/accept")
    assert accepted.status_code == 200, accepted.text
    return anna, bert, accepted.json()["game_id"]


def test_a_challenge_becomes_a_game_both_see_in_their_hub(client: TestClient) -> None:
    anna, bert, game_id = start_duel(client)
    tiles = anna.get("/api/hub").json()["games"]
    assert [t["game_id"] for t in tiles] == [game_id]
    assert tiles[0]["my_turn"] is True
    assert tiles[0]["players"] == ["anna", "bert"]
    assert tiles[0]["deadline"] == tiles[0]["my_deadline"] is not None
    waiting = bert.get("/api/hub").json()["games"][0]
    assert waiting["my_turn"] is False
    assert (waiting["deadline"], waiting["my_deadline"]) == (tiles[0]["deadline"], None)


def test_actions_carry_the_sequence_number_and_stale_ones_get_409(client: TestClient) -> None:
    anna, _, game_id = start_duel(client)
    view = anna.get(f"/api/games/{game_id}").json()
    assert view["seat"] == 0
    assert view["legal"] == ["add:1", "add:2", "add:3", "end"]
    first = anna.post(f"/api/games/{game_id}/actions", {"seq": 0, "action": "add:2"})
    assert first.status_code == 200
    assert first.json()["seq"] == 1
    again = anna.post(f"/api/games/{game_id}/actions", {"seq": 0, "action": "add:2"})
    assert again.status_code == 200
    assert again.json()["repeated"] is True
    stale = anna.post(f"/api/games/{game_id}/actions", {"seq": 0, "action": "add:3"})
    assert stale.status_code == 409
    assert stale.json()["error"] == "game.stale"


def test_a_repeated_submission_answers_the_current_view_and_legal_actions(
    client: TestClient,
) -> None:
    anna, bert, game_id = start_duel(client)
    first = anna.post(f"/api/games/{game_id}/actions", {"seq": 0, "action": "add:2"}).json()
    again = anna.post(f"/api/games/{game_id}/actions", {"seq": 0, "action": "add:2"}).json()
    current = anna.get(f"/api/games/{game_id}").json()
    assert again["repeated"] is True
    assert again["events"] == first["events"]
    assert again["legal"] == ["add:1", "add:2", "add:3", "end"]
    for key in ("seq", "to_act", "view", "legal"):
        assert again[key] == current[key], key
    anna.post(f"/api/games/{game_id}/actions", {"seq": 1, "action": "end"})
    bert.post(f"/api/games/{game_id}/actions", {"seq": 2, "action": "add:1"})
    late = anna.post(f"/api/games/{game_id}/actions", {"seq": 1, "action": "end"}).json()
    assert late["repeated"] is True
    assert (late["seq"], late["to_act"], late["legal"]) == (3, [1], [])
    assert late["view"] == anna.get(f"/api/games/{game_id}").json()["view"]


def test_illegal_and_malformed_actions_are_clear_400s(client: TestClient) -> None:
    anna, bert, game_id = start_duel(client)
    bad = anna.post(f"/api/games/{game_id}/actions", {"seq": 0, "action": "fly"})
    assert bad.status_code == 400
    assert bad.json()["error"] == "game.malformed"
    turn = bert.post(f"/api/games/{game_id}/actions", {"seq": 0, "action": "add:1"})
    assert turn.status_code == 409
    assert turn.json()["error"] == "game.not_your_turn"
    assert anna.get(f"/api/games/{game_id}").json()["seq"] == 0


def test_nobody_can_act_for_another_member(client: TestClient) -> None:
    _, _, game_id = start_duel(client)
    carla = sign_up(client, "carla")
    refused = carla.post(f"/api/games/{game_id}/actions", {"seq": 0, "action": "add:1"})
    assert refused.status_code == 403
    assert refused.json()["error"] == "game.not_seated"


def test_spectators_get_the_spectator_view_without_hidden_facts(client: TestClient) -> None:
    anna, _, game_id = start_duel(client)
    anna.post(f"/api/games/{game_id}/actions", {"seq": 0, "action": "add:1"})
    spectator = client.get(f"/api/games/{game_id}").json()
    assert spectator["seat"] is None
    assert spectator["view"]["my_secret"] is None
    assert spectator["legal"] == []
    log = client.get(f"/api/games/{game_id}/log").json()
    assert [e["kind"] for e in log[0]["events"]] == ["added"]
    mine = anna.get(f"/api/games/{game_id}/log").json()
    assert [e["kind"] for e in mine[0]["events"]] == ["added", "secret_reminder"]


def test_unknown_game_is_404_in_the_error_shape(client: TestClient) -> None:
    response = client.get("/api/games/999999")
    assert response.status_code == 404
    assert response.json()["error"] == "game.unknown_game"
    assert client.get("/api/games/0").status_code == 422


def test_resign_and_rematch(client: TestClient) -> None:
    anna, bert, game_id = start_duel(client)
    assert bert.post(f"/api/games/{game_id}/resign").status_code == 204
    view = anna.get(f"/api/games/{game_id}").json()
    assert view["status"] == "finished"
    assert view["ended_by"] == "resign"
    rematch = bert.post(f"/api/games/{game_id}/rematch", {"options": {"target": 20}})
    assert rematch.status_code == 201
    received = anna.get("/api/challenges").json()["received"]
    assert received[0]["rematch_of"] == game_id
    assert received[0]["options"] == {"seats": 2, "target": 20}


def test_practice_against_the_robot_through_the_api(client: TestClient) -> None:
    anna = sign_up(client, "anna")
    created = anna.post("/api/practice", {"game": "toy", "options": {"target": 4}})
    assert created.status_code == 201
    game_id = created.json()["game_id"]
    anna.post(f"/api/games/{game_id}/actions", {"seq": 0, "action": "add:1"})
    anna.post(f"/api/games/{game_id}/actions", {"seq": 1, "action": "end"})
    view = anna.get(f"/api/games/{game_id}").json()
    assert view["seq"] == 4
    assert view["to_act"] == [0]


def test_a_klubnacht_game_with_chips_is_played_through_the_api(client: TestClient) -> None:
    anna, bert, game_id = start_duel(client, "klubnacht", {"chips": True})
    view = anna.get(f"/api/games/{game_id}").json()
    assert view["options"] == {"chips": True}
    starter = view["to_act"][0]
    player = anna if starter == 0 else bert
    other = bert if player is anna else anna
    legal = player.get(f"/api/games/{game_id}").json()["legal"]
    taken = player.post(f"/api/games/{game_id}/actions", {"seq": 0, "action": legal[0]})
    assert taken.status_code == 200, taken.text
    seen_by_other = other.get(f"/api/games/{game_id}").json()
    assert seen_by_other["view"]["seats"][starter]["hand"] is None
    assert seen_by_other["view"]["seats"][starter]["hand_size"] == 1
    assert seen_by_other["legal"] == []
    assert player.get(f"/api/games/{game_id}").json()["view"]["seats"][starter]["hand"]


def test_notifications_feed_and_mark_read(client: TestClient) -> None:
    _, bert, _ = start_duel(client)
    feed = bert.get("/api/notifications").json()
    assert feed["unread"] == 1
    assert feed["items"][0]["kind"] == "challenge_received"
    assert "anna" in feed["items"][0]["text"]
    assert bert.post("/api/notifications/read", {}).json() == {"unread": 0}


def test_lobby_table_fills_and_starts(client: TestClient) -> None:
    anna, bert = sign_up(client, "anna"), sign_up(client, "bert")
    table = anna.post("/api/lobby", {"game": "toy", "options": {"seats": 3}, "bots": 1})
    assert table.status_code == 201, table.text
    assert bert.get("/api/lobby").json()[0]["members"] == ["anna"]
    joined = bert.post(f"/api/lobby/{table.json()['id']}/join").json()
    assert joined["status"] == "started"
    seats = anna.get(f"/api/games/{joined['game_id']}").json()["seats"]
    assert [s["nickname"] or s["bot"] for s in seats] == ["anna", "bert", "steady"]
