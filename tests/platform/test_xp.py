"""XP: 25 for a win, 10 for a loss, nothing for a forfeit without a single move."""

from stammtisch.services.placings import Placing
from stammtisch.services.xp import LOSS_XP, WIN_XP, xp_for


def _placing(won: bool, forfeited: bool = False, moves: int = 5) -> Placing:
    return Placing(
        seat=0, member=1, place=1 if won else 2, won=won, forfeited=forfeited, moves=moves
    )


def test_a_win_gives_25_xp() -> None:
    assert WIN_XP == 25
    assert xp_for(_placing(won=True)) == 25


def test_a_loss_gives_10_xp() -> None:
    assert LOSS_XP == 10
    assert xp_for(_placing(won=False)) == 10


def test_a_forfeit_without_a_single_move_gives_nothing() -> None:
    assert xp_for(_placing(won=False, forfeited=True, moves=0)) == 0


def test_a_forfeit_after_playing_is_an_ordinary_loss() -> None:
    assert xp_for(_placing(won=False, forfeited=True, moves=3)) == 10


def test_a_win_by_the_opponents_forfeit_is_a_win() -> None:
    assert xp_for(_placing(won=True, moves=0)) == 25
