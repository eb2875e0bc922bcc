"""Alembic environment: runs migrations on the connection the application hands over."""

from __future__ import annotations

from alembic import context

from stammtisch.store.models import Base

config = context.config
connection = config.attributes.get("connection")
if connection is None:
    raise RuntimeError("migrations run through stammtisch.store.db.migrate(), not the alembic CLI")
context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=connection.dialect.name == "sqlite",
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()
