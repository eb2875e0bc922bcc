"""Prepared Core statements of the hot path: a game's head and seats, a step, the clocks.

Built once with bind parameters, so executing one costs a lookup in SQLAlchemy's compiled cache
instead of building, compiling and loading ORM objects on every request. They run on the
connection of a unit of work (`Session.connection()`), inside its transaction.
"""

from __future__ import annotations

from typing import cast

from sqlalchemy import Insert, Table, bindparam, delete, insert, select, update

from stammtisch.store.deadlines import DeadlineRow
from stammtisch.store.games import ActionRow, GameRow, SeatRow
from stammtisch.store.members import Member
from stammtisch.store.notifications import NotificationRow
from stammtisch.store.presence import PresenceRow

games = cast(Table, GameRow.__table__)
seats = cast(Table, SeatRow.__table__)
actions = cast(Table, ActionRow.__table__)
deadlines = cast(Table, DeadlineRow.__table__)
members = cast(Table, Member.__table__)
notifications = cast(Table, NotificationRow.__table__)
presence = cast(Table, PresenceRow.__table__)


def insert_bound(table: Table, *columns: str) -> Insert:
    """An insert into `table` whose values are bind parameters named after their columns."""
    return insert(table).values({column: bindparam(column) for column in columns})


GAME_HEAD = select(
    games.c.id,
    games.c.game,
    games.c.options,
    games.c.seed,
    games.c.rules_version,
    games.c.practice,
    games.c.clock,
    games.c.status,
    games.c.seq,
    games.c.to_act,
    games.c.bot_turn,
    games.c.outcome,
    games.c.ended_by,
    games.c.ended_seat,
    games.c.rematch_of,
).where(games.c.id == bindparam("game_id"))
"""Every column of a game a view or a step reads, by id."""

GAME_SEATS = (
    select(seats.c.seat, seats.c.member_id, seats.c.bot, seats.c.left, members.c.nickname)
    .select_from(seats.outerjoin(members, members.c.id == seats.c.member_id))
    .where(seats.c.game_id == bindparam("game_id"))
    .order_by(seats.c.seat)
)
"""A game's seats in order, with the nickname of each seated member."""

GAME_DEADLINES = select(deadlines.c.seat, deadlines.c.due_at).where(
    deadlines.c.game_id == bindparam("game_id")
)

MOVE_GAME = (
    update(games)
    .where(games.c.id == bindparam("game_id"), games.c.seq == bindparam("expected"))
    .values(seq=bindparam("seq"), to_act=bindparam("to_act"), bot_turn=bindparam("bot_turn"))
)
"""Move a game to its next step, only if it is still at the expected one (else 0 rows)."""

APPEND_ACTION = insert_bound(
    actions, "game_id", "seq", "seat", "kind", "text", "member_id", "events", "created_at"
)

LOGGED_ACTION = select(actions.c.seat, actions.c.kind, actions.c.text, actions.c.events).where(
    actions.c.game_id == bindparam("game_id"), actions.c.seq == bindparam("seq")
)
"""One entry of a game's log."""

CLOCKED_SEATS = select(deadlines.c.seat).where(deadlines.c.game_id == bindparam("game_id"))
STOP_CLOCK = delete(deadlines).where(
    deadlines.c.game_id == bindparam("game_id"), deadlines.c.seat == bindparam("seat")
)
START_CLOCK = insert_bound(deadlines, "game_id", "seat", "seq", "started_at", "due_at", "remind_at")

WATCHING = select(presence.c.connection).where(
    presence.c.member_id == bindparam("member_id"),
    presence.c.game_id == bindparam("game_id"),
    presence.c.expires_at > bindparam("now"),
)
"""A live connection of this member that has this game open."""

EMAIL_WISH = select(members.c.email_notifications, members.c.email).where(
    members.c.id == bindparam("member_id")
)
ADD_NOTIFICATION = insert_bound(
    notifications, "member_id", "kind", "data", "created_at", "email_status", "email_due_at"
)
