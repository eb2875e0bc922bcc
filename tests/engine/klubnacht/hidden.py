"""Positions from random nights, and the same night with facts hidden from a seat changed."""

from __future__ import annotations

import random
from collections.abc import Iterator

from stammtisch.engine.klubnacht import GAME, KlubnachtState
from stammtisch.engine.klubnacht.catalogue import catalogue


def random_positions(count: int, chips: bool = True) -> Iterator[KlubnachtState]:
    """Positions from random nights, some way in, not over."""
    for seed in range(count):
        state = GAME.setup({"chips": chips}, seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(60)):
            if state.over:
                break
            GAME.apply(state, state.current, rng.choice(GAME.legal_actions(state, state.current)))
        if not state.over:
            yield state


def shuffle_hidden(state: KlubnachtState, seat: int, rng: random.Random) -> KlubnachtState:
    """The same night with facts `seat` cannot know changed by hand (not by the determiniser)."""
    other = state.clone()
    opponent = 1 - seat
    hidden = [i for i, c in enumerate(other.hands[opponent]) if not other.seen[c] & (1 << seat)]
    if hidden and other.stack:
        i = rng.choice(hidden)
        j = rng.randrange(len(other.stack))
        card, swap = other.hands[opponent][i], other.stack[j]
        other.hands[opponent][i], other.stack[j] = swap, card
        other.seen[swap], other.seen[card] = other.seen[card], 0
        for c in (card, swap):
            delta = 1 if c == swap else -1
            other.packed[opponent] += delta << (5 * (c // 5))
    rng.shuffle(other.stack)
    other.rng = random.Random(rng.random())
    tasks = list(other.tasks)
    shown = {t.id for t in tasks}
    for slot, down in enumerate(other.face_down):
        if down:
            same = [
                t for t in catalogue().tasks if t.points == tasks[slot].points and t.id not in shown
            ]
            if same:
                tasks[slot] = same[0]
                shown.add(same[0].id)
    other.set_tasks(tuple(tasks))
    return other
