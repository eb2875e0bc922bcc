"""Scores, the 3+ coin, and the exact "lead cannot be caught" and "nothing buildable" checks."""

from __future__ import annotations

from stammtisch.engine.klubnacht.catalogue import covered
from stammtisch.engine.klubnacht.state import KlubnachtState

COIN_POINTS = 3
"""The "3+" coin: for whoever has claimed more tasks (nobody on equal counts)."""
COMPENSATION_POINTS = 3
"""For the seat that did not start, from the first turn on."""


def coin_holder(state: KlubnachtState) -> int | None:
    """The seat holding the 3+ coin now, or None while the task counts are equal."""
    first, second = state.claimed
    if first == second:
        return None
    return 0 if first > second else 1


def score(state: KlubnachtState, seat: int, compensation: bool = True) -> int:
    """The live score of a seat: task points, the coin and (by default) the compensation."""
    total = state.points[seat]
    if coin_holder(state) == seat:
        total += COIN_POINTS
    if compensation and seat != state.starter:
        total += COMPENSATION_POINTS
    return total


def leader(state: KlubnachtState, compensation: bool = True) -> int:
    """The seat that would win if the night ended now (the starter wins ties)."""
    other = 1 - state.starter
    if score(state, other, compensation) > score(state, state.starter, compensation):
        return other
    return state.starter


def safe_leader(state: KlubnachtState) -> int | None:
    """The seat whose lead cannot be caught even if the other claimed every task left, or None.

    Exact: face-down tasks count with their real points, the coin falls as it then would, and
    the tie rule applies.
    """
    points = state.points
    if state.points_left > abs(points[0] - points[1]) + COIN_POINTS + COMPENSATION_POINTS:
        return None  # either side claiming the rest would overtake the other's best
    left = state.open_mask | state.down_mask
    if not left:
        return None
    left_count, claimed = left.bit_count(), state.claimed
    for chaser in (0, 1):
        ahead = 1 - chaser
        chaser_count = claimed[chaser] + left_count
        chaser_best = points[chaser] + state.points_left
        ahead_final = points[ahead]
        if chaser_count > claimed[ahead]:
            chaser_best += COIN_POINTS
        elif claimed[ahead] > chaser_count:
            ahead_final += COIN_POINTS
        if chaser != state.starter:
            if chaser_best + COMPENSATION_POINTS <= ahead_final:
                return ahead
        elif chaser_best < ahead_final + COMPENSATION_POINTS:
            return ahead
    return None


def buildable(state: KlubnachtState) -> bool:
    """Whether some unclaimed task (open or face down) can be built from all cards in play."""
    return covered(state.in_play, state.lanes) & (state.open_mask | state.down_mask) != 0
