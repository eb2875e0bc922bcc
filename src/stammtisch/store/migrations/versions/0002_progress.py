"""progress: ratings, XP, album

Revision ID: 0002_progress
Revises: 0001_platform
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from stammtisch.store.base import UTCDateTime

revision = "0002_progress"
down_revision = "0001_platform"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Apply this migration."""
    op.create_table(
        "album_cards",
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("month", sa.String(length=7), nullable=False),
        sa.Column("slot", sa.Integer(), nullable=False),
        sa.Column("progress", sa.Integer(), nullable=False),
        sa.Column("claimed", sa.Integer(), nullable=False),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["member_id"],
            ["members.id"],
            name=op.f("fk_album_cards_member_id_members"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("member_id", "month", "slot", name=op.f("pk_album_cards")),
    )
    op.create_table(
        "card_backs",
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("month", sa.String(length=7), nullable=False),
        sa.Column("slot", sa.Integer(), nullable=False),
        sa.Column("chosen_at", UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["member_id"],
            ["members.id"],
            name=op.f("fk_card_backs_member_id_members"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("member_id", name=op.f("pk_card_backs")),
    )
    op.create_table(
        "rating_changes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("period", sa.String(length=7), nullable=False),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("before", sa.Float(), nullable=False),
        sa.Column("after", sa.Float(), nullable=False),
        sa.Column("at", UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_rating_changes_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["member_id"],
            ["members.id"],
            name=op.f("fk_rating_changes_member_id_members"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rating_changes")),
        sa.UniqueConstraint(
            "game_id",
            "member_id",
            "period",
            name=op.f("uq_rating_changes_game_id_member_id_period"),
        ),
    )
    with op.batch_alter_table("rating_changes", schema=None) as batch_op:
        batch_op.create_index(
            "ix_rating_changes_member", ["member_id", "game", "period", "at"], unique=False
        )

    op.create_table(
        "ratings",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("period", sa.String(length=7), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("mu", sa.Float(), nullable=True),
        sa.Column("sigma", sa.Float(), nullable=True),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("peak", sa.Float(), nullable=False),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["member_id"],
            ["members.id"],
            name=op.f("fk_ratings_member_id_members"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_ratings")),
        sa.UniqueConstraint(
            "member_id", "game", "period", name=op.f("uq_ratings_member_id_game_period")
        ),
    )
    with op.batch_alter_table("ratings", schema=None) as batch_op:
        batch_op.create_index("ix_ratings_board", ["game", "period", "rating"], unique=False)

    op.create_table(
        "xp_awards",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("xp", sa.Integer(), nullable=False),
        sa.Column("at", UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_xp_awards_game_id_games"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["member_id"],
            ["members.id"],
            name=op.f("fk_xp_awards_member_id_members"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("game_id", "member_id", name=op.f("pk_xp_awards")),
    )
    with op.batch_alter_table("xp_awards", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_xp_awards_member_id"), ["member_id"], unique=False)


def downgrade() -> None:
    """Revert this migration."""
    with op.batch_alter_table("xp_awards", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_xp_awards_member_id"))

    op.drop_table("xp_awards")
    with op.batch_alter_table("ratings", schema=None) as batch_op:
        batch_op.drop_index("ix_ratings_board")

    op.drop_table("ratings")
    with op.batch_alter_table("rating_changes", schema=None) as batch_op:
        batch_op.drop_index("ix_rating_changes_member")

    op.drop_table("rating_changes")
    op.drop_table("card_backs")
    op.drop_table("album_cards")
