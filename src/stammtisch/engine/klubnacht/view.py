"""What one seat (or a spectator) may see of a night, and nothing more."""

from __future__ import annotations

from typing import Any

from stammtisch.engine.klubnacht.cards import CARD_TEXT, NO_CARD
from stammtisch.engine.klubnacht.catalogue import MOTIFS
from stammtisch.engine.klubnacht.chips import redeemable, stack_motifs
from stammtisch.engine.klubnacht.rules import pass_effect
from stammtisch.engine.klubnacht.scoring import coin_holder, score
from stammtisch.engine.klubnacht.state import SPECTATORS, KlubnachtState


def viewer_bit(seat: int | None) -> int:
    """The bit of `seen` masks that stands for this viewer."""
    return SPECTATORS if seat is None else 1 << seat


def view(state: KlubnachtState, seat: int | None) -> dict[str, Any]:
    """Everything this seat (None: a spectator) may see of the night."""
    acting = None if state.over else state.current
    data: dict[str, Any] = {
        "game": "klubnacht",
        "variant": "chips" if state.chips_variant else "classic",
        "seat": seat,
        "starter": state.starter,
        "turn": state.turn,
        "to_act": acting,
        "over": state.over,
        "end_reason": state.end_reason,
        "market": [CARD_TEXT[c] if c != NO_CARD else None for c in state.market],
        "stack_size": len(state.stack),
        "wishlist": [_task_view(state, slot) for slot in range(len(state.tasks))],
        "coin": coin_holder(state),
        "seats": [_seat_view(state, s, seat) for s in (0, 1)],
        "destroyed": [CARD_TEXT[c] for c in state.destroyed],
    }
    if acting is not None:
        data["takes_left"] = state.takes_left
        data["closing_time_next"] = [state.closing[0], state.closing[1]]
    if acting is not None and seat == acting:
        data["pass_effect"] = pass_effect(state)
        data.update(_choices(state, seat))
    return data


def _task_view(state: KlubnachtState, slot: int) -> dict[str, Any]:
    """A wishlist task: face-down ones show their points only."""
    task = state.tasks[slot]
    if state.face_down[slot]:
        return {"slot": slot, "face_down": True, "points": task.points}
    needs = [MOTIFS[m] for m, n in task.pairs for _ in range(n)]
    owner = state.owner[slot]
    return {
        "slot": slot,
        "face_down": False,
        "id": task.id,
        "tier": task.tier,
        "points": task.points,
        "needs": needs,
        "claimed_by": owner if owner >= 0 else None,
    }


def _seat_view(state: KlubnachtState, seat: int, viewer: int | None) -> dict[str, Any]:
    """One seat's side of the table as the viewer sees it."""
    hand = state.hands[seat]
    bit = viewer_bit(viewer)
    chip = state.chips[seat]
    side: dict[str, Any] = {
        "seat": seat,
        "hand_size": len(hand),
        "hand": [CARD_TEXT[c] for c in hand] if viewer == seat else None,
        "known": [CARD_TEXT[c] for c in sorted(hand) if state.seen[c] & bit],
        "spent": [{"card": CARD_TEXT[c], "task": state.tasks[s].id} for c, s in state.spent[seat]],
        "tasks": [t.id for s, t in enumerate(state.tasks) if state.owner[s] == seat],
        "task_points": state.points[seat],
        "score": score(state, seat),
        "chip": None if chip is None else {"code": chip, "used": state.chip_used[seat]},
    }
    if viewer == seat:
        other_bit = 1 << (1 - seat)
        side["known_to_opponent"] = [
            CARD_TEXT[c] for c in sorted(hand) if state.seen[c] & other_bit
        ]
    return side


def _choices(state: KlubnachtState, seat: int) -> dict[str, Any]:
    """What only the seat to act sees while choosing: Magpie's cards, Free drink's motifs."""
    if state.pending is not None:
        return {"magpie_choice": [CARD_TEXT[c] for c in state.pending]}
    if state.chips[seat] == "free_drink" and redeemable(state, seat):
        present = stack_motifs(state)
        return {"free_drink_motifs": {MOTIFS[m]: present[m] for m in range(len(MOTIFS))}}
    return {}
