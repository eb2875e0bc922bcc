"""The leaderboard API: current and past seasons, all-time, 5 rated games to be listed."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from fastapi.testclient import TestClient

from stammtisch.services.platform import Platform
from stammtisch.services.timesource import ManualClock
from tests.platform.finished import add_members, finish_game
from tests.web.conftest import sign_up

NOV = datetime(2026, 11, 10, 12, 0, tzinfo=UTC)


@pytest.fixture
def november(clock: ManualClock) -> ManualClock:
    clock.advance(NOV - clock.now())
    return clock


def play_games(platform: Platform, winner: int, loser: int, count: int, at: datetime = NOV) -> None:
    for _ in range(count):
        finish_game(platform, "klubnacht", [winner, loser], [[0], [1]], at=at)


def test_the_leaderboard_lists_members_with_at_least_5_rated_games(
    client: TestClient, platform: Platform, november: ManualClock
) -> None:
    anna, ben, cleo = add_members(platform, "anna", "ben", "cleo")
    play_games(platform, anna, ben, 4)
    play_games(platform, cleo, anna, 1)
    body = client.get("/api/leaderboards/klubnacht").json()
    assert (body["season"], body["current"], body["min_games"]) == ("2026-11", True, 5)
    assert [(e["rank"], e["nickname"], e["games"]) for e in body["entries"]] == [(1, "anna", 5)]
    play_games(platform, ben, cleo, 1)
    names = [e["nickname"] for e in client.get("/api/leaderboards/klubnacht").json()["entries"]]
    assert names == ["anna", "ben"]


def test_the_leaderboard_is_sorted_by_rating(
    client: TestClient, platform: Platform, november: ManualClock
) -> None:
    anna, ben, cleo = add_members(platform, "anna", "ben", "cleo")
    play_games(platform, anna, ben, 5)
    play_games(platform, cleo, ben, 3)
    play_games(platform, anna, cleo, 2)
    entries = client.get("/api/leaderboards/klubnacht").json()["entries"]
    assert [e["nickname"] for e in entries] == ["anna", "cleo", "ben"]
    assert [e["rating"] for e in entries] == sorted((e["rating"] for e in entries), reverse=True)
    assert (
        client.get("/api/leaderboards/klubnacht?limit=1&offset=1").json()["entries"][0]["rank"] == 2
    )


def test_past_seasons_stay_viewable(
    client: TestClient, platform: Platform, clock: ManualClock
) -> None:
    anna, ben = add_members(platform, "anna", "ben")
    play_games(platform, anna, ben, 5, at=datetime(2026, 10, 5, tzinfo=UTC))
    clock.advance(NOV - clock.now())
    assert client.get("/api/leaderboards/klubnacht").json()["entries"] == []
    october = client.get("/api/leaderboards/klubnacht?season=2026-10").json()
    assert (october["current"], [e["nickname"] for e in october["entries"]]) == (
        False,
        ["anna", "ben"],
    )
    assert client.get("/api/leaderboards/klubnacht/seasons").json() == {
        "game": "klubnacht",
        "current": "2026-11",
        "seasons": ["2026-11", "2026-10"],
    }


def test_the_all_time_leaderboard_spans_seasons(
    client: TestClient, platform: Platform, clock: ManualClock
) -> None:
    anna, ben = add_members(platform, "anna", "ben")
    play_games(platform, anna, ben, 3, at=datetime(2026, 10, 5, tzinfo=UTC))
    play_games(platform, anna, ben, 2)
    clock.advance(NOV - clock.now())
    assert client.get("/api/leaderboards/klubnacht").json()["entries"] == []
    entries = client.get("/api/leaderboards/klubnacht?season=all").json()["entries"]
    assert [(e["nickname"], e["games"]) for e in entries] == [("anna", 5), ("ben", 5)]


def test_each_game_has_its_own_leaderboard(
    client: TestClient, platform: Platform, november: ManualClock
) -> None:
    anna, ben = add_members(platform, "anna", "ben")
    play_games(platform, anna, ben, 5)
    assert client.get("/api/leaderboards/challengers").json()["entries"] == []


@pytest.mark.parametrize(
    ("path", "status", "code"),
    [
        ("/api/leaderboards/chess", 404, "ratings.unknown_game"),
        ("/api/leaderboards/klubnacht?season=2026-13", 400, "ratings.bad_season"),
        ("/api/leaderboards/klubnacht?limit=0", 422, "request.invalid"),
        ("/api/leaderboards/klubnacht?offset=-1", 422, "request.invalid"),
    ],
)
def test_bad_leaderboard_requests_are_clear_4xx_errors(
    client: TestClient, path: str, status: int, code: str
) -> None:
    response = client.get(path)
    assert response.status_code == status
    assert response.json()["error"] == code


def test_a_profile_shows_xp_and_ratings_of_this_season_and_all_time(
    client: TestClient, platform: Platform, november: ManualClock
) -> None:
    anna = sign_up(client, "anna")
    (ben,) = add_members(platform, "ben")
    finish_game(
        platform, "klubnacht", [anna.id, ben], [[0], [1]], at=datetime(2026, 10, 5, tzinfo=UTC)
    )
    play_games(platform, anna.id, ben, 5)
    body = client.get("/api/members/ANNA/progress").json()
    assert body["xp"] == 6 * 25
    assert body["season"] == "2026-11"
    klubnacht = body["ratings"]["klubnacht"]
    assert (klubnacht["season"]["games"], klubnacht["season"]["rank"]) == (5, 1)
    assert klubnacht["all_time"]["games"] == 6
    assert klubnacht["all_time"]["rating"] > klubnacht["season"]["rating"] > 1000
    assert body["ratings"]["challengers"]["season"] == {
        "rating": 1000,
        "games": 0,
        "wins": 0,
        "peak": 1000,
        "rank": None,
    }


def test_the_profile_of_an_unknown_member_is_a_404(client: TestClient) -> None:
    response = client.get("/api/members/nobody/progress")
    assert (response.status_code, response.json()["error"]) == (404, "accounts.member_unknown")


def test_equal_ratings_share_a_rank(
    client: TestClient, platform: Platform, november: ManualClock
) -> None:
    anna, ben, cleo, dan = add_members(platform, "anna", "ben", "cleo", "dan")
    for _ in range(5):
        finish_game(platform, "klubnacht", [anna, ben], [[0, 1]], at=NOV)
        finish_game(platform, "klubnacht", [cleo, dan], [[0, 1]], at=NOV)
    entries = client.get("/api/leaderboards/klubnacht").json()["entries"]
    assert [(e["rank"], e["rating"]) for e in entries] == [(1, 1000)] * 4
    play_games(platform, anna, ben, 1)
    entries = client.get("/api/leaderboards/klubnacht").json()["entries"]
    assert [e["rank"] for e in entries] == [1, 2, 2, 4]
    assert [e["nickname"] for e in entries][1:3] == ["cleo", "dan"]
    assert (
        client.get("/api/leaderboards/klubnacht?offset=2&limit=1").json()["entries"][0]["rank"] == 2
    )
