"""A member's finished games: newest first, players with places and scores, how each ended,
practice games only for the member themselves, pages that continue after `before`."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest

from stammtisch.services.errors import ServiceError
from stammtisch.services.platform import Platform
from stammtisch.services.timesource import ManualClock
from stammtisch.store.members import Member
from tests.platform.nights import play_night


def toy_game(platform: Platform, challenger: int, challenged: str) -> int:
    """A toy game to 3 between two members, the challenger at seat 0 and to move."""
    challenge = platform.challenges.send(challenger, challenged, "toy", {"target": 3})
    other = platform.accounts.by_nickname(challenged).id
    return platform.challenges.accept(other, challenge["id"])


def won_by_seat_0(platform: Platform, challenger: int, challenged: str) -> int:
    game_id = toy_game(platform, challenger, challenged)
    platform.tables.act(challenger, game_id, 0, "add:3")
    return game_id


def member(platform: Platform, nickname: str) -> Member:
    return platform.accounts.by_nickname(nickname)


def test_finished_games_are_listed_newest_first_with_players_places_and_ends(
    platform: Platform, new_member: Callable[..., int], clock: ManualClock
) -> None:
    anna, bert, carla = new_member("anna"), new_member("bert"), new_member("carla")
    won = won_by_seat_0(platform, anna, "bert")
    clock.advance(timedelta(hours=1))
    resigned = toy_game(platform, bert, "anna")
    platform.tables.resign(anna, resigned)
    clock.advance(timedelta(hours=1))
    toy_game(platform, anna, "carla")
    history = platform.history.finished_games(carla, member(platform, "anna"))
    assert history.nickname == "anna"
    assert history.next is None
    assert [game.game_id for game in history.games] == [resigned, won]
    latest, first = history.games
    assert (latest.ended_by, latest.ended_seat, latest.reason) == ("resign", 1, "resign")
    assert (latest.seat, latest.won) == (1, False)
    assert [(p.nickname, p.place, p.won, p.left) for p in latest.players] == [
        ("bert", 1, True, None),
        ("anna", 2, False, "resign"),
    ]
    assert (first.seat, first.won, first.ended_by, first.reason) == (0, True, "normal", "target")
    assert first.options == {"seats": 2, "target": 3}
    assert first.practice is False
    assert first.finished_at == latest.finished_at - timedelta(hours=1)
    assert [
        g.game_id for g in platform.history.finished_games(None, member(platform, "bert")).games
    ] == [
        resigned,
        won,
    ]
    assert platform.history.finished_games(None, member(platform, "carla")).games == []


def test_practice_games_are_listed_only_to_the_member_themselves(
    platform: Platform, new_member: Callable[..., int], clock: ManualClock
) -> None:
    anna, bert = new_member("anna"), new_member("bert")
    practice = platform.tables.practice(anna, "toy", {"target": 3})
    platform.tables.act(anna, practice, 0, "add:3")
    clock.advance(timedelta(minutes=5))
    duel = won_by_seat_0(platform, anna, "bert")
    own = platform.history.finished_games(anna, member(platform, "anna")).games
    assert [game.game_id for game in own] == [duel, practice]
    assert own[1].practice is True
    assert [(p.nickname, p.bot, p.won) for p in own[1].players] == [
        ("anna", None, True),
        (None, "steady", False),
    ]
    for viewer in (None, bert):
        listed = platform.history.finished_games(viewer, member(platform, "anna")).games
        assert [game.game_id for game in listed] == [duel]


def test_pages_continue_after_the_last_game_of_the_page_before(
    platform: Platform, new_member: Callable[..., int], clock: ManualClock
) -> None:
    anna = new_member("anna")
    new_member("bert")
    games = []
    for minutes in (0, 10, 10, 20, 30):
        clock.advance(timedelta(minutes=minutes))
        games.append(won_by_seat_0(platform, anna, "bert"))
    newest_first = [games[4], games[3], games[2], games[1], games[0]]
    anna_row = member(platform, "anna")
    seen: list[int] = []
    before = None
    for _ in range(3):
        page = platform.history.finished_games(None, anna_row, limit=2, before=before)
        seen += [game.game_id for game in page.games]
        before = page.next
        if before is None:
            break
    assert seen == newest_first
    assert before is None
    assert platform.history.finished_games(None, anna_row, limit=5).next is None
    assert platform.history.finished_games(None, anna_row, limit=4).next == games[1]


def test_paging_after_a_game_that_is_not_finished_is_refused(
    platform: Platform, new_member: Callable[..., int]
) -> None:
    anna = new_member("anna")
    new_member("bert")
    running = toy_game(platform, anna, "bert")
    for before in (running, 10_000):
        with pytest.raises(ServiceError) as refused:
            platform.history.finished_games(None, member(platform, "anna"), before=before)
        assert refused.value.code == "history.unknown_before"


def test_a_klubnacht_night_lists_both_scores_and_the_end_reason(
    platform: Platform, new_member: Callable[..., int]
) -> None:
    anna, bert = new_member("anna"), new_member("bert")
    challenge = platform.challenges.send(anna, "bert", "klubnacht", {"chips": True})
    game_id = platform.challenges.accept(bert, challenge["id"])
    table = play_night(platform, game_id, [anna, bert])
    listed = platform.history.finished_games(None, member(platform, "bert")).games[0]
    outcome = table["outcome"]
    assert listed.reason == outcome["reason"] == table["view"]["end_reason"]
    assert {str(p.seat): p.score for p in listed.players} == outcome["scores"]
    winner = outcome["ranking"][0][0]
    assert [p.won for p in listed.players] == [seat == winner for seat in (0, 1)]
    assert listed.won == (listed.seat == winner)


def test_games_are_ordered_by_when_they_finished_not_when_they_started(
    platform: Platform, new_member: Callable[..., int], clock: ManualClock
) -> None:
    anna = new_member("anna")
    new_member("bert")
    slow = toy_game(platform, anna, "bert")
    quick = won_by_seat_0(platform, anna, "bert")
    clock.advance(timedelta(minutes=1))
    platform.tables.act(anna, slow, 0, "add:3")
    listed = platform.history.finished_games(None, member(platform, "anna"), limit=1)
    assert [game.game_id for game in listed.games] == [slow]
    rest = platform.history.finished_games(None, member(platform, "anna"), before=listed.next)
    assert [game.game_id for game in rest.games] == [quick]
    assert slow < quick
