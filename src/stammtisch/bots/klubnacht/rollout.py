"""The playout policy of the strong robot: quick, greedy claims and random useful play."""

from __future__ import annotations

from collections.abc import Callable

from stammtisch.engine.klubnacht import KlubnachtState, chips, rules
from stammtisch.engine.klubnacht.cards import MOTIF_OF, NO_CARD
from stammtisch.engine.klubnacht.fast import CLAIM_KEY, KEEP_KEY, claimable, play_key, redeem_keys

CHIP_CHANCE = 0.2
"""Chance per decision that a playout redeems an unused chip."""
RANDOM_TAKE = 0.25
"""Chance that a playout takes a random market card instead of the most useful one."""


def rollout(state: KlubnachtState, draw: Callable[[], float]) -> None:
    """Play a night to its end: claim the best task in reach, else maybe a chip, else take."""
    while not state.over:
        if state.pending is not None:
            play_key(state, KEEP_KEY + int(draw() * len(state.pending)))
            continue
        seat = state.current
        slots = claimable(state, seat)
        if slots:
            best = max(slots, key=lambda slot: state.tasks[slot].points)
            play_key(state, CLAIM_KEY + best)
            continue
        if (
            state.chips_variant
            and not state.chip_used[seat]
            and draw() < CHIP_CHANCE
            and chips.redeemable(state, seat)
        ):
            keys = redeem_keys(state, seat)
            play_key(state, keys[int(draw() * len(keys))])
            continue
        if state.takes_left > 0:
            rules.take(state, _pick_slot(state, seat, draw), None)
            continue
        rules.end_turn(state, None)


def _pick_slot(state: KlubnachtState, seat: int, draw: Callable[[], float]) -> int:
    """Mostly the market card that brings the hand closest to an open task, else a random one."""
    market = state.market
    if draw() < RANDOM_TAKE:
        slot = int(draw() * 3)
        if market[slot] != NO_CARD:
            return slot
    counts = state.counts[seat]
    values = [0.0] * len(counts)
    owner, face_down = state.owner, state.face_down
    for slot, task in enumerate(state.tasks):
        if owner[slot] >= 0 or face_down[slot]:
            continue
        missing = 0
        for motif, needed in task.pairs:
            if counts[motif] < needed:
                missing += needed - counts[motif]
        for motif, needed in task.pairs:
            if counts[motif] < needed:
                values[motif] += task.points / (missing * missing)
    best, best_value = -1, -1.0
    for slot in (0, 1, 2):
        card = market[slot]
        if card != NO_CARD and values[MOTIF_OF[card]] > best_value:
            best, best_value = slot, values[MOTIF_OF[card]]
    return best
