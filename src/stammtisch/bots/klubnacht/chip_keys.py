"""Which chip redemptions the strong robot's search considers: motifs chosen, not all six.

Free drink and Sabotage name a motif, so the engine offers up to six ways to redeem them. A
search that treats each as its own action splits its visits over near-equal siblings and
redeems early by chance (one of the six is most visited), and Sabotage then often names a
motif the opponent does not hold. The search therefore sees at most `CANDIDATES` of them:
Sabotage only motifs the actor knows the opponent holds, those whose loss hurts the opponent
most; Free drink the motifs of the stack that help the actor most. When to redeem stays the
search's decision.
"""

from __future__ import annotations

from stammtisch.bots.klubnacht.knowledge import known_counts, motif_values
from stammtisch.engine.klubnacht import KlubnachtState
from stammtisch.engine.klubnacht.fast import MOTIF_KEY, PLAIN_REDEEM_KEY, action_keys

CANDIDATES = 2
"""How many motifs of a motif-naming chip the search weighs against each other."""


def search_keys(state: KlubnachtState) -> list[int]:
    """The legal action keys of the seat to act, motif-naming redemptions narrowed down."""
    keys = action_keys(state)
    if len(keys) < 2 or keys[-2] < MOTIF_KEY or keys[-2] >= PLAIN_REDEEM_KEY:
        return keys
    offered = [key - MOTIF_KEY for key in keys if MOTIF_KEY <= key < PLAIN_REDEEM_KEY]
    chosen = set(chip_motifs(state, state.current, offered))
    return [k for k in keys if not MOTIF_KEY <= k < PLAIN_REDEEM_KEY or k - MOTIF_KEY in chosen]


def chip_motifs(state: KlubnachtState, seat: int, offered: list[int]) -> list[int]:
    """The best `CANDIDATES` motifs to name with the seat's chip, best first."""
    if state.chips[seat] == "sabotage":
        theirs = known_counts(state, seat, 1 - seat)
        held = [motif for motif in offered if theirs[motif]]
        ranked = sorted(held, key=lambda motif: -sabotage_loss(state, theirs, motif))
    else:
        mine = motif_values(state, known_counts(state, seat, seat))
        ranked = sorted(offered, key=lambda motif: -mine[motif])
    return ranked[:CANDIDATES]


def sabotage_loss(state: KlubnachtState, counts: list[int], motif: int) -> float:
    """How much a hand with these counts would miss one card of the motif towards open tasks."""
    fewer = list(counts)
    fewer[motif] -= 1
    return motif_values(state, fewer)[motif]
