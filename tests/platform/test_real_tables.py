"""The real games at the platform's tables: Klubnacht practice against the training robot, and a
realtime Challengers! table where a robot takes over a seat whose clock ran out."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import timedelta

import pytest

from stammtisch.services.events import GameFinished, subscribe
from stammtisch.services.platform import Platform
from stammtisch.services.timesource import ManualClock


@pytest.fixture
def finished() -> Iterator[list[GameFinished]]:
    seen: list[GameFinished] = []
    undo = subscribe(GameFinished, lambda session, event: seen.append(event))
    yield seen
    undo()


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_klubnacht_practice_against_the_training_robot_is_played_to_the_end(
    platform: Platform, new_member: Callable[..., int], finished: list[GameFinished]
) -> None:
    anna = new_member("anna")
    game_id = platform.tables.practice(anna, "klubnacht", {"chips": True})
    platform.tables.run_bots(game_id)
    view = platform.views.view(anna, game_id)
    assert view["seats"][1]["bot"] == "heuristic"
    for _ in range(400):
        if view["status"] != "active":
            break
        claims = [a for a in view["legal"] if not a.startswith(("take", "end"))]
        takes = [a for a in view["legal"] if a.startswith("take")]
        platform.tables.act(anna, game_id, view["seq"], (claims or takes or ["end"])[0])
        platform.tables.run_bots(game_id)
        view = platform.views.view(anna, game_id)
    assert view["status"] == "finished"
    assert len(finished) == 1
    assert finished[0].practice
    assert finished[0].members == (anna, None)
    assert finished[0].moves[0] > 0
    assert finished[0].moves[1] == 0


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_realtime_challengers_table_hands_a_timed_out_seat_to_a_robot(
    platform: Platform, new_member: Callable[..., int], clock: ManualClock
) -> None:
    anna, bert = new_member("anna"), new_member("bert")
    seek = platform.lobby.create(
        anna, "challengers", {"players": 4}, {"mode": "realtime", "seconds": 30}, bots=2
    )
    game_id = platform.lobby.join(bert, seek["id"])["game_id"]
    platform.tables.run_bots(game_id)
    view = platform.views.view(bert, game_id)
    assert [s["bot"] for s in view["seats"]] == [None, None, "medium", "medium"]
    assert set(view["to_act"]) >= {0, 1}
    clock.advance(timedelta(seconds=10))
    mine = platform.views.view(bert, game_id)
    platform.tables.act(bert, game_id, mine["seq"], mine["legal"][0])
    clock.advance(timedelta(seconds=21))
    report = platform.sweeper.sweep()
    assert report.timeouts == 1
    view = platform.views.view(bert, game_id)
    assert view["status"] == "active"
    assert view["seats"][0]["left"] == "timeout"
    assert view["seats"][0]["bot"] == "hard"
    assert view["seats"][1]["left"] is None
    kinds = [n["kind"] for n in platform.notifications.feed(anna)["items"]]
    assert "taken_over" in kinds
