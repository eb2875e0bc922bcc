"""Scoring: task points, the 3+ coin, 3 compensation points, the starter wins ties."""

from stammtisch.engine.klubnacht import GAME
from stammtisch.engine.klubnacht.scoring import coin_holder, leader, score
from tests.engine.klubnacht.helpers import night, play

STACK = ["dj", "sound", "bouncer", "bouncer", "dj", "sound", "lights"]


def test_a_claimed_task_brings_its_points() -> None:
    state = night(stack=STACK)
    play(state, "take 0", "take 1", "claim e01 dj1 sound1")
    assert state.points == [2, 0]


def test_the_second_player_gets_3_compensation_points_from_the_first_turn_on() -> None:
    state = night(stack=STACK, starter=1)
    assert score(state, 0) == 3
    assert score(state, 1) == 0
    assert GAME.view(state, 0)["seats"][0]["score"] == 3


def test_the_coin_goes_to_whoever_claimed_more_tasks_and_nobody_on_a_tie() -> None:
    state = night(stack=STACK)
    assert coin_holder(state) is None
    events = play(state, "take 0", "take 1", "claim e01 dj1 sound1")
    assert coin_holder(state) == 0
    assert score(state, 0) == 2 + 3
    assert {"kind": "coin_moved", "seat": 0} in [e.to_dict() for e in events]
    play(state, "end", "take 0", "take 2", "claim e02 bouncer1 bouncer2")
    assert coin_holder(state) is None
    assert score(state, 0) == 2
    assert score(state, 1) == 3 + 3


def test_the_coin_moves_live_to_the_new_majority() -> None:
    stack = ["dj", "sound", "bouncer", "bouncer", "bartender", "delivery"]
    state = night(stack=stack, wishlist=["e01", "e02", "e03"])
    holders = []
    play(state, "take 0", "take 1", "claim e01 dj1 sound1", "end")
    holders.append(coin_holder(state))
    play(state, "take 0", "take 2", "claim e02 bouncer1 bouncer2", "end")
    holders.append(coin_holder(state))
    play(state, "end", "take 0", "take 1", "claim e03 bartender1 delivery1")
    holders.append(coin_holder(state))
    assert holders == [0, None, 1]
    assert GAME.view(state, 0)["coin"] == 1


def test_the_starter_wins_a_tie_on_points() -> None:
    state = night(stack=STACK, starter=1)
    state.points[1] = 3
    assert score(state, 0) == score(state, 1) == 3
    assert leader(state) == 1


def test_final_scores_include_coin_and_compensation() -> None:
    state = night(stack=["dj", "sound", "lights"], wishlist=["e01"], starter=1)
    play(state, "take 0", "take 1", "claim e01 dj1 sound1")
    outcome = GAME.outcome(state)
    assert outcome.scores == {0: 3, 1: 2 + 3}
    assert outcome.ranking == ((1,), (0,))
    assert outcome.details["scores_without_compensation"] == [0, 5]
    assert outcome.details["coin"] == 1
