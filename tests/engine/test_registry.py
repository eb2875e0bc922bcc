"""The game registry."""

import pytest

from stammtisch.engine.protocol import GameError
from stammtisch.engine.registry import get_game


def test_unknown_game_is_a_clear_error() -> None:
    with pytest.raises(GameError, match="no game called 'chess'"):
        get_game("chess")
