"""Presence: which members have a game open right now, shared by all server processes.

A row lapses when its connection stops renewing it (`TTL`, the websocket heartbeat renews it),
or sooner when the process holding the connection died: each sweeping process keeps a lease
(`PROCESS_LEASE`, renewed at its sweeps), and any sweeper drops the rows of a process whose lease
lapsed. A process that does not sweep holds no lease; its rows lapse with their `TTL` only.
"""

from __future__ import annotations

import secrets
from collections.abc import Collection
from datetime import datetime, timedelta

from sqlalchemy import delete, or_, select, update

from stammtisch.services.context import Context
from stammtisch.store.presence import PresenceRow, ProcessLeaseRow

TTL = timedelta(seconds=90)
"""A connection's presence lapses unless it is renewed within this time."""
PROCESS_LEASE = timedelta(seconds=6)
"""A process's presence goes once it has not renewed its lease for this long (it died)."""
RENEW_EVERY = PROCESS_LEASE / 3
"""How often a process renews its lease: two renewals may be missed before it lapses."""


class Presence:
    """Marks games as watched by a connection, so no your-turn notice is sent meanwhile."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.process = secrets.token_hex(16)
        """This process's name in the presence rows and its lease."""
        self._renew_at: datetime | None = None

    def watch(self, connection: str, member_id: int, game_id: int) -> None:
        """This connection of this member has the game open."""
        with self.ctx.write() as session:
            session.execute(
                delete(PresenceRow).where(
                    PresenceRow.connection == connection, PresenceRow.game_id == game_id
                )
            )
            session.add(
                PresenceRow(
                    connection=connection,
                    game_id=game_id,
                    member_id=member_id,
                    expires_at=self.ctx.clock.now() + TTL,
                    process=self.process,
                )
            )

    def unwatch(self, connection: str, game_id: int | None = None) -> None:
        """The connection closed the game (or, without a game, closed altogether)."""
        with self.ctx.write() as session:
            query = delete(PresenceRow).where(PresenceRow.connection == connection)
            if game_id is not None:
                query = query.where(PresenceRow.game_id == game_id)
            session.execute(query)

    def renew(self, connection: str, member_id: int, game_ids: Collection[int]) -> None:
        """Keep this connection's presence in these games alive, and bring back any row a
        sweeper dropped while it took this process for dead (a sweep that stalled its lease)."""
        expires_at = self.ctx.clock.now() + TTL
        with self.ctx.write() as session:
            session.execute(
                update(PresenceRow)
                .where(PresenceRow.connection == connection)
                .values(expires_at=expires_at)
            )
            kept = set(
                session.scalars(
                    select(PresenceRow.game_id).where(PresenceRow.connection == connection)
                )
            )
            for game_id in sorted(set(game_ids) - kept):
                session.add(
                    PresenceRow(
                        connection=connection,
                        game_id=game_id,
                        member_id=member_id,
                        expires_at=expires_at,
                        process=self.process,
                    )
                )

    def sweep(self) -> int:
        """Renew this process's lease when due, then drop the presence of connections that
        stopped renewing it and of processes whose lease lapsed; the rows dropped."""
        self.keep_lease()
        now = self.ctx.clock.now()
        lapsed = select(ProcessLeaseRow.process).where(ProcessLeaseRow.alive_until <= now)
        stale = or_(PresenceRow.expires_at <= now, PresenceRow.process.in_(lapsed))
        if not self.ctx.has_rows(select(PresenceRow.connection).where(stale)) and (
            not self.ctx.has_rows(lapsed)
        ):
            return 0
        with self.ctx.write() as session:
            dropped = session.execute(delete(PresenceRow).where(stale))
            session.execute(delete(ProcessLeaseRow).where(ProcessLeaseRow.alive_until <= now))
        return int(getattr(dropped, "rowcount", 0) or 0)

    def keep_lease(self) -> None:
        """Renew this process's lease if a third of it has passed (or the clock moved back)."""
        now = self.ctx.clock.now()
        if self._renew_at is not None and self._renew_at - RENEW_EVERY <= now < self._renew_at:
            return
        with self.ctx.write() as session:
            lease = session.get(ProcessLeaseRow, self.process)
            if lease is None:  # the first renewal, or another sweeper took us for dead
                session.add(ProcessLeaseRow(process=self.process, alive_until=now + PROCESS_LEASE))
            else:
                lease.alive_until = now + PROCESS_LEASE
        self._renew_at = now + RENEW_EVERY
