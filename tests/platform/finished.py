"""Test helpers: members, and finished games announced through the platform's GameFinished hook."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from stammtisch.engine.protocol import Outcome, Seat
from stammtisch.engine.registry import get_game
from stammtisch.services.events import EndedBy, GameFinished, publish
from stammtisch.services.platform import Platform
from stammtisch.store.games import GameRow
from stammtisch.store.members import Member


def add_members(platform: Platform, *nicknames: str) -> list[int]:
    """Members with these nicknames (stored directly: their passwords play no part here)."""
    now = platform.ctx.clock.now()
    with platform.ctx.store.write() as session:
        members = [
            Member(nickname=n, nickname_key=n.casefold(), password_hash="-", created_at=now)
            for n in nicknames
        ]
        session.add_all(members)
        session.flush()
        return [member.id for member in members]


def finish_game(
    platform: Platform,
    game: str,
    members: Sequence[int | None],
    ranking: Sequence[Sequence[Seat]],
    *,
    practice: bool = False,
    ended_by: EndedBy = "normal",
    ended_seat: Seat | None = None,
    moves: Sequence[int] | None = None,
    timed_out: frozenset[Seat] = frozenset(),
    resigned: frozenset[Seat] = frozenset(),
    at: datetime | None = None,
    options: Mapping[str, Any] | None = None,
    scores: Mapping[Seat, int] | None = None,
    details: Mapping[str, Any] | None = None,
    reason: str = "test",
) -> int:
    """Store a finished game and publish GameFinished in the same transaction; its id."""
    now = at or platform.ctx.clock.now()
    options = get_game(game).normalize_options(options or {})
    outcome = Outcome(
        ranking=tuple(tuple(group) for group in ranking),
        reason=reason,
        scores=dict(scores or {}),
        details=dict(details or {}),
    )
    with platform.ctx.write() as session:
        row = GameRow(
            game=game,
            rules_version="test",
            options=options,
            seed=1,
            practice=practice,
            clock={},
            status="finished",
            to_act=[],
            created_at=now,
            finished_at=now,
            ended_by=ended_by,
            ended_seat=ended_seat,
        )
        session.add(row)
        session.flush()
        publish(
            session,
            GameFinished(
                game_id=row.id,
                game=game,
                options=options,
                practice=practice,
                members=tuple(members),
                outcome=outcome,
                ended_by=ended_by,
                ended_seat=ended_seat,
                moves=tuple(moves or [10] * len(members)),
                finished_at=now,
                timed_out=timed_out,
                resigned=resigned,
            ),
        )
        return row.id
