"""platform core: members, games, deadlines, notifications, lobby

Revision ID: 0001_platform
Revises:

"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

from stammtisch.store.base import UTCDateTime

revision = "0001_platform"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Apply this migration."""
    op.create_table(
        "games",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("rules_version", sa.String(length=40), nullable=False),
        sa.Column(
            "options",
            sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql"),
            nullable=False,
        ),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("practice", sa.Boolean(), nullable=False),
        sa.Column(
            "clock",
            sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql"),
            nullable=False,
        ),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("bot_turn", sa.Boolean(), nullable=False),
        sa.Column(
            "to_act",
            sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql"),
            nullable=False,
        ),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("finished_at", UTCDateTime(), nullable=True),
        sa.Column(
            "outcome",
            sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql"),
            nullable=True,
        ),
        sa.Column("ended_by", sa.String(length=16), nullable=True),
        sa.Column("ended_seat", sa.Integer(), nullable=True),
        sa.Column("rematch_of", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["rematch_of"], ["games.id"], name=op.f("fk_games_rematch_of_games")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_games")),
    )
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.create_index("ix_games_status_bot_turn", ["status", "bot_turn"], unique=False)

    op.create_table(
        "login_attempts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("nickname_key", sa.String(length=40), nullable=False),
        sa.Column("remote", sa.String(length=64), nullable=False),
        sa.Column("at", UTCDateTime(), nullable=False),
        sa.Column("success", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_login_attempts")),
    )
    with op.batch_alter_table("login_attempts", schema=None) as batch_op:
        batch_op.create_index("ix_login_attempts_key_at", ["nickname_key", "at"], unique=False)

    op.create_table(
        "members",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("nickname", sa.String(length=20), nullable=False),
        sa.Column("nickname_key", sa.String(length=40), nullable=False),
        sa.Column("password_hash", sa.String(length=200), nullable=False),
        sa.Column("email", sa.String(length=254), nullable=True),
        sa.Column("email_notifications", sa.Boolean(), nullable=False),
        sa.Column("language", sa.String(length=5), nullable=False),
        sa.Column("is_vip", sa.Boolean(), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_members")),
        sa.UniqueConstraint("nickname_key", name=op.f("uq_members_nickname_key")),
    )
    op.create_table(
        "actions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=True),
        sa.Column(
            "events",
            sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql"),
            nullable=False,
        ),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_actions_game_id_games"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["member_id"], ["members.id"], name=op.f("fk_actions_member_id_members")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_actions")),
        sa.UniqueConstraint("game_id", "seq", name=op.f("uq_actions_game_id_seq")),
    )
    op.create_table(
        "challenges",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("challenger_id", sa.Integer(), nullable=False),
        sa.Column("challenged_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column(
            "options",
            sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql"),
            nullable=False,
        ),
        sa.Column(
            "clock",
            sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql"),
            nullable=False,
        ),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("expires_at", UTCDateTime(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("rematch_of", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["challenged_id"],
            ["members.id"],
            name=op.f("fk_challenges_challenged_id_members"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["challenger_id"],
            ["members.id"],
            name=op.f("fk_challenges_challenger_id_members"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_challenges_game_id_games")
        ),
        sa.ForeignKeyConstraint(
            ["rematch_of"], ["games.id"], name=op.f("fk_challenges_rematch_of_games")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_challenges")),
    )
    with op.batch_alter_table("challenges", schema=None) as batch_op:
        batch_op.create_index(
            "ix_challenges_challenged_status", ["challenged_id", "status"], unique=False
        )
        batch_op.create_index(
            "ix_challenges_challenger_status", ["challenger_id", "status"], unique=False
        )
        batch_op.create_index(
            "ix_challenges_status_expires", ["status", "expires_at"], unique=False
        )

    op.create_table(
        "deadlines",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("started_at", UTCDateTime(), nullable=False),
        sa.Column("due_at", UTCDateTime(), nullable=False),
        sa.Column("remind_at", UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_deadlines_game_id_games"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_deadlines")),
    )
    with op.batch_alter_table("deadlines", schema=None) as batch_op:
        batch_op.create_index("ix_deadlines_due_at", ["due_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_deadlines_game_id"), ["game_id"], unique=False)
        batch_op.create_index("ix_deadlines_remind_at", ["remind_at"], unique=False)

    op.create_table(
        "notifications",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=40), nullable=False),
        sa.Column(
            "data",
            sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql"),
            nullable=False,
        ),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("read_at", UTCDateTime(), nullable=True),
        sa.Column("email_status", sa.String(length=16), nullable=False),
        sa.ForeignKeyConstraint(
            ["member_id"],
            ["members.id"],
            name=op.f("fk_notifications_member_id_members"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_notifications")),
    )
    with op.batch_alter_table("notifications", schema=None) as batch_op:
        batch_op.create_index("ix_notifications_email_status", ["email_status"], unique=False)
        batch_op.create_index(
            "ix_notifications_member_read", ["member_id", "read_at"], unique=False
        )

    op.create_table(
        "presence",
        sa.Column("connection", sa.String(length=64), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("expires_at", UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_presence_game_id_games"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["member_id"],
            ["members.id"],
            name=op.f("fk_presence_member_id_members"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("connection", "game_id", name=op.f("pk_presence")),
    )
    with op.batch_alter_table("presence", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_presence_member_id"), ["member_id"], unique=False)

    op.create_table(
        "seats",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=True),
        sa.Column("bot", sa.String(length=40), nullable=True),
        sa.Column("left", sa.String(length=16), nullable=True),
        sa.Column("moves", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_seats_game_id_games"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["member_id"], ["members.id"], name=op.f("fk_seats_member_id_members")
        ),
        sa.PrimaryKeyConstraint("game_id", "seat", name=op.f("pk_seats")),
    )
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_seats_member_id"), ["member_id"], unique=False)

    op.create_table(
        "seeks",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column(
            "options",
            sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql"),
            nullable=False,
        ),
        sa.Column(
            "clock",
            sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql"),
            nullable=False,
        ),
        sa.Column("humans", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("expires_at", UTCDateTime(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name=op.f("fk_seeks_game_id_games")),
        sa.ForeignKeyConstraint(
            ["member_id"],
            ["members.id"],
            name=op.f("fk_seeks_member_id_members"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_seeks")),
    )
    with op.batch_alter_table("seeks", schema=None) as batch_op:
        batch_op.create_index("ix_seeks_status", ["status"], unique=False)

    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("csrf_token", sa.String(length=64), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("expires_at", UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["member_id"],
            ["members.id"],
            name=op.f("fk_sessions_member_id_members"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("token_hash", name=op.f("pk_sessions")),
    )
    with op.batch_alter_table("sessions", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_sessions_member_id"), ["member_id"], unique=False)

    op.create_table(
        "seek_members",
        sa.Column("seek_id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("joined_at", UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["member_id"], ["members.id"], name=op.f("fk_seek_members_member_id_members")
        ),
        sa.ForeignKeyConstraint(
            ["seek_id"],
            ["seeks.id"],
            name=op.f("fk_seek_members_seek_id_seeks"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("seek_id", "member_id", name=op.f("pk_seek_members")),
    )
    with op.batch_alter_table("seek_members", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_seek_members_member_id"), ["member_id"], unique=False)


def downgrade() -> None:
    """Revert this migration."""
    with op.batch_alter_table("seek_members", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_seek_members_member_id"))

    op.drop_table("seek_members")
    with op.batch_alter_table("sessions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_sessions_member_id"))

    op.drop_table("sessions")
    with op.batch_alter_table("seeks", schema=None) as batch_op:
        batch_op.drop_index("ix_seeks_status")

    op.drop_table("seeks")
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_seats_member_id"))

    op.drop_table("seats")
    with op.batch_alter_table("presence", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_presence_member_id"))

    op.drop_table("presence")
    with op.batch_alter_table("notifications", schema=None) as batch_op:
        batch_op.drop_index("ix_notifications_member_read")
        batch_op.drop_index("ix_notifications_email_status")

    op.drop_table("notifications")
    with op.batch_alter_table("deadlines", schema=None) as batch_op:
        batch_op.drop_index("ix_deadlines_remind_at")
        batch_op.drop_index(batch_op.f("ix_deadlines_game_id"))
        batch_op.drop_index("ix_deadlines_due_at")

    op.drop_table("deadlines")
    with op.batch_alter_table("challenges", schema=None) as batch_op:
        batch_op.drop_index("ix_challenges_status_expires")
        batch_op.drop_index("ix_challenges_challenger_status")
        batch_op.drop_index("ix_challenges_challenged_status")

    op.drop_table("challenges")
    op.drop_table("actions")
    op.drop_table("members")
    with op.batch_alter_table("login_attempts", schema=None) as batch_op:
        batch_op.drop_index("ix_login_attempts_key_at")

    op.drop_table("login_attempts")
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_index("ix_games_status_bot_turn")

    op.drop_table("games")
