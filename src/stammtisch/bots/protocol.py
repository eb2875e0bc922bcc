"""What a bot is: something that picks an action for one seat from what that seat may know."""

from __future__ import annotations

import random
from typing import Any, Protocol

from stammtisch.engine.protocol import Game, Seat


class Bot(Protocol):
    """A decision maker for one seat.

    A bot is handed the real state only so it can call the game's own functions; it must decide
    from what the seat may know (the seat's view, its legal actions, and the game's
    determinisation of hidden facts), never from hidden facts. All its randomness comes from
    `rng`, so a bot's choices are reproducible.
    """

    name: str

    def choose(self, game: Game[Any, Any], state: Any, seat: Seat, rng: random.Random) -> Any:
        """One legal action for `seat`."""
        ...
