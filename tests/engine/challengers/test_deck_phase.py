"""The deck phase: piles by schedule, draw 5 (7), keep counts, redraw, compartments, removing,
and the when-picked effects of Outer Space."""

from __future__ import annotations

import random

import pytest

from stammtisch.engine.challengers.board import KEY
from stammtisch.engine.challengers.game import GAME
from stammtisch.engine.challengers.piles import Piles
from stammtisch.engine.challengers.state import State
from stammtisch.engine.protocol import GameError
from tests.engine.challengers.helpers import card
from tests.engine.challengers.play import play_until


def _act(state: State, seat: int, text: str) -> None:
    GAME.apply(state, seat, GAME.parse_action(text))


def _pick_first(state: State, seat: int) -> None:
    GAME.apply(state, seat, next(a for a in GAME.legal_actions(state, seat) if a.verb == "pick"))


def test_round_1_draws_5_from_pile_a_and_keeps_2() -> None:
    state = GAME.setup({"players": 4}, 1)
    player = state.players[0]
    assert len(player.drawn) == 5
    assert player.picks_left == 2
    _pick_first(state, 0)
    _pick_first(state, 0)
    assert player.stage == "remove"
    assert len(player.deck) == 8
    assert player.drawn == []
    assert len(state.piles.discards[0]) == 3


def test_rounds_offering_two_piles_let_the_player_choose_and_keep_by_level() -> None:
    state = GAME.setup({"players": 4}, 1)
    play_until(state, lambda s: s.round == 3)
    assert [a.text() for a in GAME.legal_actions(state, 0)] == ["pile A", "pile B"]
    _act(state, 0, "pile B")
    assert state.players[0].picks_left == 2
    play_until(state, lambda s: s.round == 6)
    _act(state, 0, "pile C")
    assert state.players[0].picks_left == 1
    assert len(state.players[0].drawn) == 5


def test_the_schedule_offers_a_a_a_or_b_a_or_b_b_b_or_c_c() -> None:
    state = GAME.setup({"players": 4}, 9)
    offers = []
    while GAME.outcome(state) is None and state.round <= 7:
        offers.append(state.players[0].offers)
        play_until(state, lambda s, r=state.round: s.round != r)
    assert offers == [("A",), ("A",), ("A", "B"), ("A", "B"), ("B",), ("B", "C"), ("C",)]


def test_redraw_draws_the_same_number_anew_from_the_same_pile() -> None:
    state = GAME.setup({"players": 2}, 2)
    before = list(state.players[0].drawn)
    _act(state, 0, "redraw")
    assert len(state.players[0].drawn) == 5
    assert state.players[0].drawn != before
    assert sorted(state.piles.discards[0]) == sorted(before)


def test_a_full_discard_compartment_is_shuffled_under_its_pile() -> None:
    piles = Piles([[1, 2, 3]], 10, random.Random(1))
    for value in range(100, 111):
        piles.discard(0, value)
    assert piles.discards[0] == [110]
    assert sorted(piles.stacks[0][:10]) == list(range(100, 110))
    assert piles.stacks[0][10:] == [
        1,
        2,
        3,
    ]


def test_an_empty_pile_is_refilled_from_its_compartment() -> None:
    piles = Piles([[]], 10, random.Random(1))
    piles.discard(0, 7)
    assert piles.take(0) == 7
    assert piles.take(0) is None


def test_removed_level_cards_go_to_their_compartment_starters_to_the_box() -> None:
    state = GAME.setup({"players": 2}, 4)
    _pick_first(state, 0)
    _pick_first(state, 0)
    level_card = next(c for c in state.players[0].deck if c >= card("reporter"))
    _act(state, 0, f"remove {KEY[level_card]}")
    assert level_card in state.piles.discards[0] or level_card in state.piles.discards[1]
    _act(state, 0, "remove starter-champion")
    assert state.box == [card("starter-champion")]


def test_picking_is_refused_once_the_picks_are_done_and_the_state_stays_unchanged() -> None:
    state = GAME.setup({"players": 2}, 4)
    _pick_first(state, 0)
    _pick_first(state, 0)
    before = GAME.clone(state)
    with pytest.raises(GameError) as error:
        _act(state, 0, "pick pig")
    assert error.value.code == "illegal_action"
    assert GAME.view(state, 0) == GAME.view(before, 0)


def test_alternate_draft_draws_7_and_the_second_card_comes_at_random() -> None:
    state = GAME.setup({"players": 2, "alt_draft": True}, 4)
    player = state.players[0]
    assert len(player.drawn) == 7
    assert player.picks_left == 1
    top = state.piles.stacks[0][-1]
    _pick_first(state, 0)
    assert player.stage == "remove"
    assert len(player.deck) == 8
    assert top in player.deck


def test_clones_gain_a_fan_when_picked() -> None:
    state = GAME.setup({"players": 2, "sets": "random"}, 4)
    player = state.players[0]
    player.drawn[0] = card("clones")
    _act(state, 0, "pick clones")
    assert player.fans == 1


def test_shapeshifter_may_remove_a_deck_card_for_an_extra_pick() -> None:
    state = GAME.setup({"players": 2}, 4)
    player = state.players[0]
    player.drawn[0] = card("shapeshifter")
    _act(state, 0, "pick shapeshifter")
    options = [a.arg for a in GAME.legal_actions(state, 0)]
    assert options[0] == "none"
    assert "starter-newcomer" in options
    assert "shapeshifter" not in options
    _act(state, 0, "choose starter-newcomer")
    assert player.picks_left == 2
    assert state.box == [card("starter-newcomer")]


def test_sci_fi_geek_may_remove_two_outer_space_cards_for_an_extra_pick() -> None:
    state = GAME.setup({"players": 2}, 4)
    player = state.players[0]
    player.deck += [card("cow"), card("ufo")]
    player.drawn[0] = card("sci-fi-geek")
    _act(state, 0, "pick sci-fi-geek")
    assert [a.arg for a in GAME.legal_actions(state, 0)] == ["none", "cow+ufo"]
    _act(state, 0, "choose cow+ufo")
    assert player.picks_left == 2
    assert card("cow") not in player.deck
