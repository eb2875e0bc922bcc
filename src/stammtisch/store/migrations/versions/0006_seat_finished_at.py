"""Seats carry the end time of their game, indexed per member: a member's finished games, newest
first, are read from the index instead of sorting all of them.

Revision ID: 0006_seat_finished_at
Revises: 0005_password_reset
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from stammtisch.store.base import UTCDateTime

revision = "0006_seat_finished_at"
down_revision = "0005_password_reset"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the column, copy the end of every finished game into it, and index it."""
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.add_column(sa.Column("finished_at", UTCDateTime(), nullable=True))
    op.execute(
        "UPDATE seats SET finished_at ="
        " (SELECT games.finished_at FROM games WHERE games.id = seats.game_id)"
        " WHERE game_id IN (SELECT id FROM games WHERE status = 'finished')"
    )
    op.create_index(
        "ix_seats_member_finished", "seats", ["member_id", "finished_at", "game_id"], unique=False
    )


def downgrade() -> None:
    """Drop the index and the column."""
    op.drop_index("ix_seats_member_finished", table_name="seats")
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.drop_column("finished_at")
