"""Members' actions on the hot path: the database decides, whatever a process has cached."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from stammtisch.bus import LocalBus
from stammtisch.services.errors import ServiceError
from stammtisch.services.platform import Platform, build_platform
from stammtisch.services.timesource import ManualClock
from tests.conftest import make_settings


@pytest.fixture
def other(database_url: str, tmp_path: Path, clock: ManualClock) -> Iterator[Platform]:
    """A second server process on the same database, with a cache of its own."""
    built = build_platform(make_settings(tmp_path, database_url), clock=clock, bus=LocalBus())
    yield built
    built.close()


def refusal(call: object, *args: object) -> str:
    """The error code a service call is refused with."""
    with pytest.raises(ServiceError) as refused:
        call(*args)  # type: ignore[operator]
    return refused.value.code


def test_a_process_whose_cache_is_behind_refuses_the_taken_step_and_plays_the_next(
    platform: Platform, other: Platform, duel: tuple[int, int, int]
) -> None:
    anna, _, game_id = duel
    assert other.views.view(anna, game_id)["seq"] == 0
    platform.tables.act(anna, game_id, 0, "add:2")
    assert refusal(other.tables.act, anna, game_id, 0, "add:3") == "game.stale"
    assert other.tables.act(anna, game_id, 0, "add:2").repeated
    played = other.tables.act(anna, game_id, 1, "add:1")
    assert played.seq == 2
    assert played.view is not None
    assert played.view["total"] == 3
    assert platform.views.view(anna, game_id)["view"]["total"] == 3


def test_seats_that_changed_in_another_process_are_read_again(
    platform: Platform, other: Platform, duel: tuple[int, int, int]
) -> None:
    anna, bert, game_id = duel
    assert other.views.view(bert, game_id)["seats"][0]["left"] is None
    platform.tables.resign(anna, game_id)
    seen = other.views.view(bert, game_id)
    assert seen["status"] == "finished"
    assert seen["seats"][0]["left"] == "resign"
    assert refusal(other.tables.act, anna, game_id, 1, "add:1") == "game.over"
    assert refusal(other.tables.act, anna, game_id, 0, "add:1") == "game.stale"


def test_the_turn_passing_moves_the_clocks_and_tells_the_next_player(
    platform: Platform, duel: tuple[int, int, int]
) -> None:
    anna, bert, game_id = duel
    before = platform.views.view(bert, game_id)["seats"]
    assert before[0]["deadline"] is not None
    assert before[1]["deadline"] is None
    played = platform.tables.act(anna, game_id, 0, "end")
    assert played.to_act == [1]
    assert played.legal == []
    after = platform.views.view(bert, game_id)
    assert after["seats"][0]["deadline"] is None
    assert after["seats"][1]["deadline"] is not None
    assert after["legal"] == ["add:1", "add:2", "add:3", "end"]
    turns = [n for n in platform.notifications.feed(bert)["items"] if n["kind"] == "your_turn"]
    assert [n["data"]["opponents"] for n in turns] == [["anna"]]
