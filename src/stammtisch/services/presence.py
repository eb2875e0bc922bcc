"""Presence: which members have a game open right now, shared by all server processes."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import delete, update

from stammtisch.services.context import Context
from stammtisch.store.presence import PresenceRow

TTL = timedelta(seconds=90)
"""A connection's presence lapses unless it is renewed within this time."""


class Presence:
    """Marks games as watched by a connection, so no your-turn notice is sent meanwhile."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

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
                )
            )

    def unwatch(self, connection: str, game_id: int | None = None) -> None:
        """The connection closed the game (or, without a game, closed altogether)."""
        with self.ctx.write() as session:
            query = delete(PresenceRow).where(PresenceRow.connection == connection)
            if game_id is not None:
                query = query.where(PresenceRow.game_id == game_id)
            session.execute(query)

    def renew(self, connection: str) -> None:
        """Keep this connection's presence alive."""
        with self.ctx.write() as session:
            session.execute(
                update(PresenceRow)
                .where(PresenceRow.connection == connection)
                .values(expires_at=self.ctx.clock.now() + TTL)
            )
