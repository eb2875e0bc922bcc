"""The Klubnacht facts of one seat, read from the engine's Outcome details.

A game ended by a resign or a timeout gets its details from its replayed log (see replayed.py);
an outcome without any details only tells the variant, and tasks about chips, claimed tasks or
points do not count it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stammtisch.engine.klubnacht.catalogue import catalogue
from stammtisch.engine.protocol import Outcome, Seat


def klubnacht_facts(
    options: Mapping[str, Any], outcome: Outcome, seat: Seat
) -> dict[str, bool | int | str]:
    """Variant, chip and whether it was used, starter, points, margin, tasks, hard tasks, coin."""
    facts: dict[str, bool | int | str] = {"chips": bool(options.get("chips", False))}
    details = outcome.details
    if "tasks" not in details or seat not in outcome.scores:
        return facts
    chip = details["chips"][seat]
    claimed = details["tasks"][seat]
    tasks = catalogue().by_id()
    rival = max(score for other, score in outcome.scores.items() if other != seat)
    facts.update(
        chip=chip["chip"] if chip else "",
        chip_used=bool(chip and chip["used"]),
        started=details["starter"] == seat,
        points=outcome.scores[seat],
        margin=outcome.scores[seat] - rival,
        tasks=len(claimed),
        hard_tasks=sum(tasks[task].tier == "hard" for task in claimed),
        coin=details["coin"] == seat,
    )
    return facts
