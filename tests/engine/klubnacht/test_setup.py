"""Components and the set-up of a night: stack, market, wishlist, starter, chips, options."""

from collections import Counter

import pytest

from stammtisch.engine.klubnacht import GAME
from stammtisch.engine.klubnacht.cards import MOTIF_OF, card_text, parse_card
from stammtisch.engine.klubnacht.catalogue import CHIP_CODES, MOTIFS
from stammtisch.engine.protocol import GameError
from stammtisch.engine.registry import get_game


def test_klubnacht_is_registered_for_two_seats() -> None:
    game = get_game("klubnacht")
    assert game is GAME
    assert game.info.min_seats == game.info.max_seats == 2
    assert game.info.hidden_information
    assert game.seat_count({"chips": True}) == 2


def test_six_motifs_and_a_stack_of_30_cards_5_of_each() -> None:
    state = GAME.setup({}, 1)
    cards = state.stack + state.market
    assert len(MOTIFS) == 6
    assert sorted(cards) == list(range(30))
    assert Counter(MOTIF_OF[c] for c in cards) == dict.fromkeys(range(6), 5)


def test_cards_are_identified_by_motif_and_copy() -> None:
    assert card_text(0) == "dj1"
    assert card_text(29) == "delivery5"
    assert parse_card("lights3") == 17
    with pytest.raises(GameError, match="no card 'lights6'"):
        parse_card("lights6")


def test_market_is_three_cards_from_the_top_of_the_stack() -> None:
    state = GAME.setup({}, 2)
    assert len(state.market) == 3
    assert len(state.stack) == 27
    assert -1 not in state.market


def test_wishlist_draws_3_easy_3_medium_2_hard() -> None:
    for seed in range(20):
        tiers = Counter(task.tier for task in GAME.setup({}, seed).tasks)
        assert tiers == {"easy": 3, "medium": 3, "hard": 2}


def test_three_of_the_eight_tasks_lie_face_down() -> None:
    for seed in range(20):
        assert sum(GAME.setup({}, seed).face_down) == 3


def test_wishlists_differ_between_nights() -> None:
    lists = {tuple(t.id for t in GAME.setup({}, seed).tasks) for seed in range(20)}
    assert len(lists) > 15


def test_starter_is_a_coin_flip() -> None:
    starters = Counter(GAME.setup({}, seed).starter for seed in range(200))
    assert 70 < starters[0] < 130
    state = GAME.setup({}, 3)
    assert state.current == state.starter
    assert GAME.to_act(state) == frozenset({state.starter})


def test_the_same_seed_lays_out_the_same_night() -> None:
    assert GAME.setup({"chips": True}, 9).snapshot() == GAME.setup({"chips": True}, 9).snapshot()
    assert GAME.setup({}, 9).snapshot() != GAME.setup({}, 10).snapshot()


def test_chip_variant_deals_two_distinct_chips_at_random() -> None:
    dealt = Counter()
    for seed in range(100):
        chips = GAME.setup({"chips": True}, seed).chips
        assert chips[0] != chips[1]
        dealt.update(chips)
    assert set(dealt) == set(CHIP_CODES)
    assert len(CHIP_CODES) == 5


def test_classic_night_has_no_chips() -> None:
    assert GAME.setup({}, 1).chips == [None, None]


def test_options_are_checked() -> None:
    assert GAME.normalize_options({}) == {"chips": False}
    with pytest.raises(GameError, match="Unknown Klubnacht options: jokers"):
        GAME.normalize_options({"jokers": True})
    with pytest.raises(GameError, match="true or false"):
        GAME.normalize_options({"chips": "yes"})
