"""Measured card worths (data/card_values.json, made by scripts/challengers_card_values.py).

A card's worth in a round is how much adding it to a typical deck of that round changes the
match's result (a win counts 1, its effects' fans count in units of the round's trophy).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from importlib import resources

from stammtisch.engine.challengers.catalogue import catalogue
from stammtisch.engine.challengers.rules_data import rules

FINAL_WEIGHT = 18.0
"""What the final is worth against a round's trophy (in fans), for 3+ players."""


def round_weight(round_number: int) -> float:
    """The mean fans of a round's trophy (the final: FINAL_WEIGHT)."""
    if round_number > rules().rounds:
        return FINAL_WEIGHT
    values = rules().trophies[round_number - 1]
    return sum(values) / len(values)


@cache
def card_values() -> tuple[tuple[float, ...], ...]:
    """Per card index its worth in rounds 1..7 and the final (zeros for unmeasured cards)."""
    raw = resources.files("stammtisch.bots.challengers").joinpath("data/card_values.json")
    values = json.loads(raw.read_text(encoding="utf-8"))["values"]
    final = rules().final_round
    return tuple(
        tuple(float(v) for v in values.get(card.key, [0.0] * final)) for card in catalogue().cards
    )


def rounds_left(round_number: int, players: int) -> list[int]:
    """The rounds a card drafted now still plays (the final counts as round 8, from 3 players)."""
    final = rules().final_round
    if round_number > rules().rounds:
        return [final]
    ahead = list(range(round_number, rules().rounds + 1))
    return [*ahead, final] if players >= 3 else ahead


def future_worth(card: int, round_number: int, players: int) -> float:
    """A card's worth over the matches still to come, weighted by what each is worth."""
    return worths(round_number, min(players, 3))[card]


@cache
def worths(round_number: int, players: int) -> tuple[float, ...]:
    """Every card's worth over the matches still to come (players: 1-2, or 3 for 3 and more)."""
    ahead = rounds_left(round_number, players)
    weights = [round_weight(r) for r in ahead]
    return tuple(
        sum(row[r - 1] * w for r, w in zip(ahead, weights, strict=True)) / sum(weights)
        for row in card_values()
    )


def best_sum(worths: Sequence[float], count: int) -> float:
    """The sum of the `count` highest worths."""
    return sum(sorted(worths, reverse=True)[:count])
