"""Winter Park: 4 normal and 2 frozen seats; frozen seats mix names up to the round number,
give no bonuses and cannot be chosen by effects; the owner chooses where cards go."""

from __future__ import annotations

from stammtisch.engine.challengers.board import KEY
from stammtisch.engine.challengers.decide import answer, place_on_normal_seat
from stammtisch.engine.challengers.game import GAME
from stammtisch.engine.challengers.match_state import REVEAL, Match
from stammtisch.engine.challengers.placement import place_step, to_bench
from stammtisch.engine.challengers.scenario import build
from stammtisch.engine.challengers.view import match_view
from tests.engine.challengers.helpers import attacks, card, duel, of


def test_frozen_seats_take_different_names_up_to_the_round_number() -> None:
    match, events = duel(
        ["starter-dog", "dragon"],
        ["starter-newcomer", "talent"],
        round=3,
        winter_park=True,
        answers=[[], ["frozen-1", "frozen-1"]],
    )
    assert of(events, "decision", seat=1)[0]["options"] == ["seat", "frozen-1", "frozen-2"]
    assert match.sides[1].frozen[0] == [card("starter-newcomer"), card("talent")]
    assert match.sides[1].bench == {}
    assert match.sides[1].seats == 4


def test_a_frozen_seat_is_not_offered_when_the_cards_would_exceed_the_round_number() -> None:
    _, events = duel(
        ["starter-dog", "dragon"],
        ["talent", "starter-newcomer"],
        round=2,
        winter_park=True,
        answers=[[], ["frozen-1", "seat"]],
    )
    options = [e["options"] for e in of(events, "decision", seat=1)]
    assert options == [["seat", "frozen-1", "frozen-2"], ["seat", "frozen-2"]]


def test_the_final_allows_frozen_seats_up_to_7() -> None:
    match, _ = duel(
        ["dragon", "t-rex"], ["slime"], round="final", winter_park=True, answers=[["frozen-2"], []]
    )
    assert match.sides[0].frozen[1] == [card("dragon")]


def test_cards_on_frozen_seats_give_no_bonuses() -> None:
    _, events = duel(
        ["starter-talent", "dragon"],
        ["vendor", "pony"],
        round=3,
        winter_park=True,
        answers=[[], ["frozen-1"]],
    )
    assert of(events, "attack", seat=1)[-1]["powers"] == [3]
    _, events = duel(
        ["starter-talent", "dragon"],
        ["vendor", "pony"],
        round=3,
        winter_park=True,
        answers=[[], ["seat"]],
    )
    assert of(events, "attack", seat=1)[-1]["powers"] == [4]


def test_cards_on_frozen_seats_cannot_be_chosen_by_effects() -> None:
    match, events = duel(
        ["starter-dog", "dragon"],
        ["pig", "sorcerer"],
        round=3,
        winter_park=True,
        answers=[[], ["frozen-1"]],
    )
    assert not [e for e in of(events, "decision", seat=1) if e["decision"] == "bench_pick"]
    assert match.sides[1].exhaust == []
    assert attacks(events, 1)


def test_each_round_one_park_is_the_winter_park_drawn_with_the_seed() -> None:
    parks = set()
    for seed in range(12):
        state = GAME.setup({"players": 8, "winter_park": True}, seed)
        assert 0 <= state.winter < 4
        parks.add(state.winter)
    assert len(parks) > 1
    assert GAME.setup({"players": 8}, 1).winter == -1


def _winter_bench(seated: list[str], frozen: list[str], *, auto: bool) -> Match:
    """A round-1 Winter Park match whose seat 1 has these cards on normal and frozen seats."""
    match, *_ = build({"decks": [["pig"], ["pig"]], "winter_park": True, "round": 1}, [])
    side = match.sides[1]
    side.auto = auto
    for key in seated:
        place_on_normal_seat(side, card(key), match.base)
    side.frozen[0] += [card(key) for key in frozen]
    return match


def test_cards_overflow_the_bench_only_when_no_placement_seats_them_all() -> None:
    # 3 of 4 normal seats taken, frozen seats hold base power 1 in round 1: the Newcomer must
    # go to a frozen seat so that the Pig gets the last normal seat.
    match = _winter_bench(["talent", "dog", "cat"], [], auto=False)
    to_bench(match, match.sides[1], [card("starter-newcomer"), card("pig")], REVEAL)
    place_step(match)
    assert match.pending is not None
    assert match.pending.labels == ["frozen-1", "frozen-2"]
    answer(match, 0)
    place_step(match)
    assert match.winner == -1
    assert match.sides[1].frozen[0] == [card("starter-newcomer")]
    assert [card("pig")] in match.sides[1].bench.values()
    # the auto-play policy (robot, absent player) finds the same way
    match = _winter_bench(["talent", "dog", "cat"], [], auto=True)
    to_bench(match, match.sides[1], [card("starter-newcomer"), card("pig")], REVEAL)
    place_step(match)
    assert match.winner == -1
    # no placement seats both: the bench is full at once, no pointless question
    match = _winter_bench(["talent", "dog", "cat"], ["starter-newcomer"], auto=False)
    match.sides[1].frozen[1].append(card("starter-newcomer"))
    to_bench(match, match.sides[1], [card("starter-newcomer"), card("pig"), card("cow")], REVEAL)
    place_step(match)
    assert match.pending is None
    assert match.winner == 0
    assert match.reason == "bench_full"


def test_cards_waiting_for_a_place_stay_in_sight_of_everyone() -> None:
    match = _winter_bench(["talent"], [], auto=False)
    to_bench(match, match.sides[1], [card("starter-newcomer"), card("pig")], REVEAL)
    place_step(match)
    assert match.pending is not None
    assert [KEY[c] for c in match.pending.shown] == ["starter-newcomer"]
    sides = match_view(match)["sides"]
    assert sides[1]["placing"] == [["starter-newcomer"], ["pig"]]
    assert sides[0]["placing"] == []
