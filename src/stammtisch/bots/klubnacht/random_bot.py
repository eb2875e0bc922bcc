"""A robot that picks uniformly among the legal actions (for conformance runs and benchmarks)."""

from __future__ import annotations

import random
from typing import Any

from stammtisch.engine.protocol import Game, Seat


class RandomBot:
    """Uniformly random legal actions."""

    name = "random"

    def choose(self, game: Game[Any, Any], state: Any, seat: Seat, rng: random.Random) -> Any:
        """Any legal action, each equally likely."""
        legal = game.legal_actions(state, seat)
        return legal[rng.randrange(len(legal))]
