"""The Challengers! facts of one seat, read from the engine's Outcome details.

The details give fans and trophies per seat and, when a final was played, the two finalists;
the final's winner is the game's winner. A game without details (ended by a resign) adds none.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stammtisch.engine.protocol import Outcome, Seat


def _per_seat(values: Any, seat: Seat) -> int | None:
    """A per-seat number, whether keyed by int or (after a JSON round trip) by str."""
    if not isinstance(values, Mapping):
        return None
    value = values.get(seat, values.get(str(seat)))
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def challengers_facts(
    options: Mapping[str, Any], outcome: Outcome, seat: Seat
) -> dict[str, bool | int | str]:
    """Whether the seat reached and won the final, its trophies and its fans."""
    facts: dict[str, bool | int | str] = {}
    details = outcome.details
    finalists = details.get("finalists")
    if isinstance(finalists, list | tuple):
        facts["final"] = seat in finalists
        facts["final_won"] = (
            seat in finalists and outcome.reason == "final" and seat in outcome.winners
        )
    elif "fans" in details:
        facts["final"] = facts["final_won"] = False
    for name in ("trophies", "fans"):
        value = _per_seat(details.get(name), seat)
        if value is not None:
            facts[name] = value
    return facts
