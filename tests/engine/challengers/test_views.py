"""Views: own hand and decisions only for their seat; spectators see the public table."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

from stammtisch.engine.challengers.actions import VERBS, Action
from stammtisch.engine.challengers.game import GAME
from stammtisch.engine.challengers.state import State
from stammtisch.engine.protocol import GameError
from tests.engine.challengers.play import play_until, random_step


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


def test_public_deck_phase_events_name_no_card_of_a_hand_or_deck() -> None:
    # Drafting is private: everyone may see that a seat drew, kept, paid for an extra pick or
    # removed cards (and from which pile), never which cards.
    sets = ["castle", "film-studio", "funfair", "outer-space", "shipwreck"]
    extra_picks = 0
    for seed in range(30):
        state = GAME.setup({"players": 3, "sets": sets}, seed)
        rng = random.Random(seed)
        while GAME.outcome(state) is None:
            deck_phase = state.phase in ("deck", "final_deck")
            seat = sorted(GAME.to_act(state))[0]
            legal = GAME.legal_actions(state, seat)
            paying = [a for a in legal if a.verb == "choose" and a.arg != "none"]
            action = paying[0] if paying else legal[rng.randrange(len(legal))]
            for event in GAME.apply(state, seat, action):
                extra_picks += event.kind == "extra_pick"
                deck_phase = deck_phase and event.kind != "match_started"
                if deck_phase and event.audience is None:
                    assert not {"card", "cards"} & set(event.data), event
    assert extra_picks


_JUNK = ("", "unicorn", "A", "B", "C", "none", "pig", "starter-newcomer", "seat", "frozen-1")
_BAD_SEATS: tuple[Any, ...] = (-1, 8, 99, "0", None, True, 1.5)


def _refused_unchanged(state: State, seat: Any, action: Any) -> None:
    """The action is refused with a GameError and the state is exactly as before."""
    before = pickle.dumps(state)
    with pytest.raises(GameError) as error:
        GAME.apply(state, seat, action)
    assert error.value.reason
    assert pickle.dumps(state) == before, (seat, action)


@pytest.mark.parametrize("players", range(1, 9))
def test_illegal_actions_in_every_phase_are_refused_and_change_nothing(players: int) -> None:
    options = {"players": players, "winter_park": players % 2 == 0, "alt_draft": players == 5}
    state = GAME.setup(options, players)
    rng = random.Random(players)
    junk = [Action(verb, arg) for verb in VERBS for arg in _JUNK]
    phases: set[str] = set()
    step = 0
    while GAME.outcome(state) is None:
        if step % 40 == 0 or state.phase not in phases:
            phases.add(state.phase)
            legal = {seat: GAME.legal_actions(state, seat) for seat in range(players)}
            for seat in range(players):
                others = [a for other in legal.values() for a in other]
                for action in {*junk, *others} - set(legal[seat]):
                    _refused_unchanged(state, seat, action)
                _refused_unchanged(state, seat, "done")
            for seat in _BAD_SEATS:
                _refused_unchanged(state, seat, Action("done"))
        random_step(state, rng)
        step += 1
    phases.add(state.phase)
    for seat in range(players):
        _refused_unchanged(state, seat, Action("done"))
    assert {"deck", "matches", "over"} <= phases
    assert ("final_deck" in phases) == (players >= 3)
