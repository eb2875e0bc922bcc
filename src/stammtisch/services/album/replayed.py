"""The game facts of a game ended by a resign or a timeout, from the state it was left in.

Such a game's outcome is the platform's (the seat that left is last) and carries no details of
the board; the game's log replayed through the engine gives them, as they stood at that moment.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from stammtisch.engine.klubnacht.game import outcome_details
from stammtisch.engine.klubnacht.scoring import score
from stammtisch.engine.klubnacht.state import KlubnachtState
from stammtisch.engine.protocol import Outcome, Seat, replay
from stammtisch.engine.registry import get_game
from stammtisch.services.events import GameFinished
from stammtisch.store.games import ActionRow, GameRow

LiveDetails = Callable[[Any], tuple[dict[Seat, int], Mapping[str, Any]]]
"""A running game's state -> (live scores, details as its finished outcome would give them)."""


def klubnacht_details(state: KlubnachtState) -> tuple[dict[Seat, int], Mapping[str, Any]]:
    """Live scores and the outcome details of a Klubnacht night, finished or not."""
    return {seat: score(state, seat) for seat in (0, 1)}, outcome_details(state)


LIVE_DETAILS: dict[str, LiveDetails] = {"klubnacht": klubnacht_details}
"""Games whose running state can give details like a finished one."""


def outcome_with_details(session: Session, event: GameFinished) -> Outcome:
    """The event's outcome; for a game that ended off the board, with the replayed details."""
    live = LIVE_DETAILS.get(event.game)
    if event.ended_by == "normal" or event.outcome.details or live is None:
        return event.outcome
    row = session.get(GameRow, event.game_id)
    if row is None:
        return event.outcome
    log = session.execute(
        select(ActionRow.seat, ActionRow.text)
        .where(ActionRow.game_id == event.game_id, ActionRow.kind == "play")
        .order_by(ActionRow.seq)
    ).all()
    state = replay(
        get_game(event.game), row.options, row.seed, [(seat, text) for seat, text in log]
    )
    scores, details = live(state)
    return Outcome(event.outcome.ranking, event.outcome.reason, scores, details)
