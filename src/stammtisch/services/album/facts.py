"""The facts of one member's finished game that album tasks are evaluated on.

Common facts come from the placing; each game may add facts of its own through a reader that
looks at the engine's Outcome (listed here by game name, like the game registry).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from stammtisch.engine.protocol import Outcome, Seat
from stammtisch.services.album.challengers_facts import challengers_facts
from stammtisch.services.album.klubnacht_facts import klubnacht_facts
from stammtisch.services.placings import Placing

FactValue = bool | int | str
Facts = Mapping[str, FactValue]
FactReader = Callable[[Mapping[str, Any], Outcome, Seat], dict[str, FactValue]]
"""(normalized options, outcome, seat) -> the game's own facts for that seat."""

COMMON_FACTS: dict[str, type] = {
    "won": bool,
    "place": int,
    "seats": int,
    "members": int,
    "moves": int,
    "forfeited": bool,
}
"""Facts every counted game has: win, place in the full ranking, table size, moves made."""

GAME_FACTS: dict[str, dict[str, type]] = {
    "klubnacht": {
        "chips": bool,
        "chip": str,
        "chip_used": bool,
        "started": bool,
        "points": int,
        "margin": int,
        "tasks": int,
        "hard_tasks": int,
        "coin": bool,
    },
    "challengers": {
        "final": bool,
        "final_won": bool,
        "trophies": int,
        "fans": int,
    },
}
"""The facts each game adds; album tasks may only ask for facts declared here."""

READERS: dict[str, FactReader] = {"klubnacht": klubnacht_facts, "challengers": challengers_facts}
"""Game name -> the reader of its own facts (declared in GAME_FACTS)."""


def facts_vocabulary(game: str | None) -> dict[str, type]:
    """The facts a task about this game (None: any game) may use, with their types."""
    return {**COMMON_FACTS, **(GAME_FACTS.get(game, {}) if game else {})}


def place_in_ranking(outcome: Outcome, seat: Seat) -> int:
    """The seat's place in the full ranking (1 best, ties share); past the end if unranked."""
    place = 1
    for group in outcome.ranking:
        if seat in group:
            return place
        place += len(group)
    return place


def seat_facts(
    game: str,
    options: Mapping[str, Any],
    outcome: Outcome,
    placing: Placing,
    seats: int,
    members: int,
) -> dict[str, FactValue]:
    """Every fact of one member's game: the common ones and those of the game's reader."""
    facts: dict[str, FactValue] = {
        "won": placing.won,
        "place": seats if placing.forfeited else place_in_ranking(outcome, placing.seat),
        "seats": seats,
        "members": members,
        "moves": placing.moves,
        "forfeited": placing.forfeited,
    }
    reader = READERS.get(game)
    if reader is not None:
        facts.update(reader(options, outcome, placing.seat))
    return facts
