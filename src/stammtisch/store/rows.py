"""Creating rows that may already exist, without racing another transaction doing the same."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from stammtisch.store.base import Base


def insert_missing(session: Session, model: type[Base], rows: Sequence[dict[str, Any]]) -> None:
    """Insert these rows, skipping each whose key exists (INSERT ... ON CONFLICT DO NOTHING)."""
    if not rows:
        return
    dialect = postgresql if session.get_bind().dialect.name == "postgresql" else sqlite
    session.execute(dialect.insert(model.__table__).on_conflict_do_nothing(), list(rows))
