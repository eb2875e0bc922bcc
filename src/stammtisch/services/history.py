"""A member's finished games, newest first: the players, how each placed, how the game ended.

Everything listed is public (anyone may see a game's table and result); practice games are
listed only to the member themselves. A page continues after `before`, the last game of the page
before (games are ordered by the time they finished, then by id).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from pydantic import BaseModel
from sqlalchemy import Select, select, tuple_
from sqlalchemy.orm import Session

from stammtisch.services.context import Context
from stammtisch.services.errors import ServiceError
from stammtisch.store.games import GameRow, SeatRow
from stammtisch.store.members import Member


class Player(BaseModel):
    """One seat of a finished game: who sat there, where it placed, its score."""

    seat: int
    nickname: str | None
    bot: str | None
    left: str | None
    place: int | None
    score: int | None
    won: bool


class FinishedGame(BaseModel):
    """One finished game of a member's history, and how it went for that member."""

    game_id: int
    game: str
    options: dict[str, Any]
    practice: bool
    finished_at: datetime
    ended_by: str
    ended_seat: int | None
    reason: str
    seat: int
    won: bool
    players: list[Player]


class GameHistory(BaseModel):
    """One page of a member's finished games; `next` continues it (None: no more)."""

    nickname: str
    games: list[FinishedGame]
    next: int | None


def place_of(ranking: Sequence[Sequence[int]], seat: int) -> int | None:
    """A seat's place in a result (1 best; tied seats share it), None when it is not ranked."""
    place = 1
    for group in ranking:
        if seat in group:
            return place
        place += len(group)
    return None


def has_won(outcome: dict[str, Any], seat: int, left: str | None) -> bool:
    """Whether a seat won: it is in the first place and its member did not resign or time out."""
    ranking = outcome["ranking"]
    return left is None and bool(ranking) and seat in ranking[0]


def player(outcome: dict[str, Any], seat: SeatRow, nickname: str | None) -> Player:
    """One seat of a finished game as the history shows it."""
    return Player(
        seat=seat.seat,
        nickname=nickname,
        bot=seat.bot,
        left=seat.left,
        place=place_of(outcome["ranking"], seat.seat),
        score=outcome["scores"].get(str(seat.seat)),
        won=has_won(outcome, seat.seat, seat.left),
    )


class History:
    """Members' finished games."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def finished_games(
        self, viewer: int | None, member: Member, limit: int = 20, before: int | None = None
    ) -> GameHistory:
        """A page of the member's finished games, newest first (practice only to themselves)."""
        with self.ctx.read() as session:
            query = _finished_of(member.id, with_practice=viewer == member.id)
            if before is not None:
                query = _after(session, query, before)
            rows = session.execute(query.limit(limit + 1)).all()
            page = [(game, seat) for game, seat in rows[:limit]]
            players = _players(session, [game for game, _ in page])
            games = [_entry(game, seat, players[game.id]) for game, seat in page]
        more = len(rows) > limit
        return GameHistory(
            nickname=member.nickname, games=games, next=page[-1][0].id if more else None
        )


def _entry(game: GameRow, seat: int, players: list[Player]) -> FinishedGame:
    """One finished game as the member's history lists it."""
    assert game.outcome is not None, "a finished game has an outcome"
    assert game.finished_at is not None, "a finished game has its end time"
    return FinishedGame(
        game_id=game.id,
        game=game.game,
        options=game.options,
        practice=game.practice,
        finished_at=game.finished_at,
        ended_by=game.ended_by or "normal",
        ended_seat=game.ended_seat,
        reason=game.outcome["reason"],
        seat=seat,
        won=players[seat].won,
        players=players,
    )


def _finished_of(member_id: int, with_practice: bool) -> Select[GameRow, int]:
    """The member's finished games with their seat, newest first (read along the seats' index)."""
    query = (
        select(GameRow, SeatRow.seat)
        .select_from(SeatRow)
        .join(GameRow, GameRow.id == SeatRow.game_id)
        .where(SeatRow.member_id == member_id, SeatRow.finished_at.is_not(None))
        .order_by(SeatRow.finished_at.desc(), SeatRow.game_id.desc())
    )
    return query if with_practice else query.where(~GameRow.practice)


def _after(session: Session, query: Select[GameRow, int], before: int) -> Select[GameRow, int]:
    """The query's games after the game `before`: finished earlier, or at once with a smaller id."""
    at = session.scalar(
        select(GameRow.finished_at).where(GameRow.id == before, GameRow.status == "finished")
    )
    if at is None:
        raise ServiceError("history.unknown_before", f"Game {before} is no finished game.")
    return query.where(tuple_(SeatRow.finished_at, SeatRow.game_id) < tuple_(at, before))


def _players(session: Session, games: list[GameRow]) -> dict[int, list[Player]]:
    """The seats of these games with their members' nicknames, by game, in seat order."""
    outcomes = {game.id: game.outcome or {} for game in games}
    if not games:
        return {}
    rows = session.execute(
        select(SeatRow, Member.nickname)
        .outerjoin(Member, Member.id == SeatRow.member_id)
        .where(SeatRow.game_id.in_(outcomes))
        .order_by(SeatRow.game_id, SeatRow.seat)
    )
    players: dict[int, list[Player]] = {game.id: [] for game in games}
    for seat, nickname in rows:
        players[seat.game_id].append(player(outcomes[seat.game_id], seat, nickname))
    return players
