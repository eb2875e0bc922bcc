"""The store: migrations applied on start, one linear history, the same schema on every backend."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect

from stammtisch.services.platform import Platform
from stammtisch.store.db import migrate, migration_heads
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
