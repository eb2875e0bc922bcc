"""SQLite writes and reads run on the connections the store keeps for them, replaced when they
break; a read that finds the kept read connection in use takes one of the pool."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
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
    """The nicknames stored, in a read unit."""
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
    kept = store._kept_write.connection
    assert kept is not None
    kept.begin()
    kept.execute(text("DELETE FROM members"))
    add_member(store, "anna")
    assert kept.closed
    replaced = store._kept_write.connection
    assert replaced is not None
    assert replaced is not kept
    replaced.close()
    add_member(store, "bert")
    assert store._kept_write.connection is not replaced
    assert members(store) == ["anna", "bert"]


def test_disposing_the_engine_closes_the_kept_connections(store: Store) -> None:
    driver_connection(store)
    members(store)
    kept, read = store._kept_write.connection, store._kept_read.connection
    assert kept is not None
    assert read is not None
    store.engine.dispose()
    assert kept.closed
    assert read.closed
    assert store._kept_write.connection is None
    assert store._kept_read.connection is None
    add_member(store, "anna")
    assert members(store) == ["anna"]


def read_connection(store: Store) -> object:
    """The database driver's connection of a read unit."""
    with store.read() as session:
        return session.connection().connection.driver_connection


def test_successive_reads_share_one_connection_and_see_each_commit(store: Store) -> None:
    first = read_connection(store)
    assert members(store) == []
    add_member(store, "anna")
    assert members(store) == ["anna"]
    add_member(store, "bert")
    assert members(store) == ["anna", "bert"]
    assert read_connection(store) is first
    assert first is not driver_connection(store)


def failing_read(store: Store) -> None:
    """A read unit that raises after its first statement."""
    with store.read() as session:
        session.execute(text("SELECT 1"))
        raise RuntimeError("refused")


def test_a_read_leaves_its_connection_outside_a_transaction(store: Store) -> None:
    members(store)
    kept = store._kept_read.connection
    assert kept is not None
    assert not kept.in_transaction()
    with pytest.raises(RuntimeError):
        failing_read(store)
    assert store._kept_read.connection is kept
    assert not kept.in_transaction()


def test_a_read_inside_a_read_takes_a_connection_of_the_pool(store: Store) -> None:
    add_member(store, "anna")
    with store.read() as outer:
        outer_connection = outer.connection().connection.driver_connection
        assert read_connection(store) is not outer_connection
        assert members(store) == ["anna"]
        assert outer.execute(text("SELECT count(*) FROM members")).scalar() == 1
    assert read_connection(store) is outer_connection


def test_a_read_of_another_thread_meanwhile_takes_a_connection_of_the_pool(store: Store) -> None:
    add_member(store, "anna")
    with store.read() as held:
        mine = held.connection().connection.driver_connection
        with ThreadPoolExecutor(1) as pool:
            theirs = pool.submit(read_connection, store).result()
            assert pool.submit(members, store).result() == ["anna"]
    assert theirs is not mine
    assert read_connection(store) is mine
