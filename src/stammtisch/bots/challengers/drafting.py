"""Drafting by card worths: pile, pick, redraw, removal and extra picks from one worth table.

`Drafter` takes the worth of each card over the matches still to come (values.py) and decides
every deck-phase choice from it; a subclass may sharpen the worths of the cards that matter for
one decision (the `hard` bot plays them out). Only the seat's view and legal actions are read.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from stammtisch.bots.challengers.knowledge import index_of, public_pool
from stammtisch.bots.challengers.lookahead import MIN_DECK
from stammtisch.bots.challengers.values import best_sum, future_worth
from stammtisch.engine.challengers.actions import Action
from stammtisch.engine.challengers.catalogue import PILE_LEVELS
from stammtisch.engine.challengers.rules_data import rules

DRAWS = 200
"""Random draws that estimate what a pile or a redraw offers."""


def pile_without(
    pool: tuple[tuple[int, ...], ...], pile: str | None, drawn: list[int]
) -> list[int]:
    """The cards a redraw may bring: the pile's known pool without the cards just drawn."""
    rest = list(pool[PILE_LEVELS.index(pile or "A")])
    for card in drawn:
        if card in rest:
            rest.remove(card)
    return rest


class Drafter:
    """Deck-phase choices from card worths; `margin` is how much better a redraw or removal must
    look to be taken."""

    def __init__(self, margin: float = 0.01) -> None:
        self.margin = margin

    def worth(self, card: int, view: dict[str, Any]) -> float:
        """A card's worth for this seat now (the table's; subclasses may refine)."""
        return future_worth(card, view["round"], len(view["players"]))

    def refine(
        self, cards: Sequence[int], deck: list[int], view: dict[str, Any], removal: bool
    ) -> dict[int, float]:
        """Sharper worths of the few cards a decision hinges on (here: the table's)."""
        sign = -1.0 if removal else 1.0
        return {card: sign * self.worth(card, view) for card in set(cards)}

    def draft(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        """The deck-phase action (pile, pick, redraw, remove, done, extra pick)."""
        own = view["you"]
        verbs = {a.verb for a in legal}
        deck = [index_of(key) for key in own["deck"]]
        pool = public_pool(tuple(view["sets"]), deck)
        if own["decision"] is not None:
            return self._extra_pick(deck, own, legal, view)
        if "pile" in verbs:
            return self._pile(view, legal, pool, rng)
        if "pick" in verbs:
            return self._pick(deck, own, view, legal, pool, rng)
        return self._remove(deck, view, legal)

    def _draw_worth(
        self, pool: Sequence[int], view: dict[str, Any], size: int, keep: int, rng: random.Random
    ) -> float:
        """The expected worth of the `keep` best cards of a random draw of `size` from `pool`."""
        if not pool:
            return float("-inf")
        worth = {card: self.worth(card, view) for card in set(pool)}
        total = 0.0
        for _ in range(DRAWS):
            drawn = rng.sample(pool, min(size, len(pool)))
            total += best_sum([worth[c] for c in drawn], keep)
        return total / DRAWS

    def _pile(
        self,
        view: dict[str, Any],
        legal: list[Action],
        pool: tuple[tuple[int, ...], ...],
        rng: random.Random,
    ) -> Action:
        """The offered pile whose draw is worth most."""
        offers = [a for a in legal if a.verb == "pile"]
        scores = [
            self._draw_worth(
                pool[PILE_LEVELS.index(a.arg)], view, rules().draw, rules().keep[a.arg], rng
            )
            for a in offers
        ]
        return offers[scores.index(max(scores))]

    def _pick(
        self,
        deck: list[int],
        own: dict[str, Any],
        view: dict[str, Any],
        legal: list[Action],
        pool: tuple[tuple[int, ...], ...],
        rng: random.Random,
    ) -> Action:
        """The drawn card worth most, or a redraw when a fresh draw looks clearly better."""
        drawn = [index_of(key) for key in own["drawn"]]
        keep = min(own["picks_left"], len(drawn))
        if Action("redraw") in legal:
            rest = pile_without(pool, own["pile"], drawn)
            now = best_sum([self.worth(c, view) for c in drawn], keep)
            if self._draw_worth(rest, view, len(drawn), keep, rng) > now + self.margin:
                return Action("redraw")
        worth = self.refine(drawn, deck, view, removal=False)
        picks = [a for a in legal if a.verb == "pick"]
        return max(picks, key=lambda a: (worth[index_of(a.arg)], a.arg))

    def _remove(self, deck: list[int], view: dict[str, Any], legal: list[Action]) -> Action:
        """Remove the card whose absence helps most, if it clearly helps; else done."""
        removable = [a for a in legal if a.verb == "remove"]
        if len(deck) <= MIN_DECK or not removable:
            return Action("done")
        gains = self.refine([index_of(a.arg) for a in removable], deck, view, removal=True)
        best = max(removable, key=lambda a: (gains[index_of(a.arg)], a.arg))
        if gains[index_of(best.arg)] > self.margin:
            return best
        return Action("done")

    def _extra_pick(
        self, deck: list[int], own: dict[str, Any], legal: list[Action], view: dict[str, Any]
    ) -> Action:
        """Pay for an extra pick (Shapeshifter, Sci-fi Geek) when the best card left is worth
        more than what it costs."""
        drawn = [index_of(key) for key in own["drawn"]]
        gain = max((self.worth(c, view) for c in drawn), default=0.0)
        best, best_score = Action("choose", "none"), 0.0
        for action in legal:
            if action.arg == "none":
                continue
            paid = Counter(index_of(key) for key in action.arg.split("+"))
            score = gain - sum(self.worth(c, view) * n for c, n in paid.items())
            if score > best_score + self.margin:
                best, best_score = action, score
        return best if best in legal else legal[0]
