"""The lobby: open tables (seeks) that the next members who come by join; bots fill the rest.

A table names the bot of each bot seat; members sit on the first seats in the order they came,
the bots after them. It starts when the last member seat is taken, or earlier when its creator
starts it with the empty member seats given to the training bot.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from stammtisch.engine.registry import get_game
from stammtisch.services.context import Context
from stammtisch.services.errors import ServiceError, conflict, forbidden, not_found
from stammtisch.services.limits import check_limit
from stammtisch.services.notifications import notify
from stammtisch.services.policy import policy
from stammtisch.services.tables import SeatSpec, Tables, check_bots, check_clock, check_options
from stammtisch.store.lobby import SeekMemberRow, SeekRow
from stammtisch.store.members import Member

EXPIRY = timedelta(hours=72)
MIN_MEMBERS = 2
"""A lobby game needs this many members at the table; fewer is practice."""


class Lobby:
    """Seeks: a member opens a table; it starts when enough members have joined."""

    def __init__(self, ctx: Context, tables: Tables) -> None:
        self.ctx = ctx
        self.tables = tables

    def create(
        self,
        member_id: int,
        game: str,
        options: dict[str, Any],
        clock: dict[str, Any] | None = None,
        bots: int | list[str] = 0,
    ) -> dict[str, Any]:
        """Open a table in the lobby; `bots` names the bot of each bot seat (or counts them, all
        the training bot); the other seats wait for members."""
        options = check_options(game, options)
        clock = check_clock(game, clock)
        seats = get_game(game).seat_count(options)
        training = policy(game).training_bot
        names = [training] * bots if isinstance(bots, int) else list(bots)
        if names and not training:
            raise ServiceError("lobby.no_bot", f"There is no bot for {game} yet.")
        if (isinstance(bots, int) and bots < 0) or len(names) > seats - MIN_MEMBERS:
            raise ServiceError(
                "lobby.bots",
                f"Between 0 and {max(seats - MIN_MEMBERS, 0)} seats may go to bots; "
                "play alone as practice.",
            )
        names = check_bots(game, names)
        with self.ctx.write() as session:
            check_limit(session, member_id)
            now = self.ctx.clock.now()
            row = SeekRow(
                member_id=member_id,
                game=game,
                options=options,
                clock=clock,
                humans=seats - len(names),
                bots=names,
                status="open",
                created_at=now,
                expires_at=now + EXPIRY,
            )
            session.add(row)
            session.flush()
            session.add(SeekMemberRow(seek_id=row.id, member_id=member_id, joined_at=now))
            session.flush()
            self._changed(session)
            return self._data(session, row)

    def _data(self, session: Session, row: SeekRow) -> dict[str, Any]:
        names = session.scalars(
            select(Member.nickname)
            .join(SeekMemberRow, SeekMemberRow.member_id == Member.id)
            .where(SeekMemberRow.seek_id == row.id)
            .order_by(SeekMemberRow.joined_at, Member.id)
        ).all()
        bots = self._bot_names(row)
        creator = session.get(Member, row.member_id)
        return {
            "id": row.id,
            "game": row.game,
            "options": row.options,
            "clock": row.clock,
            "seats": row.humans + len(bots),
            "bots": len(bots),
            "bot_names": bots,
            "creator": creator.nickname if creator else None,
            "members": list(names),
            "status": row.status,
            "expires_at": row.expires_at.isoformat(),
            "game_id": row.game_id,
        }

    @staticmethod
    def _bot_names(row: SeekRow) -> list[str]:
        """The bot of each bot seat (tables stored without names get the training bot)."""
        count = get_game(row.game).seat_count(row.options) - row.humans
        if len(row.bots) == count:
            return list(row.bots)
        return [policy(row.game).training_bot] * count

    def _changed(self, session: Session) -> None:
        self.ctx.publish_after_commit(session, "lobby", {"type": "lobby"})

    def open_seeks(self) -> list[dict[str, Any]]:
        """Every open table in the lobby, oldest first."""
        with self.ctx.read() as session:
            rows = session.scalars(
                select(SeekRow)
                .where(SeekRow.status == "open", SeekRow.expires_at > self.ctx.clock.now())
                .order_by(SeekRow.id)
            )
            return [self._data(session, row) for row in rows]

    def join(self, member_id: int, seek_id: int) -> dict[str, Any]:
        """Sit down at an open table; the game starts when the last member seat is taken."""
        with self.ctx.write() as session:
            row = session.get(SeekRow, seek_id, with_for_update=True)
            if row is None:
                raise not_found("lobby.unknown", "There is no such table in the lobby.")
            if row.status != "open" or row.expires_at <= self.ctx.clock.now():
                raise conflict("lobby.closed", "This table is no longer open.")
            sitting = self._sitting(session, seek_id)
            if member_id in sitting:
                raise conflict("lobby.already_seated", "You already sit at this table.")
            check_limit(session, member_id)
            session.add(
                SeekMemberRow(seek_id=seek_id, member_id=member_id, joined_at=self.ctx.clock.now())
            )
            sitting.append(member_id)
            joiner = session.get(Member, member_id)
            notify(
                session,
                row.member_id,
                "seek_joined",
                {
                    "seek_id": row.id,
                    "game": row.game,
                    "nickname": joiner.nickname if joiner else "",
                },
            )
            if len(sitting) == row.humans:
                self._start(session, row, sitting)
            session.flush()
            self._changed(session)
            return self._data(session, row)

    def start(self, member_id: int, seek_id: int, fill_with_bots: bool) -> dict[str, Any]:
        """The creator starts the table now; empty member seats go to the training bot when
        `fill_with_bots`, otherwise a table with empty seats is refused."""
        with self.ctx.write() as session:
            row = session.get(SeekRow, seek_id, with_for_update=True)
            if row is None:
                raise not_found("lobby.unknown", "There is no such table in the lobby.")
            if row.member_id != member_id:
                raise forbidden("lobby.not_creator", "Only the one who opened the table starts it.")
            if row.status != "open" or row.expires_at <= self.ctx.clock.now():
                raise conflict("lobby.closed", "This table is no longer open.")
            sitting = self._sitting(session, seek_id)
            if len(sitting) < MIN_MEMBERS:
                raise conflict(
                    "lobby.too_few_members",
                    f"A lobby table starts with at least {MIN_MEMBERS} members; wait for "
                    "someone to join, or play a practice game against bots.",
                )
            empty = row.humans - len(sitting)
            if empty and not fill_with_bots:
                raise conflict(
                    "lobby.not_full",
                    f"{empty} seat(s) are still empty: wait for members or fill them with bots.",
                )
            training = policy(row.game).training_bot
            if empty and not training:
                raise ServiceError("lobby.no_bot", f"There is no bot for {row.game} yet.")
            self._start(session, row, sitting, [training] * empty)
            session.flush()
            self._changed(session)
            return self._data(session, row)

    @staticmethod
    def _sitting(session: Session, seek_id: int) -> list[int]:
        """The members at a table in the order they sat down."""
        return list(
            session.scalars(
                select(SeekMemberRow.member_id)
                .where(SeekMemberRow.seek_id == seek_id)
                .order_by(SeekMemberRow.joined_at, SeekMemberRow.member_id)
            )
        )

    def _start(
        self, session: Session, row: SeekRow, members: list[int], fill: list[str] | None = None
    ) -> None:
        done = session.execute(
            update(SeekRow)
            .where(SeekRow.id == row.id, SeekRow.status == "open")
            .values(status="started")
            .execution_options(synchronize_session=False)
        )
        if done.rowcount != 1:  # type: ignore[attr-defined]
            raise conflict("lobby.closed", "This table is no longer open.")
        row.status = "started"
        bots = (fill or []) + self._bot_names(row)
        seats = [SeatSpec(member_id=m) for m in members] + [SeatSpec(bot=b) for b in bots]
        row.game_id = self.tables.open(session, row.game, row.options, seats, clock=row.clock).id

    def leave(self, member_id: int, seek_id: int) -> None:
        """Get up from an open table; when its creator leaves, the table is withdrawn."""
        with self.ctx.write() as session:
            row = session.get(SeekRow, seek_id, with_for_update=True)
            if row is None:
                raise not_found("lobby.unknown", "There is no such table in the lobby.")
            if row.status != "open":
                raise conflict("lobby.closed", "This table is no longer open.")
            seated = session.get(SeekMemberRow, (seek_id, member_id))
            if seated is None:
                raise forbidden("lobby.not_seated", "You do not sit at this table.")
            if row.member_id == member_id:
                row.status = "cancelled"
            else:
                session.execute(
                    delete(SeekMemberRow).where(
                        SeekMemberRow.seek_id == seek_id, SeekMemberRow.member_id == member_id
                    )
                )
            self._changed(session)

    def expire_due(self, limit: int = 100) -> int:
        """Withdraw tables nobody completed within 72 hours (each exactly once)."""
        due = select(SeekRow).where(
            SeekRow.status == "open", SeekRow.expires_at <= self.ctx.clock.now()
        )
        if not self.ctx.has_rows(due):
            return 0
        with self.ctx.write() as session:
            rows = session.scalars(
                due.order_by(SeekRow.id).limit(limit).with_for_update(skip_locked=True)
            ).all()
            for row in rows:
                row.status = "expired"
                notify(
                    session, row.member_id, "seek_expired", {"seek_id": row.id, "game": row.game}
                )
            if rows:
                self._changed(session)
            return len(rows)

    def sitting(self, member_id: int) -> list[dict[str, Any]]:
        """The open tables this member sits at."""
        with self.ctx.read() as session:
            rows = session.scalars(
                select(SeekRow)
                .join(SeekMemberRow, SeekMemberRow.seek_id == SeekRow.id)
                .where(SeekMemberRow.member_id == member_id, SeekRow.status == "open")
                .order_by(SeekRow.id)
            )
            return [self._data(session, row) for row in rows]
