"""Klubnacht album facts: chips, claimed tasks, the coin and points, read from the Outcome."""

from __future__ import annotations

import random

import pytest

from stammtisch.engine.klubnacht.catalogue import CHIPS
from stammtisch.engine.klubnacht.catalogue import catalogue as klubnacht_catalogue
from stammtisch.engine.protocol import Outcome
from stammtisch.engine.registry import get_game
from stammtisch.services.album.catalogue import LANGUAGES, catalogue
from stammtisch.services.album.klubnacht_facts import klubnacht_facts
from stammtisch.services.album.months import album_month
from stammtisch.services.platform import Platform
from stammtisch.services.seasons import Season
from stammtisch.services.timesource import ManualClock
from tests.platform.finished import add_members, finish_game


def played(chips: bool, seed: int) -> tuple[dict[str, object], Outcome]:
    """A real engine game of random legal moves, to its end."""
    game, rng = get_game("klubnacht"), random.Random(seed)
    options = game.normalize_options({"chips": chips})
    state = game.setup(options, seed)
    while (outcome := game.outcome(state)) is None:
        (seat,) = game.to_act(state)
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return options, outcome


def test_every_chip_task_names_a_chip_of_the_engine_in_its_own_words() -> None:
    chip_tasks = [task for task in catalogue().tasks.values() if task.pool == "klubnacht_chip"]
    assert {task.when["chip"] for task in chip_tasks} == set(CHIPS)
    for task in chip_tasks:
        chip = CHIPS[str(task.when["chip"])]
        for lang in LANGUAGES:
            assert chip.names[lang] in task.text[lang].other, (task.key, lang)


def test_task_texts_state_the_bounds_they_check() -> None:
    for task in catalogue().tasks.values():
        for bound in [*task.at_least.values(), *task.at_most.values()]:
            for lang in LANGUAGES:
                assert str(bound) in task.text[lang].one, (task.key, lang)
                assert str(bound) in task.text[lang].other, (task.key, lang)


@pytest.mark.parametrize("seed", range(6))
def test_facts_of_a_chip_game_match_its_outcome(seed: int) -> None:
    options, outcome = played(chips=True, seed=seed)
    tasks = klubnacht_catalogue().by_id()
    for seat in (0, 1):
        facts = klubnacht_facts(options, outcome, seat)
        details = outcome.details
        assert facts["chips"] is True
        assert facts["chip"] == details["chips"][seat]["chip"] in CHIPS
        assert facts["chip_used"] == details["chips"][seat]["used"]
        assert facts["started"] == (details["starter"] == seat)
        assert facts["tasks"] == len(details["tasks"][seat])
        assert facts["hard_tasks"] == sum(7 <= tasks[t].points <= 9 for t in details["tasks"][seat])
        assert facts["points"] == outcome.scores[seat]
        assert (facts["margin"] > 0 or (facts["margin"] == 0 and facts["started"])) == (
            seat in outcome.winners
        )
    coins = [klubnacht_facts(options, outcome, seat)["coin"] for seat in (0, 1)]
    assert coins.count(True) == (0 if outcome.details["coin"] is None else 1)


def test_a_classic_game_has_no_chip() -> None:
    options, outcome = played(chips=False, seed=3)
    facts = klubnacht_facts(options, outcome, 0)
    assert (facts["chips"], facts["chip"], facts["chip_used"]) == (False, "", False)


def test_a_game_ended_by_resign_knows_only_its_variant() -> None:
    forfeit = Outcome(ranking=((1,), (0,)), reason="resign")
    assert klubnacht_facts({"chips": True}, forfeit, 1) == {"chips": True}


APRIL = Season(2026, 4)
"""A month with the card "win Klubnacht games with the chip Sabotage"."""


def test_winning_with_the_chip_sabotage_moves_that_card(
    platform: Platform, clock: ManualClock
) -> None:
    clock.advance(APRIL.starts - clock.now())
    slot = next(i for i, c in enumerate(album_month(APRIL).cards) if c.task == "kn_win_sabotage")
    anna, ben = add_members(platform, "anna", "ben")
    details = {
        "starter": 0,
        "variant": "chips",
        "chips": [{"chip": "sabotage", "used": True}, {"chip": "sabotage", "used": False}],
        "tasks": [["e01", "h01"], ["e02"]],
        "coin": 0,
    }
    for winner in (0, 1, 0):
        finish_game(
            platform,
            "klubnacht",
            [anna, ben],
            [[winner], [1 - winner]],
            options={"chips": True},
            scores={winner: 20, 1 - winner: 12},
            details=details,
        )
    finish_game(
        platform,
        "klubnacht",
        [anna, ben],
        [[0], [1]],
        options={"chips": False},
        scores={0: 9, 1: 3},
        details={**details, "variant": "classic", "chips": [None, None]},
    )
    assert platform.progress.album(anna, None, "en").cards[slot].progress == 2
    assert platform.progress.album(ben, None, "en").cards[slot].progress == 1
