"""The five ends of the night, each with its reason code; the exact shortcut checks."""

import pytest

from stammtisch.engine.klubnacht import GAME
from stammtisch.engine.klubnacht.catalogue import sentence
from stammtisch.engine.klubnacht.scoring import buildable, safe_leader
from stammtisch.engine.protocol import GameError
from tests.engine.klubnacht.helpers import kinds, night, play

ALL_SOUND = ["sound"] * 5


def test_market_empty_ends_the_night_when_the_last_card_is_taken() -> None:
    state = night(stack=[], wishlist=["h02"])
    events = []
    while not state.over:
        free = [slot for slot in (0, 1, 2) if state.market[slot] >= 0]
        events = play(state, f"take {free[0]}")
        if not state.over and state.takes_left == 0:
            play(state, "end")
    assert state.end_reason == "market_empty"
    assert state.stack == []
    assert len(state.hands[0]) + len(state.hands[1]) == 30
    assert kinds(events)[-1] == "night_ended"
    assert GAME.outcome(state).reason == "market_empty"


def test_all_tasks_claimed_ends_the_night() -> None:
    state = night(stack=["dj", "sound", "lights"], wishlist=["e01"])
    play(state, "take 0", "take 1")
    assert not state.over
    play(state, "claim e01 dj1 sound1")
    assert state.end_reason == "all_tasks_claimed"


def test_lead_safe_ends_the_night_when_every_task_left_could_not_catch_up() -> None:
    state = night(stack=["dj", "dj", "sound", "sound", "sound"], wishlist=["m01", "e01", "e02"])
    play(state, "take 0", "take 1", "end", "end", "take 0", "take 0")
    play(state, "claim m01 dj1 dj2 sound2")
    assert not state.over  # 5 + 3 coin = 8; seat 1 could reach 3 + 2 + 3 + coin 3 = 11
    play(state, "end", "end", "take 1", "claim e01 dj3 sound3")
    assert state.over  # 7 + 3 coin = 10; seat 1 at best 3 + 3 = 6 (the coin stays at 2:1)
    assert state.end_reason == "lead_safe"
    assert safe_leader(state) == 0
    assert GAME.outcome(state).winners == (0,)


def test_lead_safe_counts_face_down_tasks_with_their_points() -> None:
    spec = {
        "stack": ["dj", "sound", "dj", "sound"],
        "wishlist": ["e01", "h02"],
        "face_down": ["h02"],
    }
    state = night(**spec)
    play(state, "take 0", "take 1", "claim e01 dj1 sound1")
    assert not state.over  # 2 + 3 coin = 5; seat 1 could still claim 9 -> 9 + 3 = 12
    assert safe_leader(state) is None


def test_lead_safe_applies_the_tie_rule_in_favour_of_the_starter() -> None:
    # Starter seat 1 has claimed one task; seat 0 could still claim Guest list (3 points) and
    # end 1:1 in tasks (no coin) with 3 + 3 compensation = 6: a tie at 6 goes to the starter.
    state = night(stack=["dj"], wishlist=["e01", "e02"], starter=1)
    state.owner[0], state.points[1], state.claimed[1] = 1, 6, 1
    state.open_mask &= ~1  # as the claim of the first task would have done
    state.points_left -= state.points_of[0]
    assert safe_leader(state) == 1
    state.points[1] = 7
    assert safe_leader(state) == 1
    state.points[1] = 5
    assert safe_leader(state) is None
    state.starter = 0
    state.points[1] = 9  # seat 0 now starts (no compensation): best 3, tie rule irrelevant
    assert safe_leader(state) == 1


def test_nothing_buildable_ends_the_night() -> None:
    spec = {"stack": ["dj", "sound"] * 5, "wishlist": ["e01", "m01"]}
    state = night(**spec)
    assert buildable(state)
    state = night(
        stack=["dj", "sound", "bouncer"],
        wishlist=["e01", {"id": "x1", "needs": ["sound"] * 5, "points": 9}],
    )
    play(state, "take 0", "take 1", "claim e01 dj1 sound1")
    assert state.over
    assert state.end_reason == "nothing_buildable"


def test_nothing_buildable_counts_face_down_tasks_with_their_real_needs() -> None:
    custom = {"id": "x1", "needs": ["lights"], "points": 2}
    state = night(stack=["dj", "sound"], wishlist=["e01", "m01", custom], face_down=["x1"])
    play(state, "take 0", "take 1", "claim e01 dj1 sound1")
    assert not state.over
    impossible = {"id": "x2", "needs": ["sound"] * 5, "points": 9}
    state = night(stack=["dj", "sound"], wishlist=["e01", impossible, custom], face_down=["x1"])
    play(state, "take 0", "take 1", "claim e01 dj1 sound1")
    assert not state.over  # the face-down Lights task can still be built


def test_every_end_reason_comes_with_a_sentence_for_the_player() -> None:
    for reason in [
        "market_empty",
        "all_tasks_claimed",
        "lead_safe",
        "nothing_buildable",
        "double_pass",
    ]:
        assert sentence("end_reasons", reason, "en")
        assert sentence("end_reasons", reason, "de") != sentence("end_reasons", reason, "en")


def test_no_action_is_accepted_after_the_night_ended() -> None:
    state = night(stack=["dj", "sound", "lights"], wishlist=["e01"])
    play(state, "take 0", "take 1", "claim e01 dj1 sound1")
    assert GAME.to_act(state) == frozenset()
    assert GAME.legal_actions(state, 0) == []
    with pytest.raises(GameError) as caught:
        play(state, "end")
    assert caught.value.code == "game_over"
