"""The fast, unchecked path for playouts and search: actions as small integer keys.

Keys: 0-2 take a market slot; 3-10 claim wishlist slot (key - 3) with the canonical cards;
11 end the turn; 12-17 redeem a chip naming motif (key - 12); 18 redeem a chip without a
motif; 19-20 keep the first or second card Magpie revealed. `action_keys` lists exactly the
legal actions (claims with their canonical cards); `play_key` applies one without checks.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from stammtisch.engine.klubnacht import chips, rules
from stammtisch.engine.klubnacht.actions import END, TAKES, Action, Claim, Keep, Redeem
from stammtisch.engine.klubnacht.cards import NO_CARD
from stammtisch.engine.klubnacht.catalogue import MOTIF_COUNT, covered
from stammtisch.engine.klubnacht.state import BIT_COUNT, SLOTS_OF_MASK, KlubnachtState

CLAIM_KEY = 3
END_KEY = 11
MOTIF_KEY = 12
PLAIN_REDEEM_KEY = 18
KEEP_KEY = 19


def claimable(state: KlubnachtState, seat: int) -> list[int]:
    """The wishlist slots of open, unclaimed tasks the seat's hand covers."""
    return list(SLOTS_OF_MASK[covered(state.packed[seat], state.lanes) & state.open_mask])


def action_keys(state: KlubnachtState) -> list[int]:
    """The keys of every legal action of the seat to act, in the stable order."""
    if state.over:
        return []
    if state.pending is not None:
        return [KEEP_KEY + i for i in range(len(state.pending))]
    seat = state.current
    if state.takes_left <= 0:
        keys = []
    elif NO_CARD in state.market:
        keys = [slot for slot in (0, 1, 2) if state.market[slot] != NO_CARD]
    else:
        keys = [0, 1, 2]
    slots = claimable(state, seat)
    if slots:
        keys += [CLAIM_KEY + slot for slot in slots]
    if state.chips_variant and not state.chip_used[seat] and chips.redeemable(state, seat):
        keys += redeem_keys(state, seat)
    keys.append(END_KEY)
    return keys


def redeem_keys(state: KlubnachtState, seat: int) -> list[int]:
    """The keys of redeeming the seat's chip (one per allowed motif when it names one)."""
    chip = state.chips[seat]
    if chip == "free_drink":
        present = chips.stack_motifs(state)
        return [MOTIF_KEY + m for m in range(MOTIF_COUNT) if present[m]]
    if chip == "sabotage":
        return [MOTIF_KEY + m for m in range(MOTIF_COUNT)]
    return [PLAIN_REDEEM_KEY]


def play_key(state: KlubnachtState, key: int) -> None:
    """Apply the action of a legal key, without checks and without events."""
    if key < CLAIM_KEY:
        rules.take(state, key, None)
    elif key < END_KEY:
        slot = key - CLAIM_KEY
        rules.claim(state, slot, rules.pick_cards(state, state.current, slot), None)
    elif key == END_KEY:
        rules.end_turn(state, None)
    elif key < PLAIN_REDEEM_KEY:
        chips.redeem(state, key - MOTIF_KEY, None)
    elif key == PLAIN_REDEEM_KEY:
        chips.redeem(state, None, None)
    else:
        assert state.pending is not None
        chips.keep(state, state.pending[key - KEEP_KEY], None)


def key_action(state: KlubnachtState, key: int) -> Action:
    """The action value of a legal key in this state."""
    if key < CLAIM_KEY:
        return TAKES[key]
    if key < END_KEY:
        slot = key - CLAIM_KEY
        return Claim(state.tasks[slot].id, rules.pick_cards(state, state.current, slot))
    if key == END_KEY:
        return END
    chip = state.chips[state.current]
    assert chip is not None
    if key < PLAIN_REDEEM_KEY:
        return Redeem(chip, key - MOTIF_KEY)
    if key == PLAIN_REDEEM_KEY:
        return Redeem(chip)
    assert state.pending is not None
    return Keep(state.pending[key - KEEP_KEY])


def random_playout(
    state: KlubnachtState, rng: random.Random, log: list[Action] | None = None
) -> None:
    """Play the night to its end choosing uniformly among the legal actions.

    The same choice as `keys[int(rng.random() * len(keys))]` over `action_keys`, without
    building the list (the hot loop of the benchmark). With `log`, the actions played are
    appended to it.
    """
    draw, market, packed, lanes = rng.random, state.market, state.packed, state.lanes
    take, end_turn, chips_variant = rules.take, rules.end_turn, state.chips_variant
    hands, covers = [-1, -1], [0, 0]
    _keep_any(state, draw, log)
    while not state.over:
        seat = state.current
        have = packed[seat]
        if have != hands[seat]:
            hands[seat] = have
            covers[seat] = covered(have, lanes)
        claims = covers[seat] & state.open_mask
        if state.takes_left <= 0:
            takes = 0
        else:
            takes = 3 if NO_CARD not in market else 3 - market.count(NO_CARD)
        count = takes + 1
        if claims:
            count += BIT_COUNT[claims]
        redeem: Sequence[int] = ()
        if chips_variant and not state.chip_used[seat] and chips.redeemable(state, seat):
            redeem = redeem_keys(state, seat)
            count += len(redeem)
        index = (draw() * count).__trunc__()  # int() of the float, quicker
        if index < takes:
            if takes < 3:
                index = [s for s in (0, 1, 2) if market[s] != NO_CARD][index]
            if log is not None:
                log.append(TAKES[index])
            take(state, index, None)
        elif index == count - 1:
            if log is not None:
                log.append(END)
            end_turn(state, None)
        else:
            index -= takes
            slots = SLOTS_OF_MASK[claims]
            key = CLAIM_KEY + slots[index] if index < len(slots) else redeem[index - len(slots)]
            _play_logged(state, key, log)
            _keep_any(state, draw, log)


def _keep_any(state: KlubnachtState, draw: Callable[[], float], log: list[Action] | None) -> None:
    """Magpie's choice, if pending (only a redeem makes one): either card, equally likely."""
    if state.pending is not None:
        _play_logged(state, KEEP_KEY + (draw() * len(state.pending)).__trunc__(), log)


def _play_logged(state: KlubnachtState, key: int, log: list[Action] | None) -> None:
    """Apply a legal key, appending its action to `log` unless that is None."""
    if log is not None:
        log.append(key_action(state, key))
    play_key(state, key)
