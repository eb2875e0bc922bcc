"""Notifications: the in-app feed with its unread count, pushed live, and e-mails for opt-ins."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session

from stammtisch.services.context import Context, context_of
from stammtisch.services.events import GameFinished, subscribe
from stammtisch.services.texts import has_text, translate
from stammtisch.store.db import after_commit
from stammtisch.store.hotpath import ADD_NOTICE, ADD_NOTICE_UNLESS_WATCHING
from stammtisch.store.members import Member, nicknames
from stammtisch.store.notifications import NotificationRow

log = logging.getLogger(__name__)
FORGET_BATCH = 1000

KINDS = (
    "your_turn",
    "reminder",
    "challenge_received",
    "challenge_accepted",
    "challenge_declined",
    "challenge_withdrawn",
    "challenge_expired",
    "seek_joined",
    "seek_expired",
    "taken_over",
    "game_over",
    "album_upgrade",
)


def notify(session: Session, member_id: int, kind: str, data: dict[str, Any]) -> None:
    """Add a notification in this write unit (a write only, which may go in a batch) and push it
    live after commit.

    A `your_turn` notice is left out while the member is looking at that game (in any server
    process).
    """
    ctx = context_of(session)
    params = notice_params(kind, member_id, data, ctx.clock.now())
    statement = ADD_NOTICE_UNLESS_WATCHING if kind == "your_turn" else ADD_NOTICE
    added = statement.send(session.connection(), params)
    push_after_commit(session, member_id, lambda: added.rowcount == 1)


def notice_params(
    kind: str, member_id: int, data: dict[str, Any], now: datetime, prefix: str = ""
) -> dict[str, Any]:
    """The binds of a notification's statement (`add_notice` with this `prefix`)."""
    if kind not in KINDS:
        raise ValueError(f"unknown notification kind {kind!r}")
    params = {
        f"{prefix}member_id": member_id,
        f"{prefix}kind": kind,
        f"{prefix}data": data,
        f"{prefix}created_at": now,
    }
    if kind == "your_turn":
        params |= {"game_id": int(data["game_id"]), "now": now}
    return params


def push_after_commit(session: Session, member_id: int, added: Callable[[], bool]) -> None:
    """Tell the member's live connections of their new notification once this write unit has
    committed, if `added` says it was (not left out, and the member exists)."""
    ctx = context_of(session)

    def push() -> None:
        if added():
            ctx.bus.publish(f"member:{member_id}", {"type": "notification"})

    after_commit(session, push)


def _game_name(language: str, game: str) -> str:
    key = f"game.{game}"
    return translate(language, key) if has_text(key) else game


def render(language: str, kind: str, data: dict[str, Any]) -> str:
    """The notification's sentence in this language."""
    params: dict[str, Any] = dict(data)
    params["game"] = _game_name(language, str(data.get("game", "")))
    opponents = data.get("opponents")
    if opponents is not None:
        params["opponents"] = ", ".join(opponents) or translate(language, "opponents.robot")
    key = f"game_over.{data.get('result', 'place')}" if kind == "game_over" else kind
    return translate(language, key, **params)


def link(base_url: str, data: dict[str, Any]) -> str:
    """Where the notification leads: its game, or the hub."""
    base = base_url.rstrip("/")
    return f"{base}/games/{data['game_id']}" if "game_id" in data else f"{base}/"


def on_game_finished(session: Session, event: GameFinished) -> None:
    """Tell every member of a finished game how it ended for them (a practice game's member was
    playing it right now, so practice games tell nobody)."""
    if event.practice:
        return
    seats = len(event.members)
    for seat, member_id in enumerate(event.members):
        if member_id is None:
            continue
        place = next(i + 1 for i, group in enumerate(event.outcome.ranking) if seat in group)
        decisive = seats == 2 and len(event.outcome.ranking[0]) == 1
        result = ("won" if place == 1 else "lost") if decisive else "place"
        names = [nicknames(session, [m])[m] for s, m in enumerate(event.members) if s != seat and m]
        notify(
            session,
            member_id,
            "game_over",
            {
                "game_id": event.game_id,
                "game": event.game,
                "opponents": names,
                "result": result,
                "place": place,
                "seats": seats,
            },
        )


subscribe(GameFinished, on_game_finished)


class Notifications:
    """Reading the feed and marking it read (e-mails go out through `services.outbox`)."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def feed(self, member_id: int, limit: int = 50, before: int | None = None) -> dict[str, Any]:
        """The member's newest notifications (rendered in their language) and the unread count."""
        with self.ctx.read() as session:
            member = session.get(Member, member_id)
            language = member.language if member else "en"
            query = select(NotificationRow).where(NotificationRow.member_id == member_id)
            if before is not None:
                query = query.where(NotificationRow.id < before)
            rows = session.scalars(query.order_by(NotificationRow.id.desc()).limit(limit)).all()
            return {
                "unread": self._unread(session, member_id),
                "items": [
                    {
                        "id": row.id,
                        "kind": row.kind,
                        "text": render(language, row.kind, row.data),
                        "data": row.data,
                        "created_at": row.created_at.isoformat(),
                        "read": row.read_at is not None,
                    }
                    for row in rows
                ],
            }

    def unread(self, member_id: int) -> int:
        """How many notifications the member has not read."""
        with self.ctx.read() as session:
            return self._unread(session, member_id)

    @staticmethod
    def _unread(session: Session, member_id: int) -> int:
        count = select(func.count()).where(
            NotificationRow.member_id == member_id, NotificationRow.read_at.is_(None)
        )
        return session.scalar(count) or 0

    def mark_read(self, member_id: int, ids: list[int] | None = None) -> int:
        """Mark some (or all) of the member's own notifications read; returns the unread count."""
        with self.ctx.write() as session:
            query = update(NotificationRow).where(
                NotificationRow.member_id == member_id, NotificationRow.read_at.is_(None)
            )
            if ids is not None:
                query = query.where(NotificationRow.id.in_(ids))
            session.execute(query.values(read_at=self.ctx.clock.now()))
            self.ctx.publish_after_commit(session, f"member:{member_id}", {"type": "read"})
            return self._unread(session, member_id)

    def forget_old(self) -> int:
        """Delete notifications older than the kept days, oldest first, in batches."""
        days = self.ctx.settings.notification_days
        if days <= 0:
            return 0
        cutoff = self.ctx.clock.now() - timedelta(days=days)
        oldest = select(NotificationRow.created_at).order_by(NotificationRow.id).limit(1)
        with self.ctx.read() as session:
            first = session.scalar(oldest)
        if first is None or first >= cutoff:
            return 0
        old = (
            select(NotificationRow.id)
            .where(NotificationRow.created_at < cutoff)
            .order_by(NotificationRow.id)
            .limit(FORGET_BATCH)
        )
        with self.ctx.write() as session:
            done = session.execute(delete(NotificationRow).where(NotificationRow.id.in_(old)))
            return int(done.rowcount)  # type: ignore[attr-defined]
