"""Which rating system each game uses, and one rated game applied to a set of standings."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from stammtisch.services.ratings import elo, placement

System = Literal["elo", "placement"]

SYSTEMS: dict[str, System] = {"klubnacht": "elo"}
"""Game name -> rating system; every other game is rated by placement (openskill)."""


def system_of(game: str) -> System:
    """The rating system of a game."""
    return SYSTEMS.get(game, "placement")


@dataclass(frozen=True, slots=True)
class Standing:
    """A rating as stored: the displayed value and, for placement ratings, openskill's estimate."""

    rating: float
    mu: float | None = None
    sigma: float | None = None


def initial(system: System) -> Standing:
    """Where everyone starts, each season and all-time: 1000."""
    if system == "elo":
        return Standing(elo.START)
    skill = placement.Skill()
    return Standing(skill.display, skill.mu, skill.sigma)


def rate(
    system: System, before: Mapping[int, Standing], places: Mapping[int, int]
) -> dict[int, Standing]:
    """Every player's standing after one game; places count from 1 (best), ties share."""
    if system == "elo":
        new = elo.rate_field({m: s.rating for m, s in before.items()}, places)
        return {member: Standing(rating) for member, rating in new.items()}
    skills = {
        member: placement.Skill(
            standing.mu if standing.mu is not None else placement.MU,
            standing.sigma if standing.sigma is not None else placement.SIGMA,
        )
        for member, standing in before.items()
    }
    rated = placement.rate_placement(skills, places)
    return {
        member: Standing(skill.display, skill.mu, skill.sigma) for member, skill in rated.items()
    }
