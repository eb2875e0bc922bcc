"""XP from finished games, added up per member."""

from __future__ import annotations

from stammtisch.services.platform import Platform
from stammtisch.services.xp import total_xp
from tests.platform.finished import add_members, finish_game


def xp(platform: Platform, member: int) -> int:
    with platform.ctx.store.read() as session:
        return total_xp(session, member)


def test_25_xp_for_a_win_and_10_for_a_loss(platform: Platform) -> None:
    anna, ben = add_members(platform, "anna", "ben")
    finish_game(platform, "klubnacht", [anna, ben], [[0], [1]])
    assert (xp(platform, anna), xp(platform, ben)) == (25, 10)


def test_xp_adds_up_over_games(platform: Platform) -> None:
    anna, ben = add_members(platform, "anna", "ben")
    finish_game(platform, "klubnacht", [anna, ben], [[0], [1]])
    finish_game(platform, "klubnacht", [anna, ben], [[1], [0]])
    assert (xp(platform, anna), xp(platform, ben)) == (35, 35)


def test_practice_games_give_no_xp(platform: Platform) -> None:
    anna, ben = add_members(platform, "anna", "ben")
    finish_game(platform, "klubnacht", [anna, ben], [[0], [1]], practice=True)
    (trainee,) = add_members(platform, "cleo")
    finish_game(platform, "klubnacht", [trainee, None], [[0], [1]])
    assert xp(platform, anna) == xp(platform, ben) == xp(platform, trainee) == 0


def test_a_forfeit_without_a_single_move_gives_no_xp(platform: Platform) -> None:
    anna, ben = add_members(platform, "anna", "ben")
    finish_game(
        platform,
        "klubnacht",
        [anna, ben],
        [[1], [0]],
        ended_by="timeout",
        ended_seat=0,
        moves=[0, 3],
    )
    assert (xp(platform, anna), xp(platform, ben)) == (0, 25)


def test_a_resign_after_playing_is_an_ordinary_loss(platform: Platform) -> None:
    anna, ben = add_members(platform, "anna", "ben")
    finish_game(
        platform,
        "klubnacht",
        [anna, ben],
        [[1], [0]],
        ended_by="resign",
        ended_seat=0,
        moves=[4, 4],
    )
    assert xp(platform, anna) == 10


def test_only_the_winner_of_a_challengers_game_gets_the_win_xp(platform: Platform) -> None:
    members = add_members(platform, "anna", "ben", "cleo")
    finish_game(platform, "challengers", [*members, None], [[1], [3], [0], [2]])
    assert [xp(platform, m) for m in members] == [10, 25, 10]
