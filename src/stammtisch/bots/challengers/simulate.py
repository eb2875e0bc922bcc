"""Whole tournaments with bots in every seat (behind `stammtisch challengers simulate`)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from stammtisch.bots.registry import make_bot
from stammtisch.engine.challengers.game import GAME
from stammtisch.engine.challengers.state import State
from stammtisch.engine.protocol import Event, Outcome


@dataclass(frozen=True, slots=True)
class Simulation:
    """A finished simulated tournament: every event (all audiences), the log and the outcome."""

    state: State
    events: list[Event]
    log: list[tuple[int, str]]
    outcome: Outcome


def bot_rng(seed: int, seat: int) -> random.Random:
    """The random source of the bot in a seat (independent of the game's own)."""
    return random.Random(f"challengers-bot:{seed}:{seat}")


def simulate(
    options: Mapping[str, Any], seed: int, bots: Sequence[str] = ("greedy",)
) -> Simulation:
    """Play a whole tournament; seat i is played by bots[i % len(bots)]. Same seed, same game."""
    state = GAME.setup(options, seed)
    seats = len(state.players)
    players = [make_bot("challengers", bots[seat % len(bots)]) for seat in range(seats)]
    rngs = [bot_rng(seed, seat) for seat in range(seats)]
    events = GAME.drain_events(state)
    while GAME.outcome(state) is None:
        seat = min(GAME.to_act(state))
        action = players[seat].choose(GAME, state, seat, rngs[seat])
        events += GAME.apply(state, seat, action)
    outcome = GAME.outcome(state)
    assert outcome is not None
    return Simulation(state=state, events=events, log=list(state.log), outcome=outcome)
