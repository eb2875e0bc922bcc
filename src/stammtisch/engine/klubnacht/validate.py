"""Checking an action before it is applied: a clear GameError for every illegal one."""

from __future__ import annotations

from stammtisch.engine.klubnacht.actions import Action, Claim, EndTurn, Keep, Redeem, Take
from stammtisch.engine.klubnacht.cards import MOTIF_OF, NO_CARD
from stammtisch.engine.klubnacht.catalogue import CHIPS, MOTIF_COUNT, MOTIFS
from stammtisch.engine.klubnacht.chips import stack_motifs
from stammtisch.engine.klubnacht.state import KlubnachtState
from stammtisch.engine.protocol import GameError


def check_action(state: KlubnachtState, seat: int, action: Action) -> None:
    """Raise GameError with a readable reason when `seat` may not play `action` now."""
    if state.over:
        raise GameError("game_over", "The night is over; no more actions.")
    if seat not in (0, 1):
        raise GameError("bad_seat", f"There is no seat {seat!r} in a duel (seats are 0 and 1).")
    if seat != state.current:
        raise GameError("not_your_turn", "It is not your turn.")
    if state.pending is not None and not isinstance(action, Keep):
        raise GameError("choice_pending", "Magpie: choose which revealed card to keep first.")
    if isinstance(action, Take):
        _check_take(state, action)
    elif isinstance(action, Claim):
        _check_claim(state, seat, action)
    elif isinstance(action, Redeem):
        _check_redeem(state, seat, action)
    elif isinstance(action, Keep):
        _check_keep(state, action)
    elif not isinstance(action, EndTurn):
        raise GameError("malformed_action", f"{action!r} is not a Klubnacht action.")


def _check_take(state: KlubnachtState, action: Take) -> None:
    """Taking needs a card left in this turn's allowance and a card in the slot."""
    if action.slot not in (0, 1, 2):
        raise GameError("malformed_action", "The market has the slots 0, 1 and 2.")
    if state.takes_left <= 0:
        raise GameError("no_takes_left", "You have taken all the cards this turn allows.")
    if state.market[action.slot] == NO_CARD:
        raise GameError("empty_slot", f"Market slot {action.slot} is empty.")


def task_slot(state: KlubnachtState, task_id: str) -> int | None:
    """The wishlist slot of an open, unclaimed task with this id (face-down ones are not told)."""
    for slot, task in enumerate(state.tasks):
        if task.id == task_id and not state.face_down[slot]:
            return slot
    return None


def _check_claim(state: KlubnachtState, seat: int, action: Claim) -> None:
    """Claiming needs an open task and exactly the cards it needs, all from one's hand."""
    slot = task_slot(state, action.task)
    if slot is None:
        raise GameError("task_not_open", f"There is no open task {action.task!r} on the wishlist.")
    if state.owner[slot] >= 0:
        raise GameError("task_claimed", f"The task {action.task!r} has already been claimed.")
    cards = action.cards
    if len(set(cards)) != len(cards) or not all(isinstance(c, int) for c in cards):
        raise GameError("malformed_action", "Name each card you hand in once.")
    hand = state.hands[seat]
    if not all(card in hand for card in cards):
        raise GameError("cards_not_in_hand", "You can only hand in cards from your own hand.")
    counts = [0] * MOTIF_COUNT
    for card in cards:
        counts[MOTIF_OF[card]] += 1
    if tuple(counts) != state.tasks[slot].needs:
        raise GameError(
            "cards_do_not_match",
            f"The task {action.task!r} needs exactly {_needs_text(state, slot)}.",
        )


def _needs_text(state: KlubnachtState, slot: int) -> str:
    """The cards a task needs, as readable text."""
    return ", ".join(f"{n} {MOTIFS[m]}" for m, n in state.tasks[slot].pairs)


def _check_redeem(state: KlubnachtState, seat: int, action: Redeem) -> None:
    """Redeeming needs one's own unused chip and, for some chips, a fitting motif."""
    chip = state.chips[seat]
    if chip is None:
        raise GameError("no_chips", "This night is played without chips.")
    if action.chip != chip:
        raise GameError("not_your_chip", f"Your chip is {chip}, not {action.chip}.")
    if state.chip_used[seat]:
        raise GameError("chip_used", "You have already redeemed your chip in this night.")
    if CHIPS[chip].needs_motif != (action.motif is not None):
        raise GameError("malformed_action", f"{chip}: {_motif_rule(chip)}.")
    if action.motif is not None and not 0 <= action.motif < MOTIF_COUNT:
        raise GameError("malformed_action", "There is no such motif.")
    if chip == "free_drink":
        if not state.stack:
            raise GameError("chip_unavailable", "Free drink: the stack is empty.")
        if action.motif is None or not stack_motifs(state)[action.motif]:
            raise GameError("motif_not_in_stack", "Free drink: choose a motif still in the stack.")
    elif chip == "magpie" and not state.hands[1 - seat]:
        raise GameError("chip_unavailable", "Magpie: your opponent holds no cards.")


def _motif_rule(chip: str) -> str:
    """Whether a chip is redeemed naming a motif, as a sentence part."""
    return "name a motif" if CHIPS[chip].needs_motif else "redeemed without a motif"


def _check_keep(state: KlubnachtState, action: Keep) -> None:
    """Keeping needs a Magpie choice under way and one of its revealed cards."""
    if state.pending is None:
        raise GameError("no_choice_pending", "There is no Magpie choice to make.")
    if action.card not in state.pending:
        raise GameError("not_revealed", "Keep one of the cards Magpie revealed.")
