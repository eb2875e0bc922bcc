"""Small helpers for Challengers! rule tests: play a scenario match and look at its events."""

from __future__ import annotations

from typing import Any

from stammtisch.engine.challengers.board import KEY
from stammtisch.engine.challengers.catalogue import catalogue
from stammtisch.engine.challengers.match_state import Match
from stammtisch.engine.challengers.scenario import run_scenario


def duel(first: list[str], second: list[str], **spec: Any) -> tuple[Match, list[dict[str, Any]]]:
    """Play a match (seat 0 begins unless told otherwise); the match and its events as dicts."""
    match, records = run_scenario({"decks": [first, second], "beginner": 0, **spec})
    return match, [{"kind": kind, **data} for kind, data, _ in records]


def of(events: list[dict[str, Any]], kind: str, **fields: Any) -> list[dict[str, Any]]:
    """The events of a kind whose fields have these values."""
    return [
        e for e in events if e["kind"] == kind and all(e.get(k) == v for k, v in fields.items())
    ]


def attacks(events: list[dict[str, Any]], seat: int) -> list[tuple[int, int]]:
    """(attack sum, flag power) after every card a seat revealed while attacking."""
    return [(e["attack"], e["defence"]) for e in of(events, "attack", seat=seat)]


def bench_keys(match: Match, side: int) -> list[list[str]]:
    """A side's normal bench seats as card keys."""
    return [[KEY[card] for card in seat] for seat in match.sides[side].bench.values()]


def card(key: str) -> int:
    """A card's index by key."""
    return catalogue().card(key).index


def deck_keys(match: Match, side: int) -> list[str]:
    """A side's deck as card keys, top first."""
    return [KEY[card] for card in reversed(match.sides[side].deck)]
