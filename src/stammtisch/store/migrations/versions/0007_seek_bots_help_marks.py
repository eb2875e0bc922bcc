"""Lobby tables name the bot of each bot seat; members keep help items marked for re-reading.

Revision ID: 0007_seek_bots_help_marks
Revises: 0006_seat_finished_at
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

from stammtisch.store.base import UTCDateTime

revision = "0007_seek_bots_help_marks"
down_revision = "0006_seat_finished_at"
branch_labels = None
depends_on = None

JSON = sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql")


def upgrade() -> None:
    """Add the seeks' bot list (empty for the tables already open) and the help marks.

    The column comes with a server default that SQLite can add in place: a batch (copy and
    move) of seeks would drop the old table, and with foreign keys on that deletes every seat
    at an open table. PostgreSQL drops the default afterwards.
    """
    op.add_column("seeks", sa.Column("bots", JSON, nullable=False, server_default="[]"))
    if op.get_bind().dialect.name != "sqlite":
        op.alter_column("seeks", "bots", server_default=None)
    op.create_table(
        "help_marks",
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("item", sa.String(length=80), nullable=False),
        sa.Column("marked_at", UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["member_id"],
            ["members.id"],
            name=op.f("fk_help_marks_member_id_members"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("member_id", "game", "item", name=op.f("pk_help_marks")),
    )


def downgrade() -> None:
    """Drop the help marks and the seeks' bot list."""
    op.drop_table("help_marks")
    op.drop_column("seeks", "bots")
