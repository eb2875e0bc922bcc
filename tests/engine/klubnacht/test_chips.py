"""The chip variant: each chip, once per night, in one's own turn, redeeming is an action."""

import random
from collections import Counter

import pytest

from stammtisch.engine.klubnacht import GAME
from stammtisch.engine.klubnacht.cards import MOTIF_OF, card_text
from stammtisch.engine.klubnacht.fast import random_playout
from stammtisch.engine.protocol import GameError
from tests.engine.klubnacht.helpers import kinds, legal_texts, night, play
from tests.engine.klubnacht.test_turn import refused

STACK = ["dj", "sound", "bouncer", "lights", "bartender", "delivery", "dj", "sound"]


def chip_night(first: str, second: str, **spec) -> object:
    """A night with chips dealt: seat 0 holds `first`, seat 1 `second`; seat 0 starts."""
    spec.setdefault("stack", STACK)
    return night(chips=[first, second], **spec)


def drain_stack(state) -> None:
    """Both seats take cards until the stack is empty (nobody claims anything)."""
    while state.stack:
        free = [slot for slot in (0, 1, 2) if state.market[slot] >= 0]
        play(state, f"take {free[0]}")
        if state.takes_left == 0 and state.stack:
            play(state, "end")


def test_free_drink_takes_a_card_of_the_chosen_motif_from_the_stack() -> None:
    state = chip_night("free_drink", "triple")
    market = list(state.market)
    events = play(state, "redeem free_drink lights")
    assert [MOTIF_OF[c] for c in state.hands[0]] == [3]
    assert state.market == market
    assert len(state.stack) == 26
    assert kinds(events) == ["chip_redeemed", "card_drawn", "cards_seen"]
    assert events[2].audience == frozenset({0})
    assert "lights" not in str([e.to_dict() for e in events if e.visible_to(1)])


def test_free_drink_greys_out_motifs_no_longer_in_the_stack() -> None:
    state = chip_night("triple", "free_drink", stack=["sound"] * 5)
    play(state, "take 0", "take 0", "end")
    assert not any(MOTIF_OF[c] == 4 for c in state.stack)
    choice = GAME.view(state, 1)["free_drink_motifs"]
    assert choice["sound"] is False
    assert choice["dj"] is True
    assert len(choice) == 6
    assert "redeem free_drink sound" not in legal_texts(state)
    assert "redeem free_drink dj" in legal_texts(state)
    refused(state, 1, "redeem free_drink sound", "motif_not_in_stack")


def test_free_drink_cannot_be_redeemed_with_an_empty_stack() -> None:
    state = chip_night("free_drink", "triple", stack=[], wishlist=["h02"])
    drain_stack(state)
    if state.current != 0:
        play(state, "end")
    assert not state.over
    refused(state, 0, "redeem free_drink dj", "chip_unavailable")
    assert not any(t.startswith("redeem") for t in legal_texts(state))


def test_triple_takes_three_cards_this_turn() -> None:
    state = chip_night("triple", "magpie")
    play(state, "take 0", "redeem triple", "take 0", "take 0")
    assert len(state.hands[0]) == 3
    refused(state, 0, "take 0", "no_takes_left")
    play(state, "end")
    assert state.takes_left == 2


def test_closing_time_lets_the_opponent_take_only_one_card_next_turn() -> None:
    state = chip_night("closing_time", "triple")
    play(state, "redeem closing_time")
    assert GAME.view(state, 1)["closing_time_next"] == [False, True]
    events = play(state, "end")
    assert events[-1].data["closing_time"] is True
    assert state.takes_left == 1
    play(state, "take 0")
    refused(state, 1, "take 0", "no_takes_left")
    play(state, "end", "end")
    assert state.takes_left == 2


def test_triple_under_closing_time_adds_one_card() -> None:
    state = chip_night("closing_time", "triple")
    play(state, "redeem closing_time", "end", "redeem triple")
    assert state.takes_left == 2


def test_closing_time_lapses_when_the_night_ends_first() -> None:
    state = chip_night("closing_time", "triple", stack=["dj", "sound", "lights"], wishlist=["e01"])
    play(state, "redeem closing_time", "take 0", "take 1", "claim e01 dj1 sound1")
    assert state.over
    assert state.closing == [False, False]


def test_magpie_reveals_two_cards_and_the_redeemer_keeps_one() -> None:
    state = chip_night("magpie", "triple")
    play(state, "end", "take 0", "take 1", "end")
    opponent = list(state.hands[1])
    events = play(state, "redeem magpie")
    assert sorted(state.pending) == sorted(opponent)
    assert legal_texts(state) == [f"keep {card_text(c)}" for c in state.pending]
    seen = [e for e in events if e.kind == "cards_seen"]
    assert seen[0].audience == frozenset({0})
    lifted = [e for e in events if e.kind == "cards_revealed"]
    assert lifted[0].audience == frozenset({1})
    kept, returned = state.pending
    stack_top = state.stack[-1]
    play(state, f"keep {card_text(kept)}")
    assert state.hands[0] == [kept]
    assert sorted(state.hands[1]) == sorted([returned, stack_top])
    assert state.seen[returned] & 1  # the returned card stays known to the redeemer
    assert card_text(returned) in GAME.view(state, 0)["seats"][1]["known"]
    assert card_text(stack_top) not in GAME.view(state, 0)["seats"][1]["known"]


