"""The mutable state of one night: everything the engine knows, hidden facts included."""

from __future__ import annotations

import random
from itertools import compress

from stammtisch.engine.klubnacht.catalogue import Task, lanes

SEATS = 2
SLOTS_OF_MASK = tuple(tuple(s for s in range(8) if mask >> s & 1) for mask in range(256))
"""The wishlist slots whose bits are set in a mask of 8 bits."""
SLOT_BITS = tuple(1 << slot for slot in range(8))
BIT_COUNT = tuple(mask.bit_count() for mask in range(256))
"""How many slots a mask of 8 bits holds."""
PUBLIC = 0b111
"""A card seen by everyone; bit 1 << seat is one seat, SPECTATORS the public bit."""
SPECTATORS = 0b100


class KlubnachtState:
    """One night. Only the engine changes it; views decide what each seat may see.

    The stack's top is the end of `stack`. `seen[card]` is a bit mask of who knows that card
    where it lies now: bit 1 << seat for a seat, SPECTATORS for everyone watching. A card in a
    hand is always known to its holder; the opponent knows it when it came from the open
    market or was revealed by Magpie. `pool` is the catalogue the wishlist was drawn from.

    Hands' motif counts are kept packed (5 bits per motif, see catalogue.covers):
    `packed[seat]` for the seat's hand (catalogue.unpack lists them), `in_play` for the
    cards neither spent nor destroyed. `needs` and `points_of` hold each wishlist task's
    packed needs and points, `lanes` all needs side by side (see catalogue.covered; set
    with `set_tasks`);
    `open_mask` has bit 1 << slot for each open, unclaimed task, `down_mask` for each
    face-down one (a wishlist has at most 8 tasks); `points_left` sums the points of both.
    """

    __slots__ = (
        "acted",
        "chip_used",
        "chips",
        "chips_variant",
        "claimed",
        "closing",
        "current",
        "destroyed",
        "down_mask",
        "end_reason",
        "face_down",
        "hands",
        "in_play",
        "lanes",
        "market",
        "needs",
        "open_mask",
        "over",
        "owner",
        "packed",
        "passes",
        "pending",
        "points",
        "points_left",
        "points_of",
        "pool",
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
        self.set_tasks(tasks)
        self.pool = pool
        self.face_down = face_down
        self.owner = [-1] * len(tasks)
        self.down_mask = sum(compress(SLOT_BITS, face_down))
        self.open_mask = (1 << len(tasks)) - 1 ^ self.down_mask
        self.points_left = sum(self.points_of)
        self.stack = stack
        self.market = [-1, -1, -1]
        self.hands: list[list[int]] = [[], []]
        self.packed = [0, 0]
        self.seen = [0] * card_count
        self.spent: list[list[tuple[int, int]]] = [[], []]
        self.destroyed: list[int] = []
        self.in_play = 0
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

    def set_tasks(self, tasks: tuple[Task, ...]) -> None:
        """Put tasks on the wishlist slots (with their packed needs)."""
        self.tasks = tasks
        self.needs = tuple([task.packed for task in tasks])
        self.points_of = tuple([task.points for task in tasks])
        self.lanes = lanes(self.needs)

    def clone(self, rng: random.Random | None = None) -> KlubnachtState:
        """An independent copy: of the random source too, unless `rng` is to be used instead."""
        other = KlubnachtState.__new__(KlubnachtState)
        other.tasks, other.needs, other.pool = self.tasks, self.needs, self.pool
        other.points_of, other.lanes = self.points_of, self.lanes
        other.points_left = self.points_left
        other.open_mask, other.down_mask = self.open_mask, self.down_mask
        other.in_play, other.starter = self.in_play, self.starter
        other.current, other.turn, other.takes_left = self.current, self.turn, self.takes_left
        other.acted, other.passes, other.reshuffled = self.acted, self.passes, self.reshuffled
        other.chips_variant, other.pending = self.chips_variant, self.pending
        other.over, other.end_reason = self.over, self.end_reason
        other.face_down, other.owner = self.face_down[:], self.owner[:]
        other.stack, other.market = self.stack[:], self.market[:]
        other.seen, other.destroyed = self.seen[:], self.destroyed[:]
        other.points, other.claimed = self.points[:], self.claimed[:]
        other.closing, other.packed = self.closing[:], self.packed[:]
        other.chips, other.chip_used = self.chips[:], self.chip_used[:]
        other.hands = [self.hands[0][:], self.hands[1][:]]
        other.spent = [self.spent[0][:], self.spent[1][:]]
        if rng is None:
            rng = random.Random.__new__(random.Random)
            rng.setstate(self.rng.getstate())
        other.rng = rng
        return other

    def snapshot(self) -> dict[str, object]:
        """Every fact of the state as plain data (hidden ones too), for comparisons in tests."""
        facts: dict[str, object] = {name: getattr(self, name) for name in self.__slots__}
        facts["tasks"] = [task.id for task in self.tasks]
        facts["pool"] = len(self.pool)
        facts["rng"] = self.rng.getstate()
        return facts
