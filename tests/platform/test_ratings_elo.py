"""Klubnacht Elo: from 1000, the change depends on the opponent's strength, margin ignored."""

import pytest

from stammtisch.services.ratings.elo import K_FACTOR, START, expected_score, rate_pair


def test_elo_starts_at_1000() -> None:
    assert START == 1000.0


def test_between_equals_a_win_is_worth_half_the_k_factor() -> None:
    update = rate_pair(1000.0, 1000.0, 1.0)
    assert update.first == pytest.approx(1000.0 + K_FACTOR / 2)
    assert update.second == pytest.approx(1000.0 - K_FACTOR / 2)


def test_elo_is_zero_sum() -> None:
    update = rate_pair(1234.0, 987.0, 0.0)
    assert update.first + update.second == pytest.approx(1234.0 + 987.0)


def test_a_win_against_a_far_stronger_player_gives_much() -> None:
    upset = rate_pair(1000.0, 1400.0, 1.0).first - 1000.0
    assert upset > 0.9 * K_FACTOR


def test_a_win_against_a_far_weaker_player_gives_almost_nothing() -> None:
    expected_win = rate_pair(1400.0, 1000.0, 1.0).first - 1400.0
    assert 0 < expected_win < 0.1 * K_FACTOR


def test_expected_scores_of_both_sides_add_up_to_one() -> None:
    assert expected_score(1100.0, 1000.0) + expected_score(1000.0, 1100.0) == pytest.approx(1.0)
    assert expected_score(1200.0, 1000.0) == pytest.approx(1 / (1 + 10 ** (-0.5)))


def test_a_draw_moves_ratings_toward_each_other() -> None:
    update = rate_pair(1100.0, 1000.0, 0.5)
    assert update.first < 1100.0
    assert update.second > 1000.0


def test_a_game_score_other_than_win_draw_loss_is_refused() -> None:
    with pytest.raises(ValueError, match=r"0, 0\.5 or 1"):
        rate_pair(1000.0, 1000.0, 0.7)
