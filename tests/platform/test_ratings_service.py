"""Ratings from finished games: Klubnacht Elo, Challengers! placement, seasons, all-time."""

from __future__ import annotations

import itertools
import threading
import time
from datetime import UTC, datetime

import pytest
from sqlalchemy import select

from stammtisch.services.events import GameFinished, load_handlers, subscribe
from stammtisch.services.platform import Platform
from stammtisch.services.ratings.board import member_rating
from stammtisch.services.seasons import ALL_TIME
from stammtisch.store.ratings import RatingChangeRow
from tests.platform.finished import add_members, finish_game

NOV = datetime(2026, 11, 10, 12, 0, tzinfo=UTC)
DEC = datetime(2026, 12, 1, 0, 0, tzinfo=UTC)


def rating(
    platform: Platform, member: int, game: str = "klubnacht", period: str = "2026-11"
) -> int:
    with platform.ctx.store.read() as session:
        return member_rating(session, member, game, period).rating


def games(platform: Platform, member: int, game: str = "klubnacht", period: str = "2026-11") -> int:
    with platform.ctx.store.read() as session:
        return member_rating(session, member, game, period).games


def test_a_klubnacht_win_between_newcomers_moves_elo_by_16(platform: Platform) -> None:
    anna, ben = add_members(platform, "anna", "ben")
    finish_game(platform, "klubnacht", [anna, ben], [[0], [1]], at=NOV)
    for period in ("2026-11", ALL_TIME):
        assert rating(platform, anna, period=period) == 1016
        assert rating(platform, ben, period=period) == 984


def test_practice_games_never_count_for_ratings(platform: Platform) -> None:
    anna, ben = add_members(platform, "anna", "ben")
    finish_game(platform, "klubnacht", [anna, ben], [[0], [1]], practice=True, at=NOV)
    assert games(platform, anna) == games(platform, anna, period=ALL_TIME) == 0


def test_games_against_the_robot_do_not_count_for_ratings(platform: Platform) -> None:
    (anna,) = add_members(platform, "anna")
    finish_game(platform, "klubnacht", [anna, None], [[0], [1]], at=NOV)
    assert games(platform, anna) == 0


@pytest.mark.parametrize("ended_by", ["resign", "timeout"])
def test_resign_and_timeout_count_as_a_loss(platform: Platform, ended_by: str) -> None:
    anna, ben = add_members(platform, "anna", "ben")
    # Even were the engine's ranking to favour the seat that left, leaving loses.
    finish_game(
        platform, "klubnacht", [anna, ben], [[0], [1]], ended_by=ended_by, ended_seat=0, at=NOV
    )  # type: ignore[arg-type]
    assert rating(platform, anna) == 984
    assert rating(platform, ben) == 1016


def test_the_margin_of_victory_is_ignored(platform: Platform) -> None:
    anna, ben, cleo, dan = add_members(platform, "anna", "ben", "cleo", "dan")
    finish_game(platform, "klubnacht", [anna, ben], [[0], [1]], scores={0: 40, 1: 3}, at=NOV)
    finish_game(platform, "klubnacht", [cleo, dan], [[0], [1]], scores={0: 21, 1: 20}, at=NOV)
    assert rating(platform, anna) == rating(platform, cleo)


def test_beating_a_stronger_member_gains_more(platform: Platform) -> None:
    strong, weak, anna, ben = add_members(platform, "strong", "weak", "anna", "ben")
    for _ in range(5):
        finish_game(platform, "klubnacht", [strong, weak], [[0], [1]], at=NOV)
    finish_game(platform, "klubnacht", [anna, strong], [[0], [1]], at=NOV)
    finish_game(platform, "klubnacht", [ben, weak], [[0], [1]], at=NOV)
    assert rating(platform, anna) > 1016 > rating(platform, ben)


def test_every_month_is_a_season_starting_at_1000_while_all_time_goes_on(
    platform: Platform,
) -> None:
    anna, ben = add_members(platform, "anna", "ben")
    finish_game(platform, "klubnacht", [anna, ben], [[0], [1]], at=NOV)
    finish_game(platform, "klubnacht", [anna, ben], [[0], [1]], at=DEC)
    assert rating(platform, anna, period="2026-11") == 1016
    assert rating(platform, anna, period="2026-12") == 1016
    assert rating(platform, anna, period=ALL_TIME) > 1016
    assert games(platform, anna, period=ALL_TIME) == 2


