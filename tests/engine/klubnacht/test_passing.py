"""Passing ("abwarten"): the double-pass reshuffle, the second double pass, the preview."""

from stammtisch.engine.klubnacht import GAME
from stammtisch.engine.klubnacht.rules import pass_effect
from tests.engine.klubnacht.helpers import kinds, night, play

STACK = ["dj", "sound", "bouncer", "lights", "bartender", "delivery"]


def test_ending_a_turn_without_acting_is_a_pass() -> None:
    state = night(stack=STACK)
    events = play(state, "end")
    assert events[0].data == {"seat": 0, "passed": True, "effect": "nothing"}
    assert state.passes == 1


def test_two_passes_in_a_row_reshuffle_the_market_into_the_stack() -> None:
    state = night(stack=STACK, seed=4)
    before = sorted(state.market + state.stack)
    events = play(state, "end", "end")
    assert "market_reshuffled" in kinds(events)
    assert sorted(state.market + state.stack) == before
    assert state.market != [0, 20, 5] or state.stack[-3:] != [15, 10, 25][::-1]
    assert not state.over


def test_two_more_passes_after_the_reshuffle_end_the_night() -> None:
    state = night(stack=STACK)
    play(state, "end", "end", "end")
    events = play(state, "end")
    assert state.over
    assert state.end_reason == "double_pass"
    assert kinds(events)[-1] == "night_ended"


def test_an_action_after_the_reshuffle_breaks_the_run_of_passes() -> None:
    state = night(stack=STACK)
    play(state, "end", "end", "end", "take 0", "end", "end")
    assert not state.over
    assert pass_effect(state) == "reshuffle"


def test_the_pass_preview_tells_what_waiting_would_trigger() -> None:
    state = night(stack=STACK)
    assert pass_effect(state) == "nothing"
    assert GAME.view(state, 0)["pass_effect"] == "nothing"
    play(state, "end")
    assert GAME.view(state, 1)["pass_effect"] == "reshuffle"
    assert "pass_effect" not in GAME.view(state, 0)
    play(state, "end", "end")
    assert GAME.view(state, 1)["pass_effect"] == "end_night"
    play(state, "take 0")
    assert GAME.view(state, 1)["pass_effect"] == "not_a_pass"


def test_redeeming_a_chip_is_not_a_pass() -> None:
    state = night(stack=STACK, chips=["closing_time", "triple"])
    play(state, "end", "redeem triple", "end")
    assert state.passes == 0
    assert not state.over