def test_nothing_else_may_happen_until_magpie_is_resolved() -> None:
    state = chip_night("magpie", "triple")
    play(state, "end", "take 0", "take 1", "end", "redeem magpie")
    for text in ("take 0", "end", "claim e01 dj1 sound1"):
        refused(state, 0, text, "choice_pending")
    refused(state, 1, "end", "not_your_turn")
    assert GAME.to_act(state) == frozenset({0})
    not_revealed = next(c for c in range(30) if c not in state.pending)
    refused(state, 0, f"keep {card_text(not_revealed)}", "not_revealed")


def test_magpie_reveals_the_only_card_of_a_one_card_hand() -> None:
    state = chip_night("magpie", "triple")
    play(state, "end", "take 2", "end", "redeem magpie")
    assert state.pending == (5,)
    assert legal_texts(state) == ["keep bouncer1"]


def test_magpie_needs_the_opponent_to_hold_a_card() -> None:
    state = chip_night("magpie", "triple")
    refused(state, 0, "redeem magpie", "chip_unavailable")
    assert "redeem magpie" not in legal_texts(state)


def test_magpie_replacement_is_skipped_when_the_stack_is_empty() -> None:
    state = chip_night("magpie", "triple", stack=[], wishlist=["h02"])
    drain_stack(state)
    if state.current != 0:
        play(state, "end")
    size = len(state.hands[1])
    play(state, "redeem magpie")
    play(state, f"keep {card_text(state.pending[0])}")
    assert len(state.hands[1]) == size - 1


def test_sabotage_destroys_one_card_of_the_named_motif() -> None:
    state = chip_night("sabotage", "triple", stack=["dj", "dj", "sound"])
    play(state, "end", "take 0", "take 1", "end")
    events = play(state, "redeem sabotage dj")
    assert len(state.hands[1]) == 1
    assert len(state.destroyed) == 1
    assert events[-1].data == {"seat": 0, "motif": "dj", "destroyed": "dj1"}
    assert state.chip_used[0]


def test_sabotage_that_misses_does_nothing_and_is_spent() -> None:
    state = chip_night("sabotage", "triple")
    play(state, "end", "take 0", "end")
    events = play(state, "redeem sabotage lights")
    assert events[-1].data["destroyed"] is None
    assert len(state.hands[1]) == 1
    refused(state, 0, "redeem sabotage dj", "chip_used")


def test_sabotage_always_offers_all_six_motifs() -> None:
    state = chip_night("sabotage", "triple")
    choices = [t for t in legal_texts(state) if t.startswith("redeem sabotage")]
    assert len(choices) == 6


def test_a_chip_is_redeemed_once_per_night() -> None:
    state = chip_night("triple", "magpie")
    play(state, "redeem triple", "end", "end")
    refused(state, 0, "redeem triple", "chip_used")


def test_a_chip_is_redeemed_only_in_ones_own_turn_and_only_ones_own() -> None:
    state = chip_night("triple", "closing_time")
    refused(state, 1, "redeem closing_time", "not_your_turn")
    refused(state, 0, "redeem closing_time", "not_your_chip")
    refused(state, 0, "redeem triple dj", "malformed_action")


def test_chips_cannot_be_redeemed_in_a_classic_night() -> None:
    state = night(stack=STACK)
    refused(state, 0, "redeem triple", "no_chips")


def test_unused_chips_expire_worth_nothing() -> None:
    state = chip_night("triple", "magpie", stack=["dj", "sound", "lights"], wishlist=["e01"])
    play(state, "take 0", "take 1", "claim e01 dj1 sound1")
    outcome = GAME.outcome(state)
    assert outcome.details["chips"] == [
        {"chip": "triple", "used": False},
        {"chip": "magpie", "used": False},
    ]
    assert outcome.scores == {0: 5, 1: 3}


def test_both_chips_lie_face_up() -> None:
    state = chip_night("sabotage", "magpie")
    for viewer in (0, 1, None):
        chips = [side["chip"]["code"] for side in GAME.view(state, viewer)["seats"]]
        assert chips == ["sabotage", "magpie"]


def test_all_five_chips_get_dealt_and_used_in_random_nights() -> None:
    used = Counter()
    for seed in range(200):
        state = GAME.setup({"chips": True}, seed)
        random_playout(state, random.Random(seed))
        used.update(chip for chip, spent in zip(state.chips, state.chip_used, strict=True) if spent)
    assert len(used) == 5


def test_a_redeem_without_a_needed_motif_is_malformed() -> None:
    with pytest.raises(GameError, match="needs a motif"):
        GAME.parse_action("redeem sabotage")
    with pytest.raises(GameError, match="takes no motif"):
        GAME.parse_action("redeem triple dj")
