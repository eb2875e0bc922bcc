"""Ratings, XP and the album from real Klubnacht games played through the tables service."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import select

from stammtisch.engine.klubnacht.game import outcome_details
from stammtisch.engine.protocol import replay
from stammtisch.engine.registry import get_game
from stammtisch.services.album.months import album_month
from stammtisch.services.gameflow import seats_of
from stammtisch.services.platform import Platform
from stammtisch.services.ratings.board import member_rating
from stammtisch.services.seasons import Season
from stammtisch.services.timesource import ManualClock
from stammtisch.services.xp import total_xp
from stammtisch.store.games import ActionRow, GameRow

DECEMBER = Season(2026, 12)
"""A month whose album has Klubnacht cards for games, wins and claimed tasks."""


def klubnacht_duel(
    platform: Platform, new_member: Callable[..., int], chips: bool = False
) -> tuple[int, int, int]:
    anna, bert = new_member("anna"), new_member("bert")
    challenge = platform.challenges.send(anna, "bert", "klubnacht", {"chips": chips})
    return anna, bert, platform.challenges.accept(bert, challenge["id"])


def play_klubnacht(
    platform: Platform, game_id: int, seed: int = 7, until: Callable[[Any], bool] | None = None
) -> Any:
    """Both members play random legal actions (a real engine game) until the game is over (or
    `until` the state says stop); the engine's state as it then stands."""
    with platform.ctx.read() as session:
        row = session.get(GameRow, game_id)
        assert row is not None
        seats = {seat.seat: seat.member_id for seat in seats_of(session, game_id)}
    game, rng = get_game("klubnacht"), random.Random(seed)
    state = game.setup(row.options, row.seed)
    seq = 0
    while game.outcome(state) is None and not (until and until(state)):
        (seat,) = game.to_act(state)
        action = rng.choice(game.legal_actions(state, seat))
        seq = platform.tables.act(seats[seat], game_id, seq, game.action_text(action)).seq
        game.apply(state, seat, action)
    return state


def play_to_the_end(platform: Platform, game_id: int, seed: int = 7) -> GameRow:
    """A Klubnacht game played to its end; its stored row."""
    play_klubnacht(platform, game_id, seed)
    with platform.ctx.read() as session:
        finished = session.get(GameRow, game_id)
        assert finished is not None
        return finished


def on(clock: ManualClock, month: Season) -> None:
    clock.advance(month.starts + timedelta(days=3) - clock.now())


def test_a_finished_klubnacht_game_rates_awards_xp_and_fills_the_album(
    platform: Platform, new_member: Callable[..., int], clock: ManualClock
) -> None:
    on(clock, DECEMBER)
    anna, bert, game_id = klubnacht_duel(platform, new_member)
    row = play_to_the_end(platform, game_id)
    assert row.status == "finished"
    assert row.outcome is not None
    winner_seat = row.outcome["ranking"][0][0]
    members = {0: anna, 1: bert}
    winner, loser = members[winner_seat], members[1 - winner_seat]
    with platform.ctx.read() as session:
        assert member_rating(session, winner, "klubnacht", DECEMBER.key).rating == 1016
        assert member_rating(session, loser, "klubnacht", "all").rating == 984
        assert (total_xp(session, winner), total_xp(session, loser)) == (25, 10)
    cards = {card.task: slot for slot, card in enumerate(album_month(DECEMBER).cards)}
    for seat, member in members.items():
        album = platform.progress.album(member, None, "en").cards
        assert album[cards["any_games"]].progress == 1
        assert album[cards["kn_wins"]].progress == (1 if member == winner else 0)
        assert album[cards["kn_tasks"]].progress == len(row.outcome["details"]["tasks"][seat])


def test_resigning_without_a_move_is_a_loss_without_xp(
    platform: Platform, new_member: Callable[..., int], clock: ManualClock
) -> None:
    anna, bert, game_id = klubnacht_duel(platform, new_member)
    with platform.ctx.read() as session:
        row = session.get(GameRow, game_id)
        assert row is not None
        seat_of = {s.member_id: s.seat for s in seats_of(session, game_id)}
    starter = anna if seat_of[anna] in row.to_act else bert
    other = bert if starter == anna else anna
    platform.tables.resign(starter, game_id)
    season = f"{clock.now():%Y-%m}"
    with platform.ctx.read() as session:
        assert member_rating(session, starter, "klubnacht", season).rating == 984
        assert member_rating(session, other, "klubnacht", season).rating == 1016
        assert (total_xp(session, starter), total_xp(session, other)) == (0, 25)
    assert platform.progress.album(starter, None, "en").cards[0].progress == 0
    assert platform.progress.album(other, None, "en").cards[0].progress == 1


