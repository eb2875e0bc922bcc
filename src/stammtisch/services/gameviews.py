"""What a member or spectator sees of a game: the seat's view, the table, the log since a step."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from stammtisch.engine.registry import get_game
from stammtisch.services.album.collection import worn_backs
from stammtisch.services.context import Context
from stammtisch.services.errors import not_found
from stammtisch.services.gamecache import GameCache
from stammtisch.services.gameflow import seats_of, visible_events
from stammtisch.store.deadlines import DeadlineRow
from stammtisch.store.games import ActionRow, GameRow, SeatRow
from stammtisch.store.members import nicknames


def seat_of(seats: list[SeatRow], member_id: int | None) -> int | None:
    """The seat of this member at the table, or None for a spectator."""
    if member_id is None:
        return None
    return next((s.seat for s in seats if s.member_id == member_id), None)


class GameViews:
    """Read side of running and finished games; hidden facts never leave through here."""

    def __init__(self, ctx: Context, cache: GameCache) -> None:
        self.ctx = ctx
        self.cache = cache

    def _row(self, session: Session, game_id: int) -> GameRow:
        row = session.get(GameRow, game_id)
        if row is None:
            raise not_found("game.unknown_game", "There is no such game.")
        return row

    def view(self, viewer: int | None, game_id: int) -> dict[str, Any]:
        """The game as this member sees it (their seat's view; others get the spectator view)."""
        with self.cache.locked(game_id), self.ctx.read() as session:
            row = self._row(session, game_id)
            seats = seats_of(session, game_id)
            seat = seat_of(seats, viewer)
            state = self.cache.state(session, row)
            game = get_game(row.game)
            may_act = (
                row.status == "active"
                and seat is not None
                and seats[seat].bot is None
                and seat in game.to_act(state)
            )
            return {
                **self._table(session, row, seats),
                "seat": seat,
                "view": game.view(state, seat),
                "legal": [game.action_text(a) for a in game.legal_actions(state, seat)]
                if may_act and seat is not None
                else [],
            }

    def _table(self, session: Session, row: GameRow, seats: list[SeatRow]) -> dict[str, Any]:
        names = nicknames(session, (s.member_id for s in seats))
        backs = worn_backs(session, (s.member_id for s in seats))
        deadlines = {
            d.seat: d.due_at.isoformat()
            for d in session.scalars(select(DeadlineRow).where(DeadlineRow.game_id == row.id))
        }
        return {
            "game_id": row.id,
            "game": row.game,
            "options": row.options,
            "practice": row.practice,
            "clock": row.clock,
            "status": row.status,
            "seq": row.seq,
            "to_act": row.to_act,
            "seats": [
                {
                    "seat": s.seat,
                    "nickname": names.get(s.member_id) if s.member_id is not None else None,
                    "bot": s.bot,
                    "left": s.left,
                    "deadline": deadlines.get(s.seat),
                    "card_back": backs.get(s.member_id) if s.member_id is not None else None,
                }
                for s in seats
            ],
            "outcome": row.outcome,
            "ended_by": row.ended_by,
            "ended_seat": row.ended_seat,
            "rematch_of": row.rematch_of,
        }

    def events_since(self, viewer: int | None, game_id: int, after: int) -> list[dict[str, Any]]:
        """Log entries after step `after`, each with the events this viewer may see."""
        with self.ctx.read() as session:
            self._row(session, game_id)
            seats = seats_of(session, game_id)
            seat = seat_of(seats, viewer)
            rows = session.scalars(
                select(ActionRow)
                .where(ActionRow.game_id == game_id, ActionRow.seq > after)
                .order_by(ActionRow.seq)
            )
            return [
                {
                    "seq": r.seq,
                    "seat": r.seat,
                    "kind": r.kind,
                    "events": visible_events(r.events, seat),
                }
                for r in rows
            ]
