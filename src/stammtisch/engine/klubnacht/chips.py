"""The chip variant: what redeeming each chip does, and Magpie's choice."""

from __future__ import annotations

from stammtisch.engine.klubnacht.cards import CARD_TEXT, MOTIF_OF, MOTIF_UNIT, NO_CARD
from stammtisch.engine.klubnacht.catalogue import FIELD_BITS, FIELD_MASK, MOTIF_COUNT, MOTIFS
from stammtisch.engine.klubnacht.rules import (
    Events,
    add_to_hand,
    check_end,
    mark_action,
    remove_from_hand,
)
from stammtisch.engine.klubnacht.state import PUBLIC, KlubnachtState
from stammtisch.engine.protocol import Event


def stack_motifs(state: KlubnachtState) -> list[bool]:
    """Per motif, whether the stack still holds a card of it (Free drink greys out the rest).

    The stack's motif counts are the cards in play less both hands and the market.
    """
    in_stack = state.in_play - state.packed[0] - state.packed[1]
    for card in state.market:
        if card != NO_CARD:
            in_stack -= MOTIF_UNIT[card]
    return [in_stack >> (FIELD_BITS * motif) & FIELD_MASK != 0 for motif in range(MOTIF_COUNT)]


def redeemable(state: KlubnachtState, seat: int) -> bool:
    """Whether the seat may redeem its chip now (its turn, unused, and not pointless)."""
    chip = state.chips[seat]
    if chip is None or state.chip_used[seat] or state.pending is not None:
        return False
    if chip == "free_drink":
        return bool(state.stack)
    if chip == "magpie":
        return bool(state.hands[1 - seat])
    return True


def redeem(state: KlubnachtState, motif: int | None, ev: Events) -> None:
    """The current seat redeems its chip (with a motif for Free drink and Sabotage)."""
    seat = state.current
    chip = state.chips[seat]
    state.chip_used[seat] = True
    mark_action(state)
    if ev is not None:
        ev.append(Event("chip_redeemed", {"seat": seat, "chip": chip}))
    if chip == "free_drink" and motif is not None:
        _free_drink(state, seat, motif, ev)
    elif chip == "triple":
        state.takes_left += 1
    elif chip == "closing_time":
        state.closing[1 - seat] = True
    elif chip == "magpie":
        _magpie_reveal(state, seat, ev)
    elif chip == "sabotage" and motif is not None:
        _sabotage(state, seat, motif, ev)
        check_end(state, ev)


def _free_drink(state: KlubnachtState, seat: int, motif: int, ev: Events) -> None:
    """Take the topmost card of the chosen motif out of the stack (the rest keep their order)."""
    stack = state.stack
    index = max(i for i, card in enumerate(stack) if MOTIF_OF[card] == motif)
    card = stack.pop(index)
    add_to_hand(state, seat, card, 1 << seat)
    if ev is not None:
        ev.append(Event("card_drawn", {"seat": seat, "source": "stack"}))
        ev.append(
            Event("cards_seen", {"seat": seat, "cards": [CARD_TEXT[card]]}, frozenset({seat}))
        )


def _magpie_reveal(state: KlubnachtState, seat: int, ev: Events) -> None:
    """Reveal two random cards of the opponent's hand (one if they hold one) to the redeemer."""
    hand = state.hands[1 - seat]
    revealed = tuple(state.rng.sample(hand, 2)) if len(hand) > 1 else (hand[0],)
    state.pending = revealed
    for card in revealed:
        state.seen[card] |= 1 << seat
    if ev is not None:
        ev.append(Event("magpie_revealed", {"seat": seat, "count": len(revealed)}))
        cards = [CARD_TEXT[card] for card in revealed]
        ev.append(Event("cards_seen", {"seat": seat, "cards": cards}, frozenset({seat})))
        lifted = {"seat": 1 - seat, "cards": cards}
        ev.append(Event("cards_revealed", lifted, frozenset({1 - seat})))


def keep(state: KlubnachtState, card: int, ev: Events) -> None:
    """Magpie's choice: the redeemer keeps one revealed card; the opponent draws blind."""
    seat = state.current
    other = 1 - seat
    remove_from_hand(state, other, card)
    add_to_hand(state, seat, card, PUBLIC)
    state.pending = None
    if ev is not None:
        data = {"seat": seat, "card": CARD_TEXT[card], "from": other}
        ev.append(Event("magpie_kept", data))
    if state.stack:
        drawn = state.stack.pop()
        add_to_hand(state, other, drawn, 1 << other)
        if ev is not None:
            ev.append(Event("card_drawn", {"seat": other, "source": "stack"}))
            seen = {"seat": other, "cards": [CARD_TEXT[drawn]]}
            ev.append(Event("cards_seen", seen, frozenset({other})))


def _sabotage(state: KlubnachtState, seat: int, motif: int, ev: Events) -> None:
    """Destroy one card of the named motif from the opponent's hand, if they hold one."""
    other = 1 - seat
    victim = next((c for c in state.hands[other] if MOTIF_OF[c] == motif), None)
    if victim is not None:
        remove_from_hand(state, other, victim)
        state.in_play -= MOTIF_UNIT[victim]
        state.destroyed.append(victim)
    if ev is not None:
        destroyed = CARD_TEXT[victim] if victim is not None else None
        data = {"seat": seat, "motif": MOTIFS[motif], "destroyed": destroyed}
        ev.append(Event("sabotage", data))
