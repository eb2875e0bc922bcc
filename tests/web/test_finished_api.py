"""Finished games through the API: a member's history, replays, results and game texts."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.web.conftest import ApiMember, sign_up
from tests.web.test_practice_notices_api import play_to_the_end


def toy_win(winner: ApiMember, loser: ApiMember) -> int:
    """A toy game to 3 that the challenger wins with one action."""
    challenge = winner.post(
        "/api/challenges", {"nickname": loser.nickname, "game": "toy", "options": {"target": 3}}
    )
    game_id = int(loser.post(f"/api/challenges/{challenge.json()['id']}/accept").json()["game_id"])
    assert winner.post(f"/api/games/{game_id}/actions", {"seq": 0, "action": "add:3"}).is_success
    return game_id


def test_a_members_history_is_public_but_their_practice_only_theirs(client: TestClient) -> None:
    anna, bert = sign_up(client, "anna"), sign_up(client, "bert")
    first, second = toy_win(anna, bert), toy_win(bert, anna)
    practice = anna.post("/api/practice", {"game": "toy", "options": {"target": 3}}).json()
    anna.post(f"/api/games/{practice['game_id']}/actions", {"seq": 0, "action": "add:3"})
    public = client.get("/api/members/anna/games").json()
    assert public["nickname"] == "anna"
    assert [g["game_id"] for g in public["games"]] == [second, first]
    latest = public["games"][0]
    assert (latest["seat"], latest["won"], latest["ended_by"], latest["practice"]) == (
        1,
        False,
        "normal",
        False,
    )
    assert [(p["nickname"], p["place"], p["won"]) for p in latest["players"]] == [
        ("bert", 1, True),
        ("anna", 2, False),
    ]
    own = anna.get("/api/members/ANNA/games").json()["games"]
    assert [g["game_id"] for g in own] == [practice["game_id"], second, first]
    page = client.get("/api/members/anna/games", params={"limit": 1}).json()
    assert ([g["game_id"] for g in page["games"]], page["next"]) == ([second], second)
    rest = client.get("/api/members/anna/games", params={"before": page["next"]}).json()
    assert ([g["game_id"] for g in rest["games"]], rest["next"]) == ([first], None)


def test_history_refusals_are_in_the_error_shape(client: TestClient) -> None:
    sign_up(client, "anna")
    unknown = client.get("/api/members/nobody/games")
    assert (unknown.status_code, unknown.json()["error"]) == (404, "accounts.member_unknown")
    before = client.get("/api/members/anna/games", params={"before": 99})
    assert (before.status_code, before.json()["error"]) == (400, "history.unknown_before")


def test_a_replay_opens_once_the_game_is_over(client: TestClient) -> None:
    anna, bert = sign_up(client, "anna"), sign_up(client, "bert")
    challenge = anna.post("/api/challenges", {"nickname": "bert", "game": "toy"})
    game_id = bert.post(f"/api/challenges/{challenge.json()['id']}/accept").json()["game_id"]
    anna.post(f"/api/games/{game_id}/actions", {"seq": 0, "action": "add:2"})
    running = bert.get(f"/api/games/{game_id}/replay")
    assert (running.status_code, running.json()["error"]) == (409, "game.running")
    anna.post(f"/api/games/{game_id}/resign")
    mine = anna.get(f"/api/games/{game_id}/replay").json()
    watched = client.get(f"/api/games/{game_id}/replay").json()
    assert (mine["seat"], watched["seat"]) == (0, None)
    assert [s["action"] for s in mine["steps"]] == [None, "add:2", None]
    assert [s["kind"] for s in watched["steps"]] == [None, "play", "resign"]
    assert watched["steps"][1]["view"]["my_secret"] is None
    assert [e["kind"] for e in watched["steps"][1]["events"]] == ["added"]
    missing = client.get(f"/api/games/{game_id + 50}/replay")
    assert (missing.status_code, missing.json()["error"]) == (404, "game.unknown_game")


def test_a_klubnacht_replay_shows_each_seat_only_its_own_hand(client: TestClient) -> None:
    anna, bert = sign_up(client, "anna"), sign_up(client, "bert")
    challenge = anna.post(
        "/api/challenges", {"nickname": "bert", "game": "klubnacht", "options": {"chips": True}}
    )
    game_id = bert.post(f"/api/challenges/{challenge.json()['id']}/accept").json()["game_id"]
    play_to_the_end([anna, bert], game_id)
    for player, seat in ((anna, 0), (bert, 1)):
        replay = player.get(f"/api/games/{game_id}/replay").json()
        assert replay["seat"] == seat
        assert replay["steps"][-1]["view"] == player.get(f"/api/games/{game_id}").json()["view"]
        for step in replay["steps"]:
            hands = [side["hand"] for side in step["view"]["seats"]]
            assert hands[1 - seat] is None
            assert hands[seat] is not None


def test_a_result_is_for_the_players_of_a_finished_game_in_their_language(
    client: TestClient,
) -> None:
    anna, bert, carla = sign_up(client, "anna"), sign_up(client, "bert"), sign_up(client, "carla")
    game_id = toy_win(anna, bert)
    assert client.get(f"/api/games/{game_id}/result").status_code == 401
    stranger = carla.get(f"/api/games/{game_id}/result")
    assert (stranger.status_code, stranger.json()["error"]) == (403, "game.not_seated")
    result = anna.get(f"/api/games/{game_id}/result", params={"lang": "de"}).json()
    assert (result["won"], result["xp"], result["practice"]) == (True, 25, False)
    assert result["rating"]["season"]["change"] > 0
    assert result["rating"]["all_time"]["period"] == "all"
    first = result["album"]["cards"][0]
    assert (first["card"], first["gain"], first["progress"], first["new_tier"]) == (
        1,
        1,
        1,
        "colour",
    )
    assert first["task"]["name"] == "4 Partien gegen Mitglieder spielen"
    practice = anna.post("/api/practice", {"game": "toy", "options": {"target": 3}}).json()
    anna.post(f"/api/games/{practice['game_id']}/actions", {"seq": 0, "action": "add:3"})
    nothing = anna.get(f"/api/games/{practice['game_id']}/result").json()
    assert (nothing["practice"], nothing["xp"], nothing["rating"]) == (True, 0, None)
    assert nothing["album"]["cards"] == []


def test_game_texts_are_cacheable_json_in_the_readers_language(client: TestClient) -> None:
    chosen = client.get("/api/games/klubnacht/texts", params={"lang": "pt"})
    assert chosen.status_code == 200
    assert chosen.json()["name"] == "Noite dos clubes"
    assert chosen.headers["cache-control"] == "public, max-age=86400"
    etag = chosen.headers["etag"]
    again = client.get(
        "/api/games/klubnacht/texts", params={"lang": "pt"}, headers={"If-None-Match": etag}
    )
    assert (again.status_code, again.content) == (304, b"")
    french = sign_up(client, "anna", language="fr")
    guessed = french.get("/api/games/klubnacht/texts")
    assert guessed.json()["language"] == "fr"
    assert guessed.json()["tasks"]["e01"] == "Échauffement"
    assert guessed.headers["cache-control"] == "private, max-age=3600"
    assert guessed.headers["vary"] == "Accept-Language, Cookie"
    assert guessed.headers["etag"] != etag
    browser = client.get("/api/games/challengers/texts", headers={"Accept-Language": "de"})
    assert browser.json()["cards"]["reporter"]["name"] == "Reporterin"
    unknown = client.get("/api/games/chess/texts")
    assert (unknown.status_code, unknown.json()["error"]) == (404, "game.unknown")
