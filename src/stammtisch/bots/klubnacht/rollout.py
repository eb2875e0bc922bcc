"""The playout policy of the strong robot: a fast, slightly noisy copy of the heuristic's play.

Both sides claim the best task in reach, redeem chips when they pay, take the market card
that helps them most (or hurts the other most), and do not empty the market while behind.
Playouts run on determinised nights, so reading both hands here is no cheating.
"""

from __future__ import annotations

from collections.abc import Callable

from stammtisch.engine.klubnacht import KlubnachtState, chips, rules
from stammtisch.engine.klubnacht.cards import MOTIF_OF, NO_CARD
from stammtisch.engine.klubnacht.fast import (
    CLAIM_KEY,
    END_KEY,
    KEEP_KEY,
    MOTIF_KEY,
    PLAIN_REDEEM_KEY,
    claimable,
    play_key,
)
from stammtisch.engine.klubnacht.scoring import leader

NOISE = 0.1
"""Chance that a playout takes a random market card instead of the most useful one."""
DENIAL = 0.5
"""Weight of a card's use to the other side when picking from the market."""


def rollout(state: KlubnachtState, draw: Callable[[], float]) -> None:
    """Play a night to its end with the playout policy."""
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
        if state.chips_variant and not state.chip_used[seat]:
            key = _chip_key(state, seat)
            if key != END_KEY:
                play_key(state, key)
                continue
        if state.takes_left > 0 and not _last_card_while_behind(state, seat):
            rules.take(state, _pick_slot(state, seat, draw), None)
            continue
        rules.end_turn(state, None)


def values(state: KlubnachtState, seat: int) -> list[float]:
    """Per motif, how much one more card helps the seat towards the open tasks."""
    counts = state.counts[seat]
    result = [0.0] * len(counts)
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
                result[motif] += task.points / (missing * missing)
    return result


def _pick_slot(state: KlubnachtState, seat: int, draw: Callable[[], float]) -> int:
    """Mostly the market card worth most to the seat and to deny, sometimes a random one."""
    market = state.market
    if draw() < NOISE:
        slot = int(draw() * 3)
        if market[slot] != NO_CARD:
            return slot
    mine, theirs = values(state, seat), values(state, 1 - seat)
    best, best_value = -1, -1.0
    for slot in (0, 1, 2):
        card = market[slot]
        if card != NO_CARD:
            motif = MOTIF_OF[card]
            value = mine[motif] + DENIAL * theirs[motif]
            if value > best_value:
                best, best_value = slot, value
    return best


def _last_card_while_behind(state: KlubnachtState, seat: int) -> bool:
    """Whether taking would empty the market, ending a night the other side leads."""
    if state.stack:
        return False
    left = 3 - state.market.count(NO_CARD)
    return left == 1 and leader(state) != seat


def _chip_key(state: KlubnachtState, seat: int) -> int:
    """The key of redeeming the chip now if that pays, else END_KEY (meaning: not now)."""
    if not chips.redeemable(state, seat):
        return END_KEY
    chip = state.chips[seat]
    if chip == "closing_time" or (chip == "triple" and state.takes_left >= 2):
        return PLAIN_REDEEM_KEY
    if chip == "magpie":
        return PLAIN_REDEEM_KEY if len(state.hands[1 - seat]) >= 2 else END_KEY
    if chip == "sabotage":
        counts = state.counts[1 - seat]
        if sum(counts) < 2:
            return END_KEY
        theirs = values(state, 1 - seat)
        held = [m for m in range(len(counts)) if counts[m]]
        return MOTIF_KEY + max(held, key=lambda m: theirs[m])
    if chip == "free_drink":
        present = chips.stack_motifs(state)
        mine = values(state, seat)
        motif = max(range(len(mine)), key=lambda m: mine[m] if present[m] else -1.0)
        return MOTIF_KEY + motif if present[motif] and mine[motif] >= 1.0 else END_KEY
    return END_KEY
