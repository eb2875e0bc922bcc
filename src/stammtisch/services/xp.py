"""Experience points: 25 for a win, 10 for a loss, nothing for practice or a forfeit unplayed."""

from __future__ import annotations

from stammtisch.services.placings import Placing

WIN_XP = 25
LOSS_XP = 10


def xp_for(placing: Placing) -> int:
    """The XP one member earns from a counted game; a forfeit without a single move earns 0."""
    if placing.won:
        return WIN_XP
    if placing.forfeited and placing.moves == 0:
        return 0
    return LOSS_XP
