"""Views: own hand and decisions only for their seat; spectators see the public table."""

from __future__ import annotations

import pytest

from stammtisch.engine.challengers.game import GAME
from stammtisch.engine.challengers.state import State
from stammtisch.engine.protocol import GameError
from tests.engine.challengers.play import play_until


def _waiting_in_match(state: State) -> bool:
    """A match waits for a decision."""
    return any(m is not None and m.pending is not None for m in state.matches)


def _state_waiting_for_a_decision() -> State:
    """A 2-player game auto-played until a match waits for a seat's decision."""
    for seed in range(60):
        state = GAME.setup({"players": 2}, seed)
        play_until(state, _waiting_in_match)
        if _waiting_in_match(state):
            return state
    pytest.fail("no decision came up")


def test_drawn_cards_are_seen_only_by_their_seat() -> None:
    state = GAME.setup({"players": 4}, 1)
    mine = GAME.view(state, 0)
    assert len(mine["you"]["drawn"]) == 5
    other = GAME.view(state, 1)
    assert other["you"]["seat"] == 1
    assert "drawn" not in str(other["players"])
    spectator = GAME.view(state, None)
    assert spectator["you"] is None


def test_a_pending_decision_and_its_shown_cards_go_only_to_the_chooser() -> None:
    state = _state_waiting_for_a_decision()
    chooser = next(iter(GAME.to_act(state)))
    decision = GAME.view(state, chooser)["you"]["decision"]
    assert decision is not None
    assert decision["options"] == [a.arg for a in GAME.legal_actions(state, chooser)]
    other = 1 - chooser
    assert GAME.view(state, other)["you"]["decision"] is None
    assert GAME.view(state, None)["to_act"] == [chooser]


def test_a_running_match_shows_both_benches_the_flag_and_the_sums() -> None:
    state = _state_waiting_for_a_decision()
    board = GAME.view(state, None)["parks"][0]["match"]
    assert board is not None
    assert {side["seat"] for side in board["sides"]} == {0, 1}
    assert all(isinstance(side["deck"], int) for side in board["sides"])


def test_a_view_for_an_unknown_seat_is_refused() -> None:
    state = GAME.setup({"players": 2}, 1)
    with pytest.raises(GameError, match="no seat 5"):
        GAME.view(state, 5)


def test_illegal_and_malformed_actions_are_refused_with_a_reason() -> None:
    state = GAME.setup({"players": 2}, 1)
    with pytest.raises(GameError, match="Unknown action 'fly'"):
        GAME.parse_action("fly away")
    with pytest.raises(GameError, match="needs what to pick"):
        GAME.parse_action("pick")
    with pytest.raises(GameError) as error:
        GAME.apply(state, 0, GAME.parse_action("pick unicorn"))
    assert error.value.code == "unknown_card"
    with pytest.raises(GameError) as error:
        GAME.apply(state, 0, GAME.parse_action("done"))
    assert error.value.code == "illegal_action"
    assert "Possible: pick" in error.value.reason
    with pytest.raises(GameError) as error:
        GAME.apply(state, 7, GAME.parse_action("done"))
    assert error.value.code == "no_such_seat"


def test_action_texts_round_trip() -> None:
    state = GAME.setup({"players": 3}, 2)
    for seat in range(3):
        for action in GAME.legal_actions(state, seat):
            assert GAME.parse_action(GAME.action_text(action)) == action
