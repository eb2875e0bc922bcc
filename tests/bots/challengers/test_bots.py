"""The Challengers! bots: registered, legal, reproducible, able to finish whole tournaments."""

from __future__ import annotations

import random

from stammtisch.bots.challengers.simulate import simulate
from stammtisch.bots.registry import bot_names, make_bot
from stammtisch.engine.challengers.catalogue import catalogue
from stammtisch.engine.challengers.game import GAME


def test_both_bots_are_registered() -> None:
    assert bot_names("challengers") == ["easy", "greedy", "hard", "medium", "random"]


def test_the_random_bot_picks_among_the_legal_actions() -> None:
    state = GAME.setup({"players": 2}, 1)
    bot = make_bot("challengers", "random")
    legal = GAME.legal_actions(state, 0)
    assert {bot.choose(GAME, state, 0, random.Random(i)) for i in range(30)} <= set(legal)


def test_the_greedy_drafter_keeps_the_strongest_drawn_card() -> None:
    state = GAME.setup({"players": 2}, 1)
    keys = ["talent", "reporter", "pig", "talent", "jester"]
    state.players[0].drawn = [catalogue().card(key).index for key in keys]
    bot = make_bot("challengers", "greedy")
    assert bot.choose(GAME, state, 0, random.Random(0)) == GAME.parse_action("pick reporter")


def test_the_greedy_drafter_redraws_a_weak_draw() -> None:
    state = GAME.setup({"players": 2}, 1)
    state.players[0].drawn = [catalogue().card("talent").index] * 5
    bot = make_bot("challengers", "greedy")
    assert bot.choose(GAME, state, 0, random.Random(0)) == GAME.parse_action("redraw")


def test_bots_finish_tournaments_of_every_size_and_the_same_seed_repeats() -> None:
    for players in range(1, 9):
        first = simulate(
            {"players": players, "winter_park": players % 2 == 0}, players, ["greedy", "random"]
        )
        second = simulate(
            {"players": players, "winter_park": players % 2 == 0}, players, ["greedy", "random"]
        )
        assert first.log == second.log
        assert first.outcome == second.outcome


def test_greedy_beats_random_more_often_than_not() -> None:
    wins = 0
    for seed in range(12):
        outcome = simulate({"players": 2}, seed, ["greedy", "random"]).outcome
        wins += outcome.ranking[0] == (0,)
    assert wins >= 7
