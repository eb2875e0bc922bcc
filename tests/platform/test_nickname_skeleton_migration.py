"""Migration 0008 gives every existing member their nickname's skeleton, unique even where
members who signed up before it already look alike."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from sqlalchemy import text

from stammtisch.store.db import alembic_config, make_engine, migrate


def test_existing_members_get_their_skeleton_and_older_lookalikes_stay(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'old.sqlite3'}")
    config = alembic_config(engine)
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0007_seek_bots_help_marks")
        for member_id, nickname in ((1, "anna_t"), (2, "bert"), (3, "\u0430nna_t")):
            connection.execute(
                text(
                    "INSERT INTO members (id, nickname, nickname_key, password_hash,"
                    " email_notifications, language, is_vip, created_at)"
                    " VALUES (:id, :nickname, :key, '-', 0, 'en', 0, '2026-03-02 12:00:00')"
                ),
                {"id": member_id, "nickname": nickname, "key": nickname.casefold()},
            )
    migrate(engine)
    with engine.connect() as connection:
        rows = connection.execute(
            text("SELECT id, nickname_skeleton FROM members ORDER BY id")
        ).all()
    assert [tuple(row) for row in rows] == [(1, "anna_t"), (2, "bert"), (3, "anna_t#3")]
    engine.dispose()
