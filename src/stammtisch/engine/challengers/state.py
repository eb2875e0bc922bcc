"""The state of a whole tournament: players, robot, piles, parks, round and phase."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from stammtisch.engine.challengers.match_state import EventRecord, Match
from stammtisch.engine.challengers.piles import Piles
from stammtisch.engine.protocol import Outcome

Trophy = tuple[int, int]
"""(round number, fans) of one trophy."""

# Deck-phase stages of a player (COACH: keeping one of the dealt coaches, before round 1's draw).
IDLE, COACH, CHOOSE_PILE, PICK, REMOVE, DONE = "idle", "coach", "pile", "pick", "remove", "done"

# Phases of the tournament.
DECK, MATCHES, FINAL_DECK, FINAL, OVER = "deck", "matches", "final_deck", "final", "over"


@dataclass(slots=True)
class PickDecision:
    """A when-picked effect waiting for its owner (Shapeshifter, Sci-fi Geek)."""

    card: int
    candidates: list[tuple[int, ...]]
    labels: list[str]


@dataclass(slots=True)
class Player:
    """One seat: its plan, its cards between matches, fans, trophies and deck-phase progress."""

    seat: int
    plan: tuple[int, ...]
    deck: list[int]
    fans: int = 0
    trophies: list[Trophy] = field(default_factory=list)
    stage: str = IDLE
    offers: tuple[str, ...] = ()
    pile: int = -1
    drawn: list[int] = field(default_factory=list)
    picks_left: int = 0
    random_left: int = 0
    redraw_used: bool = False
    decision: PickDecision | None = None
    coaches: tuple[int, ...] = ()
    coach: int = -1

    def total_fans(self) -> int:
        """Fans from effects plus the fans of all trophies."""
        return self.fans + sum(fans for _, fans in self.trophies)


@dataclass(slots=True)
class Robot:
    """The robot of odd player counts and solo: a plan and its own deck."""

    plan: tuple[int, ...]
    deck: list[int]
    trophies: list[Trophy] = field(default_factory=list)

    def total_fans(self) -> int:
        """Fans of its trophies (it only keeps trophies in solo)."""
        return sum(fans for _, fans in self.trophies)


@dataclass(slots=True)
class State:
    """Everything of one game; only the engine changes it."""

    options: dict[str, Any]
    seed: int
    rng: random.Random
    sets: list[str]
    players: list[Player]
    robot: Robot | None
    piles: Piles
    box: list[int]
    trophy_stacks: list[list[Trophy]]
    burned: list[Trophy] = field(default_factory=list)
    round: int = 0
    phase: str = DECK
    winter: int = -1
    matches: list[Match | None] = field(default_factory=list)
    finalists: tuple[int, ...] = ()
    tiebreak: list[float] = field(default_factory=list)
    result: Outcome | None = None
    events: list[EventRecord] = field(default_factory=list)
    events_on: bool = True
    log: list[tuple[int, str]] = field(default_factory=list)
    universe: dict[int, int] = field(default_factory=dict)

    @property
    def solo(self) -> bool:
        """A solo game against the robot."""
        return len(self.players) == 1

    @property
    def coaches_revealed(self) -> bool:
        """Kept coaches are public once the first match phase begins."""
        return self.round > 1 or self.phase != DECK

    @property
    def open_fans(self) -> bool:
        """Fans and trophies are open (2 players and solo; everyone after round 7)."""
        return len(self.players) <= 2 or self.phase in (FINAL_DECK, FINAL, OVER)

    def record(
        self, kind: str, data: dict[str, Any], audience: frozenset[int] | None = None
    ) -> None:
        """Record a tournament-level event."""
        if self.events_on:
            self.events.append((kind, data, audience))
