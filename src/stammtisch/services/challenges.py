"""Direct challenges between two members: send, accept, decline, withdraw, expire, rematch."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from stammtisch.engine.registry import get_game
from stammtisch.services.accounts import nickname_key
from stammtisch.services.context import Context
from stammtisch.services.errors import ServiceError, conflict, forbidden, not_found
from stammtisch.services.limits import check_limit, lock_members
from stammtisch.services.notifications import notify
from stammtisch.services.tables import SeatSpec, Tables, check_clock, check_options
from stammtisch.store.games import GameRow, SeatRow
from stammtisch.store.lobby import ChallengeRow
from stammtisch.store.members import Member, nicknames

EXPIRY = timedelta(hours=72)
REGULARS = 10
REGULARS_WINDOW = timedelta(days=30)


def challenge_data(session: Session, row: ChallengeRow) -> dict[str, Any]:
    """A challenge as shown to the two members involved."""
    names = nicknames(session, [row.challenger_id, row.challenged_id])
    return {
        "id": row.id,
        "challenger": names.get(row.challenger_id),
        "challenged": names.get(row.challenged_id),
        "game": row.game,
        "options": row.options,
        "clock": row.clock,
        "status": row.status,
        "created_at": row.created_at.isoformat(),
        "expires_at": row.expires_at.isoformat(),
        "game_id": row.game_id,
        "rematch_of": row.rematch_of,
    }


class Challenges:
    """Invitations to two-seat games, by nickname or from the regulars list."""

    def __init__(self, ctx: Context, tables: Tables) -> None:
        self.ctx = ctx
        self.tables = tables

    def send(
        self,
        member_id: int,
        nickname: str,
        game: str,
        options: dict[str, Any],
        clock: dict[str, Any] | None = None,
        rematch_of: int | None = None,
    ) -> dict[str, Any]:
        """Challenge a member; if they already challenged you to the same, that becomes the game."""
        options = check_options(game, options)
        clock = check_clock(game, clock)
        if get_game(game).seat_count(options) != 2:
            raise ServiceError(
                "challenges.two_seats",
                "A direct challenge is for two players; open a table in the lobby for more.",
            )
        with self.ctx.write() as session:
            target = session.scalar(
                select(Member).where(Member.nickname_key == nickname_key(nickname))
            )
            if target is None:
                raise not_found(
                    "challenges.member_unknown", f"There is no member called {nickname!r}."
                )
            if target.id == member_id:
                raise ServiceError("challenges.self", "You cannot challenge yourself.")
            # Two crossing challenges sent at the same moment are handled one after the other,
            # so the second finds the first.
            lock_members(session, [member_id, target.id])
            open_between = select(ChallengeRow).where(
                ChallengeRow.status == "open",
                ChallengeRow.game == game,
                ChallengeRow.expires_at > self.ctx.clock.now(),
            )
            crossing = session.scalars(
                open_between.where(
                    ChallengeRow.challenger_id == target.id, ChallengeRow.challenged_id == member_id
                ).with_for_update()
            ).all()
            for other in crossing:
                if other.options == options and other.clock == clock:
                    game_id = self._accept(session, other, member_id)
                    return {**challenge_data(session, other), "merged": True, "game_id": game_id}
            twins = session.scalars(
                open_between.where(
                    ChallengeRow.challenger_id == member_id, ChallengeRow.challenged_id == target.id
                )
            ).all()
            if any(t.options == options and t.clock == clock for t in twins):
                raise conflict(
                    "challenges.duplicate", f"You already challenged {target.nickname} to this."
                )
            check_limit(session, member_id)
            now = self.ctx.clock.now()
            row = ChallengeRow(
                challenger_id=member_id,
                challenged_id=target.id,
                game=game,
                options=options,
                clock=clock,
                status="open",
                created_at=now,
                expires_at=now + EXPIRY,
                rematch_of=rematch_of,
            )
            session.add(row)
            session.flush()
            challenger = session.get(Member, member_id)
            notify(
                session,
                target.id,
                "challenge_received",
                {
                    "challenge_id": row.id,
                    "game": game,
                    "options": options,
                    "nickname": challenger.nickname if challenger else "",
                },
            )
            return {**challenge_data(session, row), "merged": False}

    def _load(self, session: Session, challenge_id: int) -> ChallengeRow:
        """The challenge, locked after its two members (the lock order every path keeps)."""
        row = session.get(ChallengeRow, challenge_id)
        if row is None:
            raise not_found("challenges.unknown", "There is no such challenge.")
        lock_members(session, [row.challenger_id, row.challenged_id])
        session.refresh(row, with_for_update=True)
        return row

    def _claim(self, session: Session, row: ChallengeRow, status: str) -> None:
        """Move an open challenge to its final status exactly once."""
        if row.status != "open" or row.expires_at <= self.ctx.clock.now():
            raise conflict("challenges.closed", "This challenge is no longer open.")
        done = session.execute(
            update(ChallengeRow)
            .where(ChallengeRow.id == row.id, ChallengeRow.status == "open")
            .values(status=status)
            .execution_options(synchronize_session=False)
        )
        if done.rowcount != 1:  # type: ignore[attr-defined]
            raise conflict("challenges.closed", "This challenge is no longer open.")
        row.status = status

    def accept(self, member_id: int, challenge_id: int) -> int:
        """Accept a challenge sent to you; returns the new game's id."""
        with self.ctx.write() as session:
            row = self._load(session, challenge_id)
            if row.challenged_id != member_id:
                raise forbidden("challenges.not_yours", "This challenge is not addressed to you.")
            return self._accept(session, row, member_id)

    def _accept(self, session: Session, row: ChallengeRow, member_id: int) -> int:
        check_limit(session, member_id)
        self._claim(session, row, "accepted")
        seats = [SeatSpec(member_id=row.challenger_id), SeatSpec(member_id=row.challenged_id)]
        game = self.tables.open(
            session, row.game, row.options, seats, clock=row.clock, rematch_of=row.rematch_of
        )
        row.game_id = game.id
        accepter = session.get(Member, member_id)
        notify(
            session,
            row.challenger_id,
            "challenge_accepted",
            {
                "challenge_id": row.id,
                "game_id": game.id,
                "game": row.game,
                "nickname": accepter.nickname if accepter else "",
            },
        )
        return game.id

    def decline(self, member_id: int, challenge_id: int) -> None:
        """Decline a challenge sent to you."""
        with self.ctx.write() as session:
            row = self._load(session, challenge_id)
            if row.challenged_id != member_id:
                raise forbidden("challenges.not_yours", "This challenge is not addressed to you.")
            self._claim(session, row, "declined")
            _tell(session, row, row.challenger_id, "challenge_declined", member_id)

    def withdraw(self, member_id: int, challenge_id: int) -> None:
        """Take back a challenge you sent."""
        with self.ctx.write() as session:
            row = self._load(session, challenge_id)
            if row.challenger_id != member_id:
                raise forbidden(
                    "challenges.not_yours", "Only who sent a challenge can withdraw it."
                )
            self._claim(session, row, "cancelled")
            _tell(session, row, row.challenged_id, "challenge_withdrawn", member_id)

    def expire_due(self, limit: int = 100) -> int:
        """Expire challenges unanswered for 72 hours (each exactly once); returns how many."""
        due = select(ChallengeRow).where(
            ChallengeRow.status == "open", ChallengeRow.expires_at <= self.ctx.clock.now()
        )
        if not self.ctx.has_rows(due):
            return 0
        with self.ctx.write() as session:
            rows = session.scalars(
                due.order_by(ChallengeRow.id).limit(limit).with_for_update(skip_locked=True)
            ).all()
            for row in rows:
                row.status = "expired"
                names = nicknames(session, [row.challenger_id, row.challenged_id])
                for me, other in (
                    (row.challenger_id, row.challenged_id),
                    (row.challenged_id, row.challenger_id),
                ):
                    data = {
                        "challenge_id": row.id,
                        "game": row.game,
                        "nickname": names.get(other, ""),
                    }
                    notify(session, me, "challenge_expired", data)
            return len(rows)

    def open_for(self, member_id: int) -> dict[str, list[dict[str, Any]]]:
        """The member's open challenges: received and sent."""
        with self.ctx.read() as session:
            query = select(ChallengeRow).where(
                ChallengeRow.status == "open", ChallengeRow.expires_at > self.ctx.clock.now()
            )
            received = session.scalars(query.where(ChallengeRow.challenged_id == member_id))
            sent = session.scalars(query.where(ChallengeRow.challenger_id == member_id))
            return {
                "received": [challenge_data(session, r) for r in received],
                "sent": [challenge_data(session, r) for r in sent],
            }

    def regulars(self, member_id: int) -> list[dict[str, Any]]:
        """The ten members with the most games (not practice) in the last 30 days, you excluded."""
        since = self.ctx.clock.now() - REGULARS_WINDOW
        games = func.count(SeatRow.game_id).label("games")
        with self.ctx.read() as session:
            rows = session.execute(
                select(Member.nickname, games)
                .join(SeatRow, SeatRow.member_id == Member.id)
                .join(GameRow, GameRow.id == SeatRow.game_id)
                .where(GameRow.created_at >= since, ~GameRow.practice, Member.id != member_id)
                .group_by(Member.id, Member.nickname)
                .order_by(games.desc(), Member.nickname)
                .limit(REGULARS)
            )
            return [{"nickname": nickname, "games": count} for nickname, count in rows]

    def rematch(self, member_id: int, game_id: int, options: dict[str, Any]) -> dict[str, Any]:
        """After a finished two-member game: challenge the opponent again, with a chosen variant."""
        with self.ctx.read() as session:
            row = session.get(GameRow, game_id)
            if row is None:
                raise not_found("game.unknown_game", "There is no such game.")
            seats = session.scalars(select(SeatRow).where(SeatRow.game_id == game_id)).all()
            members = [s.member_id for s in seats if s.member_id is not None]
            if member_id not in members:
                raise forbidden("game.not_seated", "You did not play in this game.")
            if row.status != "finished":
                raise conflict("challenges.rematch_running", "The game is still running.")
            others = [m for m in members if m != member_id]
            if len(others) != 1:
                raise ServiceError(
                    "challenges.rematch_unavailable", "A rematch needs exactly one opponent member."
                )
            opponent = session.get(Member, others[0])
            assert opponent is not None
            game, clock = row.game, row.clock
        return self.send(member_id, opponent.nickname, game, options, clock, rematch_of=game_id)


def _tell(session: Session, row: ChallengeRow, to: int, kind: str, by: int) -> None:
    """Notify a member of what the other one did with their challenge."""
    member = session.get(Member, by)
    data = {"challenge_id": row.id, "game": row.game, "nickname": member.nickname if member else ""}
    notify(session, to, kind, data)
