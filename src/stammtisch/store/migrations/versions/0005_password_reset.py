"""Password reset by e-mail: reset tokens (hashed), the requests rate limiting counts, and the
outbox of account e-mails.

Revision ID: 0005_password_reset
Revises: 0004_email_outbox_lease
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

from stammtisch.store.base import UTCDateTime

revision = "0005_password_reset"
down_revision = "0004_email_outbox_lease"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the three tables."""
    op.create_table(
        "password_resets",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("expires_at", UTCDateTime(), nullable=False),
        sa.Column("used_at", UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ["member_id"],
            ["members.id"],
            name=op.f("fk_password_resets_member_id_members"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_password_resets")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_password_resets_token_hash")),
    )
    op.create_index(
        op.f("ix_password_resets_member_id"), "password_resets", ["member_id"], unique=False
    )
    op.create_table(
        "reset_requests",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=254), nullable=False),
        sa.Column("remote", sa.String(length=64), nullable=False),
        sa.Column("at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_reset_requests")),
    )
    op.create_index("ix_reset_requests_key_at", "reset_requests", ["key", "at"], unique=False)
    op.create_index("ix_reset_requests_remote_at", "reset_requests", ["remote", "at"], unique=False)
    op.create_table(
        "account_emails",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=40), nullable=False),
        sa.Column(
            "data",
            sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql"),
            nullable=False,
        ),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("expires_at", UTCDateTime(), nullable=False),
        sa.Column("email_status", sa.String(length=16), nullable=False),
        sa.Column("email_due_at", UTCDateTime(), nullable=True),
        sa.Column("email_claimed_until", UTCDateTime(), nullable=True),
        sa.Column("email_attempts", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["member_id"],
            ["members.id"],
            name=op.f("fk_account_emails_member_id_members"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_account_emails")),
    )
    op.create_index(
        "ix_account_emails_email_status", "account_emails", ["email_status"], unique=False
    )
    op.create_index(
        op.f("ix_account_emails_member_id"), "account_emails", ["member_id"], unique=False
    )


def downgrade() -> None:
    """Drop the three tables (outstanding reset links stop working)."""
    op.drop_index(op.f("ix_account_emails_member_id"), table_name="account_emails")
    op.drop_index("ix_account_emails_email_status", table_name="account_emails")
    op.drop_table("account_emails")
    op.drop_index("ix_reset_requests_remote_at", table_name="reset_requests")
    op.drop_index("ix_reset_requests_key_at", table_name="reset_requests")
    op.drop_table("reset_requests")
    op.drop_index(op.f("ix_password_resets_member_id"), table_name="password_resets")
    op.drop_table("password_resets")
