"""What every service needs: settings, the store, the bus and the clock."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Select
from sqlalchemy.orm import Session

from stammtisch.bus import Bus
from stammtisch.services.timesource import Clock
from stammtisch.settings import Settings
from stammtisch.store.db import Store, after_commit


@dataclass(frozen=True)
class Context:
    """The shared parts a service works with; one per process."""

    settings: Settings
    store: Store
    bus: Bus
    clock: Clock

    @contextmanager
    def write(self) -> Iterator[Session]:
        """A write unit of work that knows this context (for domain event handlers)."""
        with self.store.write() as session:
            session.info["ctx"] = self
            yield session

    def read(self, snapshot: bool = True) -> AbstractContextManager[Session]:
        """A read-only unit of work (see `Store.read` for `snapshot`)."""
        return self.store.read(snapshot)

    def has_rows(self, query: Select[Any]) -> bool:
        """Whether a query finds anything: a cheap read before taking the write lock for it."""
        with self.read() as session:
            return session.execute(query.limit(1)).first() is not None

    def publish_after_commit(self, session: Session, channel: str, message: dict[str, Any]) -> None:
        """Tell live listeners about a change once it is committed."""
        after_commit(session, lambda: self.bus.publish(channel, message))


def context_of(session: Session) -> Context:
    """The context of a write unit opened with `Context.write` (for event handlers)."""
    ctx = session.info.get("ctx")
    if not isinstance(ctx, Context):
        raise RuntimeError("this session was not opened through Context.write()")
    return ctx
