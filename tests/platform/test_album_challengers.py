"""Challengers! album facts: the final, trophies and fans, read from the Outcome."""

from __future__ import annotations

from stammtisch.engine.protocol import Outcome
from stammtisch.services.album.challengers_facts import challengers_facts
from stammtisch.services.album.months import album_month
from stammtisch.services.platform import Platform
from stammtisch.services.seasons import Season
from stammtisch.services.timesource import ManualClock
from tests.platform.finished import add_members, finish_game

FINAL = Outcome(
    ranking=((2,), (0,), (1,), (3,)),
    reason="final",
    scores={0: 30, 1: 22, 2: 28, 3: 9},
    details={
        "fans": {0: 30, 1: 22, 2: 28, 3: 9},
        "trophies": {0: 3, 1: 2, 2: 2, 3: 0},
        "finalists": [0, 2],
    },
)


def test_the_final_winner_reached_and_won_the_final() -> None:
    facts = challengers_facts({}, FINAL, 2)
    assert facts == {"final": True, "final_won": True, "trophies": 2, "fans": 28}


def test_the_other_finalist_reached_the_final_without_winning_it() -> None:
    assert challengers_facts({}, FINAL, 0)["final"] is True
    assert challengers_facts({}, FINAL, 0)["final_won"] is False


def test_the_others_did_not_reach_the_final() -> None:
    assert (challengers_facts({}, FINAL, 1)["final"], challengers_facts({}, FINAL, 3)["final"]) == (
        False,
        False,
    )


def test_a_two_player_game_has_no_final() -> None:
    duel = Outcome(
        ranking=((1,), (0,)),
        reason="lead_of_11",
        details={"fans": {0: 4, 1: 15}, "trophies": {0: 1, 1: 3}},
    )
    assert challengers_facts({}, duel, 1) == {
        "final": False,
        "final_won": False,
        "trophies": 3,
        "fans": 15,
    }


def test_per_seat_facts_survive_a_json_round_trip() -> None:
    stored = Outcome(
        ranking=((0,), (1,)),
        reason="x",
        details={"fans": {"0": 7, "1": 3}, "trophies": {"0": 2, "1": 1}},
    )
    assert challengers_facts({}, stored, 0)["fans"] == 7


def test_a_game_without_details_adds_no_facts() -> None:
    assert challengers_facts({}, Outcome(ranking=((1,), (0,)), reason="resign"), 1) == {}


MAY = Season(2026, 5)
"""A month with the card "win a Challengers! final"."""


def test_winning_a_final_moves_its_card_and_fans_count_up(
    platform: Platform, clock: ManualClock
) -> None:
    clock.advance(MAY.starts - clock.now())
    cards = {card.task: slot for slot, card in enumerate(album_month(MAY).cards)}
    members = add_members(platform, "anna", "ben", "cleo")
    finish_game(
        platform,
        "challengers",
        [*members, None],
        FINAL.ranking,
        scores=FINAL.scores,
        details=FINAL.details,
        reason="final",
    )
    albums = [platform.progress.album(m, None, "en").cards for m in members]
    assert [album[cards["ch_final_wins"]].progress for album in albums] == [0, 0, 1]
    assert [album[cards["ch_fans"]].progress for album in albums] == [30, 22, 28]
