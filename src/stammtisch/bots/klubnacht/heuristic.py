"""The quick robot: greedy claims, the most useful market card, chips at sensible moments."""

from __future__ import annotations

import random
from typing import Any

from stammtisch.bots.klubnacht.knowledge import known_counts, motif_values, one_short
from stammtisch.engine.klubnacht import KlubnachtState
from stammtisch.engine.klubnacht.actions import END, Action, Claim, Keep, Redeem, Take
from stammtisch.engine.klubnacht.cards import MOTIF_OF, NO_CARD
from stammtisch.engine.klubnacht.scoring import leader
from stammtisch.engine.protocol import Game, Seat

DENIAL = 0.5
"""How much a card's use to the opponent (as far as known) counts when picking from the market."""


class HeuristicBot:
    """Claims the best task it can, takes the most useful card, redeems its chip early enough.

    It reads only what its seat may know: its hand, the open tasks, the market and the
    opponent's known cards.
    """

    name = "heuristic"

    def choose(self, game: Game[Any, Any], state: Any, seat: Seat, rng: random.Random) -> Any:
        """The heuristic's action for `seat`."""
        legal: list[Action] = game.legal_actions(state, seat)
        return decide(state, seat, legal, rng)


def decide(state: KlubnachtState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """Pick among the legal actions by the heuristic's rules, in order of priority."""
    mine = known_counts(state, seat, seat)
    values = motif_values(state, mine)
    keeps = [a for a in legal if isinstance(a, Keep)]
    if keeps:
        return max(keeps, key=lambda a: values[MOTIF_OF[a.card]])
    claims = [a for a in legal if isinstance(a, Claim)]
    if claims:
        points = {task.id: task.points for task in state.tasks}
        return max(claims, key=lambda a: points[a.task])
    chip = _chip_choice(state, seat, legal, mine, values)
    if chip is not None:
        return chip
    takes = [a for a in legal if isinstance(a, Take)]
    if takes and not _taking_ends_a_lost_night(state, seat):
        theirs = motif_values(state, known_counts(state, seat, 1 - seat))
        score = [values[m] + DENIAL * theirs[m] for m in range(len(values))]
        best = max(score[MOTIF_OF[state.market[a.slot]]] for a in takes)
        top = [a for a in takes if score[MOTIF_OF[state.market[a.slot]]] == best]
        return top[rng.randrange(len(top))]
    return END


def _taking_ends_a_lost_night(state: KlubnachtState, seat: int) -> bool:
    """Whether taking would empty the market (ending the night) while the other side leads."""
    last = not state.stack and sum(card != NO_CARD for card in state.market) == 1
    return last and leader(state) != seat


def _chip_choice(
    state: KlubnachtState, seat: int, legal: list[Action], mine: list[int], values: list[float]
) -> Action | None:
    """Redeem the chip when it pays: Triple and Closing time at once, the others on a target."""
    redeems = [a for a in legal if isinstance(a, Redeem)]
    if not redeems:
        return None
    chip = redeems[0].chip
    if chip == "triple":
        return redeems[0] if state.takes_left >= 2 else None
    if chip == "closing_time":
        return redeems[0]
    if chip == "magpie":
        return redeems[0] if len(state.hands[1 - seat]) >= 2 or len(state.stack) < 6 else None
    if chip == "free_drink":
        wanted = [a for a in redeems if a.motif in one_short(state, mine)]
        if wanted:
            return max(wanted, key=lambda a: values[a.motif or 0])
        return max(redeems, key=lambda a: values[a.motif or 0]) if len(state.stack) < 8 else None
    theirs = known_counts(state, seat, 1 - seat)
    their_values = motif_values(state, theirs)
    held = [a for a in redeems if a.motif is not None and theirs[a.motif]]
    if held:
        return max(held, key=lambda a: their_values[a.motif or 0])
    if len(state.hands[1 - seat]) >= 4:
        return max(redeems, key=lambda a: their_values[a.motif or 0])
    return None
