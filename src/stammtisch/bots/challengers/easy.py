"""The `easy` Challengers! bot: a casual drafter that keeps strong-looking cards, never sheds.

It picks by base power (+1 for an effect) with some noise, takes the highest pile offered,
never redraws and never removes a card; coach and match decisions are the engine's auto-play
policy. It decides from its seat's view and legal actions alone (noise from its own rng).
"""

from __future__ import annotations

import random
from typing import Any

from stammtisch.bots.challengers.knowledge import index_of
from stammtisch.engine.challengers.actions import Action
from stammtisch.engine.challengers.auto import auto_action
from stammtisch.engine.challengers.autoplay import draft_value
from stammtisch.engine.protocol import Game, Seat

NOISE = 1.5
"""Spread (in power points) of the easy bot's misjudgement of a card."""


class EasyBot:
    """Noisy greedy picks, no redraw, no removal; auto-play elsewhere."""

    name = "easy"

    def choose(self, game: Game[Any, Any], state: Any, seat: Seat, rng: random.Random) -> Any:
        """One legal action for `seat`."""
        legal: list[Action] = game.legal_actions(state, seat)
        view = game.view(state, seat)
        picks = [a for a in legal if a.verb == "pick"]
        if picks:
            noisy = {a.arg: draft_value(index_of(a.arg)) + rng.gauss(0, NOISE) for a in picks}
            return max(picks, key=lambda a: (noisy[a.arg], a.arg))
        if "remove" in {a.verb for a in legal} or legal == [Action("done")]:
            return Action("done")
        if view["you"]["decision"] is not None and view["phase"] in ("deck", "final_deck"):
            return Action("choose", "none")
        return auto_action(state, seat)


def make() -> EasyBot:
    """A new easy bot."""
    return EasyBot()
