"""The robot: its deck by difficulty, its cards, and players' cards that do nothing for it."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from stammtisch.engine.challengers.catalogue import catalogue
from stammtisch.engine.challengers.game import GAME
from stammtisch.engine.challengers.setup import robot_deck
from tests.engine.challengers.helpers import attacks, deck_keys, duel, of

R_CARDS = {c.key for c in catalogue().cards if c.level == "R"}
SOLO_CARDS = {c.key for c in catalogue().cards if c.level == "SOLO"}


def _deck(difficulty: int, solo_cards: bool = False, seed: int = 1) -> Counter[str]:
    """The robot's deck at a difficulty, as keys."""
    cards = robot_deck(difficulty, solo_cards, random.Random(seed))
    return Counter(catalogue().cards[c].key for c in cards)


@pytest.mark.parametrize(
    ("level", "size", "r_cards", "kept_out"),
    [
        (0, 8, 0, set()),
        (1, 8, 1, {"alpha"}),
        (2, 8, 2, {"alpha", "beta"}),
        (3, 10, 4, {"alpha", "beta"}),
        (4, 10, 5, {"alpha", "beta", "good-bot"}),
        (5, 11, 7, {"alpha", "beta", "good-bot", "champ"}),
    ],
)
def test_robot_difficulty_replaces_base_cards_by_r_cards_per_the_decision_table(
    level: int, size: int, r_cards: int, kept_out: set[str]
) -> None:
    deck = _deck(level)
    assert sum(deck.values()) == size
    assert sum(n for key, n in deck.items() if key in R_CARDS) == r_cards
    assert all(deck[key] == 0 for key in kept_out)
    assert deck["cyborg"] == 4


def test_robot_solo_cards_join_the_r_pool_only_when_chosen() -> None:
    seen_with = set().union(*(_deck(5, True, seed) for seed in range(40)))
    seen_without = set().union(*(_deck(5, False, seed) for seed in range(40)))
    assert seen_with >= SOLO_CARDS
    assert not SOLO_CARDS & seen_without


def test_the_robot_is_not_a_seat_and_plays_the_last_plan() -> None:
    state = GAME.setup({"players": 3}, 4)
    assert len(state.players) == 3
    assert state.robot is not None
    assert state.robot.plan == (0, 1, 1, 0, 1, 1, 0)
    assert GAME.to_act(state) == frozenset({0, 1, 2})


def test_cyborg_power_is_the_round_number_and_7_in_the_final() -> None:
    _, events = duel(["dragon"], ["cyborg"], robot=1, round=5)
    assert attacks(events, -1) == [(5, 7)]
    _, events = duel(["dragon"], ["cyborg"], robot=1, round="final")
    assert attacks(events, -1) == [(7, 7)]


def test_virtual_ghost_exhausts_the_opponents_top_card() -> None:
    match, _ = duel(["starter-newcomer", "pig"], ["virtual-ghost"], robot=1)
    assert match.sides[0].exhaust == [catalogue().card("pig").index]


def test_cyborg_friend_gets_1_per_cyborg_on_the_robots_bench() -> None:
    _, events = duel(["starter-dog", "dragon"], ["cyborg", "cyborg-friend"], robot=1, round=3)
    assert of(events, "attack", seat=-1)[-1]["powers"] == [2]


def test_mechanic_gets_1_per_level_b_card_on_the_opponents_bench() -> None:
    _, events = duel(["dog", "dragon"], ["champ", "mechanic"], robot=1)
    assert of(events, "attack", seat=-1)[-1]["powers"] == [4]


def test_robo_knight_gets_1_per_opponent_trophy_during_the_attack() -> None:
    _, events = duel(["horse"], ["robo-knight"], robot=1, trophies=[[1, 2, 3], []])
    assert attacks(events, -1) == [(6, 5)]


def test_drone_makes_the_opponent_exhaust_a_bench_card_of_their_choice() -> None:
    match, events = duel(
        ["starter-newcomer", "talent", "pig", "dragon"],
        ["alpha", "beta", "drone"],
        robot=1,
        answers=[["talent"], []],
    )
    assert of(events, "decision", seat=0)[0]["options"] == ["starter-newcomer", "talent"]
    assert [catalogue().cards[c].key for c in match.sides[0].exhaust] == ["talent"]


def test_necromech_lets_the_opponent_put_a_base_power_2_bench_card_on_the_deck() -> None:
    _, events = duel(["talent", "dragon"], ["beta", "necromech"], robot=1, answers=[["talent"], []])
    assert of(events, "cards_to_deck_top", seat=0)[0]["cards"] == ["talent"]


def test_robogram_puts_the_top_a_card_on_the_opponents_deck() -> None:
    _, events = duel(["starter-newcomer"], ["robogram"], robot=1, beginner=1, piles={"A": ["pig"]})
    assert of(events, "card_revealed", seat=0)[0]["card"] == "pig"


def test_chatbot_gives_the_robots_opponent_a_fan_on_flag_loss() -> None:
    match, _ = duel(["horse"], ["chatbot"], robot=1, beginner=1)
    assert match.sides[0].fans == 1


def test_autocorrect_loses_1_per_different_set_on_the_opponents_bench() -> None:
    _, events = duel(["talent", "pony"], ["beta", "autocorrect"], robot=1)
    assert of(events, "attack", seat=-1)[-1]["powers"] == [6]


def test_the_robot_does_not_apply_effects_of_players_cards_it_gets() -> None:
    match, events = duel(["hologram", "pig"], ["alpha"], robot=1, piles={"B": ["ghost"]})
    assert of(events, "card_revealed", seat=-1)[0]["card"] == "ghost"
    assert not of(events, "cards_exhausted")
    assert deck_keys(match, 0) == ["pig"]
