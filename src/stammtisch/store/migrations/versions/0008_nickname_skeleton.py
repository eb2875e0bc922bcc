"""Members keep their nickname's confusable skeleton, unique, so look-alikes are refused.

Revision ID: 0008_nickname_skeleton
Revises: 0007_seek_bots_help_marks

Existing members get the skeleton of their nickname. Where older members already look alike,
the first to sign up keeps the plain skeleton and each later one gets `#<id>` appended: nobody
is renamed, and no new nickname can look like any of them.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from stammtisch.store.lookalike import SKELETON_LENGTH, skeleton

revision = "0008_nickname_skeleton"
down_revision = "0007_seek_bots_help_marks"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the column, fill it for every member, then index it as unique.

    No batch (copy-and-move) table on SQLite: dropping the old members table would cascade to
    every row that refers to a member. The column comes with an empty server default instead,
    which SQLite can add in place; PostgreSQL drops that default once the rows are filled.
    """
    op.add_column(
        "members",
        sa.Column(
            "nickname_skeleton",
            sa.String(length=SKELETON_LENGTH),
            nullable=False,
            server_default="",
        ),
    )
    connection = op.get_bind()
    taken: set[str] = set()
    for member_id, nickname in connection.execute(
        sa.text("SELECT id, nickname FROM members ORDER BY id")
    ):
        value = skeleton(nickname)
        if value in taken:
            value = f"{value}#{member_id}"
        taken.add(value)
        connection.execute(
            sa.text("UPDATE members SET nickname_skeleton = :value WHERE id = :id"),
            {"value": value, "id": member_id},
        )
    if connection.dialect.name != "sqlite":
        op.alter_column("members", "nickname_skeleton", server_default=None)
    op.create_index(
        op.f("ix_members_nickname_skeleton"), "members", ["nickname_skeleton"], unique=True
    )


def downgrade() -> None:
    """Drop the skeletons."""
    op.drop_index(op.f("ix_members_nickname_skeleton"), table_name="members")
    op.drop_column("members", "nickname_skeleton")
