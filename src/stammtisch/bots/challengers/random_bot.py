"""A bot that picks uniformly at random among the legal actions."""

from __future__ import annotations

import random
from typing import Any

from stammtisch.engine.protocol import Game, GameError, Seat


class RandomBot:
    """Uniform over `legal_actions` (in their stable order), drawn from the bot's own rng."""

    name = "random"

    def choose(self, game: Game[Any, Any], state: Any, seat: Seat, rng: random.Random) -> Any:
        """One legal action for `seat`."""
        legal = game.legal_actions(state, seat)
        if not legal:
            raise GameError("not_your_turn", f"Seat {seat} has nothing to do right now.")
        return legal[rng.randrange(len(legal))]


def make() -> RandomBot:
    """A new random bot."""
    return RandomBot()
