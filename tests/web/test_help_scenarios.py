"""Every self-check question about a game situation is played through the engine: what the help
page shows as the engine's result (the question's `expect`) is what the engine does."""

from __future__ import annotations

import json
from typing import Any

import pytest

from stammtisch.engine.challengers.scenario import play as play_match
from stammtisch.engine.klubnacht.scenario import run_scenario as play_night
from stammtisch.web.help.content import GAMES, Check, scenario_path, structure

CHECKS = [(game, check) for game in GAMES for check in structure(game).checks]


def contains_in_order(events: list[dict[str, Any]], wanted: list[dict[str, Any]]) -> bool:
    """Whether each wanted event (its given fields) occurs, in this order, among the events."""
    position = 0
    for want in wanted:
        while position < len(events) and any(
            events[position].get(key) != value for key, value in want.items()
        ):
            position += 1
        if position == len(events):
            return False
        position += 1
    return True


def test_every_game_has_self_checks_and_each_names_what_the_engine_must_produce() -> None:
    for game in GAMES:
        checks = structure(game).checks
        assert len(checks) >= 5, game
        for check in checks:
            assert check.expect, (game, check.id)
            assert scenario_path(game, check.scenario).is_file(), (game, check.scenario)


@pytest.mark.parametrize(("game", "check"), CHECKS, ids=[f"{g}-{c.id}" for g, c in CHECKS])
def test_the_engine_does_what_the_self_check_answer_says(game: str, check: Check) -> None:
    spec = json.loads(scenario_path(game, check.scenario).read_text(encoding="utf-8"))
    expect = check.expect
    if game == "challengers":
        result = play_match(spec)
        assert contains_in_order(result["events"], expect["events"]), result["events"]
        if "fans" in expect:
            assert result["fans"] == expect["fans"]
        return
    result = play_night(spec)
    for key in ("scores", "winner", "end_reason"):
        if key in expect:
            assert result[key] == expect[key], key
    if "error" in expect:
        if expect["error"] is None:
            assert result["error"] is None
        else:
            assert result["error"] is not None
            assert {k: result["error"][k] for k in expect["error"]} == expect["error"]


def test_the_order_check_fails_when_events_are_missing_or_swapped() -> None:
    events = [{"kind": "a", "seat": 0}, {"kind": "b", "seat": 1}]
    assert contains_in_order(events, [{"kind": "a"}, {"kind": "b", "seat": 1}])
    assert not contains_in_order(events, [{"kind": "b"}, {"kind": "a"}])
    assert not contains_in_order(events, [{"kind": "b", "seat": 0}])
