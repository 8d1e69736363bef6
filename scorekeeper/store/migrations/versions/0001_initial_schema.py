"""The schema as the release before migrations created it with ``create_all``.

A database from that release has these tables and no ``alembic_version``: it is stamped at this revision on
start (:func:`scorekeeper.store.migrate.upgrade`), so this revision only ever runs on an empty database.

Revision ID: 0001
Revises:
Create Date: 2026-11-23
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "matches",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("edit_token", sa.String(length=64), nullable=False),
        sa.Column("view_token", sa.String(length=64), nullable=False),
        sa.Column("title", sa.String(length=200), nullable=False),
        sa.Column("variant", sa.String(length=40), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_matches_edit_token", "matches", ["edit_token"], unique=True)
    op.create_index("ix_matches_view_token", "matches", ["view_token"], unique=True)
    op.create_table(
        "match_sides",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("players", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(["match_id"], ["matches.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("match_id", "position"),
    )
    op.create_index("ix_match_sides_match_id", "match_sides", ["match_id"], unique=False)
    op.create_table(
        "hand_events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("action", sa.String(length=10), nullable=False),
        sa.Column("hand_number", sa.Integer(), nullable=False),
        sa.Column("entry", sa.JSON(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["match_id"], ["matches.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("match_id", "seq"),
    )
    op.create_index("ix_hand_events_match_id", "hand_events", ["match_id"], unique=False)


def downgrade() -> None:
    op.drop_table("hand_events")
    op.drop_table("match_sides")
    op.drop_table("matches")
