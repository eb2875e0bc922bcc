"""Determinisation: a full night consistent with one seat's knowledge, hidden facts resampled.

What the seat cannot know is drawn anew from `rng`: the opponent's cards it has not seen, the
stack's content and order and the face-down tasks (from the catalogue, keeping their visible
points); later chance events of the sample draw from `rng` itself (it replaces the night's own
random source). The result depends only on what the
seat may know, so a robot searching determinised nights cannot cheat.
"""

from __future__ import annotations

import random

from stammtisch.engine.klubnacht.cards import MOTIF_OF, MOTIF_UNIT, NO_CARD
from stammtisch.engine.klubnacht.catalogue import CARD_COUNT, Task
from stammtisch.engine.klubnacht.chips import redeemable, stack_motifs
from stammtisch.engine.klubnacht.rules import shuffle
from stammtisch.engine.klubnacht.state import KlubnachtState

_RETRIES = 50


def determinise(state: KlubnachtState, seat: int, rng: random.Random) -> KlubnachtState:
    """A complete night that `seat` cannot tell apart from `state`, sampled with `rng`."""
    other = 1 - seat
    bit = 1 << seat
    known = sorted(c for c in state.hands[other] if state.seen[c] & bit)
    hidden_count = len(state.hands[other]) - len(known)
    visible = set(state.hands[seat]) | set(known) | set(state.destroyed)
    visible.update(c for c in state.market if c != NO_CARD)
    for pile in state.spent:
        visible.update(card for card, _ in pile)
    unknown = [c for c in range(CARD_COUNT) if c not in visible]
    hidden, stack = _split(state, seat, unknown, hidden_count, rng)
    sample = state.clone(rng)
    sample.hands[other] = known + hidden
    sample.packed[other] = sum([MOTIF_UNIT[card] for card in sample.hands[other]])
    sample.stack = stack
    sample.seen = [0] * CARD_COUNT
    for card in state.hands[seat]:
        sample.seen[card] = state.seen[card]
    for card in known:
        sample.seen[card] = state.seen[card]
    for card in hidden:
        sample.seen[card] = 1 << other
    sample.set_tasks(_face_down_tasks(state, rng))
    return sample


def _split(
    state: KlubnachtState, seat: int, unknown: list[int], hidden_count: int, rng: random.Random
) -> tuple[list[int], list[int]]:
    """Deal the unknown cards to the opponent's unseen hand and the stack.

    When the seat may redeem Free drink now, it knows which motifs the stack still holds (the
    choice greys out the others), so the sample keeps exactly those motifs in the stack.
    """
    if state.chips[seat] != "free_drink" or state.current != seat or not redeemable(state, seat):
        shuffle(unknown, rng)
        return unknown[:hidden_count], unknown[hidden_count:]
    present = stack_motifs(state)
    forced = [c for c in unknown if not present[MOTIF_OF[c]]]
    rest = [c for c in unknown if present[MOTIF_OF[c]]]
    free = hidden_count - len(forced)
    if free < 0:
        shuffle(unknown, rng)
        return unknown[:hidden_count], unknown[hidden_count:]
    for _ in range(_RETRIES):
        shuffle(rest, rng)
        stack_motif = {MOTIF_OF[c] for c in rest[free:]}
        if all(m in stack_motif for m, there in enumerate(present) if there):
            break
    hidden = forced + rest[:free]
    stack = rest[free:]
    shuffle(stack, rng)
    return hidden, stack


def _face_down_tasks(state: KlubnachtState, rng: random.Random) -> tuple[Task, ...]:
    """The wishlist with each face-down task replaced by an unseen task of the same points."""
    shown = {task.id for slot, task in enumerate(state.tasks) if not state.face_down[slot]}
    unseen = [task for task in state.pool if task.id not in shown]
    tasks = list(state.tasks)
    for slot, face_down in enumerate(state.face_down):
        if not face_down:
            continue
        points = state.tasks[slot].points
        same = [t for t in unseen if t.points == points]
        same = same or [t for t in unseen if t.tier == _tier_of(state, points)] or unseen
        pick = same[rng.randrange(len(same))]
        unseen.remove(pick)
        if pick.points != points:
            pick = Task(pick.id, pick.tier, points, pick.needs, pick.names)
        tasks[slot] = pick
    return tuple(tasks)


def _tier_of(state: KlubnachtState, points: int) -> str:
    """The tier whose catalogue tasks come closest to these points."""
    best = min(state.pool, key=lambda task: abs(task.points - points))
    return best.tier
