"""Presence rows name the server process holding the connection, and each sweeping process keeps
a lease, so the presence of a process that died goes within seconds instead of 90.

Revision ID: 0009_presence_process_lease
Revises: 0008_nickname_skeleton

Rows written before have no process: they lapse with their connection's `expires_at` as before.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from stammtisch.store.base import UTCDateTime

revision = "0009_presence_process_lease"
down_revision = "0008_nickname_skeleton"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the lease table and the presence rows' process."""
    op.create_table(
        "process_leases",
        sa.Column("process", sa.String(length=32), nullable=False),
        sa.Column("alive_until", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("process", name=op.f("pk_process_leases")),
    )
    with op.batch_alter_table("presence", schema=None) as batch_op:
        batch_op.add_column(sa.Column("process", sa.String(length=32), nullable=True))
        batch_op.create_index(batch_op.f("ix_presence_process"), ["process"], unique=False)


def downgrade() -> None:
    """Drop them again (presence then lapses only with `expires_at`)."""
    with op.batch_alter_table("presence", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_presence_process"))
        batch_op.drop_column("process")
    op.drop_table("process_leases")
