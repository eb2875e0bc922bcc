"""Games as stored: options, seed, rules version, seats and the append-only action log."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, ForeignKey, Index, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from stammtisch.store.base import Base, JSONData


class GameRow(Base):
    """One game; `seq` is the number of log entries, the state is rebuilt by replaying them."""

    __tablename__ = "games"
    __table_args__ = (Index("ix_games_status_bot_turn", "status", "bot_turn"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    rules_version: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]]
    seed: Mapped[int] = mapped_column(BigInteger)
    practice: Mapped[bool] = mapped_column(default=False)
    clock: Mapped[dict[str, Any]]
    status: Mapped[str] = mapped_column(String(16), default="active")
    seq: Mapped[int] = mapped_column(default=0)
    bot_turn: Mapped[bool] = mapped_column(default=False)
    to_act: Mapped[list[int]] = mapped_column(JSONData)
    created_at: Mapped[datetime]
    finished_at: Mapped[datetime | None]
    outcome: Mapped[dict[str, Any] | None]
    ended_by: Mapped[str | None] = mapped_column(String(16))
    ended_seat: Mapped[int | None]
    rematch_of: Mapped[int | None] = mapped_column(ForeignKey("games.id"))

    __mapper_args__ = {"version_id_col": seq, "version_id_generator": False}  # noqa: RUF012


class SeatRow(Base):
    """A seat of a game: a member, a bot, or a member who left (`left`: resign/timeout) and whose
    seat a bot plays on. `finished_at` copies the game's end, so a member's finished games are
    read newest first straight from an index."""

    __tablename__ = "seats"
    __table_args__ = (Index("ix_seats_member_finished", "member_id", "finished_at", "game_id"),)

    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(primary_key=True)
    member_id: Mapped[int | None] = mapped_column(ForeignKey("members.id"), index=True)
    bot: Mapped[str | None] = mapped_column(String(40))
    left: Mapped[str | None] = mapped_column(String(16))
    finished_at: Mapped[datetime | None]


class ActionRow(Base):
    """One entry of a game's log; (game, seq) is unique, so two submissions for a step conflict.

    `kind` is `play` (an engine action in `text`), `resign` or `timeout` (platform entries that the
    engine does not replay). `events` keeps what happened, with each event's audience.
    """

    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("game_id", "seq"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seq: Mapped[int]
    seat: Mapped[int]
    kind: Mapped[str] = mapped_column(String(16), default="play")
    text: Mapped[str] = mapped_column(Text)
    member_id: Mapped[int | None] = mapped_column(ForeignKey("members.id"))
    events: Mapped[list[dict[str, Any]]] = mapped_column(JSONData)
    created_at: Mapped[datetime]
