"""What a Klubnacht robot may read of a night: its own hand, open tasks, known opponent cards."""

from __future__ import annotations

from stammtisch.engine.klubnacht import KlubnachtState
from stammtisch.engine.klubnacht.cards import MOTIF_OF
from stammtisch.engine.klubnacht.catalogue import MOTIF_COUNT


def known_counts(state: KlubnachtState, seat: int, holder: int) -> list[int]:
    """Cards per motif of `holder`'s hand as far as `seat` knows them."""
    counts = [0] * MOTIF_COUNT
    bit = 1 << seat
    for card in state.hands[holder]:
        if holder == seat or state.seen[card] & bit:
            counts[MOTIF_OF[card]] += 1
    return counts


def motif_values(state: KlubnachtState, counts: list[int]) -> list[float]:
    """How much one more card of each motif helps a hand towards the open tasks.

    Each open task adds points / missing² to every motif it still lacks: cheap, near tasks
    weigh most.
    """
    values = [0.0] * MOTIF_COUNT
    for slot, task in enumerate(state.tasks):
        if state.owner[slot] >= 0 or state.face_down[slot]:
            continue
        missing = sum(max(0, n - counts[m]) for m, n in task.pairs)
        if missing:
            for motif, needed in task.pairs:
                if counts[motif] < needed:
                    values[motif] += task.points / missing**2
    return values


def one_short(state: KlubnachtState, counts: list[int]) -> list[int]:
    """Motifs that would complete an open task with a single card."""
    motifs = []
    for slot, task in enumerate(state.tasks):
        if state.owner[slot] >= 0 or state.face_down[slot]:
            continue
        short = [m for m, n in task.pairs for _ in range(max(0, n - counts[m]))]
        if len(short) == 1:
            motifs.append(short[0])
    return motifs
