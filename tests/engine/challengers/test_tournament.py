"""The tournament around the matches: plans and parks, trophies, the final, 2 players, solo,
the outcome's ranking."""

from __future__ import annotations

from stammtisch.engine.challengers.game import GAME
from stammtisch.engine.challengers.outcome import decide_two_player
from stammtisch.engine.challengers.rules_data import rules
from stammtisch.engine.challengers.state import State
from stammtisch.engine.challengers.tournament import _qualify, participants
from tests.engine.challengers.play import play_until


def _all_matches_paired(state: State) -> None:
    """Every park of the round has exactly two participants."""
    for park in range(rules().parks[len(state.players)]):
        assert len(participants(state, park)) == 2


def test_every_round_pairs_two_participants_per_park_for_every_count() -> None:
    for players in range(1, 9):
        state = GAME.setup({"players": players}, players)
        for _ in range(7):
            _all_matches_paired(state)
            if GAME.outcome(state) is not None:
                break
            play_until(state, lambda s, r=state.round: s.round != r or s.phase != "deck")
            play_until(state, lambda s, r=state.round: s.round != r)
            if state.round > 7:
                break


def test_trophy_stacks_hold_one_trophy_per_round_with_round_1_on_top() -> None:
    state = GAME.setup({"players": 8}, 3)
    for stack in state.trophy_stacks:
        assert [r for r, _ in reversed(stack)] == [1, 2, 3, 4, 5, 6, 7]
    for round_index in range(7):
        values = sorted(stack[6 - round_index][1] for stack in state.trophy_stacks)
        assert values == sorted(rules().trophies[round_index])


def test_the_winner_of_a_match_takes_the_round_trophy_of_the_park() -> None:
    state = GAME.setup({"players": 4}, 6)
    play_until(state, lambda s: s.round == 2)
    owned = sorted(r for p in state.players for r, _ in p.trophies)
    assert owned == [1, 1]
    assert all(len(stack) == 6 for stack in state.trophy_stacks)


def test_the_two_players_with_most_fans_play_the_final_with_the_tie_breaks() -> None:
    state = GAME.setup({"players": 4}, 1)
    a, b, c, d = state.players
    a.trophies, a.fans = [(1, 2), (2, 3)], 0  # 5 fans, 2 trophies
    b.trophies, b.fans = [(3, 3)], 2  # 5 fans, 1 trophy
    c.trophies, c.fans = [(4, 5)], 0  # 5 fans, 1 trophy, round 4
    d.trophies, d.fans = [], 4
    _qualify(state)
    assert state.finalists == (0, 2)
    assert state.phase == "final_deck"
    assert GAME.to_act(state) == frozenset({0, 2})


def test_the_final_decides_the_game_and_ranks_the_rest_by_fans() -> None:
    state = GAME.setup({"players": 5}, 7)
    play_until(state, lambda s: False)
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.reason == "final"
    finalists = outcome.details["finalists"]
    assert {outcome.ranking[0][0], outcome.ranking[1][0]} == set(finalists)
    rest = [group[0] for group in outcome.ranking[2:]]
    fans = [outcome.scores[seat] for seat in rest]
    assert fans == sorted(fans, reverse=True)


def test_two_players_win_at_once_with_a_lead_of_11_fans() -> None:
    state = GAME.setup({"players": 2}, 1)
    state.players[0].fans = 11
    assert decide_two_player(state, final_round=False)
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.reason == "lead_of_11"
    assert outcome.ranking == ((0,), (1,))


def test_two_players_have_no_final_most_fans_after_round_7_wins() -> None:
    state = GAME.setup({"players": 2}, 1)
    state.players[1].fans = 3
    assert not decide_two_player(state, final_round=False)
    assert decide_two_player(state, final_round=True)
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.reason == "fans_after_round_7"
    assert outcome.ranking == ((1,), (0,))


def test_a_full_tie_of_two_players_shares_the_first_place() -> None:
    state = GAME.setup({"players": 2}, 1)
    assert decide_two_player(state, final_round=True)
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.ranking == ((0, 1),)
    assert outcome.details["draw"] is True


def test_solo_reports_whether_the_robot_won() -> None:
    state = GAME.setup({"players": 1, "difficulty": 3}, 2)
    play_until(state, lambda s: False)
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.ranking == ((0,),)
    assert isinstance(outcome.details["robot_won"], bool)
    assert outcome.reason in ("lead_of_11", "fans_after_round_7")


def test_the_same_seed_gives_the_same_tournament() -> None:
    first, second = (
        GAME.setup({"players": 6, "winter_park": True}, 42),
        GAME.setup({"players": 6, "winter_park": True}, 42),
    )
    play_until(first, lambda s: False)
    play_until(second, lambda s: False)
    assert first.log == second.log
    assert GAME.outcome(first) == GAME.outcome(second)
