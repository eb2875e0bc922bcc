"""Elo for Klubnacht: the change depends only on the opponent's strength and the result.

K-factor 32 for every game: a monthly season restarts everyone at 1000, so ratings must move
fast enough that five to twenty games separate the regulars; between equals a game is worth 16.
The margin of victory is ignored on purpose; a resign or a timeout is simply a loss.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TypeVar

K = TypeVar("K")

START = 1000.0
"""Everyone's Elo at the start of a season (and of all time)."""

K_FACTOR = 32.0
"""Points at stake in one game: the winner gains K times the loss probability."""


def expected_score(rating: float, opponent: float) -> float:
    """The probability (0..1) that a player of this rating beats the opponent."""
    return 1.0 / (1.0 + math.pow(10.0, (opponent - rating) / 400.0))


@dataclass(frozen=True, slots=True)
class EloUpdate:
    """New ratings of both sides after one game."""

    first: float
    second: float


def rate_pair(first: float, second: float, first_score: float, k: float = K_FACTOR) -> EloUpdate:
    """Both new ratings after a game; first_score is 1 (first won), 0.5 (draw) or 0 (lost)."""
    if first_score not in (0.0, 0.5, 1.0):
        raise ValueError(f"a game score is 0, 0.5 or 1, not {first_score!r}")
    change = k * (first_score - expected_score(first, second))
    return EloUpdate(first + change, second - change)


def rate_field(ratings: Mapping[K, float], places: Mapping[K, int]) -> dict[K, float]:
    """New ratings after one game of two or more: each pair counts as a game worth K / (n - 1).

    With two players this is plain Elo. Places count from 1 (best); equal places draw.
    """
    players = list(ratings)
    k = K_FACTOR / max(1, len(players) - 1)
    new = dict(ratings)
    for i, first in enumerate(players):
        for second in players[i + 1 :]:
            score = 0.5 + 0.5 * (
                (places[first] < places[second]) - (places[first] > places[second])
            )
            update = rate_pair(ratings[first], ratings[second], score, k)
            new[first] += update.first - ratings[first]
            new[second] += update.second - ratings[second]
    return new
