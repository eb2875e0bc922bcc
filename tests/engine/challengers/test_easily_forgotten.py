"""The 14 easily forgotten rules of seed 001, one test each, named after the rule."""

from __future__ import annotations

import copy

from stammtisch.engine.challengers.board import card_attack_power
from stammtisch.engine.challengers.game import GAME
from stammtisch.engine.challengers.match_state import REVEAL
from stammtisch.engine.challengers.outcome import decide_two_player
from stammtisch.engine.challengers.placement import to_bench
from stammtisch.engine.challengers.scenario import build
from stammtisch.engine.challengers.state import Player
from stammtisch.engine.challengers.tournament import _award
from tests.engine.challengers.helpers import attacks, bench_keys, card, deck_keys, duel, of
from tests.engine.challengers.play import play_until


def test_1_equal_power_is_enough_for_the_attacker() -> None:
    _, events = duel(["starter-dog"], ["pig"])
    assert attacks(events, 1)[0] == (3, 3)
    assert of(events, "flag_taken", seat=1, card="pig")


def test_2_compare_after_every_card_and_stop_flag_on_the_last_rest_under_it() -> None:
    match, events = duel(["starter-champion"], ["talent", "talent", "dragon", "pig"])
    assert attacks(events, 1)[:2] == [(2, 4), (4, 4)]
    taken = of(events, "flag_taken", seat=1)[0]
    assert taken["card"] == "talent"
    assert taken["under"] == 1
    assert deck_keys(match, 1) == ["dragon", "pig"]  # never more than needed
    assert match.reason == "deck_empty"
    assert match.winner == 1


def test_3_on_flag_loss_the_whole_stack_goes_to_the_bench() -> None:
    match, _ = duel(["starter-dog", "dragon"], ["starter-newcomer", "talent"])
    assert bench_keys(match, 1) == [["starter-newcomer"], ["talent"]]


def test_4_defence_counts_only_the_flag_cards_own_total_power() -> None:
    _, events = duel(["starter-dog", "talent"], ["starter-newcomer", "talent"])
    # seat 1 took the flag with Talent (2) on top of a Newcomer: 2 suffices, not 3
    assert attacks(events, 0) == [(2, 2)]


def test_5_same_named_cards_share_one_seat_and_their_bench_bonuses_add_up() -> None:
    match, *_ = build({"decks": [["pony"], ["pig"]]}, None)
    side = match.sides[0]
    to_bench(match, side, [card("vendor"), card("vendor")], REVEAL)
    assert bench_keys(match, 0) == [["vendor", "vendor"]]
    assert card_attack_power(card("pony"), 0, side, match.sides[1], match.base) == 3 + 2
    match, _ = duel(["starter-dog", "dragon"], ["starter-newcomer", "starter-newcomer", "talent"])
    assert bench_keys(match, 1) == [["starter-newcomer", "starter-newcomer"], ["talent"]]


def test_6_whoever_begins_is_attacked_round_1_toss_later_higher_trophy_tie_toss() -> None:
    _, events = duel(["pig", "dragon"], ["talent", "horse"])
    first = of(events, "card_revealed")[0]
    assert first["seat"] == 0
    assert of(events, "flag_taken")[0]["seat"] == 0
    assert of(events, "card_revealed")[1]["seat"] == 1
    _, events = duel(["pig"], ["talent"], beginner=None, round=1, trophies=[[], []])
    assert of(events, "match_started")[0]["toss"] is True
    _, events = duel(["pig"], ["talent"], beginner=None, round=3, trophies=[[1], [2]])
    assert of(events, "match_started")[0]["beginner"] == 1
    assert of(events, "match_started")[0]["toss"] is False
    _, events = duel(["pig"], ["talent"], beginner=None, round=3, trophies=[[2], [2]])
    assert of(events, "match_started")[0]["toss"] is True


def test_7_attacking_ends_with_winning_the_flag_an_immediate_bonus_stays() -> None:
    _, events = duel(["starter-champion", "talent"], ["gangster"])
    assert attacks(events, 1) == [(4, 4)]
    assert attacks(events, 0) == [(2, 2)]  # the Gangster defends with 2, its +2 ended
    _, events = duel(["starter-champion", "starter-champion"], ["hermit", "hermit"])
    assert attacks(events, 1)[0] == (4, 4)
    assert attacks(events, 0)[0] == (4, 4)  # a bonus without keyword stays while defending


