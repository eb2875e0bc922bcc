"""The rules of a turn: taking, claiming, ending turns and passes, and the end of the night.

Each function changes the state without checking legality (the game checks before); events
are appended to `ev` unless it is None (the fast path used by playouts and search).
"""

from __future__ import annotations

import random

from stammtisch.engine.klubnacht.cards import CARD_TEXT, MOTIF_OF, MOTIF_UNIT, NO_CARD
from stammtisch.engine.klubnacht.catalogue import CARD_COUNT, MOTIFS
from stammtisch.engine.klubnacht.scoring import buildable, coin_holder, leader, safe_leader, score
from stammtisch.engine.klubnacht.state import PUBLIC, SLOTS_OF_MASK, KlubnachtState
from stammtisch.engine.protocol import Event

Events = list[Event] | None


def shuffle(items: list[int], rng: random.Random) -> None:
    """Shuffle in place: Fisher-Yates driven by rng.random(), quicker than random.shuffle.

    Each position i, from the last down, swaps with int(rng.random() * (i + 1)). The sizes
    are floats and `__trunc__` is int() of a float: both spare the interpreter's slow paths.
    """
    draw = rng.random
    count = len(items)
    steps = _STEPS[count] if count < len(_STEPS) else _steps(count)
    for i, size in steps:
        j = (draw() * size).__trunc__()
        items[i], items[j] = items[j], items[i]


def _steps(count: int) -> tuple[tuple[int, float], ...]:
    """The positions a shuffle of `count` items visits, each with its float size."""
    return tuple((i, float(i + 1)) for i in range(count - 1, 0, -1))


_STEPS = tuple(_steps(count) for count in range(CARD_COUNT + 1))


def mark_action(state: KlubnachtState) -> None:
    """Record that the current turn is not a pass; this also breaks any run of passes.

    So while `acted` is set, `passes` is 0 and `reshuffled` is False.
    """
    state.acted = True
    state.passes = 0
    state.reshuffled = False


def add_to_hand(state: KlubnachtState, seat: int, card: int, seen: int) -> None:
    """Put a card into a hand, known to the seats in the bit mask `seen`."""
    state.hands[seat].append(card)
    state.packed[seat] += MOTIF_UNIT[card]
    state.seen[card] = seen


def remove_from_hand(state: KlubnachtState, seat: int, card: int) -> None:
    """Take a card out of a hand."""
    state.hands[seat].remove(card)
    state.packed[seat] -= MOTIF_UNIT[card]


def take(state: KlubnachtState, slot: int, ev: Events) -> None:
    """The current seat takes the market card in `slot`; the slot is refilled from the stack.

    The hottest path of playouts, so adding to the hand and marking the action are inline.
    """
    seat = state.current
    card = state.market[slot]
    state.hands[seat].append(card)
    state.packed[seat] += MOTIF_UNIT[card]
    state.seen[card] = PUBLIC
    refill = state.stack.pop() if state.stack else NO_CARD
    state.market[slot] = refill
    state.takes_left -= 1
    if not state.acted:
        state.acted, state.passes, state.reshuffled = True, 0, False
    if ev is not None:
        ev.append(Event("card_taken", {"seat": seat, "slot": slot, "card": CARD_TEXT[card]}))
        if refill != NO_CARD:
            ev.append(Event("market_refilled", {"slot": slot, "card": CARD_TEXT[refill]}))
    if refill == NO_CARD and state.market[0] == state.market[1] == state.market[2] == NO_CARD:
        finish(state, "market_empty", ev)


def pick_cards(state: KlubnachtState, seat: int, slot: int) -> tuple[int, ...]:
    """The canonical cards for claiming a task: per motif, cards the opponent knows first."""
    seen, other_bit = state.seen, 1 << (1 - seat)
    missing = list(state.tasks[slot].needs)
    chosen, unknown = [], []
    for card in state.hands[seat]:
        motif = MOTIF_OF[card]
        if missing[motif]:
            if seen[card] & other_bit:
                missing[motif] -= 1
                chosen.append(card)
            else:
                unknown.append(card)
    for card in unknown:
        motif = MOTIF_OF[card]
        if missing[motif]:
            missing[motif] -= 1
            chosen.append(card)
    chosen.sort()
    return tuple(chosen)


