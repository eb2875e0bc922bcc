"""Views: own hand, the opponent's size and revealed cards, stack size only, face-down points."""

import json

from stammtisch.engine.klubnacht import GAME
from stammtisch.engine.klubnacht.cards import card_text
from tests.engine.klubnacht.helpers import night, play
from tests.engine.klubnacht.leaks import card_texts_in, hidden_tasks_in, visible_cards

STACK = ["dj", "sound", "bouncer", "lights", "bartender", "delivery", "dj", "sound"]


def test_a_seat_sees_its_own_hand() -> None:
    state = night(stack=STACK)
    play(state, "take 0", "take 1")
    assert GAME.view(state, 0)["seats"][0]["hand"] == ["dj1", "sound1"]


def test_the_opponents_hand_shows_its_size_and_only_cards_known_to_the_viewer() -> None:
    state = night(stack=STACK, chips=["free_drink", "magpie"])
    play(state, "take 0", "redeem free_drink lights")
    side = GAME.view(state, 1)["seats"][0]
    assert side["hand"] is None
    assert side["hand_size"] == 2
    assert side["known"] == ["dj1"]  # taken from the open market; the free drink stays hidden
    assert GAME.view(state, None)["seats"][0]["known"] == ["dj1"]


def test_the_stack_shows_its_size_but_never_its_order() -> None:
    state = night(stack=STACK)
    data = GAME.view(state, 0)
    assert data["stack_size"] == 27
    assert card_texts_in(data) == {"dj1", "sound1", "bouncer1"}


def test_face_down_tasks_show_their_points_only() -> None:
    state = night(stack=STACK, face_down=["h01", "e02"])
    data = GAME.view(state, 0)
    hidden = [task for task in data["wishlist"] if task["face_down"]]
    assert hidden == [
        {"slot": 1, "face_down": True, "points": 3},
        {"slot": 6, "face_down": True, "points": 8},
    ]
    assert "h01" not in json.dumps(data)
    assert "e02" not in json.dumps(data)


def test_both_chips_and_scores_are_visible_to_everyone() -> None:
    state = night(stack=STACK, chips=["triple", "sabotage"], starter=1)
    data = GAME.view(state, None)
    assert [side["chip"] for side in data["seats"]] == [
        {"code": "triple", "used": False},
        {"code": "sabotage", "used": False},
    ]
    assert [side["score"] for side in data["seats"]] == [3, 0]


def test_a_spectator_sees_no_hand() -> None:
    state = night(stack=STACK)
    play(state, "take 0", "end", "take 0")
    data = GAME.view(state, None)
    assert all(side["hand"] is None for side in data["seats"])
    assert "pass_effect" not in data


def test_a_seat_knows_which_of_its_cards_the_opponent_knows() -> None:
    state = night(stack=STACK, chips=["free_drink", "magpie"])
    play(state, "take 0", "redeem free_drink lights")
    assert GAME.view(state, 0)["seats"][0]["known_to_opponent"] == ["dj1"]


def test_views_name_only_cards_the_viewer_may_know() -> None:
    state = night(stack=STACK, chips=["magpie", "free_drink"], face_down=["h02"])
    play(state, "take 0", "end", "redeem free_drink lights", "take 0", "end", "redeem magpie")
    for viewer in (0, 1, None):
        data = GAME.view(state, viewer)
        allowed = {card_text(c) for c in visible_cards(state, viewer)}
        assert card_texts_in(data) <= allowed
        assert hidden_tasks_in(state, data) == set()