def test_the_season_is_the_utc_month_the_game_finished_in(platform: Platform) -> None:
    anna, ben = add_members(platform, "anna", "ben")
    finish_game(
        platform,
        "klubnacht",
        [anna, ben],
        [[0], [1]],
        at=datetime(2026, 11, 30, 23, 59, tzinfo=UTC),
    )
    assert games(platform, anna, period="2026-11") == 1
    assert games(platform, anna, period="2026-12") == 0


def test_both_klubnacht_variants_share_one_rating(platform: Platform) -> None:
    anna, ben = add_members(platform, "anna", "ben")
    finish_game(platform, "klubnacht", [anna, ben], [[0], [1]], options={"chips": False}, at=NOV)
    finish_game(platform, "klubnacht", [anna, ben], [[0], [1]], options={"chips": True}, at=NOV)
    assert games(platform, anna) == 2


def test_challengers_is_rated_from_the_final_placement(platform: Platform) -> None:
    members = add_members(platform, "anna", "ben", "cleo", "dan")
    finish_game(platform, "challengers", members, [[2], [0], [3], [1]], at=NOV)
    shown = {m: rating(platform, m, game="challengers") for m in members}
    assert shown[members[2]] > shown[members[0]] > 1000 > shown[members[3]] > shown[members[1]]
    assert games(platform, members[0], game="klubnacht") == 0


def test_challengers_bots_are_left_out_of_the_placement(platform: Platform) -> None:
    anna, ben = add_members(platform, "anna", "ben")
    finish_game(platform, "challengers", [None, anna, None, ben], [[0], [3], [2], [1]], at=NOV)
    assert (
        rating(platform, ben, game="challengers")
        > 1000
        > rating(platform, anna, game="challengers")
    )


def test_every_rating_change_is_recorded_once_per_period(platform: Platform) -> None:
    anna, ben = add_members(platform, "anna", "ben")
    game_id = finish_game(platform, "klubnacht", [anna, ben], [[1], [0]], at=NOV)
    with platform.ctx.store.read() as session:
        changes = session.scalars(
            select(RatingChangeRow).where(RatingChangeRow.game_id == game_id)
        ).all()
    assert sorted((c.member_id, c.period, c.place, round(c.after)) for c in changes) == [
        (anna, "2026-11", 2, 984),
        (anna, ALL_TIME, 2, 984),
        (ben, "2026-11", 1, 1016),
        (ben, ALL_TIME, 1, 1016),
    ]


def test_games_finishing_at_once_for_the_same_member_lose_no_update(platform: Platform) -> None:
    anna, *others = add_members(platform, "anna", "ben", "cleo", "dan", "eve")
    finish_game(platform, "klubnacht", [anna, others[0]], [[1], [0]])  # her rating rows exist
    # A slow handler after the ratings keeps each transaction open, so that they overlap.
    load_handlers()
    undo = subscribe(GameFinished, lambda session, event: time.sleep(0.05))
    try:
        threads = [
            threading.Thread(
                target=finish_game, args=(platform, "klubnacht", [anna, other], [[0], [1]])
            )
            for other in others
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        undo()
    assert games(platform, anna, period="2026-03") == 1 + len(others)
    with platform.ctx.read() as session:
        chain = session.scalars(
            select(RatingChangeRow)
            .where(RatingChangeRow.member_id == anna, RatingChangeRow.period == ALL_TIME)
            .order_by(RatingChangeRow.id)
        ).all()
    assert len(chain) == 1 + len(others)
    assert all(later.before == earlier.after for earlier, later in itertools.pairwise(chain))


@pytest.mark.parametrize("left", ["timed_out", "resigned"])
def test_a_seat_a_robot_played_on_after_its_member_left_ranks_last(
    platform: Platform, left: str
) -> None:
    anna, ben, cleo = add_members(platform, "anna", "ben", "cleo")
    finish_game(
        platform,
        "challengers",
        [anna, ben, cleo],
        [[0], [1], [2]],
        at=NOV,
        **{left: frozenset({0})},
    )
    shown = [rating(platform, m, game="challengers") for m in (anna, ben, cleo)]
    assert shown[1] > shown[2] > shown[0]
