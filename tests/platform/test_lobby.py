"""The lobby: open tables that the next members join, bots for the other seats, expiry."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest

from stammtisch.services.errors import ServiceError
from stammtisch.services.platform import Platform
from stammtisch.services.timesource import ManualClock


def test_the_next_member_who_comes_by_starts_the_game(
    platform: Platform, new_member: Callable[..., int]
) -> None:
    anna, bert = new_member("anna"), new_member("bert")
    seek = platform.lobby.create(anna, "toy", {"target": 12})
    assert [s["id"] for s in platform.lobby.open_seeks()] == [seek["id"]]
    started = platform.lobby.join(bert, seek["id"])
    assert started["status"] == "started"
    assert platform.lobby.open_seeks() == []
    view = platform.views.view(anna, started["game_id"])
    assert [s["nickname"] for s in view["seats"]] == ["anna", "bert"]
    assert "seek_joined" in [n["kind"] for n in platform.notifications.feed(anna)["items"]]
    with pytest.raises(ServiceError) as closed:
        platform.lobby.join(new_member("carla"), seek["id"])
    assert closed.value.code == "lobby.closed"


def test_a_bigger_table_waits_for_enough_members_and_fills_the_rest_with_bots(
    platform: Platform, new_member: Callable[..., int]
) -> None:
    anna, bert, carla = new_member("anna"), new_member("bert"), new_member("carla")
    seek = platform.lobby.create(anna, "toy", {"seats": 4}, bots=1)
    assert seek["seats"] == 4
    assert seek["bots"] == 1
    waiting = platform.lobby.join(bert, seek["id"])
    assert waiting["status"] == "open"
    assert waiting["members"] == ["anna", "bert"]
    with pytest.raises(ServiceError) as twice:
        platform.lobby.join(bert, seek["id"])
    assert twice.value.code == "lobby.already_seated"
    started = platform.lobby.join(carla, seek["id"])
    seats = platform.views.view(carla, started["game_id"])["seats"]
    assert [s["nickname"] or s["bot"] for s in seats] == ["anna", "bert", "carla", "steady"]


def test_leaving_and_withdrawing_a_table(
    platform: Platform, new_member: Callable[..., int]
) -> None:
    anna, bert = new_member("anna"), new_member("bert")
    seek = platform.lobby.create(anna, "toy", {"seats": 3})
    platform.lobby.join(bert, seek["id"])
    platform.lobby.leave(bert, seek["id"])
    assert platform.lobby.open_seeks()[0]["members"] == ["anna"]
    platform.lobby.leave(anna, seek["id"])
    assert platform.lobby.open_seeks() == []


def test_a_table_nobody_completes_expires_after_72_hours(
    platform: Platform, new_member: Callable[..., int], clock: ManualClock
) -> None:
    anna = new_member("anna")
    platform.lobby.create(anna, "toy", {})
    clock.advance(timedelta(hours=72))
    assert platform.sweeper.sweep().expired == 1
    assert platform.lobby.open_seeks() == []
    assert "seek_expired" in [n["kind"] for n in platform.notifications.feed(anna)["items"]]


def test_bad_tables_are_refused(platform: Platform, new_member: Callable[..., int]) -> None:
    anna = new_member("anna")
    with pytest.raises(ServiceError) as too_many:
        platform.lobby.create(anna, "toy", {"seats": 2}, bots=1)
    assert too_many.value.code == "lobby.bots"
    with pytest.raises(ServiceError) as unknown:
        platform.lobby.join(anna, 12345)
    assert unknown.value.code == "lobby.unknown"
