"""What a member or spectator sees of a game: the seat's view, the table, the log since a step."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from stammtisch.engine.registry import get_game
from stammtisch.services.album.collection import WornBacks, worn_backs
from stammtisch.services.context import Context
from stammtisch.services.errors import not_found
from stammtisch.services.gamecache import GameCache
from stammtisch.services.gameflow import visible_events
from stammtisch.services.gamehead import Head, SeatInfo, head_clocks, load_seats, seat_of
from stammtisch.services.moves import seats_now
from stammtisch.store.games import ActionRow, GameRow
from stammtisch.store.hotpath import HEAD_CLOCKS, LOG_AFTER, batched, pipelined


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
        # Its statements need not share a snapshot: the head comes with its clocks, the log only
        # grows and a card back may as well be read a moment later. On a database server they go
        # out together (one round trip): the head, the log after the step this process knows and
        # the card backs of the seats it knows; whatever the head shows they missed is read after
        # it. On SQLite each is a local call, made when it is needed.
        with self.cache.locked(game_id), self.ctx.read(snapshot=False) as session:
            connection = session.connection()
            known = self.cache.position(game_id) if pipelined(connection) else None
            with batched(connection):
                found = HEAD_CLOCKS.query(connection, {"game_id": game_id})
                after, guessed = None, None
                if known is not None:
                    after = LOG_AFTER.query(connection, {"game_id": game_id, "after": known[0]})
                    if known[1] is not None:
                        guessed = WornBacks(connection, (s.member_id for s in known[1]))
            head_and_clocks = head_clocks(found.rows())
            tail = after.rows() if after is not None else None
            if head_and_clocks is None:
                raise not_found("game.unknown_game", "There is no such game.")
            head, deadlines = head_and_clocks
            state = self.cache.state(session, head, tail)
            seats = seats_now(self.cache, session, head)
            self.cache.remember_head(head)
            mine = seat_of(seats, viewer)
            seat = None if mine is None else mine.seat
            game = get_game(head.game)
            may_act = (
                head.status == "active"
                and mine is not None
                and mine.bot is None
                and mine.seat in game.to_act(state)
            )
            if guessed is not None and guessed.asked_for(s.member_id for s in seats):
                backs = guessed.backs()
            else:
                backs = worn_backs(session, (s.member_id for s in seats))
            return {
                **table(head, seats, deadlines, backs),
                "seat": seat,
                "view": game.view(state, seat),
                "legal": [game.action_text(a) for a in game.legal_actions(state, seat)]
                if may_act and seat is not None
                else [],
            }

    def events_since(self, viewer: int | None, game_id: int, after: int) -> list[dict[str, Any]]:
        """Log entries after step `after`, each with the events this viewer may see."""
        with self.ctx.read() as session:
            self._row(session, game_id)
            mine = seat_of(load_seats(session.connection(), game_id), viewer)
            seat = None if mine is None else mine.seat
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


def table(
    head: Head,
    seats: tuple[SeatInfo, ...],
    deadlines: dict[int, str],
    backs: dict[int, dict[str, Any]],
) -> dict[str, Any]:
    """What everyone may see of a game: options, status, whose turn, the seats, their clocks and
    the card backs the members wear."""
    return {
        "game_id": head.id,
        "game": head.game,
        "options": head.options,
        "practice": head.practice,
        "clock": head.clock,
        "status": head.status,
        "seq": head.seq,
        "to_act": head.to_act,
        "seats": [
            {
                "seat": s.seat,
                "nickname": s.nickname,
                "bot": s.bot,
                "left": s.left,
                "deadline": deadlines.get(s.seat),
                "card_back": backs.get(s.member_id) if s.member_id is not None else None,
            }
            for s in seats
        ],
        "outcome": head.outcome,
        "ended_by": head.ended_by,
        "ended_seat": head.ended_seat,
        "rematch_of": head.rematch_of,
    }
