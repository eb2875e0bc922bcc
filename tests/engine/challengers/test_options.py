"""Table options: defaults, and clear errors for bad ones."""

from __future__ import annotations

import pytest

from stammtisch.engine.challengers.game import GAME
from stammtisch.engine.protocol import GameError
from stammtisch.engine.registry import get_game


def test_the_game_is_registered_as_challengers() -> None:
    assert get_game("challengers") is GAME
    assert GAME.info.min_seats == 1
    assert GAME.info.max_seats == 8


def test_defaults_are_filled_in() -> None:
    assert GAME.normalize_options({}) == {
        "players": 4,
        "sets": "random",
        "difficulty": 0,
        "solo_cards": False,
        "alt_draft": False,
        "winter_park": False,
        "coaches": False,
    }


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 9}, "1 to 8 players, not 9"),
        ({"players": 0}, "1 to 8 players, not 0"),
        ({"players": "4"}, "must be a whole number"),
        (
            {"sets": ["castle", "funfair", "shipwreck", "outer-space"]},
            "exactly 5 of the 6 sets, not 4",
        ),
        (
            {"sets": ["castle", "funfair", "shipwreck", "outer-space", "moon"]},
            "no set called 'moon'",
        ),
        ({"sets": ["castle", "funfair", "shipwreck", "outer-space", "city"]}, "City is always in"),
        ({"sets": ["castle", "castle", "shipwreck", "outer-space", "funfair"]}, "only once"),
        ({"sets": "all"}, "'random', 'first-game' or a list"),
        ({"players": 4, "difficulty": 2}, "odd number of players"),
        ({"players": 3, "difficulty": 4}, "solo games only"),
        ({"players": 1, "difficulty": 6}, "from 0 to 5"),
        ({"players": 3, "solo_cards": True}, "solo games only"),
        ({"winter_park": "yes"}, "true or false"),
        ({"coaches": "on"}, "'coaches' must be true or false"),
        ({"coach": True}, "Unknown option(s) coach"),
    ],
)
def test_bad_options_fail_with_a_clear_message(options: dict[str, object], message: str) -> None:
    with pytest.raises(GameError, match=message.replace("(", r"\(").replace(")", r"\)")):
        GAME.normalize_options(options)


def test_chosen_sets_first_game_and_random_sets() -> None:
    chosen = ["castle", "film-studio", "funfair", "haunted-house", "shipwreck"]
    assert GAME.setup({"sets": chosen}, 1).sets == chosen
    assert "outer-space" not in GAME.setup({"sets": "first-game"}, 1).sets
    drawn = {tuple(GAME.setup({"sets": "random"}, seed).sets) for seed in range(30)}
    assert len(drawn) > 1
    assert all(len(sets) == 5 for sets in drawn)


def test_seat_count_is_the_player_count_without_the_robot() -> None:
    assert GAME.seat_count({"players": 5}) == 5


@pytest.mark.parametrize("options", [None, [("players", 2)], "players=2", {1: 2}])
def test_options_must_be_a_table_of_named_options(options: object) -> None:
    with pytest.raises(GameError) as error:
        GAME.normalize_options(options)  # type: ignore[arg-type]
    assert error.value.code == "bad_option"


@pytest.mark.parametrize("seed", ["x", 1.5, None, True])
def test_the_seed_must_be_a_whole_number(seed: object) -> None:
    with pytest.raises(GameError) as error:
        GAME.setup({"players": 2}, seed)  # type: ignore[arg-type]
    assert error.value.code == "bad_seed"
