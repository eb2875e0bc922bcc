"""Limits: 3 concurrent games, 6 for VIP; open invitations and seeks count; clear refusals."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from stammtisch.services.errors import ServiceError
from stammtisch.services.platform import Platform


def fill_up(platform: Platform, anna: int, others: list[str]) -> None:
    platform.lobby.create(anna, "toy", {})
    platform.challenges.send(anna, others[0], "toy", {})
    bert = platform.accounts.by_nickname(others[1]).id
    challenge = platform.challenges.send(bert, "anna", "toy", {})
    platform.challenges.accept(anna, challenge["id"])


def test_a_member_may_have_three_games_and_open_invitations_and_seeks_count(
    platform: Platform, new_member: Callable[..., int]
) -> None:
    anna = new_member("anna")
    for name in ("bert", "carla", "dora"):
        new_member(name)
    fill_up(platform, anna, ["bert", "carla"])
    with pytest.raises(ServiceError) as refused:
        platform.challenges.send(anna, "dora", "toy", {})
    assert refused.value.code == "limits.too_many_games"
    assert "limit of 3" in refused.value.message
    with pytest.raises(ServiceError):
        platform.lobby.create(anna, "toy", {})
    dora = platform.accounts.by_nickname("dora").id
    challenge = platform.challenges.send(dora, "anna", "toy", {})
    with pytest.raises(ServiceError):
        platform.challenges.accept(anna, challenge["id"])


def test_vip_members_may_have_six(platform: Platform, new_member: Callable[..., int]) -> None:
    anna = new_member("anna")
    names = [f"m{i}xx" for i in range(6)]
    for name in names:
        new_member(name)
    platform.accounts.set_vip("anna", True)
    for name in names:
        platform.challenges.send(anna, name, "toy", {})
    with pytest.raises(ServiceError) as refused:
        platform.lobby.create(anna, "toy", {})
    assert "limit of 6" in refused.value.message
    platform.accounts.set_vip("anna", False)
    assert platform.hub.overview(anna)["limit"] == {"used": 6, "max": 3}


def test_a_finished_game_frees_its_slot(platform: Platform, new_member: Callable[..., int]) -> None:
    anna = new_member("anna")
    for name in ("bert", "carla", "dora"):
        new_member(name)
    fill_up(platform, anna, ["bert", "carla"])
    game_id = platform.hub.games(anna)[0]["game_id"]
    platform.tables.resign(anna, game_id)
    platform.challenges.send(anna, "dora", "toy", {})


def test_practice_games_do_not_count_but_have_their_own_limit(
    platform: Platform, new_member: Callable[..., int]
) -> None:
    anna = new_member("anna")
    for _ in range(3):
        platform.tables.practice(anna, "toy", {})
    platform.lobby.create(anna, "toy", {})
    with pytest.raises(ServiceError) as refused:
        platform.tables.practice(anna, "toy", {})
    assert refused.value.code == "limits.too_many_practice_games"