def claim(state: KlubnachtState, slot: int, cards: tuple[int, ...], ev: Events) -> None:
    """The current seat claims the open task in wishlist `slot` with exactly these cards."""
    seat = state.current
    coin_before = coin_holder(state) if ev is not None else None
    spent, hand = state.spent[seat], state.hands[seat]
    for card in cards:
        hand.remove(card)
        spent.append((card, slot))
    task = state.tasks[slot]
    state.packed[seat] -= task.packed  # the cards are exactly the task's needs
    state.in_play -= task.packed
    state.owner[slot] = seat
    state.open_mask &= ~(1 << slot)
    state.points[seat] += task.points
    state.points_left -= task.points
    state.claimed[seat] += 1
    mark_action(state)
    if ev is not None:
        data = {"seat": seat, "task": task.id, "points": task.points}
        ev.append(Event("task_claimed", {**data, "cards": [CARD_TEXT[c] for c in cards]}))
    _reveal_one(state, ev)
    if ev is not None and coin_holder(state) != coin_before:
        ev.append(Event("coin_moved", {"seat": coin_holder(state)}))
    check_end(state, ev)


def _reveal_one(state: KlubnachtState, ev: Events) -> None:
    """After a claim, one random face-down task is turned face up."""
    if not state.down_mask:
        return
    down = SLOTS_OF_MASK[state.down_mask]
    slot = down[(state.rng.random() * len(down)).__trunc__()] if len(down) > 1 else down[0]
    state.face_down[slot] = False
    state.open_mask |= 1 << slot
    state.down_mask &= ~(1 << slot)
    if ev is not None:
        task = state.tasks[slot]
        needs = [MOTIFS[m] for m, n in task.pairs for _ in range(n)]
        data = {"slot": slot, "task": task.id, "points": task.points, "needs": needs}
        ev.append(Event("task_revealed", data))


def pass_effect(state: KlubnachtState) -> str:
    """What ending the turn now triggers: not_a_pass, nothing, reshuffle or end_night."""
    if state.acted:
        return "not_a_pass"
    if state.passes == 0:
        return "nothing"
    return "end_night" if state.reshuffled else "reshuffle"


def end_turn(state: KlubnachtState, ev: Events) -> None:
    """End the current turn; a pass may reshuffle the market or end the night.

    Then the other seat's turn starts; Closing time limits it to one card.
    """
    seat = state.current
    effect = "not_a_pass" if state.acted else pass_effect(state)
    if ev is not None:
        passed = effect != "not_a_pass"
        ev.append(Event("turn_ended", {"seat": seat, "passed": passed, "effect": effect}))
    if not state.acted:
        if effect == "end_night":
            finish(state, "double_pass", ev)
            return
        if effect == "reshuffle":
            reshuffle_market(state, ev)
        else:
            state.passes = 1
    seat = 1 - seat
    state.current = seat
    state.turn += 1
    closing = state.closing[seat]
    if closing:
        state.takes_left = 1
        state.closing[seat] = False
    else:
        state.takes_left = 2
    state.acted = False
    if ev is not None:
        data = {"seat": seat, "turn": state.turn, "takes": state.takes_left}
        ev.append(Event("turn_started", {**data, "closing_time": closing}))


def reshuffle_market(state: KlubnachtState, ev: Events) -> None:
    """The double pass: the market goes back into the stack, which is shuffled; 3 new cards."""
    state.stack.extend(card for card in state.market if card != NO_CARD)
    shuffle(state.stack, state.rng)
    for slot in range(3):
        state.market[slot] = state.stack.pop() if state.stack else NO_CARD
    state.passes = 0
    state.reshuffled = True
    if ev is not None:
        market = [CARD_TEXT[c] if c != NO_CARD else None for c in state.market]
        ev.append(Event("market_reshuffled", {"market": market}))


def end_reason_now(state: KlubnachtState) -> str | None:
    """The end of the night that applies now (checked after every action), or None."""
    if not state.open_mask | state.down_mask:
        return "all_tasks_claimed"
    if not state.stack and state.market[0] == state.market[1] == state.market[2] == NO_CARD:
        return "market_empty"
    if safe_leader(state) is not None:
        return "lead_safe"
    if not buildable(state):
        return "nothing_buildable"
    return None


def check_end(state: KlubnachtState, ev: Events) -> None:
    """End the night at once if one of its ends applies.

    Called after actions that can change an end's condition: claims (tasks, points, cards in
    play), Sabotage (cards in play) and at setup. Taking checks its only end itself (the
    market running empty); the other actions cannot bring an end about.
    """
    if state.pending is not None:
        return
    reason = end_reason_now(state)
    if reason is not None:
        finish(state, reason, ev)


def finish(state: KlubnachtState, reason: str, ev: Events) -> None:
    """The night is over; unused chips and a pending Closing time lapse."""
    state.over = True
    state.end_reason = reason
    state.closing = [False, False]
    if ev is not None:
        scores = {str(seat): score(state, seat) for seat in (0, 1)}
        winner = leader(state)
        ev.append(Event("night_ended", {"reason": reason, "scores": scores, "winner": winner}))
