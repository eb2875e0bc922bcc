"""The Challengers! rating: openskill Plackett-Luce from the final placement, shown from 1000."""

import pytest

from stammtisch.services.ratings.placement import DISPLAY_START, Skill, rate_placement


def test_a_new_player_is_shown_at_1000() -> None:
    assert Skill().display == DISPLAY_START == 1000.0


def test_better_placements_gain_more() -> None:
    players = {name: Skill() for name in "abcd"}
    rated = rate_placement(players, {"a": 1, "b": 2, "c": 3, "d": 4})
    shown = [rated[name].display for name in "abcd"]
    assert shown == sorted(shown, reverse=True)
    assert shown[0] > 1000.0 > shown[3]


def test_every_rated_game_reduces_the_uncertainty() -> None:
    rated = rate_placement({"a": Skill(), "b": Skill()}, {"a": 1, "b": 2})
    assert rated["a"].sigma < Skill().sigma
    assert rated["b"].sigma < Skill().sigma


def test_shared_places_are_ties() -> None:
    rated = rate_placement({"a": Skill(), "b": Skill(), "c": Skill()}, {"a": 1, "b": 1, "c": 3})
    assert rated["a"].display == pytest.approx(rated["b"].display)
    assert rated["c"].display < 1000.0


def test_beating_a_stronger_player_gains_more_than_beating_a_weaker_one() -> None:
    strong, weak = Skill(mu=30.0, sigma=4.0), Skill(mu=20.0, sigma=4.0)
    versus_strong = rate_placement({"me": Skill(), "them": strong}, {"me": 1, "them": 2})
    versus_weak = rate_placement({"me": Skill(), "them": weak}, {"me": 1, "them": 2})
    assert versus_strong["me"].display > versus_weak["me"].display


def test_a_placement_rating_needs_two_players_with_places() -> None:
    with pytest.raises(ValueError, match="at least two"):
        rate_placement({"a": Skill()}, {"a": 1})
    with pytest.raises(ValueError, match="both a skill and a place"):
        rate_placement({"a": Skill(), "b": Skill()}, {"a": 1})
