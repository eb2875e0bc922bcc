"""The store: migrations applied on start, one linear history, the same schema on every backend."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import func, inspect, select, text
from sqlalchemy.exc import IntegrityError, InternalError

from stammtisch.services.platform import Platform
from stammtisch.services.timesource import ManualClock
from stammtisch.store.db import alembic_config, make_engine, migrate, migration_heads
from stammtisch.store.games import ActionRow
from stammtisch.store.hotpath import APPEND
from stammtisch.store.models import Base


def test_migration_history_has_a_single_head() -> None:
    assert len(migration_heads()) == 1


def test_start_applies_migrations_and_is_repeatable(platform: Platform) -> None:
    engine = platform.ctx.store.engine
    tables = set(inspect(engine).get_table_names())
    assert {"members", "games", "actions", "deadlines", "notifications", "challenges"} <= tables
    migrate(engine)
    assert set(inspect(engine).get_table_names()) == tables


def test_the_migrated_schema_matches_the_models(platform: Platform) -> None:
    with platform.ctx.store.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        assert compare_metadata(context, Base.metadata) == []


def test_emails_stuck_while_sending_before_the_outbox_lease_become_due_again(
    tmp_path: Path,
) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'old.sqlite3'}")
    config = alembic_config(engine)
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0003_seat_moves_from_log")
        connection.execute(
            text(
                "INSERT INTO members (id, nickname, nickname_key, password_hash, email,"
                " email_notifications, language, is_vip, created_at)"
                " VALUES (1, 'anna', 'anna', '-', 'a@example.org', 1, 'en', 0, :at)"
            ),
            {"at": "2026-03-02 12:00:00"},
        )
        for status in ("sending", "pending", "sent", "none"):
            connection.execute(
                text(
                    "INSERT INTO notifications (member_id, kind, data, created_at, email_status)"
                    " VALUES (1, 'reminder', '{}', :at, :status)"
                ),
                {"at": "2026-03-02 12:00:00", "status": status},
            )
    migrate(engine)
    with engine.connect() as connection:
        rows = connection.execute(
            text(
                "SELECT email_status, email_due_at IS NOT NULL, email_attempts"
                " FROM notifications ORDER BY id"
            )
        ).all()
    assert [tuple(row) for row in rows] == [
        ("pending", 1, 0),
        ("pending", 1, 0),
        ("sent", 0, 0),
        ("none", 0, 0),
    ]
    engine.dispose()


def test_seats_of_games_finished_before_the_index_get_their_games_end(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'old.sqlite3'}")
    config = alembic_config(engine)
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0005_password_reset")
        for game_id, status, finished in (
            (1, "finished", "2026-03-02 12:00:00"),
            (2, "active", None),
        ):
            connection.execute(
                text(
                    "INSERT INTO games (id, game, rules_version, options, seed, practice, clock,"
                    " status, seq, bot_turn, to_act, created_at, finished_at)"
                    " VALUES (:id, 'toy', 'toy-1', '{}', 1, 0, '{}', :status, 0, 0, '[]',"
                    " '2026-03-01 12:00:00', :finished)"
                ),
                {"id": game_id, "status": status, "finished": finished},
            )
            for seat in (0, 1):
                connection.execute(
                    text("INSERT INTO seats (game_id, seat, bot) VALUES (:game, :seat, 'steady')"),
                    {"game": game_id, "seat": seat},
                )
    migrate(engine)
    with engine.connect() as connection:
        rows = connection.execute(
            text("SELECT game_id, seat, finished_at FROM seats ORDER BY game_id, seat")
        ).all()
    assert [tuple(row) for row in rows] == [
        (1, 0, "2026-03-02 12:00:00"),
        (1, 1, "2026-03-02 12:00:00"),
        (2, 0, None),
        (2, 1, None),
    ]
    engine.dispose()


def test_a_prepared_statement_fails_with_sqlalchemys_error_and_the_write_changes_nothing(
    platform: Platform, duel: tuple[int, int, int], clock: ManualClock
) -> None:
    """A driver error of a prepared statement is SQLAlchemy's (a unique key: IntegrityError, so
    a step that lost a race is answered stale), and the unit of work is rolled back."""
    _, _, game_id = duel
    entry = {
        "game_id": game_id,
        "seq": 1,
        "seat": 0,
        "kind": "play",
        "text": "end",
        "member_id": None,
        "events": [],
        "created_at": clock.now(),
    }

    def append_twice() -> None:
        with platform.ctx.write() as session:
            APPEND.run(session.connection(), entry)
            APPEND.run(session.connection(), entry)

    with pytest.raises(IntegrityError):
        append_twice()
    with platform.ctx.read() as session:
        assert session.scalar(select(func.count()).select_from(ActionRow)) == 0


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_a_read_unit_on_postgresql_cannot_write(platform: Platform) -> None:
    """Read units are READ ONLY transactions there (they end with a COMMIT, which keeps the
    driver's prepared statements), so nothing a read does can be committed."""
    with pytest.raises(InternalError, match="read-only transaction"), platform.ctx.read() as read:
        read.execute(text("DELETE FROM members"))
