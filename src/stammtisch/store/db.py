"""Engine and unit-of-work factory for SQLite and PostgreSQL, and migrations on start."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import NullPool

from stammtisch.store.kept import Kept

MIGRATIONS = Path(__file__).parent / "migrations"

log = logging.getLogger(__name__)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """WAL for concurrent readers, enforced foreign keys, and a busy wait instead of errors."""
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def _sqlite_begin(connection: Connection) -> None:
    """Writes take SQLite's write lock up front, so writers of several processes queue up
    instead of failing on a stale snapshot; reads start a plain (snapshot) transaction."""
    immediate = connection.get_execution_options().get("sqlite_immediate", False)
    # Straight on the driver's connection: SQLAlchemy's execution path would cost more than the
    # statement (the driver runs in autocommit mode, so it issues no BEGIN of its own).
    connection.connection.driver_connection.execute(  # type: ignore[union-attr]
        "BEGIN IMMEDIATE" if immediate else "BEGIN"
    )


POOL_SPARE = 8
"""Pooled connections beyond one per request thread: the sweeper's, the outbox's and the
websockets' own work."""


def make_engine(url: str, *, pooled: bool = True, threads: int = 10) -> Engine:
    """An engine for this URL with the settings each database needs; a server database keeps a
    connection for each of the process's `threads` request threads and a few spare.

    Pooled connections are not pinged before use (a round trip per unit of work): one that the
    database closed meanwhile fails its first statement, which answers 503, and SQLAlchemy then
    replaces every connection the pool held from before that moment.
    """
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 10})
        event.listen(engine, "connect", _sqlite_pragmas)
        event.listen(engine, "begin", _sqlite_begin)
        return engine
    if not pooled:
        return create_engine(url, poolclass=NullPool)
    return create_engine(
        url,
        pool_size=threads + POOL_SPARE,
        max_overflow=POOL_SPARE,
        connect_args={"connect_timeout": 5},
    )


def alembic_config(engine: Engine) -> Config:
    """An Alembic configuration for the package's migrations, bound to this engine."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["engine"] = engine
    return config


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest migration (run on every start)."""
    with engine.begin() as connection:
        config = alembic_config(engine)
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def migration_heads() -> list[str]:
    """The heads of the migration history (exactly one when history is linear)."""
    return list(ScriptDirectory.from_config(alembic_config(create_engine("sqlite://"))).get_heads())


class Store:
    """The database: read and write units of work, with the after-commit callbacks of writes.

    SQLite allows one writer at a time; writes in this process take a lock instead of spinning on
    the database's busy wait, which keeps write latency flat under load. Holding that lock, a
    write needs no connection of the pool: it runs on the one connection this process keeps for
    its writes (no checkout, reset and return per write), made again when a failure broke it.
    Reads on SQLite likewise run on one kept connection, or on one of the pool while another read
    holds it (a read inside a read, or a read of another thread).
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.sessions = sessionmaker(engine, expire_on_commit=False)
        self.is_sqlite = engine.dialect.name == "sqlite"
        self._immediate = engine.execution_options(sqlite_immediate=True)
        self._writes = sessionmaker(self._immediate, expire_on_commit=False)
        self._reads = sessionmaker(
            engine.execution_options(postgresql_readonly=True), expire_on_commit=False
        )
        self._glances = sessionmaker(
            engine.execution_options(isolation_level="AUTOCOMMIT"), expire_on_commit=False
        )
        self._write_lock = threading.RLock() if self.is_sqlite else None
        self._writing = 0
        self._kept_write = Kept(self._immediate)
        self._read_lock = threading.Lock()
        self._kept_read = Kept(engine)
        if self.is_sqlite:
            event.listen(engine, "engine_disposed", lambda _engine: self._drop_kept())

    @contextmanager
    def read(self, snapshot: bool = True) -> Iterator[Session]:
        """A session for reading; nothing it changes is committed.

        On a server database the transaction is READ ONLY, so it can change nothing, and it ends
        with a COMMIT: psycopg forgets its prepared statements at every ROLLBACK. Without
        `snapshot` there it runs no transaction at all (two round trips fewer), so each statement
        sees what was committed when it ran: for reads whose statements need not agree, and
        that write nothing (there a write would be committed at once).
        """
        if self.is_sqlite:
            # The kept read connection, unless a read of this or another thread holds it.
            if self._read_lock.acquire(blocking=False):
                try:
                    with self._kept_read.session() as session:
                        yield session
                finally:
                    self._read_lock.release()
                return
            with self.sessions() as session:
                yield session
            return
        with (self._reads if snapshot else self._glances)() as session:
            yield session
            if session.in_transaction():
                session.commit()

    @contextmanager
    def write(self) -> Iterator[Session]:
        """A session whose changes are committed at the end, or rolled back on an error."""
        if self._write_lock is None:
            yield from self._write(self._writes)
            return
        with self._write_lock:
            self._writing += 1
            try:
                # A write inside a write of the same thread keeps to a pooled connection.
                yield from self._write(
                    self._kept_write.session if self._writing == 1 else self._writes
                )
            finally:
                self._writing -= 1

    def _drop_kept(self) -> None:
        """Close the kept connections (the engine is disposed)."""
        self._kept_write.drop()
        self._kept_read.drop()

    def _write(self, sessions: Callable[[], Session]) -> Iterator[Session]:
        with sessions() as session:
            session.info["after_commit"] = []
            with session.begin():
                yield session
            for callback in session.info["after_commit"]:
                try:
                    callback()
                except Exception:
                    # The write is committed: a failing follow-up (a live update, a wake-up)
                    # is logged and never turns the success into an error.
                    log.exception("an after-commit callback failed; the write stands")


def after_commit(session: Session, callback: Callable[[], None]) -> None:
    """Run `callback` once the write unit of this session has committed."""
    session.info["after_commit"].append(callback)
