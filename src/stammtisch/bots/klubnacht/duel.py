"""Playing whole nights between robots: for simulate, balance, strength runs and tests."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from stammtisch.bots.protocol import Bot
from stammtisch.engine.klubnacht import GAME, KlubnachtState
from stammtisch.engine.protocol import Event, Outcome


@dataclass
class Duel:
    """A finished night between two robots: the final state, its log and every event."""

    seed: int
    chips: bool
    state: KlubnachtState
    log: list[tuple[int, str]] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    thinking: list[float] = field(default_factory=lambda: [0.0, 0.0])
    """Processor seconds each seat's robot spent choosing."""
    decisions: list[int] = field(default_factory=lambda: [0, 0])
    """How many actions each seat's robot chose."""

    @property
    def outcome(self) -> Outcome:
        """The night's outcome."""
        outcome = GAME.outcome(self.state)
        assert outcome is not None
        return outcome


def bot_rng(seed: int, seat: int) -> random.Random:
    """The random source of the robot in a seat, derived from the night's seed."""
    return random.Random(f"klubnacht-bot:{seed}:{seat}")


def play_duel(
    bots: Sequence[Bot],
    seed: int,
    chips: bool,
    on_action: Callable[[int, str, list[Event]], None] | None = None,
) -> Duel:
    """Play one night from its seed, `bots[seat]` choosing for each seat."""
    state = GAME.setup({"chips": chips}, seed)
    rngs = [bot_rng(seed, seat) for seat in (0, 1)]
    duel = Duel(seed, chips, state)
    while not state.over:
        seat = state.current
        started = time.process_time()
        action = bots[seat].choose(GAME, state, seat, rngs[seat])
        duel.thinking[seat] += time.process_time() - started
        duel.decisions[seat] += 1
        events = GAME.apply(state, seat, action)
        text = GAME.action_text(action)
        duel.log.append((seat, text))
        duel.events += events
        if on_action is not None:
            on_action(seat, text, events)
    return duel
