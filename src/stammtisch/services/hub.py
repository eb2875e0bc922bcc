"""The hub ("Zentrale"): a member's running games, invitations, tables and notifications."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from stammtisch.services.album.collection import waiting_upgrades, worn_backs
from stammtisch.services.challenges import Challenges
from stammtisch.services.context import Context
from stammtisch.services.gameflow import seats_of
from stammtisch.services.limits import commitments, limit_of
from stammtisch.services.lobby import Lobby
from stammtisch.services.notifications import Notifications
from stammtisch.store.deadlines import DeadlineRow
from stammtisch.store.games import GameRow, SeatRow
from stammtisch.store.members import nicknames


class Hub:
    """Everything the hub page shows, in one call."""

    def __init__(
        self, ctx: Context, challenges: Challenges, lobby: Lobby, notifications: Notifications
    ) -> None:
        self.ctx = ctx
        self.challenges = challenges
        self.lobby = lobby
        self.notifications = notifications

    def games(self, member_id: int) -> list[dict[str, Any]]:
        """The member's running games as tiles: players and their card backs, whose turn, clocks."""
        with self.ctx.read() as session:
            rows = session.scalars(
                select(GameRow)
                .join(SeatRow, SeatRow.game_id == GameRow.id)
                .where(SeatRow.member_id == member_id, GameRow.status == "active")
                .order_by(GameRow.id)
            ).all()
            tiles = []
            for row in rows:
                seats = seats_of(session, row.id)
                mine = next(s.seat for s in seats if s.member_id == member_id)
                names = nicknames(session, (s.member_id for s in seats))
                backs = worn_backs(session, (s.member_id for s in seats))
                clocks = {
                    int(seat): due
                    for seat, due in session.execute(
                        select(DeadlineRow.seat, DeadlineRow.due_at).where(
                            DeadlineRow.game_id == row.id
                        )
                    )
                }
                deadline, running = clocks.get(mine), min(clocks.values(), default=None)
                tiles.append(
                    {
                        "game_id": row.id,
                        "game": row.game,
                        "options": row.options,
                        "practice": row.practice,
                        "clock": row.clock,
                        "seq": row.seq,
                        "seat": mine,
                        "players": [
                            names.get(s.member_id) if s.member_id is not None else f"bot:{s.bot}"
                            for s in seats
                        ],
                        "card_backs": [
                            backs.get(s.member_id) if s.member_id is not None else None
                            for s in seats
                        ],
                        "to_act": row.to_act,
                        "my_turn": mine in row.to_act and seats[mine].left is None,
                        "my_deadline": deadline.isoformat() if deadline else None,
                        "deadline": running.isoformat() if running else None,
                    }
                )
            return tiles

    def overview(self, member_id: int) -> dict[str, Any]:
        """The whole hub: games, invitations, lobby tables, notifications, the game limit and the
        album's waiting upgrades."""
        with self.ctx.read() as session:
            used, limit = commitments(session, member_id), limit_of(session, member_id)
            waiting = waiting_upgrades(session, member_id, self.ctx.clock.now())
        feed = self.notifications.feed(member_id, limit=10)
        return {
            "games": self.games(member_id),
            "challenges": self.challenges.open_for(member_id),
            "my_tables": self.lobby.sitting(member_id),
            "lobby": self.lobby.open_seeks(),
            "notifications": feed,
            "limit": {"used": used, "max": limit},
            "album": {"waiting": waiting},
        }
