"""Album tasks: which games move a card on, tiers reached, and the task's text."""

from typing import Any

import pytest

from stammtisch.engine.protocol import Outcome
from stammtisch.services.album.catalogue import catalogue
from stammtisch.services.album.facts import seat_facts
from stammtisch.services.album.tasks import advance, next_target, task_text, tier_reached
from stammtisch.services.placings import Placing


def _klubnacht(**facts: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "won": False,
        "place": 2,
        "seats": 2,
        "members": 2,
        "moves": 10,
        "forfeited": False,
        "chips": True,
        "chip": "triple",
        "chip_used": False,
        "started": True,
        "points": 12,
        "margin": -4,
        "tasks": 2,
        "hard_tasks": 0,
        "coin": False,
    }
    return {**base, **facts}


def test_every_game_against_members_advances_the_first_card() -> None:
    task = catalogue().tasks["any_games"]
    assert advance(task, "klubnacht", _klubnacht()) == 1
    assert advance(task, "challengers", {"won": False, "place": 5, "seats": 6}) == 1


def test_a_chip_task_counts_only_wins_with_that_chip() -> None:
    task = catalogue().tasks["kn_win_sabotage"]
    assert advance(task, "klubnacht", _klubnacht(won=True, chip="sabotage")) == 1
    assert advance(task, "klubnacht", _klubnacht(won=True, chip="triple")) == 0
    assert advance(task, "klubnacht", _klubnacht(won=False, chip="sabotage")) == 0


def test_a_task_of_one_game_ignores_the_other_game() -> None:
    task = catalogue().tasks["ch_final_wins"]
    assert advance(task, "klubnacht", _klubnacht(won=True)) == 0
    assert advance(task, "challengers", {"won": True, "final_won": True}) == 1


def test_counting_tasks_add_the_counted_fact() -> None:
    task = catalogue().tasks["kn_tasks"]
    assert advance(task, "klubnacht", _klubnacht(tasks=4)) == 4
    assert advance(task, "klubnacht", _klubnacht(tasks=0)) == 0


def test_bounds_on_facts_are_inclusive() -> None:
    big, close = catalogue().tasks["kn_big_win"], catalogue().tasks["kn_close_win"]
    assert advance(big, "klubnacht", _klubnacht(won=True, margin=10)) == 1
    assert advance(big, "klubnacht", _klubnacht(won=True, margin=9)) == 0
    assert advance(close, "klubnacht", _klubnacht(won=True, margin=2)) == 1
    assert advance(close, "klubnacht", _klubnacht(won=True, margin=3)) == 0


def test_four_tiers_colour_bronze_silver_gold() -> None:
    thresholds = (1, 3, 6, 10)
    assert [tier_reached(n, thresholds) for n in (0, 1, 2, 3, 5, 6, 9, 10, 99)] == [
        0,
        1,
        1,
        2,
        2,
        3,
        3,
        4,
        4,
    ]
    assert [next_target(n, thresholds) for n in (0, 1, 3, 9, 10)] == [1, 3, 6, 10, None]


@pytest.mark.parametrize(
    ("lang", "one", "three"),
    [
        (
            "de",
            "Eine Klubnacht mit dem Chip Sabotage gewinnen",
            "3 Klubnacht-Partien mit dem Chip Sabotage gewinnen",
        ),
        (
            "en",
            "Win a game of Club Night with the chip Sabotage",
            "Win 3 games of Club Night with the chip Sabotage",
        ),
        (
            "fr",
            "Gagner une partie de Nuit des clubs avec le jeton Sabotage",
            "Gagner 3 parties de Nuit des clubs avec le jeton Sabotage",
        ),
        (
            "pt",
            "Vencer uma partida de Noite dos clubes com a ficha Sabotagem",
            "Vencer 3 partidas de Noite dos clubes com a ficha Sabotagem",
        ),
    ],
)
def test_task_texts_in_every_language_with_singular_and_plural(
    lang: str, one: str, three: str
) -> None:
    task = catalogue().tasks["kn_win_sabotage"]
    assert task_text(task, 1, lang) == one
    assert task_text(task, 3, lang) == three


def test_an_unknown_language_falls_back_to_english() -> None:
    assert task_text(catalogue().tasks["any_games"], 4, "xx") == "Play 4 games against members"


def test_common_facts_place_a_forfeit_last_at_the_table() -> None:
    outcome = Outcome(ranking=((2,), (0,), (1,), (3,)), reason="final")
    played_on = seat_facts(
        "toy", {}, outcome, Placing(0, 7, 1, False, False, 12), seats=4, members=2
    )
    assert (played_on["place"], played_on["seats"], played_on["moves"]) == (2, 4, 12)
    left = seat_facts("toy", {}, outcome, Placing(2, 8, 2, False, True, 3), seats=4, members=2)
    assert (left["place"], left["won"], left["forfeited"]) == (4, False, True)
