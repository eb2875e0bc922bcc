"""The Challengers! rating from the final placement, with openskill's Plackett-Luce model.

Internally openskill's usual scale (mu 25, sigma 25/3). A player sees ``1000 + 40 * (mu - 25)``:
everyone starts at 1000, a good placement raises it and a poor one lowers it, and the scale
roughly matches Elo (one sigma at the start is about 333 points). The uncertainty (sigma) is
kept so that a newcomer's first games move the rating more than a regular's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from openskill.models import PlackettLuce as _Model

K = TypeVar("K")

MU = 25.0
"""openskill's initial mean."""

SIGMA = MU / 3.0
"""openskill's initial uncertainty."""

DISPLAY_START = 1000.0
"""The displayed rating at the start of a season (and of all time)."""

DISPLAY_SCALE = 40.0
"""Displayed points per unit of mu (1000 / 25)."""


@dataclass(frozen=True, slots=True)
class Skill:
    """One player's openskill estimate."""

    mu: float = MU
    sigma: float = SIGMA

    @property
    def display(self) -> float:
        """The rating a player sees (1000 at the start)."""
        return DISPLAY_START + DISPLAY_SCALE * (self.mu - MU)


def rate_placement(skills: Mapping[K, Skill], places: Mapping[K, int]) -> dict[K, Skill]:
    """New skills after one game; places count from 1 (best), equal places are ties."""
    if set(skills) != set(places):
        raise ValueError("every rated player needs both a skill and a place")
    if len(skills) < 2:
        raise ValueError("a placement rating needs at least two players")
    players: Sequence[K] = list(skills)
    model = _Model()
    teams = [[model.rating(mu=skills[p].mu, sigma=skills[p].sigma)] for p in players]
    rated = model.rate(teams, ranks=[float(places[p]) for p in players])
    return {p: Skill(team[0].mu, team[0].sigma) for p, team in zip(players, rated, strict=True)}
