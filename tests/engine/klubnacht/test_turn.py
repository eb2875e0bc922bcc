"""A turn: take up to two cards, claim tasks with exactly their cards, end the turn."""

import pytest

from stammtisch.engine.klubnacht import GAME
from stammtisch.engine.klubnacht.actions import Claim, Take
from stammtisch.engine.protocol import GameError
from tests.engine.klubnacht.helpers import kinds, legal_texts, night, play

STACK = ["dj", "sound", "bouncer", "dj", "sound", "lights", "bouncer", "bartender", "delivery"]


def refused(state, seat: int, text: str, code: str) -> GameError:
    """Assert an action is refused with this code and leaves the state exactly as it was."""
    before = state.snapshot()
    with pytest.raises(GameError) as caught:
        GAME.apply(state, seat, GAME.parse_action(text))
    assert caught.value.code == code
    assert caught.value.reason
    assert state.snapshot() == before
    return caught.value


def test_taking_a_card_refills_its_slot_from_the_stack() -> None:
    state = night(stack=STACK)
    assert state.market == [0, 20, 5]
    events = play(state, "take 1")
    assert state.hands[0] == [20]
    assert state.market == [0, 1, 5]
    assert kinds(events) == ["card_taken", "market_refilled"]
    assert events[0].data == {"seat": 0, "slot": 1, "card": "sound1"}


def test_at_most_two_cards_per_turn() -> None:
    state = night(stack=STACK)
    play(state, "take 0", "take 0")
    error = refused(state, 0, "take 0", "no_takes_left")
    assert "all the cards this turn allows" in error.reason
    assert "take 0" not in legal_texts(state)


def test_taking_fewer_cards_is_allowed() -> None:
    state = night(stack=STACK)
    play(state, "take 2", "end")
    assert state.current == 1
    assert state.takes_left == 2


def test_taking_from_an_empty_slot_is_refused() -> None:
    state = night(stack=["dj", "sound"], wishlist=["e01", "e02"])
    state.stack.clear()
    state.market[2] = -1
    refused(state, 0, "take 2", "empty_slot")


def test_claiming_spends_exactly_the_required_cards_face_up() -> None:
    state = night(stack=STACK)
    play(state, "take 0", "take 1")
    events = play(state, "claim e01 dj1 sound1")
    assert state.hands[0] == []
    assert state.spent[0] == [(0, 0), (20, 0)]
    assert state.owner[0] == 0
    assert state.points == [2, 0]
    claimed = next(e for e in events if e.kind == "task_claimed")
    assert claimed.data == {"seat": 0, "task": "e01", "points": 2, "cards": ["dj1", "sound1"]}


def test_claiming_without_the_cards_is_refused() -> None:
    state = night(stack=STACK)
    play(state, "take 0")
    refused(state, 0, "claim e01 dj1 sound1", "cards_not_in_hand")


def test_claiming_with_the_wrong_cards_is_refused() -> None:
    state = night(stack=STACK)
    play(state, "take 0", "take 2")
    error = refused(state, 0, "claim e01 dj1 bouncer1", "cards_do_not_match")
    assert "1 dj, 1 sound" in error.reason


def test_claiming_with_extra_cards_is_refused() -> None:
    state = night(stack=STACK)
    play(state, "take 0", "take 1", "end", "end", "take 0")
    refused(state, 0, "claim e01 dj1 sound1 dj2", "cards_do_not_match")


def test_a_task_can_be_claimed_only_once() -> None:
    state = night(stack=["dj", "sound", "lights", "dj", "sound"])
    play(state, "take 0", "take 1", "claim e01 dj1 sound1", "end", "take 0", "take 1")
    refused(state, 1, "claim e01 dj2 sound2", "task_claimed")


def test_face_down_tasks_cannot_be_claimed_and_the_refusal_reveals_nothing() -> None:
    state = night(stack=STACK, face_down=["e01"])
    play(state, "take 0", "take 1")
    error = refused(state, 0, "claim e01 dj1 sound1", "task_not_open")
    unknown = refused(state, 0, "claim e09 dj1 sound1", "task_not_open")
    assert error.reason.replace("e01", "X") == unknown.reason.replace("e09", "X")


def test_taking_and_claiming_may_interleave() -> None:
    state = night(stack=["dj", "sound", "bouncer", "bouncer", "lights", "bouncer"])
    play(state, "take 0", "end", "take 0", "end", "take 1")
    play(state, "claim e01 dj1 sound1", "take 0")
    assert state.owner[0] == 0
    assert state.hands[0] == [15]
    refused(state, 0, "take 0", "no_takes_left")


def test_there_is_no_hand_limit() -> None:
    state = night(stack=["lights"] * 5 + ["delivery"] * 5, wishlist=["h01", "h02"])
    for _ in range(4):
        play(state, "take 0", "take 0", "end")
    assert len(state.hands[0]) + len(state.hands[1]) == 8
    assert len(state.hands[0]) == 4


def test_ending_the_turn_hands_it_to_the_other_seat() -> None:
    state = night(stack=STACK)
    events = play(state, "take 0", "end")
    assert state.current == 1
    assert GAME.to_act(state) == frozenset({1})
    assert kinds(events)[-2:] == ["turn_ended", "turn_started"]


def test_acting_out_of_turn_is_refused() -> None:
    state = night(stack=STACK)
    refused(state, 1, "take 0", "not_your_turn")
    refused(state, 2, "take 0", "bad_seat")
    assert GAME.legal_actions(state, 1) == []


@pytest.mark.parametrize(
    "text",
    [
        "",
        "take",
        "take 3",
        "take one",
        "claim e01",
        "claim e01 dj9",
        "keep",
        "redeem joker",
        "dance",
    ],
)
def test_malformed_actions_are_refused_with_a_reason(text: str) -> None:
    with pytest.raises(GameError) as caught:
        GAME.parse_action(text)
    assert caught.value.code == "malformed_action"
    assert caught.value.reason


def test_actions_have_a_lossless_canonical_text() -> None:
    for text in [
        "take 0",
        "claim e01 dj1 sound1",
        "redeem sabotage dj",
        "redeem triple",
        "keep bar2",
        "end",
    ]:
        if text == "keep bar2":
            text = "keep bartender2"
        assert GAME.action_text(GAME.parse_action(text)) == text
    assert GAME.parse_action("claim e01 sound1 dj1") == Claim("e01", (0, 20))
    assert GAME.parse_action("take 2") == Take(2)


def test_legal_claims_use_cards_the_opponent_already_knows_first() -> None:
    state = night(stack=["sound", "lights", "bouncer", "dj"], chips=["free_drink", "triple"])
    play(state, "redeem free_drink dj", "take 0", "take 0")
    assert state.hands[0] == [0, 20, 1]
    assert "claim e01 dj2 sound1" in legal_texts(state)
