"""Upgrading an old SQLite database keeps every row: no migration copies a table that others
refer to (dropping the old copy would cascade to their rows with foreign keys on)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from sqlalchemy import text

from stammtisch.store.db import alembic_config, make_engine, migrate

AT = "2026-03-01 12:00:00"
ROWS = {
    "members": "INSERT INTO members (id, nickname, nickname_key, password_hash,"
    " email_notifications, language, is_vip, created_at)"
    " VALUES (1, 'anna', 'anna', '-', 0, 'en', 0, :at)",
    "sessions": "INSERT INTO sessions (token_hash, member_id, csrf_token, created_at,"
    " expires_at) VALUES ('t', 1, 'c', :at, :at)",
    "seeks": "INSERT INTO seeks (id, member_id, game, options, clock, humans, status,"
    " created_at, expires_at) VALUES (1, 1, 'toy', '{}', '{}', 2, 'open', :at, :at)",
    "seek_members": "INSERT INTO seek_members (seek_id, member_id, joined_at) VALUES (1, 1, :at)",
}


def test_an_open_table_and_its_seats_survive_the_upgrade(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'old.sqlite3'}")
    config = alembic_config(engine)
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0006_seat_finished_at")
        for insert in ROWS.values():
            connection.execute(text(insert), {"at": AT})
    migrate(engine)
    with engine.connect() as connection:
        counts = {
            table: connection.execute(text(f"SELECT count(*) FROM {table}")).scalar()
            for table in ROWS
        }
        bots = connection.execute(text("SELECT bots FROM seeks")).scalar()
    assert counts == dict.fromkeys(ROWS, 1)
    assert bots == "[]"
    engine.dispose()
