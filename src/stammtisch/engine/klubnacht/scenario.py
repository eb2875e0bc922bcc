"""Scenarios: a night with a fixed stack, wishlist, starter and chips, and a list of actions.

A scenario is plain data (the CLI reads it from JSON; docs/scenarios.md describes it). Pure:
no files here, just the mapping from data to a night and the result of playing it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from stammtisch.engine.klubnacht.actions import parse_action
from stammtisch.engine.klubnacht.cards import parse_card
from stammtisch.engine.klubnacht.catalogue import (
    CARD_COUNT,
    COPIES,
    MOTIF_INDEX,
    DataError,
    Task,
    catalogue,
    parse_task,
)
from stammtisch.engine.klubnacht.game import GAME
from stammtisch.engine.klubnacht.scoring import leader, score
from stammtisch.engine.klubnacht.setup import lay_out
from stammtisch.engine.klubnacht.state import KlubnachtState
from stammtisch.engine.protocol import Event, GameError

_KEYS = {"stack", "wishlist", "face_down", "starter", "chips", "seed", "actions"}
_TIER_BY_SIZE = {1: "easy", 2: "easy", 3: "medium"}


def scenario_night(spec: Mapping[str, Any]) -> KlubnachtState:
    """The night a scenario describes (before any of its actions)."""
    if not isinstance(spec, Mapping):
        raise DataError("scenario", "expected an object")
    unknown = set(spec) - _KEYS
    if unknown:
        raise DataError("scenario", f"unknown keys: {', '.join(sorted(unknown))}")
    wishlist = _wishlist(spec.get("wishlist"))
    down = spec.get("face_down", [])
    ids = [task.id for task in wishlist]
    if not isinstance(down, list) or not set(down) <= set(ids):
        raise DataError("scenario", "'face_down' must list task ids of the wishlist")
    chips = spec.get("chips")
    dealt: list[str | None] = [None, None] if chips is None else list(chips)
    seed = spec.get("seed", 0)
    if not isinstance(seed, int):
        raise DataError("scenario", "'seed' must be a whole number")
    extra = tuple(task for task in wishlist if task.id not in catalogue().by_id())
    return lay_out(
        wishlist,
        [task.id in down for task in wishlist],
        _stack(spec.get("stack", [])),
        spec.get("starter", 0),
        dealt,
        random.Random(seed),
        catalogue().tasks + extra,
    )


def _wishlist(entries: Any) -> list[Task]:
    """Wishlist tasks: catalogue ids, or custom tasks {"id", "needs", "points"[, "tier"]}."""
    if not isinstance(entries, list) or not entries:
        raise DataError("scenario", "'wishlist' must be a non-empty list of tasks")
    known = catalogue().by_id()
    tasks = []
    for entry in entries:
        if isinstance(entry, str):
            if entry not in known:
                raise DataError("scenario", f"there is no catalogue task {entry!r}")
            tasks.append(known[entry])
        elif isinstance(entry, dict):
            size = len(entry.get("needs") or [])
            custom = {"tier": _TIER_BY_SIZE.get(size, "hard"), **entry}
            tasks.append(parse_task("scenario wishlist", custom))
        else:
            raise DataError("scenario", "a wishlist entry is a task id or a task object")
    return tasks


def _stack(entries: Any) -> list[int]:
    """The stack, top first: cards (``dj3``) or motifs (``dj``: the next unused copy).

    Cards not named follow below, in card order.
    """
    if not isinstance(entries, list):
        raise DataError("scenario", "'stack' must be a list of cards or motifs, top first")
    used: set[int] = set()
    named = [parse_card(e) for e in entries if isinstance(e, str) and e not in MOTIF_INDEX]
    stack = []
    for entry in entries:
        if not isinstance(entry, str):
            raise DataError("scenario", f"stack entry {entry!r} is not a card or motif")
        card = (
            _next_copy(MOTIF_INDEX[entry], used, named)
            if entry in MOTIF_INDEX
            else parse_card(entry)
        )
        if card in used:
            raise DataError("scenario", f"the stack names {entry!r} twice")
        used.add(card)
        stack.append(card)
    return stack + [card for card in range(CARD_COUNT) if card not in used]


def _next_copy(motif: int, used: set[int], named: Sequence[int]) -> int:
    """The lowest copy of a motif neither used yet nor named explicitly elsewhere."""
    for card in range(motif * COPIES, (motif + 1) * COPIES):
        if card not in used and card not in named:
            return card
    raise DataError("scenario", "the stack names more cards of a motif than there are")


def _event_data(event: Event) -> dict[str, Any]:
    """An event as JSON data; private ones say whom they are for."""
    data = event.to_dict()
    if event.audience is not None:
        data["to"] = sorted(event.audience)
    return data


def _steps(spec: Mapping[str, Any]) -> list[tuple[int | None, str]]:
    """The scenario's actions as (seat or None for the seat to act, text)."""
    steps: list[tuple[int | None, str]] = []
    for entry in spec.get("actions", []):
        if isinstance(entry, str):
            steps.append((None, entry))
        elif isinstance(entry, list) and len(entry) == 2 and isinstance(entry[1], str):
            steps.append((entry[0], entry[1]))
        else:
            raise DataError("scenario", f"an action is a text or [seat, text], not {entry!r}")
    return steps


def run_scenario(spec: Mapping[str, Any]) -> dict[str, Any]:
    """Play a scenario: scores, winner, end reason, all events, and the first error if any."""
    state = scenario_night(spec)
    events: list[dict[str, Any]] = []
    error = None
    for index, (seat, text) in enumerate(_steps(spec)):
        actor = state.current if seat is None else seat
        try:
            happened = GAME.apply(state, actor, parse_action(text))
        except GameError as problem:
            error = {"index": index, "seat": actor, "action": text, "code": problem.code}
            error["message"] = problem.reason
            break
        events += [_event_data(event) for event in happened]
    return {
        "scores": {str(seat): score(state, seat) for seat in (0, 1)},
        "winner": leader(state) if state.over else None,
        "end_reason": state.end_reason,
        "events": events,
        "error": error,
    }
