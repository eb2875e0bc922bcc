"""Lobby tables with a named bot on each bot seat, started early by their creator; practice with
bots per seat and the game's options."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from stammtisch.services.errors import ServiceError
from stammtisch.services.platform import Platform

PARK = {"players": 5, "sets": "first-game", "difficulty": 2, "alt_draft": True}


def seat_names(platform: Platform, member: int, game_id: int) -> list[str]:
    """Who sits on each seat: the nickname or the bot's name."""
    return [s["nickname"] or s["bot"] for s in platform.views.view(member, game_id)["seats"]]


def test_each_bot_seat_gets_the_bot_it_names(
    platform: Platform, new_member: Callable[..., int]
) -> None:
    anna, bert, carla = new_member("anna"), new_member("bert"), new_member("carla")
    clock = {"mode": "realtime", "seconds": 60}
    seek = platform.lobby.create(anna, "challengers", PARK, clock, bots=["random", "greedy"])
    assert (seek["seats"], seek["bots"], seek["bot_names"]) == (5, 2, ["random", "greedy"])
    assert seek["creator"] == "anna"
    assert seek["clock"] == clock
    assert seek["options"]["sets"] == "first-game"
    platform.lobby.join(bert, seek["id"])
    started = platform.lobby.join(carla, seek["id"])
    assert started["status"] == "started"
    names = seat_names(platform, anna, started["game_id"])
    assert names == ["anna", "bert", "carla", "random", "greedy"]


def test_a_count_of_bots_still_means_the_training_bot(
    platform: Platform, new_member: Callable[..., int]
) -> None:
    anna = new_member("anna")
    seek = platform.lobby.create(anna, "challengers", {"players": 4}, bots=2)
    assert seek["bot_names"] == ["medium", "medium"]


def test_bad_bot_seats_are_refused(platform: Platform, new_member: Callable[..., int]) -> None:
    anna = new_member("anna")
    with pytest.raises(ServiceError) as unknown:
        platform.lobby.create(anna, "challengers", {"players": 3}, bots=["nobody"])
    assert unknown.value.code == "game.unknown_bot"
    with pytest.raises(ServiceError) as alone:
        platform.lobby.create(anna, "challengers", {"players": 3}, bots=["greedy", "random"])
    assert alone.value.code == "lobby.bots"
    with pytest.raises(ServiceError) as negative:
        platform.lobby.create(anna, "challengers", {"players": 3}, bots=-1)
    assert negative.value.code == "lobby.bots"
    assert platform.lobby.open_seeks() == []


def test_the_creator_starts_early_and_empty_seats_go_to_the_training_bot(
    platform: Platform, new_member: Callable[..., int]
) -> None:
    anna, bert, carla = new_member("anna"), new_member("bert"), new_member("carla")
    seek = platform.lobby.create(anna, "challengers", {"players": 5}, bots=["random"])
    with pytest.raises(ServiceError) as alone:
        platform.lobby.start(anna, seek["id"], True)
    assert alone.value.code == "lobby.too_few_members"
    platform.lobby.join(bert, seek["id"])
    with pytest.raises(ServiceError) as guest:
        platform.lobby.start(bert, seek["id"], True)
    assert guest.value.code == "lobby.not_creator"
    with pytest.raises(ServiceError) as empty:
        platform.lobby.start(anna, seek["id"], False)
    assert empty.value.code == "lobby.not_full"
    assert platform.lobby.open_seeks()[0]["members"] == ["anna", "bert"]
    started = platform.lobby.start(anna, seek["id"], True)
    assert started["status"] == "started"
    names = seat_names(platform, bert, started["game_id"])
    assert names == ["anna", "bert", "medium", "medium", "random"]
    assert platform.lobby.open_seeks() == []
    assert [g["game_id"] for g in platform.hub.games(bert)] == [started["game_id"]]
    with pytest.raises(ServiceError) as again:
        platform.lobby.start(anna, seek["id"], True)
    assert again.value.code == "lobby.closed"
    with pytest.raises(ServiceError) as late:
        platform.lobby.join(carla, seek["id"])
    assert late.value.code == "lobby.closed"
    with pytest.raises(ServiceError) as unknown:
        platform.lobby.start(anna, 12345, True)
    assert unknown.value.code == "lobby.unknown"


def test_starting_a_table_takes_no_place_of_the_limit_beyond_its_seat(
    platform: Platform, new_member: Callable[..., int]
) -> None:
    anna, bert = new_member("anna"), new_member("bert")
    seek = platform.lobby.create(anna, "toy", {"seats": 4})
    platform.lobby.create(anna, "toy", {})
    platform.lobby.create(anna, "toy", {})
    assert platform.hub.overview(anna)["limit"]["used"] == 3
    platform.lobby.join(bert, seek["id"])
    started = platform.lobby.start(anna, seek["id"], True)
    assert seat_names(platform, anna, started["game_id"]) == ["anna", "bert", "steady", "steady"]
    assert platform.hub.overview(anna)["limit"]["used"] == 3
    assert platform.hub.overview(bert)["limit"]["used"] == 1
    with pytest.raises(ServiceError) as full:
        platform.lobby.create(anna, "toy", {})
    assert full.value.code == "limits.too_many_games"


def test_practice_puts_the_named_bots_on_the_other_seats_with_the_options(
    platform: Platform, new_member: Callable[..., int]
) -> None:
    anna = new_member("anna")
    clock = {"mode": "realtime", "seconds": 120}
    game_id = platform.tables.practice(
        anna, "challengers", PARK, ["random"] * 2 + ["greedy"] * 2, clock
    )
    view = platform.views.view(anna, game_id)
    assert seat_names(platform, anna, game_id) == ["anna", "random", "random", "greedy", "greedy"]
    assert view["practice"] is True
    assert view["options"]["difficulty"] == 2
    assert view["options"]["alt_draft"] is True
    assert view["clock"] == clock
    solo = platform.tables.practice(anna, "challengers", {"players": 1, "difficulty": 5}, [])
    assert seat_names(platform, anna, solo) == ["anna"]


def test_practice_refuses_seats_that_do_not_add_up(
    platform: Platform, new_member: Callable[..., int]
) -> None:
    anna = new_member("anna")
    with pytest.raises(ServiceError) as short:
        platform.tables.practice(anna, "challengers", {"players": 3}, ["greedy"])
    assert short.value.code == "game.bots"
    with pytest.raises(ServiceError) as unknown:
        platform.tables.practice(anna, "challengers", {"players": 2}, ["nobody"])
    assert unknown.value.code == "game.unknown_bot"
    with pytest.raises(ServiceError) as clock:
        platform.tables.practice(anna, "challengers", {"players": 2}, None, {"mode": "realtime"})
    assert clock.value.code == "game.clock_invalid"
    assert platform.hub.games(anna) == []
