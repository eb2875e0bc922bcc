"""The clock: reminders, timeouts and expiries swept from the database, each handled once.

Deadlines are rows with a due time, so they survive restarts. Several processes may sweep at
once: each row is locked with `FOR UPDATE SKIP LOCKED` (PostgreSQL) and deleted or updated in the
same transaction that handles it, so a second sweeper finds it gone or locked and skips it.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import InstrumentedAttribute
from sqlalchemy.orm.exc import StaleDataError

from stammtisch.services.accounts import Accounts
from stammtisch.services.challenges import Challenges
from stammtisch.services.context import Context
from stammtisch.services.gameflow import opponents_of, seats_of
from stammtisch.services.lobby import Lobby
from stammtisch.services.moves import StaleStepError
from stammtisch.services.notifications import Notifications, notify
from stammtisch.services.outbox import Outbox
from stammtisch.services.presence import Presence
from stammtisch.services.resets import PasswordResets
from stammtisch.services.tables import Tables
from stammtisch.store.deadlines import DeadlineRow
from stammtisch.store.games import GameRow

log = logging.getLogger(__name__)
BATCH = 200


@dataclass
class SweepReport:
    """What one sweep did."""

    reminders: int = 0
    timeouts: int = 0
    expired: int = 0
    bot_moves: int = 0
    emails: int = 0
    forgotten: int = 0


class Sweeper:
    """Handles everything that is due: reminders, timeouts, expiries, bot turns, e-mails, and
    forgets expired sessions and reset tokens, old login and reset requests, notifications past
    their kept days and the presence of closed connections and dead processes."""

    def __init__(
        self,
        ctx: Context,
        accounts: Accounts,
        resets: PasswordResets,
        tables: Tables,
        challenges: Challenges,
        lobby: Lobby,
        outbox: Outbox,
        notifications: Notifications,
        presence: Presence,
    ) -> None:
        self.ctx = ctx
        self.accounts = accounts
        self.resets = resets
        self.tables = tables
        self.challenges = challenges
        self.lobby = lobby
        self.outbox = outbox
        self.notifications = notifications
        self.presence = presence

    def sweep(self, emails: bool = True) -> SweepReport:
        """Handle everything due now (e-mails too, unless the outbox runs on its own)."""
        report = SweepReport()
        report.reminders = self.remind_due()
        report.timeouts = self.time_out_due()
        report.expired = self.challenges.expire_due() + self.lobby.expire_due()
        report.bot_moves = self.play_bots()
        report.emails = self.outbox.send_due() if emails else 0
        self.presence.sweep()
        report.forgotten = (
            self.accounts.forget_expired()
            + self.resets.forget_expired()
            + self.notifications.forget_old()
        )
        return report

    def _due(self, column: InstrumentedAttribute[Any]) -> list[tuple[int, int]]:
        with self.ctx.read() as session:
            rows = session.execute(
                select(DeadlineRow.id, DeadlineRow.game_id)
                .where(column <= self.ctx.clock.now())
                .order_by(column)
                .limit(BATCH)
            )
            return [(int(i), int(g)) for i, g in rows]

    def remind_due(self) -> int:
        """Send the 12-hour reminders that are due (practice games get none)."""
        count = 0
        for deadline_id, _game_id in self._due(DeadlineRow.remind_at):
            with self.ctx.write() as session:
                deadline = session.scalars(
                    select(DeadlineRow)
                    .where(DeadlineRow.id == deadline_id, DeadlineRow.remind_at.is_not(None))
                    .with_for_update(skip_locked=True)
                ).first()
                if deadline is None:
                    continue
                deadline.remind_at = None
                row = session.get(GameRow, deadline.game_id)
                seats = seats_of(session, deadline.game_id)
                member_id = seats[deadline.seat].member_id
                if row is None or member_id is None or row.status != "active" or row.practice:
                    continue
                left = deadline.due_at - self.ctx.clock.now()
                data = {
                    "game_id": row.id,
                    "game": row.game,
                    "opponents": opponents_of(session, seats, deadline.seat),
                    "hours": max(0, round(left.total_seconds() / 3600)),
                }
                notify(session, member_id, "reminder", data)
                count += 1
        return count

    def time_out_due(self) -> int:
        """Seats whose clock ran out lose (or are taken over by a bot, where the game says so)."""
        count = 0
        for deadline_id, game_id in self._due(DeadlineRow.due_at):
            try:
                count += self._time_out(deadline_id, game_id)
            except (StaleDataError, StaleStepError):
                log.info("game %s moved while timing out; retrying next sweep", game_id)
        return count

    def _time_out(self, deadline_id: int, game_id: int) -> int:
        with self.tables.cache.locked(game_id), self.ctx.write() as session:
            deadline = session.scalars(
                select(DeadlineRow)
                .where(DeadlineRow.id == deadline_id, DeadlineRow.due_at <= self.ctx.clock.now())
                .with_for_update(skip_locked=True)
            ).first()
            if deadline is None:
                return 0
            session.delete(deadline)
            row = session.get(GameRow, game_id)
            seats = seats_of(session, game_id)
            seat_row = seats[deadline.seat]
            if row is None or row.status != "active" or seat_row.left is not None:
                return 0
            try:
                self.tables.leave(session, row, seat_row, "timeout")
            except BaseException:
                self.tables.cache.forget(game_id)
                raise
            return 1

    def play_bots(self) -> int:
        """Let bots move in games where they are to act (after a restart, or missed)."""
        with self.ctx.read() as session:
            games = session.scalars(
                select(GameRow.id).where(GameRow.status == "active", GameRow.bot_turn).limit(BATCH)
            ).all()
        moves = 0
        for game_id in games:
            try:
                moves += self.tables.run_bots(game_id)
            except StaleDataError:
                log.info("game %s moved while a bot was thinking; retrying next sweep", game_id)
        return moves
