"""The `hard` Challengers! bot: every draft choice by look-ahead, match decisions by rollouts.

Draft: each option's deck is played out on the same sampled futures (`lookahead`: this and the
coming rounds' opponents modelled from public facts, the cards still to be drafted, one shuffle
per sample), and the option worth most is taken. Picks and removals weigh the played-out result
with the measured card worths (values.py, the same measurement on typical decks with many more
games), so that a few hundred matches per decision give a steady answer. A pile or a redraw is
judged by playing out the decks that sampled draws from the public pile would give. Match
decisions go to `rollouts`. The bot decides from its seat's view and legal actions alone (plus
its memory of earlier views and its own rng).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from stammtisch.bots.challengers import rollouts
from stammtisch.bots.challengers.drafting import Drafter, pile_without
from stammtisch.bots.challengers.knowledge import Memory, index_of, table_of
from stammtisch.bots.challengers.lookahead import Sample, evaluate, samples
from stammtisch.engine.challengers.actions import Action
from stammtisch.engine.challengers.catalogue import PILE_LEVELS
from stammtisch.engine.challengers.coaching import COACH_KEY
from stammtisch.engine.challengers.rules_data import rules
from stammtisch.engine.protocol import Game, Seat

SAMPLES = 160
"""Sampled futures per draft decision (the shipped budget)."""
SHORTLIST = 3
"""Cards per pick or removal that are played out (the best by measured worth)."""
DRAWS = 6
"""Sampled draws per pile (or redraw) that are played out."""
PRIOR = 0.5
"""Weight of the measured worth against the played-out result."""


class HardDrafter(Drafter):
    """Drafting whose close calls are played out on the decision's sampled futures."""

    def __init__(self) -> None:
        super().__init__(margin=0.005)
        self.futures: list[Sample] = []

    def refine(
        self, cards: Sequence[int], deck: list[int], view: dict[str, Any], removal: bool
    ) -> dict[int, float]:
        """Measured worths, the shortlist's mixed with its played-out result."""
        prior = super().refine(cards, deck, view, removal)
        shortlist = sorted(prior, key=lambda c: (-prior[c], c))[:SHORTLIST]
        if len(shortlist) < 2 and not removal:
            return prior
        decks: list[list[int]] = [deck]
        for card in shortlist:
            changed = list(deck)
            if removal:
                changed.remove(card)
            else:
                changed.append(card)
            decks.append(changed)
        values = evaluate(decks, self.futures)
        found = {card: prior[card] - 1.0 for card in prior}
        for card, value in zip(shortlist, values[1:], strict=True):
            found[card] = PRIOR * prior[card] + (1 - PRIOR) * (value - values[0])
        return found

    def _best_of(self, drawn: Sequence[int], keep: int, view: dict[str, Any]) -> list[int]:
        """The `keep` drawn cards of the highest measured worth."""
        return sorted(drawn, key=lambda c: (-self.worth(c, view), c))[:keep]

    def _draws_played(
        self,
        deck: list[int],
        pool: Sequence[int],
        size: int,
        keep: int,
        view: dict[str, Any],
        rng: random.Random,
    ) -> float:
        """The mean played-out worth of the decks that random draws from `pool` would give."""
        if not pool:
            return float("-inf")
        decks = []
        for _ in range(DRAWS):
            drawn = rng.sample(list(pool), min(size, len(pool)))
            decks.append([*deck, *self._best_of(drawn, keep, view)])
        return sum(evaluate(decks, self.futures)) / len(decks)

    def _pile(
        self,
        view: dict[str, Any],
        legal: list[Action],
        pool: tuple[tuple[int, ...], ...],
        rng: random.Random,
    ) -> Action:
        """The offered pile whose sampled draws play out best."""
        deck = [index_of(key) for key in view["you"]["deck"]]
        offers = [a for a in legal if a.verb == "pile"]
        scores = [
            self._draws_played(
                deck, pool[PILE_LEVELS.index(a.arg)], rules().draw, rules().keep[a.arg], view, rng
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
        """The best drawn card, or a redraw when sampled fresh draws play out clearly better."""
        drawn = [index_of(key) for key in own["drawn"]]
        keep = min(own["picks_left"], len(drawn))
        if Action("redraw") in legal:
            rest = pile_without(pool, own["pile"], drawn)
            now = evaluate([[*deck, *self._best_of(drawn, keep, view)]], self.futures)[0]
            fresh = self._draws_played(deck, rest, len(drawn), keep, view, rng)
            if fresh > now + self.margin:
                return Action("redraw")
        return super()._pick(deck, own, view, [a for a in legal if a.verb == "pick"], pool, rng)


class HardBot:
    """Look-ahead drafting and rollouts in matches; `samples` and `rollouts` set the budget."""

    name = "hard"

    def __init__(self, samples: int = SAMPLES, rollouts: int = rollouts.ROLLOUTS) -> None:
        self.samples = samples
        self.rollouts = rollouts
        self.memory = Memory()
        self.drafter = HardDrafter()

    def choose(self, game: Game[Any, Any], state: Any, seat: Seat, rng: random.Random) -> Any:
        """One legal action for `seat`."""
        legal: list[Action] = game.legal_actions(state, seat)
        view = game.view(state, seat)
        self.memory.observe(view)
        own = view["you"]
        in_deck_phase = view["phase"] in ("deck", "final_deck")
        if own["decision"] is not None and not in_deck_phase:
            return rollouts.decide(state, seat, view, legal, self.memory, rng, self.rollouts)
        if len(legal) == 1:
            return legal[0]
        table = table_of(view, self.memory.deck)
        self.drafter.futures = samples(table, self.memory.seen, self.samples, rng)
        if legal[0].verb == "coach":
            return self._coach([index_of(key) for key in own["deck"]], legal)
        return self.drafter.draft(view, legal, rng)

    def _coach(self, deck: list[int], legal: list[Action]) -> Action:
        """The dealt coach whose holder's deck plays out best."""
        scores = []
        for action in legal:
            coach = COACH_KEY.index(action.arg)
            mine = [replace(s, coaches=(coach, s.coaches[1])) for s in self.drafter.futures]
            scores.append(evaluate([deck], mine)[0])
        return legal[scores.index(max(scores))]


def make() -> HardBot:
    """A new hard bot."""
    return HardBot()
