"""The `medium` Challengers! bot: drafts by measured card worths, plays matches like auto-play.

Pile, picks, redraws, removals and extra picks come from the worth table (values.py) over the
matches still to come; coach and match decisions are the engine's auto-play policy. It decides
from its seat's view and legal actions alone.
"""

from __future__ import annotations

import random
from typing import Any

from stammtisch.bots.challengers.drafting import Drafter
from stammtisch.engine.challengers.actions import Action
from stammtisch.engine.challengers.auto import auto_action
from stammtisch.engine.protocol import Game, Seat


class MediumBot:
    """Worth-table drafting; auto-play in matches."""

    name = "medium"

    def __init__(self) -> None:
        self.drafter = Drafter()

    def choose(self, game: Game[Any, Any], state: Any, seat: Seat, rng: random.Random) -> Any:
        """One legal action for `seat`."""
        legal: list[Action] = game.legal_actions(state, seat)
        view = game.view(state, seat)
        verbs = {a.verb for a in legal}
        decision = view["you"]["decision"]
        in_deck_phase = view["phase"] in ("deck", "final_deck")
        if "coach" in verbs or (decision is not None and not in_deck_phase):
            return auto_action(state, seat)
        if len(legal) == 1:
            return legal[0]
        return self.drafter.draft(view, legal, rng)


def make() -> MediumBot:
    """A new medium bot."""
    return MediumBot()
