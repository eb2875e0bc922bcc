"""The clock: 24 h per turn, a reminder at 12 h, timeout = loss or bot takeover, exactly once."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path

import pytest

from stammtisch.bus import LocalBus
from stammtisch.services import policy as policy_module
from stammtisch.services.clock import Sweeper
from stammtisch.services.events import GameFinished, subscribe
from stammtisch.services.platform import Platform, build_platform
from stammtisch.services.timesource import ManualClock
from tests.conftest import make_settings


def kinds(platform: Platform, member_id: int) -> list[str]:
    return [item["kind"] for item in platform.notifications.feed(member_id)["items"]]


@pytest.fixture
def finished() -> Iterator[list[GameFinished]]:
    seen: list[GameFinished] = []
    undo = subscribe(GameFinished, lambda session, event: seen.append(event))
    yield seen
    undo()


@pytest.fixture
def toy_takeover(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """Toy tables where a bot takes over timed-out seats and realtime clocks are allowed."""
    data = policy_module.DATA.read_text() + '\n[games.toy]\ntimeout = "bot"\nrealtime = true\n'
    path = tmp_path / "tables.toml"
    path.write_text(data)
    monkeypatch.setattr(policy_module, "DATA", path)
    policy_module._data.cache_clear()
    yield
    policy_module._data.cache_clear()


def test_a_turn_has_24_hours_with_a_reminder_after_12(
    platform: Platform, duel: tuple[int, int, int], clock: ManualClock
) -> None:
    anna, _, game_id = duel
    deadline = platform.views.view(anna, game_id)["seats"][0]["deadline"]
    assert deadline == (clock.now() + timedelta(hours=24)).isoformat()
    clock.advance(timedelta(hours=11, minutes=59))
    assert platform.sweeper.sweep().reminders == 0
    clock.advance(timedelta(minutes=1))
    assert platform.sweeper.sweep().reminders == 1
    assert platform.sweeper.sweep().reminders == 0
    feed = platform.notifications.feed(anna)["items"]
    assert feed[0]["kind"] == "reminder"
    assert "12 hours" in feed[0]["text"]


def test_the_clock_restarts_for_each_turn_not_for_each_action(
    platform: Platform, duel: tuple[int, int, int], clock: ManualClock
) -> None:
    anna, _bert, game_id = duel
    start = clock.now()
    clock.advance(timedelta(hours=5))
    platform.tables.act(anna, game_id, 0, "add:1")
    assert (
        platform.views.view(anna, game_id)["seats"][0]["deadline"]
        == (start + timedelta(hours=24)).isoformat()
    )
    platform.tables.act(anna, game_id, 1, "end")
    seats = platform.views.view(anna, game_id)["seats"]
    assert seats[0]["deadline"] is None
    assert seats[1]["deadline"] == (clock.now() + timedelta(hours=24)).isoformat()


def test_letting_the_deadline_pass_loses_the_game(
    platform: Platform, duel: tuple[int, int, int], clock: ManualClock, finished: list[GameFinished]
) -> None:
    anna, bert, game_id = duel
    platform.tables.act(anna, game_id, 0, "add:1")
    platform.tables.act(anna, game_id, 1, "end")
    clock.advance(timedelta(hours=24))
    assert platform.sweeper.sweep().timeouts == 1
    view = platform.views.view(anna, game_id)
    assert view["status"] == "finished"
    assert view["ended_by"] == "timeout"
    assert view["ended_seat"] == 1
    assert view["outcome"]["ranking"] == [[0], [1]]
    assert len(finished) == 1
    assert finished[0].moves == (2, 0)
    assert "game_over" in kinds(platform, bert)
    assert platform.sweeper.sweep().timeouts == 0


def test_several_sweeping_processes_handle_each_deadline_exactly_once(
    platform: Platform,
    new_member: Callable[..., int],
    clock: ManualClock,
    finished: list[GameFinished],
    database_url: str,
    tmp_path: Path,
) -> None:
    members = [new_member(f"sweep{i}") for i in range(8)]
    for i in range(0, 8, 2):
        challenge = platform.challenges.send(members[i], f"sweep{i + 1}", "toy", {})
        platform.challenges.accept(members[i + 1], challenge["id"])
    clock.advance(timedelta(hours=25))
    results: list[int] = []
    errors: list[BaseException] = []

    others = [
        build_platform(make_settings(tmp_path / str(i), database_url), clock=clock, bus=LocalBus())
        for i in range(2)
    ]

    def sweep(sweeper: Sweeper) -> None:
        try:
            results.append(sweeper.time_out_due())
        except BaseException as error:
            errors.append(error)

    sweepers = [platform.sweeper, *(other.sweeper for other in others)]
    threads = [threading.Thread(target=sweep, args=(s,)) for s in sweepers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for other in others:
        other.close()
    assert not errors
    assert sum(results) == 4
    assert len(finished) == 4


def test_multiplayer_timeout_hands_the_seat_to_a_bot(
    platform: Platform,
    new_member: Callable[..., int],
    clock: ManualClock,
    toy_takeover: None,
    finished: list[GameFinished],
) -> None:
    anna, bert, carla = new_member("anna"), new_member("bert"), new_member("carla")
    seek = platform.lobby.create(anna, "toy", {"seats": 3, "target": 30})
    platform.lobby.join(bert, seek["id"])
    game_id = platform.lobby.join(carla, seek["id"])["game_id"]
    clock.advance(timedelta(hours=24))
    assert platform.sweeper.sweep().timeouts == 1
    view = platform.views.view(bert, game_id)
    assert view["status"] == "active"
    assert view["seats"][0]["left"] == "timeout"
    assert view["seats"][0]["bot"] == "steady"
    assert "taken_over" in kinds(platform, anna)
    assert view["to_act"] == [1]
    assert platform.views.view(anna, game_id)["legal"] == []


def test_realtime_tables_have_short_clocks_without_reminders(
    platform: Platform, new_member: Callable[..., int], clock: ManualClock, toy_takeover: None
) -> None:
    anna, bert = new_member("anna"), new_member("bert")
    challenge = platform.challenges.send(
        anna, "bert", "toy", {}, {"mode": "realtime", "seconds": 30}
    )
    game_id = platform.challenges.accept(bert, challenge["id"])
    deadline = platform.views.view(anna, game_id)["seats"][0]["deadline"]
    assert deadline == (clock.now() + timedelta(seconds=30)).isoformat()
    assert "your_turn" not in kinds(platform, anna)
    clock.advance(timedelta(seconds=20))
    platform.tables.act(anna, game_id, 0, "add:1")
    restarted = platform.views.view(anna, game_id)["seats"][0]["deadline"]
    assert restarted == (clock.now() + timedelta(seconds=30)).isoformat()
    clock.advance(timedelta(seconds=31))
    report = platform.sweeper.sweep()
    assert report.reminders == 0
    assert report.timeouts == 1


def test_turn_based_only_games_refuse_realtime_clocks(
    platform: Platform, new_member: Callable[..., int]
) -> None:
    from stammtisch.services.errors import ServiceError

    anna, _ = new_member("anna"), new_member("bert")
    with pytest.raises(ServiceError) as refused:
        platform.challenges.send(anna, "bert", "toy", {}, {"mode": "realtime", "seconds": 30})
    assert refused.value.code == "game.no_realtime"
