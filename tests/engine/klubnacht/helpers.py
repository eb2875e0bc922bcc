"""Small builders for Klubnacht rule tests: fixed nights and playing actions by text."""

from __future__ import annotations

from typing import Any

from stammtisch.engine.klubnacht import GAME, KlubnachtState
from stammtisch.engine.klubnacht.scenario import scenario_night
from stammtisch.engine.protocol import Event

WISHLIST = ["e01", "e02", "e03", "m01", "m02", "m03", "h01", "h02"]
"""A standard wishlist: Warm-up (dj sound, 2), Guest list (bouncer x2, 3), Happy hour
(bartender delivery, 2), Headliner (dj dj sound, 5), Light show (lights lights dj, 5),
VIP lounge (bouncer bartender delivery, 4), Opening night (8), Festival stage (9)."""


def night(**spec: Any) -> KlubnachtState:
    """A fixed night; the standard wishlist, seat 0 starting, unless told otherwise."""
    spec.setdefault("wishlist", WISHLIST)
    return scenario_night(spec)


def play(state: KlubnachtState, *texts: str) -> list[Event]:
    """Apply actions by text, each for the seat to act; the events of all of them."""
    events: list[Event] = []
    for text in texts:
        events += GAME.apply(state, state.current, GAME.parse_action(text))
    return events


def kinds(events: list[Event]) -> list[str]:
    """The kinds of some events, in order."""
    return [event.kind for event in events]


def legal_texts(state: KlubnachtState) -> list[str]:
    """The legal actions of the seat to act, as texts."""
    return [GAME.action_text(a) for a in GAME.legal_actions(state, state.current)]
