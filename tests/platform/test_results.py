"""A finished game's result for a member who played it: XP, rating change and album progress
(with the tier the game reached, also after later games); practice brings nothing."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest

from stammtisch.services.errors import ServiceError
from stammtisch.services.platform import Platform
from stammtisch.services.timesource import ManualClock
from tests.platform.nights import play_night
from tests.platform.test_history import toy_game, won_by_seat_0


def test_a_night_brings_the_xp_rating_change_and_album_cards_the_game_end_applied(
    platform: Platform, new_member: Callable[..., int]
) -> None:
    anna, bert = new_member("anna"), new_member("bert")
    challenge = platform.challenges.send(anna, "bert", "klubnacht", {"chips": True})
    game_id = platform.challenges.accept(bert, challenge["id"])
    table = play_night(platform, game_id, [anna, bert])
    winner = table["outcome"]["ranking"][0][0]
    for member, seat in ((anna, 0), (bert, 1)):
        result = platform.results.result(member, game_id, "de")
        won = seat == winner
        assert (result.game_id, result.seat, result.won, result.practice) == (
            game_id,
            seat,
            won,
            False,
        )
        assert result.place == (1 if won else 2)
        assert result.xp == (25 if won else 10)
        assert result.rating is not None
        for change in (result.rating.season, result.rating.all_time):
            assert change is not None
            assert (change.before, change.after, change.change) == (
                (1000, 1016, 16) if won else (1000, 984, -16)
            )
        assert (result.rating.season.period, result.rating.all_time.period) == ("2026-03", "all")
        album = platform.progress.album(member, None, "de")
        assert (result.album.month, result.album.open) == (album.month, True)
        moved = {card.card: card for card in album.cards if card.progress}
        assert [card.card for card in result.album.cards] == sorted(moved)
        for card in result.album.cards:
            assert card.gain == card.progress == moved[card.card].progress
            assert card.task == moved[card.card].task
            assert card.motif == moved[card.card].motif
            assert card.new_tier == ("colour" if card.thresholds[0] <= card.gain else None)
        assert result.album.cards[0].card == 1
        assert result.album.cards[0].new_tier == "colour"
        assert (2 in moved) == won


def test_the_tier_a_game_reached_stays_its_own_after_later_games(
    platform: Platform, new_member: Callable[..., int], clock: ManualClock
) -> None:
    anna = new_member("anna")
    new_member("bert")
    games = []
    for _ in range(4):
        games.append(won_by_seat_0(platform, anna, "bert"))
        clock.advance(timedelta(hours=1))
    first = [platform.results.result(anna, game_id, "en").album.cards[0] for game_id in games]
    assert [(c.card, c.gain, c.progress) for c in first] == [(1, 1, 4)] * 4
    assert [c.new_tier for c in first] == ["colour", None, None, "bronze"]
    assert first[0].task.name == "Play 10 games against members"
    wins = [platform.results.result(anna, game_id, "en").album.cards[1] for game_id in games]
    assert [c.new_tier for c in wins] == ["colour", None, "bronze", None]


def test_a_practice_game_brings_nothing(platform: Platform, new_member: Callable[..., int]) -> None:
    anna = new_member("anna")
    game_id = platform.tables.practice(anna, "toy", {"target": 3})
    platform.tables.act(anna, game_id, 0, "add:3")
    result = platform.results.result(anna, game_id, "en")
    assert (result.practice, result.won, result.xp, result.rating) == (True, True, 0, None)
    assert (result.album.month, result.album.cards) == ("2026-03", [])


def test_a_forfeit_without_a_move_brings_no_xp_and_no_card_but_a_rating_loss(
    platform: Platform, new_member: Callable[..., int]
) -> None:
    anna, bert = new_member("anna"), new_member("bert")
    game_id = toy_game(platform, anna, "bert")
    platform.tables.resign(bert, game_id)
    lost = platform.results.result(bert, game_id, "en")
    assert (lost.won, lost.place, lost.ended_by, lost.xp, lost.album.cards) == (
        False,
        2,
        "resign",
        0,
        [],
    )
    assert lost.rating is not None
    assert lost.rating.season is not None
    assert lost.rating.season.change < 0
    won = platform.results.result(anna, game_id, "en")
    assert (won.won, won.xp, [c.card for c in won.album.cards]) == (True, 25, [1, 2])


def test_only_the_players_of_a_finished_game_get_its_result(
    platform: Platform, new_member: Callable[..., int]
) -> None:
    anna, bert, carla = new_member("anna"), new_member("bert"), new_member("carla")
    running = toy_game(platform, anna, "bert")
    finished = won_by_seat_0(platform, bert, "carla")
    for member, game_id, code in (
        (anna, running, "game.running"),
        (anna, finished, "game.not_seated"),
        (carla, running, "game.not_seated"),
        (anna, finished + 100, "game.unknown_game"),
    ):
        with pytest.raises(ServiceError) as refused:
            platform.results.result(member, game_id, "en")
        assert refused.value.code == code
