"""Limits: at most 3 concurrent games (6 for VIP); open invitations and seeks count."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from stammtisch.services.errors import Problem, ServiceError
from stammtisch.store.games import GameRow, SeatRow
from stammtisch.store.lobby import ChallengeRow, SeekMemberRow, SeekRow
from stammtisch.store.members import Member

GAMES = 3
VIP_GAMES = 6


def _count(session: Session, query: object) -> int:
    return int(session.scalar(query) or 0)  # type: ignore[call-overload]


def running_games(session: Session, member_id: int, *, practice: bool = False) -> int:
    """Running games in which the member still plays their seat."""
    return _count(
        session,
        select(func.count())
        .select_from(SeatRow)
        .join(GameRow, GameRow.id == SeatRow.game_id)
        .where(
            SeatRow.member_id == member_id,
            SeatRow.left.is_(None),
            GameRow.status == "active",
            GameRow.practice == practice,
        ),
    )


def commitments(session: Session, member_id: int) -> int:
    """Running games plus open challenges sent and open seeks the member sits at."""
    challenges = _count(
        session,
        select(func.count()).where(
            ChallengeRow.challenger_id == member_id, ChallengeRow.status == "open"
        ),
    )
    seeks = _count(
        session,
        select(func.count())
        .select_from(SeekMemberRow)
        .join(SeekRow, SeekRow.id == SeekMemberRow.seek_id)
        .where(SeekMemberRow.member_id == member_id, SeekRow.status == "open"),
    )
    return running_games(session, member_id) + challenges + seeks


def limit_of(session: Session, member_id: int) -> int:
    """How many concurrent games this member may have."""
    return (
        VIP_GAMES if session.scalar(select(Member.is_vip).where(Member.id == member_id)) else GAMES
    )


def lock_members(session: Session, member_ids: list[int]) -> None:
    """Lock these members' rows until commit, always in id order (so no two requests deadlock)."""
    query = select(Member.id).where(Member.id.in_(member_ids)).order_by(Member.id)
    session.execute(query.with_for_update()).all()


def check_limit(session: Session, member_id: int, *, nickname: str | None = None) -> None:
    """Refuse one more game, invitation or seek above the member's limit.

    The member's row stays locked until the caller commits, so two requests of the same member
    at the same moment are counted one after the other.
    """
    lock_members(session, [member_id])
    limit = limit_of(session, member_id)
    if commitments(session, member_id) + 1 > limit:
        who = f"{nickname} has" if nickname else "You have"
        raise ServiceError(
            "limits.too_many_games",
            f"{who} reached the limit of {limit} concurrent games; open invitations and seeks "
            "count too. Finish a game or withdraw an invitation first.",
            Problem.LIMIT,
        )


def check_practice_limit(session: Session, member_id: int) -> None:
    """Practice games count for nothing, but have a limit of the same size of their own."""
    limit = limit_of(session, member_id)
    if running_games(session, member_id, practice=True) + 1 > limit:
        raise ServiceError(
            "limits.too_many_practice_games",
            f"You have {limit} practice games running; finish or resign one first.",
            Problem.LIMIT,
        )
