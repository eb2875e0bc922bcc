"""The state of one running match: two sides, the flag, the step it is at, a pending decision."""

from __future__ import annotations

from copy import deepcopy
from typing import Any, Final

from stammtisch.engine.challengers.board import KEY, Side
from stammtisch.engine.challengers.piles import Piles

# Steps of the match loop (see match.py).
REVEAL: Final = 0
COMPARE: Final = 1
BENCH: Final = 2
CAPTURE: Final = 3
PLACE: Final = 4
FLAG_LOSS: Final = 5
"""The attack has taken the flag and the defender's coach was not used: flag loss, bench."""

HOOK_SHORT: Final = 1
HOOK_TAKEN: Final = 2
"""When a side's unused active coach is offered (Side.hook; see coaching.py): its attack fell
short after a reveal; its flag would be taken."""

ROBOT_SEAT: Final = -1
"""The seat number the robot has in events and views (it is not a seat of the table)."""

EventRecord = tuple[str, dict[str, Any], frozenset[int] | None]
"""(kind, data, audience) of one event; audience None means everyone."""


class Decision:
    """A choice the engine waits for: who answers, the candidates and their canonical labels."""

    __slots__ = ("candidates", "chooser", "data", "kind", "labels", "shown", "source")

    def __init__(
        self,
        kind: str,
        chooser: int,
        candidates: list[tuple[Any, ...]],
        labels: list[str],
        data: tuple[Any, ...],
        shown: list[int],
        source: int,
    ) -> None:
        self.kind = kind
        self.chooser = chooser
        self.candidates = candidates
        self.labels = labels
        self.data = data
        self.shown = shown
        self.source = source

    def __deepcopy__(self, memo: dict[int, Any]) -> Decision:
        """An independent copy (compiled classes need it spelled out)."""
        copy = Decision(
            self.kind,
            self.chooser,
            deepcopy(self.candidates, memo),
            list(self.labels),
            deepcopy(self.data, memo),
            list(self.shown),
            self.source,
        )
        memo[id(self)] = copy
        return copy


class Match:
    """One park's match: everything the loop needs in plain attributes."""

    __slots__ = (
        "after",
        "att",
        "attack",
        "base",
        "box",
        "defence",
        "dirty",
        "ev",
        "flag",
        "frozen_limit",
        "park",
        "pending",
        "piles",
        "queue",
        "queue_side",
        "reason",
        "round",
        "sides",
        "step",
        "winner",
    )

    def __init__(
        self,
        sides: list[Side],
        base: tuple[int, ...],
        round_number: int,
        park: int,
        piles: Piles,
        box: list[int],
        frozen_limit: int,
        events: list[EventRecord] | None,
    ) -> None:
        self.sides = sides
        self.base = base
        self.round = round_number
        self.park = park
        self.piles = piles
        self.box = box
        self.frozen_limit = frozen_limit
        self.ev = events
        self.step = REVEAL
        self.attack = 0
        self.defence = -1
        self.dirty = False
        self.att = 0
        self.flag = -1
        self.pending: Decision | None = None
        self.winner = -1
        self.reason = ""
        self.queue: list[list[int]] = []
        self.queue_side = 0
        self.after = REVEAL

    def __deepcopy__(self, memo: dict[int, Any]) -> Match:
        """An independent copy; what it shares with the tournament stays shared via `memo`."""
        copy = Match(
            deepcopy(self.sides, memo),
            self.base,
            self.round,
            self.park,
            deepcopy(self.piles, memo),
            deepcopy(self.box, memo),
            self.frozen_limit,
            deepcopy(self.ev, memo),
        )
        memo[id(self)] = copy
        copy.step, copy.attack, copy.defence, copy.dirty = (
            self.step,
            self.attack,
            self.defence,
            self.dirty,
        )
        copy.att, copy.flag, copy.winner, copy.reason = (
            self.att,
            self.flag,
            self.winner,
            self.reason,
        )
        copy.pending = deepcopy(self.pending, memo)
        copy.queue = deepcopy(self.queue, memo)
        copy.queue_side, copy.after = self.queue_side, self.after
        return copy

    def log(self, kind: str, data: dict[str, Any], audience: frozenset[int] | None = None) -> None:
        """Record an event (a no-op when events are switched off)."""
        if self.ev is not None:
            data["park"] = self.park
            self.ev.append((kind, data, audience))

    def end(self, winner: int, reason: str) -> None:
        """The match is decided: `winner` (side index) holds the flag."""
        self.winner = winner
        self.reason = reason
        if self.ev is not None:
            loser = self.sides[1 - winner]
            self.log(
                "match_won",
                {"seat": self.sides[winner].seat, "loser": loser.seat, "reason": reason},
            )


def keys(cards: list[int]) -> list[str]:
    """Card keys of a list of cards (for events and views)."""
    return [KEY[card] for card in cards]


def private(side: Side) -> frozenset[int]:
    """The audience of an event only this side's player may see (nobody for the robot)."""
    return frozenset((side.seat,)) if side.seat >= 0 else frozenset()
