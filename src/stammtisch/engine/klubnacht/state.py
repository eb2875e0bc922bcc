"""The mutable state of one night: everything the engine knows, hidden facts included."""

from __future__ import annotations

import random

from stammtisch.engine.klubnacht.catalogue import MOTIF_COUNT, Task

SEATS = 2
PUBLIC = 0b111
"""A card seen by everyone; bit 1 << seat is one seat, SPECTATORS the public bit."""
SPECTATORS = 0b100


class KlubnachtState:
    """One night. Only the engine changes it; views decide what each seat may see.

    The stack's top is the end of `stack`. `seen[card]` is a bit mask of who knows that card
    where it lies now: bit 1 << seat for a seat, SPECTATORS for everyone watching. A card in a
    hand is always known to its holder; the opponent knows it when it came from the open
    market or was revealed by Magpie. `pool` is the catalogue the wishlist was drawn from.
    """

    __slots__ = (
        "acted",
        "chip_used",
        "chips",
        "chips_variant",
        "claimed",
        "closing",
        "counts",
        "current",
        "destroyed",
        "end_reason",
        "face_down",
        "hands",
        "in_play",
        "market",
        "over",
        "owner",
        "passes",
        "pending",
        "pool",
        "points",
        "reshuffled",
        "rng",
        "seen",
        "spent",
        "stack",
        "starter",
        "takes_left",
        "tasks",
        "turn",
    )

    def __init__(
        self,
        tasks: tuple[Task, ...],
        face_down: list[bool],
        stack: list[int],
        starter: int,
        chips: list[str | None],
        rng: random.Random,
        card_count: int,
        pool: tuple[Task, ...],
    ) -> None:
        self.tasks = tasks
        self.pool = pool
        self.face_down = face_down
        self.owner = [-1] * len(tasks)
        self.stack = stack
        self.market = [-1, -1, -1]
        self.hands: list[list[int]] = [[], []]
        self.counts = [[0] * MOTIF_COUNT, [0] * MOTIF_COUNT]
        self.seen = [0] * card_count
        self.spent: list[list[tuple[int, int]]] = [[], []]
        self.destroyed: list[int] = []
        self.in_play = [0] * MOTIF_COUNT
        self.points = [0, 0]
        self.claimed = [0, 0]
        self.starter = starter
        self.current = starter
        self.turn = 1
        self.takes_left = 2
        self.acted = False
        self.closing = [False, False]
        self.passes = 0
        self.reshuffled = False
        self.chips_variant = chips[0] is not None
        self.chips = chips
        self.chip_used = [False, False]
        self.pending: tuple[int, ...] | None = None
        self.over = False
        self.end_reason: str | None = None
        self.rng = rng

    def clone(self) -> KlubnachtState:
        """An independent copy (the random source too)."""
        other = KlubnachtState.__new__(KlubnachtState)
        for name in ("tasks", "pool", "starter", "current", "turn", "takes_left", "acted"):
            setattr(other, name, getattr(self, name))
        for name in ("passes", "reshuffled", "chips_variant", "pending", "over", "end_reason"):
            setattr(other, name, getattr(self, name))
        for name in ("face_down", "owner", "stack", "market", "seen", "destroyed", "in_play"):
            setattr(other, name, list(getattr(self, name)))
        for name in ("points", "claimed", "closing", "chips", "chip_used"):
            setattr(other, name, list(getattr(self, name)))
        other.hands = [list(hand) for hand in self.hands]
        other.counts = [list(counts) for counts in self.counts]
        other.spent = [list(spent) for spent in self.spent]
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        return other

    def snapshot(self) -> dict[str, object]:
        """Every fact of the state as plain data (hidden ones too), for comparisons in tests."""
        facts: dict[str, object] = {name: getattr(self, name) for name in self.__slots__}
        facts["tasks"] = [task.id for task in self.tasks]
        facts["pool"] = len(self.pool)
        facts["rng"] = self.rng.getstate()
        return facts
