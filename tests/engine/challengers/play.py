"""Driving whole tournaments in tests with the engine's auto-play policy or random choices."""

from __future__ import annotations

import random
from collections.abc import Callable

from stammtisch.engine.challengers.auto import auto_action
from stammtisch.engine.challengers.game import GAME
from stammtisch.engine.challengers.state import State


def play_until(state: State, done: Callable[[State], bool], limit: int = 5000) -> None:
    """Auto-play the lowest seat that may act until `done` holds (or the game is over)."""
    for _ in range(limit):
        if done(state) or GAME.outcome(state) is not None:
            return
        seat = min(GAME.to_act(state))
        GAME.apply(state, seat, auto_action(state, seat))
    raise AssertionError("the game did not get there")


def random_step(state: State, rng: random.Random) -> tuple[int, str]:
    """One uniformly random legal action of a random seat that may act; returns it as logged."""
    seats = sorted(GAME.to_act(state))
    seat = seats[rng.randrange(len(seats))]
    legal = GAME.legal_actions(state, seat)
    action = legal[rng.randrange(len(legal))]
    GAME.apply(state, seat, action)
    return seat, action.text()
