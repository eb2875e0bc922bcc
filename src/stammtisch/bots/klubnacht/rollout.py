"""The playout policy of the strong robot: a fast, slightly noisy copy of the heuristic's play.

Both sides claim the best task in reach, redeem chips when they pay, take the market card
that helps them most (or hurts the other most), and do not empty the market while behind.
Playouts run on determinised nights, so reading both hands here is no cheating.
"""

from __future__ import annotations

from collections.abc import Callable

from stammtisch.engine.klubnacht import KlubnachtState, chips, rules
from stammtisch.engine.klubnacht.cards import MOTIF_OF, NO_CARD
from stammtisch.engine.klubnacht.catalogue import (
    FIELD_BITS,
    FIELD_MASK,
    MOTIF_COUNT,
    covered,
    shortfall,
    unpack,
)
from stammtisch.engine.klubnacht.fast import (
    END_KEY,
    KEEP_KEY,
    MOTIF_KEY,
    PLAIN_REDEEM_KEY,
    play_key,
)
from stammtisch.engine.klubnacht.scoring import leader
from stammtisch.engine.klubnacht.state import SLOTS_OF_MASK

NOISE = 0.1
"""Chance that a playout takes a random market card instead of the most useful one."""
DENIAL = 0.5
"""Weight of a card's use to the other side when picking from the market."""


def rollout(state: KlubnachtState, draw: Callable[[], float]) -> None:
    """Play a night to its end with the playout policy."""
    memo = Values(state)
    packed, lanes, points_of = state.packed, state.lanes, state.points_of
    while not state.over:
        if state.pending is not None:
            play_key(state, KEEP_KEY + int(draw() * len(state.pending)))
            continue
        seat = state.current
        claims = covered(packed[seat], lanes) & state.open_mask
        if claims:
            best = max(SLOTS_OF_MASK[claims], key=points_of.__getitem__)
            rules.claim(state, best, rules.pick_cards(state, seat, best), None)
            continue
        if state.chips_variant and not state.chip_used[seat]:
            key = _chip_key(state, seat, memo)
            if key != END_KEY:
                play_key(state, key)
                continue
        if state.takes_left > 0 and not _last_card_while_behind(state, seat):
            rules.take(state, _pick_slot(state, seat, draw, memo), None)
            continue
        rules.end_turn(state, None)


class Values:
    """The `values` of both seats, computed again only when a hand or the open tasks change."""

    __slots__ = ("hands", "open", "state", "values")

    def __init__(self, state: KlubnachtState) -> None:
        self.state = state
        self.hands, self.open = [-1, -1], [-1, -1]
        self.values: list[list[float]] = [[], []]

    def of(self, seat: int) -> list[float]:
        """The seat's values now."""
        state = self.state
        if state.packed[seat] != self.hands[seat] or state.open_mask != self.open[seat]:
            self.hands[seat], self.open[seat] = state.packed[seat], state.open_mask
            self.values[seat] = values(state, seat)
        return self.values[seat]


def values(state: KlubnachtState, seat: int) -> list[float]:
    """Per motif, how much one more card helps the seat towards the open tasks."""
    have = state.packed[seat]
    result = [0.0] * MOTIF_COUNT
    tasks = state.tasks
    for slot in SLOTS_OF_MASK[state.open_mask]:
        task = tasks[slot]
        short = shortfall(have, task.packed)
        if short:
            missing = short % FIELD_MASK  # the sum of the fields (32 is 1 modulo 31)
            weight = task.points / (missing * missing)
            for motif, _ in task.pairs:
                if short >> (FIELD_BITS * motif) & FIELD_MASK:
                    result[motif] += weight
    return result


def _pick_slot(state: KlubnachtState, seat: int, draw: Callable[[], float], memo: Values) -> int:
    """Mostly the market card worth most to the seat and to deny, sometimes a random one."""
    market = state.market
    if draw() < NOISE:
        slot = int(draw() * 3)
        if market[slot] != NO_CARD:
            return slot
    mine, theirs = memo.of(seat), memo.of(1 - seat)
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


def _chip_key(state: KlubnachtState, seat: int, memo: Values) -> int:
    """The key of redeeming the chip now if that pays, else END_KEY (meaning: not now)."""
    if not chips.redeemable(state, seat):
        return END_KEY
    chip = state.chips[seat]
    if chip == "closing_time" or (chip == "triple" and state.takes_left >= 2):
        return PLAIN_REDEEM_KEY
    if chip == "magpie":
        return PLAIN_REDEEM_KEY if len(state.hands[1 - seat]) >= 2 else END_KEY
    if chip == "sabotage":
        counts = unpack(state.packed[1 - seat])
        if sum(counts) < 2:
            return END_KEY
        theirs = memo.of(1 - seat)
        held = [m for m in range(len(counts)) if counts[m]]
        return MOTIF_KEY + max(held, key=lambda m: theirs[m])
    if chip == "free_drink":
        present = chips.stack_motifs(state)
        mine = memo.of(seat)
        motif = max(range(len(mine)), key=lambda m: mine[m] if present[m] else -1.0)
        return MOTIF_KEY + motif if present[motif] and mine[motif] >= 1.0 else END_KEY
    return END_KEY
