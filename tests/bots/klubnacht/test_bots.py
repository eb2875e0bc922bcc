"""Klubnacht robots: registered, always legal, reproducible, and blind to hidden facts."""

import random

import pytest

from stammtisch.bots.klubnacht import ismcts
from stammtisch.bots.klubnacht.balance import klubnacht_bot
from stammtisch.bots.klubnacht.duel import play_duel
from stammtisch.bots.klubnacht.ismcts import StrongBot
from stammtisch.bots.klubnacht.rollout import rollout
from stammtisch.bots.registry import bot_names, make_bot
from stammtisch.engine.klubnacht import GAME
from stammtisch.engine.klubnacht.determinise import determinise
from tests.engine.klubnacht.hidden import random_positions, shuffle_hidden

QUICK_STRONG = 60
"""A tiny search budget: enough to exercise the search in tests."""


def test_klubnacht_has_a_random_a_heuristic_and_a_strong_robot() -> None:
    assert bot_names("klubnacht") == ["heuristic", "random", "strong"]
    assert make_bot("klubnacht", "strong").name == "strong"


@pytest.mark.parametrize("name", ["random", "heuristic"])
def test_quick_robots_play_whole_nights_with_legal_actions(name: str) -> None:
    bot = make_bot("klubnacht", name)
    for seed in range(40):
        duel = play_duel([bot, bot], seed, chips=seed % 2 == 0)
        assert duel.state.over
        assert GAME.outcome(duel.state) is not None


def test_the_strong_robot_plays_a_whole_night_with_legal_actions() -> None:
    strong = StrongBot(iterations=QUICK_STRONG)
    duel = play_duel([strong, make_bot("klubnacht", "heuristic")], 5, chips=True)
    assert duel.state.over


def test_the_heuristic_robot_beats_the_random_one() -> None:
    heuristic, rand = make_bot("klubnacht", "heuristic"), make_bot("klubnacht", "random")
    wins = 0
    for seed in range(100):
        seats = [heuristic, rand] if seed % 2 == 0 else [rand, heuristic]
        wins += play_duel(seats, seed, chips=True).outcome.winners[0] == seed % 2
    assert wins >= 90


def test_robots_choose_the_same_with_the_same_random_source() -> None:
    for name in ("random", "heuristic"):
        bot = make_bot("klubnacht", name)
        for state in random_positions(30):
            first = bot.choose(GAME, state, state.current, random.Random(4))
            assert bot.choose(GAME, state, state.current, random.Random(4)) == first
    strong = StrongBot(iterations=QUICK_STRONG)
    state = next(random_positions(5))
    first = strong.choose(GAME, state, state.current, random.Random(4))
    assert strong.choose(GAME, state, state.current, random.Random(4)) == first


@pytest.mark.parametrize("name", ["heuristic", "strong"])
def test_robots_decide_only_from_what_their_seat_may_know(name: str) -> None:
    bot = StrongBot(iterations=QUICK_STRONG) if name == "strong" else make_bot("klubnacht", name)
    checked = 0
    for state in random_positions(80 if name == "heuristic" else 25):
        seat = state.current
        other = shuffle_hidden(state, seat, random.Random(9))
        if GAME.view(other, seat) != GAME.view(state, seat):
            continue
        first = bot.choose(GAME, state, seat, random.Random(1))
        assert bot.choose(GAME, other, seat, random.Random(1)) == first
        checked += 1
    assert checked >= 15


def test_the_strong_robot_answers_at_once_when_only_one_action_is_legal() -> None:
    strong = StrongBot(iterations=10**9)
    state = GAME.setup({}, 1)
    state.takes_left = 0
    assert len(GAME.legal_actions(state, state.current)) == 1
    assert strong.choose(GAME, state, state.current, random.Random(1)) == GAME.parse_action("end")


def test_the_strong_robot_can_search_on_a_time_budget() -> None:
    strong = StrongBot(seconds=0.05)
    state = GAME.setup({"chips": True}, 2)
    root = strong.search(state, state.current, random.Random(1))
    assert root.children
    assert sum(child.visits for child in root.children.values()) > 0


def test_the_strong_robots_budget_is_a_fixed_iteration_count_by_default() -> None:
    strong = make_bot("klubnacht", "strong")
    assert strong.seconds is None
    assert strong.iterations >= 1000
    assert klubnacht_bot("strong", 30).iterations == 30


def test_playouts_from_determinised_nights_reach_the_end() -> None:
    for state in random_positions(40):
        sample = determinise(state, state.current, random.Random(3))
        rollout(sample, random.Random(3).random)
        assert sample.over


def test_the_strong_robot_stops_early_only_when_its_choice_is_settled(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    bot = StrongBot(iterations=300)
    positions = [s for s in random_positions(40) if len(GAME.legal_actions(s, s.current)) > 1]
    early = [bot.choose(GAME, s, s.current, random.Random(i)) for i, s in enumerate(positions)]
    searched = [
        sum(child.visits for child in bot.search(s, s.current, random.Random(i)).children.values())
        for i, s in enumerate(positions)
    ]
    monkeypatch.setattr(ismcts, "SETTLED_CHECK", 10**9)  # checks only before the first iteration
    full = [bot.choose(GAME, s, s.current, random.Random(i)) for i, s in enumerate(positions)]
    assert len(positions) > 20
    assert min(searched) < 300 == max(searched)
    assert early == full
