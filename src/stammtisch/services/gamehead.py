"""A game's row and seats as the hot path reads them: plain values from prepared statements."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection

from stammtisch.engine.protocol import Seat
from stammtisch.store.hotpath import HEAD, SEATS


@dataclass(frozen=True, slots=True)
class Head:
    """The stored columns of one game (what a step checks and a view shows)."""

    id: int
    game: str
    options: dict[str, Any]
    seed: int
    rules_version: str
    practice: bool
    clock: dict[str, Any]
    status: str
    seq: int
    to_act: list[Seat]
    bot_turn: bool
    outcome: dict[str, Any] | None
    ended_by: str | None
    ended_seat: Seat | None
    rematch_of: int | None

    def stepped(self, to_act: list[Seat], bot_turn: bool) -> Head:
        """The head after one more step that did not end the game (built at once: the hot
        path makes one per action, and `dataclasses.replace` costs several times as much)."""
        return Head(
            self.id,
            self.game,
            self.options,
            self.seed,
            self.rules_version,
            self.practice,
            self.clock,
            self.status,
            self.seq + 1,
            to_act,
            bot_turn,
            self.outcome,
            self.ended_by,
            self.ended_seat,
            self.rematch_of,
        )


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """Who sits on a seat: a member (with nickname), a bot, or a member who left."""

    seat: Seat
    member_id: int | None
    bot: str | None
    left: str | None
    nickname: str | None


def load_head(connection: Connection, game_id: int) -> Head | None:
    """The game's stored columns, or None when there is no such game."""
    row = HEAD.first(connection, {"game_id": game_id})
    return None if row is None else Head(*row)


def head_clocks(rows: list[tuple[Any, ...]]) -> tuple[Head, dict[Seat, str]] | None:
    """The game's stored columns and the due times of its running turn clocks (ISO 8601, by
    seat), from the rows of `HEAD_CLOCKS` (both in one statement); None when there is no such
    game."""
    if not rows:
        return None
    clocks = {int(seat): due.isoformat() for *_, seat, due in rows if seat is not None}
    return Head(*rows[0][:-2]), clocks


def load_seats(connection: Connection, game_id: int) -> tuple[SeatInfo, ...]:
    """The game's seats in seat order."""
    return tuple(SeatInfo(*row) for row in SEATS.rows(connection, {"game_id": game_id}))


def seat_of(seats: tuple[SeatInfo, ...], member_id: int | None) -> SeatInfo | None:
    """The seat of this member at the table, or None (a spectator)."""
    if member_id is None:
        return None
    return next((s for s in seats if s.member_id == member_id), None)
