"""A stored finished game read back as the `GameFinished` event it announced when it ended."""

from __future__ import annotations

from sqlalchemy.orm import Session

from stammtisch.services.events import EndedBy, GameFinished
from stammtisch.services.gameflow import moves_made, outcome_of, seats_of
from stammtisch.store.games import GameRow

ENDS: dict[str, EndedBy] = {"normal": "normal", "resign": "resign", "timeout": "timeout"}
"""How a game ended, as stored -> as the event says it."""


def finished_event(session: Session, row: GameRow) -> GameFinished:
    """The event of a finished game, rebuilt from its row, seats and log (they never change)."""
    assert row.outcome is not None, "a finished game has an outcome"
    assert row.finished_at is not None, "a finished game has its end time"
    seats = seats_of(session, row.id)
    return GameFinished(
        game_id=row.id,
        game=row.game,
        options=dict(row.options),
        practice=row.practice,
        members=tuple(s.member_id for s in seats),
        outcome=outcome_of(row.outcome),
        ended_by=ENDS[row.ended_by or "normal"],
        ended_seat=row.ended_seat,
        moves=moves_made(session, row.id, len(seats)),
        finished_at=row.finished_at,
        timed_out=frozenset(s.seat for s in seats if s.left == "timeout"),
        resigned=frozenset(s.seat for s in seats if s.left == "resign"),
    )
