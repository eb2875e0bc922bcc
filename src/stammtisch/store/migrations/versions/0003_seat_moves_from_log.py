"""Moves per seat are counted from the log when a game ends, not stored per action.

Revision ID: 0003_seat_moves_from_log
Revises: 0002_progress
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_seat_moves_from_log"
down_revision = "0002_progress"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Drop the per-seat move counter."""
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.drop_column("moves")


def downgrade() -> None:
    """Bring the counter back (as zero)."""
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.add_column(sa.Column("moves", sa.Integer(), nullable=False, server_default="0"))
