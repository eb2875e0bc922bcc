"""Late submissions in simultaneous phases: what concerns a seat, and whether it changed.

In a simultaneous phase other seats move between a member's read and their submission. Such a
submission still means what the member meant while the seat's concern (the engine's part of
the state its action depends on, and its legal actions) is the same as at the step it read.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import Connection, Table, bindparam, select
from sqlalchemy.orm import Session

from stammtisch.engine.protocol import Game, Seat, SeatConcern
from stammtisch.services.gamecache import GameCache
from stammtisch.services.gamehead import Head
from stammtisch.store.games import ActionRow

actions = cast(Table, ActionRow.__table__)

FIRST_OWN_ENTRY = (
    select(actions.c.seq, actions.c.kind, actions.c.text, actions.c.events)
    .where(
        actions.c.game_id == bindparam("game_id"),
        actions.c.seat == bindparam("seat"),
        actions.c.seq > bindparam("after"),
        actions.c.seq <= bindparam("upto"),
    )
    .order_by(actions.c.seq)
    .limit(1)
)
"""The first log entry of one seat within a range of steps."""


@dataclass(frozen=True, slots=True)
class OwnEntry:
    """A log entry of the submitting seat: its step, kind, action text and stored events."""

    seq: int
    kind: str
    text: str
    events: list[dict[str, Any]]


def judges_late(game: Game[Any, Any]) -> bool:
    """Whether late submissions to this game are judged by the seat's concern (simultaneous
    games that define one); every other game keeps the strict rule: one step, one submission."""
    return game.info.simultaneous and isinstance(game, SeatConcern)


def seat_concern(game: Game[Any, Any], state: Any, seat: Seat) -> dict[str, Any]:
    """What concerns a seat at a state: the engine's concern and the seat's legal actions."""
    assert isinstance(game, SeatConcern), "only games that define a seat's concern"
    return {
        "concern": game.concern(state, seat),
        "legal": [game.action_text(action) for action in game.legal_actions(state, seat)],
    }


def first_own_entry(
    connection: Connection, game_id: int, seat: Seat, after: int, upto: int
) -> OwnEntry | None:
    """The seat's first log entry after step `after` (up to `upto`), if it has one."""
    row = connection.execute(
        FIRST_OWN_ENTRY, {"game_id": game_id, "seat": seat, "after": after, "upto": upto}
    ).first()
    return None if row is None else OwnEntry(row.seq, row.kind, row.text, row.events)


def unchanged_since(
    game: Game[Any, Any], cache: GameCache, session: Session, head: Head, seat: Seat, seq: int
) -> bool:
    """Whether what concerns the seat is the same now as after step `seq` (call in the lock)."""
    then = seat_concern(game, cache.state_at(session, head, seq), seat)
    return then == seat_concern(game, cache.state(session, head), seat)
