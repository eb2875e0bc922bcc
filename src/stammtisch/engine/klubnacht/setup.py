"""Laying out a night: a random one from a seed, or a fixed one (scenarios, tests)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from stammtisch.engine.klubnacht.cards import MOTIF_UNIT
from stammtisch.engine.klubnacht.catalogue import (
    CARD_COUNT,
    CHIP_CODES,
    MOTIF_COUNT,
    TIERS,
    Catalogue,
    Task,
    catalogue,
)
from stammtisch.engine.klubnacht.rules import check_end, shuffle
from stammtisch.engine.klubnacht.state import KlubnachtState
from stammtisch.engine.protocol import GameError

MARKET_SIZE = 3
FULL_DECK = sum(MOTIF_UNIT)
"""The packed motif counts of all the game's cards."""
T = TypeVar("T")


def new_night(chips: bool, seed: int, tasks: Catalogue | None = None) -> KlubnachtState:
    """A fresh night from a seed: starter by coin flip, shuffled stack, drawn wishlist, chips."""
    tasks = tasks or catalogue()
    rng = random.Random(seed)
    starter = int(rng.random() * 2)
    stack = list(range(CARD_COUNT))
    shuffle(stack, rng)
    wishlist: list[Task] = []
    for tier in TIERS:
        wishlist += _draw(list(tasks.tier(tier)), tasks.per_game[tier], rng)
    face_down = [False] * len(wishlist)
    for slot in _draw(list(range(len(wishlist))), tasks.face_down, rng):
        face_down[slot] = True
    dealt: list[str | None] = list(_draw(list(CHIP_CODES), 2, rng)) if chips else [None, None]
    return _build(wishlist, face_down, stack, starter, dealt, rng, tasks.tasks)


def _draw(items: list[T], count: int, rng: random.Random) -> list[T]:
    """`count` distinct items drawn at random, in the order drawn."""
    draw, size = rng.random, len(items)
    for i in range(count):
        j = i + (draw() * (size - i)).__trunc__()
        items[i], items[j] = items[j], items[i]
    return items[:count]


def lay_out(
    wishlist: Sequence[Task],
    face_down: Sequence[bool],
    stack_top_first: Sequence[int],
    starter: int,
    chips: Sequence[str | None],
    rng: random.Random,
    pool: tuple[Task, ...],
    check: bool = True,
) -> KlubnachtState:
    """A night with everything fixed; the first three stack cards make the market.

    `check` refuses layouts that break the game's invariants (new_night's never do).
    """
    if check:
        _check_layout(wishlist, face_down, stack_top_first, starter, chips)
    stack = list(stack_top_first)[::-1]
    return _build(wishlist, face_down, stack, starter, chips, rng, pool)


def _build(
    wishlist: Sequence[Task],
    face_down: Sequence[bool],
    stack: list[int],
    starter: int,
    chips: Sequence[str | None],
    rng: random.Random,
    pool: tuple[Task, ...],
) -> KlubnachtState:
    """The night of `lay_out`, the stack given bottom first (and then owned by the night)."""
    state = KlubnachtState(
        tuple(wishlist), list(face_down), stack, starter, list(chips), rng, CARD_COUNT, pool
    )
    full = len(stack) == CARD_COUNT
    state.in_play = FULL_DECK if full else sum(map(MOTIF_UNIT.__getitem__, stack))
    for slot in range(MARKET_SIZE):
        if stack:
            state.market[slot] = stack.pop()
    check_end(state, None)
    return state


def _check_layout(
    wishlist: Sequence[Task],
    face_down: Sequence[bool],
    stack: Sequence[int],
    starter: int,
    chips: Sequence[str | None],
) -> None:
    """Refuse a layout that breaks the game's invariants, with a readable reason."""
    if not 0 < len(wishlist) <= 8 or len(face_down) != len(wishlist):
        raise GameError("bad_setup", "The wishlist needs 1 to 8 tasks, each face up or down.")
    if len({task.id for task in wishlist}) != len(wishlist):
        raise GameError("bad_setup", "A task can be on the wishlist only once.")
    if len(set(stack)) != len(stack) or not all(0 <= c < CARD_COUNT for c in stack):
        raise GameError("bad_setup", "The stack must hold distinct cards of the game.")
    if starter not in (0, 1):
        raise GameError("bad_setup", "The starter must be seat 0 or 1.")
    if len(chips) != 2 or (None in chips and any(chips)):
        raise GameError("bad_setup", "Either both seats get a chip or neither does.")
    if chips[0] is not None and (chips[0] == chips[1] or not set(chips) <= set(CHIP_CODES)):
        raise GameError("bad_setup", f"The chips must be two different of {', '.join(CHIP_CODES)}.")
    if any(sum(task.needs) == 0 or len(task.needs) != MOTIF_COUNT for task in wishlist):
        raise GameError("bad_setup", "Every task must need at least one card.")
