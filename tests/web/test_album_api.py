"""The album API: one's own album, claiming upgrades, card backs; others see only the profile."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from stammtisch.services.album.months import album_month
from stammtisch.services.platform import Platform
from stammtisch.services.seasons import Season
from tests.platform.finished import finish_game
from tests.web.conftest import ApiMember, sign_up
from tests.web.test_websocket import receive_until

MARCH = Season(2026, 3)
FIRST = next(i for i, card in enumerate(album_month(MARCH).cards) if card.task == "any_games") + 1


def play(platform: Platform, a: ApiMember, b: ApiMember) -> None:
    finish_game(platform, "klubnacht", [a.id, b.id], [[0], [1]])


def test_the_album_shows_nine_cards_with_progress_to_its_owner(
    client: TestClient, platform: Platform
) -> None:
    anna, ben = sign_up(client, "anna"), sign_up(client, "ben")
    play(platform, anna, ben)
    album = anna.get("/api/album").json()
    assert (album["month"], album["open"], len(album["cards"])) == ("2026-03", True, 9)
    assert album["waiting"] == sum(card["waiting"] for card in album["cards"]) >= 1
    first = album["cards"][FIRST - 1]
    assert (first["card"], first["progress"], first["reached"], first["tier"]) == (
        FIRST,
        1,
        "colour",
        None,
    )
    assert anna.get("/api/album/waiting").json() == {"waiting": album["waiting"]}


def test_album_texts_come_in_the_members_language(client: TestClient, platform: Platform) -> None:
    anna = sign_up(client, "anna", language="de")
    card = anna.get("/api/album").json()["cards"][FIRST - 1]
    assert card["task"]["name"] == "Eine Partie gegen Mitglieder spielen"
    card = anna.get("/api/album?lang=pt").json()["cards"][FIRST - 1]
    assert card["task"]["name"] == "Jogar uma partida contra membros"


def test_claiming_an_upgrade_through_the_api(client: TestClient, platform: Platform) -> None:
    anna, ben = sign_up(client, "anna"), sign_up(client, "ben")
    play(platform, anna, ben)
    waiting = anna.get("/api/album/waiting").json()["waiting"]
    response = anna.post(f"/api/album/2026-03/cards/{FIRST}/claim")
    assert response.status_code == 200, response.text
    assert (response.json()["tier"], response.json()["waiting"]) == ("colour", 0)
    again = anna.post(f"/api/album/2026-03/cards/{FIRST}/claim")
    assert (again.status_code, again.json()["error"]) == (409, "album.nothing_to_claim")
    assert anna.get("/api/album/waiting").json() == {"waiting": waiting - 1}


def test_claiming_needs_the_csrf_token_and_a_session(
    client: TestClient, platform: Platform
) -> None:
    anna, ben = sign_up(client, "anna"), sign_up(client, "ben")
    play(platform, anna, ben)
    waiting = anna.get("/api/album/waiting").json()
    no_csrf = client.post(
        f"/api/album/2026-03/cards/{FIRST}/claim",
        headers={"Cookie": f"stammtisch_session={anna.token}"},
    )
    assert (no_csrf.status_code, no_csrf.json()["error"]) == (403, "accounts.csrf")
    anonymous = client.post(f"/api/album/2026-03/cards/{FIRST}/claim")
    assert anonymous.status_code == 401
    assert anna.get("/api/album/waiting").json() == waiting


def test_wearing_a_card_back(client: TestClient, platform: Platform) -> None:
    anna, ben = sign_up(client, "anna"), sign_up(client, "ben")
    play(platform, anna, ben)
    refused = anna.client.put(
        "/api/album/card-back", json={"month": "2026-03", "card": FIRST}, headers=anna.headers()
    )
    assert (refused.status_code, refused.json()["error"]) == (409, "album.not_upgraded")
    anna.post(f"/api/album/2026-03/cards/{FIRST}/claim")
    worn = anna.client.put(
        "/api/album/card-back", json={"month": "2026-03", "card": FIRST}, headers=anna.headers()
    )
    assert worn.status_code == 200, worn.text
    backs = anna.get("/api/album/card-backs").json()
    assert backs["worn"]["tier"] == "colour"
    assert [(c["month"], c["card"]) for c in backs["choices"]] == [("2026-03", FIRST)]
    assert client.get("/api/members/anna/progress").json()["card_back"]["card"] == FIRST
    assert anna.delete("/api/album/card-back").status_code == 204
    assert anna.get("/api/album/card-backs").json()["worn"] is None


def test_others_see_claimed_tiers_but_never_progress(
    client: TestClient, platform: Platform
) -> None:
    anna, ben = sign_up(client, "anna"), sign_up(client, "ben")
    play(platform, anna, ben)
    anna.post(f"/api/album/2026-03/cards/{FIRST}/claim")
    profile = ben.get("/api/members/anna/progress").json()
    album = profile["album"]
    assert album["waiting"] is None
    assert all(
        c["progress"] is None and c["waiting"] is None and c["reached"] is None
        for c in album["cards"]
    )
    assert album["cards"][FIRST - 1]["tier"] == "colour"
    assert profile["collected"]["colour"] == 1


def test_bad_album_requests_are_clear_4xx_errors(client: TestClient, platform: Platform) -> None:
    anna = sign_up(client, "anna")
    for path, status, code in [
        ("/api/album?month=2026-04", 404, "album.no_such_month"),
        ("/api/album?month=soon", 400, "album.bad_month"),
    ]:
        response = anna.get(path)
        assert (response.status_code, response.json()["error"]) == (status, code), path
    for path, status, code in [
        ("/api/album/2026-03/cards/10/claim", 422, "request.invalid"),
        ("/api/album/2026-03/cards/x/claim", 422, "request.invalid"),
        ("/api/album/2026-02/cards/1/claim", 409, "album.closed"),
    ]:
        response = anna.post(path)
        assert (response.status_code, response.json()["error"]) == (status, code), path
    bad_back = anna.client.put(
        "/api/album/card-back", json={"month": "2026-03", "card": 0}, headers=anna.headers()
    )
    assert bad_back.status_code == 422


def test_album_months_list_the_open_one_first(client: TestClient) -> None:
    anna = sign_up(client, "anna")
    assert anna.get("/api/album/months").json()["months"][:3] == ["2026-03", "2026-02", "2026-01"]


def test_the_hub_counts_waiting_upgrades_and_the_websocket_pushes_each_change(
    client: TestClient, platform: Platform
) -> None:
    anna, ben = sign_up(client, "anna"), sign_up(client, "ben")
    assert anna.get("/api/hub").json()["album"] == {"waiting": 0}
    with client.websocket_connect("/api/ws", headers={"Cookie": anna.headers()["Cookie"]}) as ws:
        assert ws.receive_json()["album_waiting"] == 0
        play(platform, anna, ben)
        waiting = receive_until(ws, "album")["waiting"]
        assert waiting >= 1
        assert anna.get("/api/hub").json()["album"] == {"waiting": waiting}
        assert anna.post(f"/api/album/2026-03/cards/{FIRST}/claim").status_code == 200
        assert receive_until(ws, "album") == {"type": "album", "waiting": waiting - 1}
        assert anna.get("/api/hub").json()["album"] == {"waiting": waiting - 1}


def seats_by_name(game: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {seat["nickname"] or f"bot{seat['seat']}": seat for seat in game["seats"]}


def test_every_seat_shows_the_card_back_its_member_wears_robots_the_plain_one(
    client: TestClient, platform: Platform
) -> None:
    anna, ben = sign_up(client, "anna"), sign_up(client, "ben")
    play(platform, anna, ben)
    anna.post(f"/api/album/2026-03/cards/{FIRST}/claim")
    anna.client.put(
        "/api/album/card-back", json={"month": "2026-03", "card": FIRST}, headers=anna.headers()
    )
    worn = {
        "month": "2026-03",
        "card": FIRST,
        "motif": album_month(MARCH).cards[FIRST - 1].motif,
        "tier": "colour",
    }
    challenge = anna.post("/api/challenges", {"nickname": "ben", "game": "klubnacht"}).json()
    duel = ben.post(f"/api/challenges/{challenge['id']}/accept").json()["game_id"]
    table = anna.post(
        "/api/lobby", {"game": "challengers", "options": {"players": 3}, "bots": 1}
    ).json()
    tournament = ben.post(f"/api/lobby/{table['id']}/join").json()["game_id"]
    for game_id, seats in ((duel, 2), (tournament, 3)):
        for viewer in (anna.get, ben.get, client.get):
            game = viewer(f"/api/games/{game_id}").json()
            shown = seats_by_name(game)
            assert len(shown) == seats
            assert shown["anna"]["card_back"] == worn
            assert shown["ben"]["card_back"] is None
    robot = [s for s in client.get(f"/api/games/{tournament}").json()["seats"] if s["bot"]]
    assert [s["card_back"] for s in robot] == [None]
    with client.websocket_connect("/api/ws") as ws:
        ws.receive_json()
        ws.send_json({"type": "watch", "game_id": duel})
        assert seats_by_name(receive_until(ws, "game"))["anna"]["card_back"] == worn
    anna.delete("/api/album/card-back")
    assert seats_by_name(ben.get(f"/api/games/{duel}").json())["anna"]["card_back"] is None
