"""The bot registry."""

import pytest

from stammtisch.bots.registry import bot_names, make_bot
from stammtisch.engine.protocol import GameError


def test_unknown_bot_is_a_clear_error() -> None:
    with pytest.raises(GameError, match="no bot called 'oracle'"):
        make_bot("chess", "oracle")


def test_a_game_without_bots_lists_none() -> None:
    assert bot_names("chess") == []