def test_8_the_first_card_of_the_match_has_its_effect_too() -> None:
    _, events = duel(["ghost", "dragon"], ["pig", "talent"])
    assert of(events, "cards_exhausted", seat=1, cards=["pig"])
    assert of(events, "card_revealed", seat=1)[0]["card"] == "talent"


def test_9_flag_loss_resolves_before_the_capturing_cards_effects() -> None:
    match, _ = duel(
        ["clairvoyant", "starter-newcomer", "dragon"],
        ["talent", "cowboy", "pig"],
        answers=[["dragon"], []],
    )
    # Clairvoyant put the Dragon on top first; then Cowboy benched that top card.
    assert ["dragon"] in bench_keys(match, 0)


def test_10_no_looking_into_or_reordering_the_deck_unless_an_effect_allows() -> None:
    state = GAME.setup({"players": 2}, 5)
    play_until(state, lambda s: s.phase == "deck" and s.round == 2)
    other = copy.deepcopy(state)
    other.players[0].deck.reverse()
    assert GAME.view(state, 0) == GAME.view(other, 0)
    assert all(a.verb != "choose" for a in GAME.legal_actions(state, 0))
    _, events = duel(
        ["juggler", "pig", "dragon", "talent"], ["horse"], answers=[["dragon,talent,pig"], []]
    )
    assert of(events, "decision", seat=0)[0]["shown"] == ["pig", "dragon", "talent"]


def test_11_one_redraw_per_deck_phase_also_after_the_first_pick() -> None:
    state = GAME.setup({"players": 2}, 3)
    player = state.players[0]
    first = sorted(GAME.legal_actions(state, 0), key=lambda a: a.text())
    assert any(a.verb == "redraw" for a in first)
    GAME.apply(state, 0, next(a for a in GAME.legal_actions(state, 0) if a.verb == "pick"))
    assert any(a.verb == "redraw" for a in GAME.legal_actions(state, 0))
    GAME.apply(state, 0, GAME.parse_action("redraw"))
    assert len(player.drawn) == 4
    assert not any(a.verb == "redraw" for a in GAME.legal_actions(state, 0))


def test_12_starter_cards_may_be_removed_to_the_box_and_before_the_final_only_removing() -> None:
    state = GAME.setup({"players": 3}, 11)
    for _ in range(2):
        GAME.apply(state, 0, next(a for a in GAME.legal_actions(state, 0) if a.verb == "pick"))
    GAME.apply(state, 0, GAME.parse_action("remove starter-newcomer"))
    assert state.box.count(card("starter-newcomer")) == 1
    play_until(state, lambda s: s.phase == "final_deck")
    for seat in state.finalists:
        verbs = {a.verb for a in GAME.legal_actions(state, seat)}
        assert verbs <= {"remove", "done"}
        assert "done" in verbs


def test_13_fans_stay_secret_except_with_2_players_and_solo() -> None:
    for players, open_fans in ((4, False), (3, False), (2, True), (1, True)):
        state = GAME.setup({"players": players}, 2)
        play_until(state, lambda s: s.round == 2)
        view = GAME.view(state, 0)
        others = [p for p in view["players"] if p["seat"] != 0]
        assert all(("fans" in p) == open_fans for p in others), players
        assert all("trophies" in p for p in others)
        assert "fans" in next(p for p in view["players"] if p["seat"] == 0)


def test_14_robot_wins_burn_the_trophy_in_multiplayer_only_solo_collects_and_can_win() -> None:
    state = GAME.setup({"players": 3}, 1)
    assert state.robot is not None
    _award(state, 0, state.robot, (1, 3))
    assert state.burned == [(1, 3)]
    assert state.robot.trophies == []
    solo = GAME.setup({"players": 1}, 1)
    assert solo.robot is not None
    _award(solo, 0, solo.robot, (1, 3))
    assert solo.robot.trophies == [(1, 3)]
    solo.robot.trophies += [(2, 3), (3, 4), (4, 6)]
    assert decide_two_player(solo, final_round=False)
    outcome = GAME.outcome(solo)
    assert outcome is not None
    assert outcome.details["robot_won"] is True
    assert outcome.reason == "lead_of_11"
    assert isinstance(solo.players[0], Player)
