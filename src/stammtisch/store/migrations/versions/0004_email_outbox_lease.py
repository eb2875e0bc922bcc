"""The e-mail outbox gets a due time, a lease and an attempt counter (at-least-once delivery).

Revision ID: 0004_email_outbox_lease
Revises: 0003_seat_moves_from_log
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from stammtisch.store.base import UTCDateTime

revision = "0004_email_outbox_lease"
down_revision = "0003_seat_moves_from_log"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the columns; e-mails stuck in `sending` (claimed before a crash) become due again."""
    with op.batch_alter_table("notifications", schema=None) as batch_op:
        batch_op.add_column(sa.Column("email_due_at", UTCDateTime(), nullable=True))
        batch_op.add_column(sa.Column("email_claimed_until", UTCDateTime(), nullable=True))
        batch_op.add_column(
            sa.Column("email_attempts", sa.Integer(), nullable=False, server_default="0")
        )
    notifications = sa.table(
        "notifications",
        sa.column("email_status", sa.String()),
        sa.column("email_due_at", UTCDateTime()),
        sa.column("created_at", UTCDateTime()),
    )
    op.execute(
        notifications.update()
        .where(notifications.c.email_status.in_(["pending", "sending"]))
        .values(email_status="pending", email_due_at=notifications.c.created_at)
    )


def downgrade() -> None:
    """Drop the columns (pending e-mails stay pending)."""
    with op.batch_alter_table("notifications", schema=None) as batch_op:
        batch_op.drop_column("email_attempts")
        batch_op.drop_column("email_claimed_until")
        batch_op.drop_column("email_due_at")