def test_a_timeout_counts_as_a_loss(
    platform: Platform, new_member: Callable[..., int], clock: ManualClock
) -> None:
    anna, bert, _game_id = klubnacht_duel(platform, new_member)
    clock.advance(timedelta(hours=25))
    assert platform.sweeper.sweep().timeouts == 1
    season = f"{clock.now():%Y-%m}"
    with platform.ctx.read() as session:
        ratings = sorted(
            member_rating(session, m, "klubnacht", season).rating for m in (anna, bert)
        )
        assert ratings == [984, 1016]
        assert sorted(total_xp(session, m) for m in (anna, bert)) == [0, 25]


def test_a_game_finished_at_month_end_counts_for_that_season(
    platform: Platform, new_member: Callable[..., int], clock: ManualClock
) -> None:
    clock.advance(datetime(2026, 11, 30, 23, 0, tzinfo=UTC) - clock.now())
    anna, _bert, game_id = klubnacht_duel(platform, new_member)
    play_to_the_end(platform, game_id)
    with platform.ctx.read() as session:
        assert member_rating(session, anna, "klubnacht", "2026-11").games == 1
        assert member_rating(session, anna, "klubnacht", "2026-12").games == 0


def play_challengers_to_the_end(platform: Platform, game_id: int, seed: int = 5) -> GameRow:
    """Members play random legal actions, the robot seats play themselves, until the end."""
    game, rng = get_game("challengers"), random.Random(seed)
    while True:
        with platform.ctx.read() as session:
            row = session.get(GameRow, game_id)
            assert row is not None
            seats = {s.seat: s.member_id for s in seats_of(session, game_id) if s.bot is None}
            log = session.scalars(
                select(ActionRow).where(ActionRow.game_id == game_id).order_by(ActionRow.seq)
            ).all()
        if row.status == "finished":
            return row
        state = replay(game, row.options, row.seed, [(a.seat, a.text) for a in log])
        members_to_act = sorted(seat for seat in game.to_act(state) if seat in seats)
        if not members_to_act:
            assert platform.tables.run_bots(game_id) > 0
            continue
        seat = members_to_act[0]
        action = rng.choice(game.legal_actions(state, seat))
        platform.tables.act(seats[seat], game_id, row.seq, game.action_text(action))


def test_a_challengers_table_with_a_robot_rates_the_members_by_placement(
    platform: Platform, new_member: Callable[..., int]
) -> None:
    anna, ben, cleo = new_member("anna"), new_member("ben"), new_member("cleo")
    seek = platform.lobby.create(anna, "challengers", {"players": 4}, bots=1)
    platform.lobby.join(ben, seek["id"])
    game_id = platform.lobby.join(cleo, seek["id"])["game_id"]
    row = play_challengers_to_the_end(platform, game_id)
    assert row.outcome is not None
    with platform.ctx.read() as session:
        seat_of = {s.member_id: s.seat for s in seats_of(session, game_id) if s.member_id}
        order = [
            seat for group in row.outcome["ranking"] for seat in group if seat in seat_of.values()
        ]
        members = {seat: member for member, seat in seat_of.items()}
        ranked = [members[seat] for seat in order]
        shown = [
            member_rating(session, m, "challengers", f"{row.finished_at:%Y-%m}") for m in ranked
        ]
        xp = [total_xp(session, m) for m in ranked]
    assert [r.games for r in shown] == [1, 1, 1]
    assert shown[0].rating > 1000 > shown[2].rating
    assert shown[0].rating > shown[1].rating > shown[2].rating
    winner_is_member = row.outcome["ranking"][0][0] in members
    assert xp == ([25, 10, 10] if winner_is_member else [10, 10, 10])


def test_tasks_claimed_before_a_resign_count_for_the_album(
    platform: Platform, new_member: Callable[..., int], clock: ManualClock
) -> None:
    on(clock, DECEMBER)
    anna, bert, game_id = klubnacht_duel(platform, new_member, chips=True)
    state = play_klubnacht(
        platform, game_id, until=lambda s: sum(map(len, outcome_details(s)["tasks"])) >= 2
    )
    claimed = outcome_details(state)["tasks"]
    (to_act,) = get_game("klubnacht").to_act(state)
    members = {0: anna, 1: bert}
    platform.tables.resign(members[to_act], game_id)
    slot = next(i for i, card in enumerate(album_month(DECEMBER).cards) if card.task == "kn_tasks")
    progress = [
        platform.progress.album(members[seat], None, "en").cards[slot].progress for seat in (0, 1)
    ]
    assert progress == [len(claimed[0]), len(claimed[1])]
    assert sum(progress) >= 2
