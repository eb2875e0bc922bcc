"""A greedy drafter: takes the strongest cards, sheds weak starters late, answers like auto-play.

It decides only from what its seat sees: its drawn cards, its own deck list, its decisions.
"""

from __future__ import annotations

import random
from typing import Any

from stammtisch.engine.challengers.actions import Action
from stammtisch.engine.challengers.auto import auto_action
from stammtisch.engine.challengers.catalogue import catalogue
from stammtisch.engine.protocol import Game, Seat

REDRAW_BELOW = {"A": 3, "B": 5, "C": 7}
"""Redraw when the best drawn card's draft value is below this (per pile)."""
SHED_FROM_ROUND = {"starter-newcomer": 3, "starter-talent": 5}
"""Starter cards the drafter removes from this round on."""
MIN_DECK = 9
"""Never shed starters below this many cards."""


class GreedyBot:
    """Greedy drafting; every other choice is the engine's auto-play policy."""

    name = "greedy"

    def _value(self, key: str) -> int:
        """A card's draft value (base power, +1 with an effect)."""
        card = catalogue().card(key)
        return (card.power if card.power is not None else 4) + (1 if card.effect else 0)

    def choose(self, game: Game[Any, Any], state: Any, seat: Seat, rng: random.Random) -> Any:
        """One legal action for `seat`."""
        legal: list[Action] = game.legal_actions(state, seat)
        view = game.view(state, seat)
        own = view["you"]
        verbs = {action.verb for action in legal}
        if "pick" in verbs:
            picks = [a for a in legal if a.verb == "pick"]
            best = max(picks, key=lambda a: (self._value(a.arg), a.arg))
            pile = own["pile"] or "A"
            if Action("redraw") in legal and self._value(best.arg) < REDRAW_BELOW[pile]:
                return Action("redraw")
            return best
        if "remove" in verbs or legal == [Action("done")]:
            return self._shed(view, legal)
        return auto_action(state, seat)

    def _shed(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """Remove one weak starter card if the deck is big enough, else finish."""
        deck = view["you"]["deck"]
        for key, from_round in SHED_FROM_ROUND.items():
            if view["round"] >= from_round and key in deck and len(deck) > MIN_DECK:
                return Action("remove", key)
        return Action("done")


def make() -> GreedyBot:
    """A new greedy bot."""
    return GreedyBot()
