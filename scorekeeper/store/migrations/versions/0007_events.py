"""Club nights (issue 24): a group's events, their entrants, rounds and tables (each table's match).

Four new tables and no change to an existing one (never a column on ``matches``: on SQLite that rebuilds the
table, and dropping the old one cascades to every side and hand; see 0006). Downgrading drops the four; the
tables' matches stay in their group as ordinary matches.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-27
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "events",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("group_id", sa.Integer(), sa.ForeignKey("groups.id", ondelete="CASCADE"), nullable=False),
        sa.Column("token", sa.String(length=64), nullable=False),
        sa.Column("edit_token", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False))
    op.create_index("ix_events_group_id", "events", ["group_id"])
    op.create_index("ix_events_token", "events", ["token"], unique=True)
    op.create_index("ix_events_edit_token", "events", ["edit_token"], unique=True)
    op.create_table(
        "event_entrants",
        sa.Column("event_id", sa.Integer(), sa.ForeignKey("events.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("number", sa.Integer(), primary_key=True),
        sa.Column("players", sa.JSON(), nullable=False))
    op.create_table(
        "event_rounds",
        sa.Column("event_id", sa.Integer(), sa.ForeignKey("events.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("round", sa.Integer(), primary_key=True),
        sa.Column("bye", sa.Integer(), nullable=True))
    op.create_table(
        "event_tables",
        sa.Column("event_id", sa.Integer(), sa.ForeignKey("events.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("round", sa.Integer(), primary_key=True),
        sa.Column("table", sa.Integer(), primary_key=True),
        sa.Column("ns", sa.Integer(), nullable=False),
        sa.Column("ew", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.Integer(), sa.ForeignKey("matches.id", ondelete="CASCADE"), nullable=False),
        sa.UniqueConstraint("match_id"))


def downgrade() -> None:
    op.drop_table("event_tables")
    op.drop_table("event_rounds")
    op.drop_table("event_entrants")
    op.drop_index("ix_events_edit_token", table_name="events")
    op.drop_index("ix_events_token", table_name="events")
    op.drop_index("ix_events_group_id", table_name="events")
    op.drop_table("events")
