"""A connection kept for one kind of unit of work on SQLite, with its ORM session made once."""

from __future__ import annotations

import logging

from sqlalchemy import Connection, Engine
from sqlalchemy.orm import Session

log = logging.getLogger(__name__)


class Kept:
    """One connection of the engine kept open, and the session bound to it.

    Each unit of work leaves the session closed (nothing in it, no transaction), ready for the
    next: no pool checkout, reset and return, and no new session, per unit. A connection left
    broken, closed or inside a transaction by a failure is replaced, and its session with it.
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.connection: Connection | None = None
        self._session: Session | None = None

    def session(self) -> Session:
        """The kept session, on a sound kept connection (made when there is none)."""
        held, session = self.connection, self._session
        if (
            held is None
            or session is None
            or held.closed
            or held.invalidated
            or held.in_transaction()
        ):
            self.drop()
            held = self.connection = self.engine.connect()
            session = self._session = Session(bind=held, expire_on_commit=False)
        return session

    def drop(self) -> None:
        """Close the kept connection (when it is replaced, or the engine is disposed)."""
        self._session = None
        held, self.connection = self.connection, None
        if held is not None:
            try:
                held.close()
            except Exception:
                log.warning("a kept SQLite connection did not close", exc_info=True)
