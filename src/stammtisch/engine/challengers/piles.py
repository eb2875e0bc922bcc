"""The level piles A, B, C with their discard compartments."""

from __future__ import annotations

import random
from copy import deepcopy
from typing import Any, Final

PILES: Final = ("A", "B", "C")


def shuffle(cards: list[int], rng: random.Random) -> None:
    """Shuffle in place: sort by a random key from the game's own source (uniform, fast)."""
    draw = rng.random
    cards.sort(key=lambda _: draw())


class Piles:
    """Three face-down piles (top = end of list) and their discard compartments.

    A compartment that cannot take another card is shuffled and put under its pile (DECISION:
    capacity from rules.toml). A pile that runs empty is refilled the same way first.
    """

    __slots__ = ("capacity", "discards", "rng", "stacks")

    def __init__(self, stacks: list[list[int]], capacity: int, rng: random.Random) -> None:
        self.stacks = stacks
        self.discards: list[list[int]] = [[], [], []]
        self.capacity = capacity
        self.rng = rng

    def __deepcopy__(self, memo: dict[int, Any]) -> Piles:
        """An independent copy (compiled classes need it spelled out)."""
        copy = Piles(deepcopy(self.stacks, memo), self.capacity, deepcopy(self.rng, memo))
        copy.discards = deepcopy(self.discards, memo)
        memo[id(self)] = copy
        return copy

    def _flush(self, pile: int) -> None:
        """Shuffle a compartment and put its cards under the pile."""
        cards = self.discards[pile]
        shuffle(cards, self.rng)
        self.stacks[pile][0:0] = cards
        self.discards[pile] = []

    def take(self, pile: int) -> int | None:
        """The top card of a pile (refilled from its compartment when empty), or None."""
        stack = self.stacks[pile]
        if not stack:
            if not self.discards[pile]:
                return None
            self._flush(pile)
        return stack.pop()

    def discard(self, pile: int, card: int) -> None:
        """Put a card into a compartment (a full one goes under its pile first)."""
        if len(self.discards[pile]) >= self.capacity:
            self._flush(pile)
        self.discards[pile].append(card)

    def cards(self) -> list[int]:
        """Every card in the piles and compartments."""
        return [card for group in (*self.stacks, *self.discards) for card in group]
