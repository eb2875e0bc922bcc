"""SQLite writes run on the one connection the store keeps for them, replaced when it breaks."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import text

from stammtisch.store.db import Store, make_engine, migrate


@pytest.fixture
def store(tmp_path: Path) -> Store:
    """A store on a migrated SQLite file."""
    engine = make_engine(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    migrate(engine)
    return Store(engine)


def driver_connection(store: Store) -> object:
    """The database driver's connection of a write unit."""
    with store.write() as session:
        return session.connection().connection.driver_connection


def members(store: Store) -> list[str]:
    """The nicknames stored, read on a connection of the pool."""
    with store.read() as session:
        return list(session.execute(text("SELECT nickname FROM members ORDER BY id")).scalars())


def add_member(store: Store, nickname: str, fail: bool = False) -> None:
    """Insert a member in one write unit (that raises before its end when `fail`)."""
    with store.write() as session:
        session.execute(
            text(
                "INSERT INTO members (nickname, nickname_key, nickname_skeleton, password_hash,"
                " email_notifications, language, is_vip, created_at)"
                " VALUES (:n, :n, :n, '-', 0, 'en', 0, '2026-01-01')"
            ),
            {"n": nickname},
        )
        if fail:
            raise RuntimeError("refused")


def test_successive_writes_share_one_connection_and_commit(store: Store) -> None:
    first = driver_connection(store)
    add_member(store, "anna")
    assert driver_connection(store) is first
    assert members(store) == ["anna"]


def test_a_failed_write_is_rolled_back_and_the_next_one_commits(store: Store) -> None:
    first = driver_connection(store)
    with pytest.raises(RuntimeError):
        add_member(store, "anna", fail=True)
    add_member(store, "bert")
    assert members(store) == ["bert"]
    assert driver_connection(store) is first


def test_a_connection_left_in_a_transaction_or_closed_is_replaced(store: Store) -> None:
    driver_connection(store)
    kept = store._write_connection
    assert kept is not None
    kept.begin()
    kept.execute(text("DELETE FROM members"))
    add_member(store, "anna")
    assert kept.closed
    replaced = store._write_connection
    assert replaced is not None
    assert replaced is not kept
    replaced.close()
    add_member(store, "bert")
    assert store._write_connection is not replaced
    assert members(store) == ["anna", "bert"]


def test_disposing_the_engine_closes_the_kept_connection(store: Store) -> None:
    driver_connection(store)
    kept = store._write_connection
    assert kept is not None
    store.engine.dispose()
    assert kept.closed
    assert store._write_connection is None
    add_member(store, "anna")
    assert members(store) == ["anna"]
