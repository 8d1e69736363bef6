"""Groups (issue 24: a family or club): their links, their rosters, and which group a match is in.

Three new tables (groups, group_players, group_matches) and no change to an existing one: every match stays on its
own until someone with its edit link adds it to a group, so no row is rewritten. Downgrading drops the three; the
matches themselves are untouched.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-27
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "groups",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("edit_token", sa.String(length=64), nullable=False),
        sa.Column("view_token", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False))
    op.create_index("ix_groups_edit_token", "groups", ["edit_token"], unique=True)
    op.create_index("ix_groups_view_token", "groups", ["view_token"], unique=True)
    op.create_table(
        "group_players",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("group_id", sa.Integer(), sa.ForeignKey("groups.id", ondelete="CASCADE"), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("key", sa.String(length=240), nullable=False),
        sa.Column("alias_of", sa.Integer(), sa.ForeignKey("group_players.id", ondelete="CASCADE"), nullable=True),
        sa.UniqueConstraint("group_id", "key"))
    op.create_index("ix_group_players_group_id", "group_players", ["group_id"])
    # A link table, never a column on matches: SQLite adds a foreign key column by rebuilding the table, and
    # dropping the old matches table cascades to every side and hand (models.GroupMatch)
    op.create_table(
        "group_matches",
        sa.Column("match_id", sa.Integer(), sa.ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("group_id", sa.Integer(), sa.ForeignKey("groups.id", ondelete="CASCADE"), nullable=False),
        sa.Column("added_at", sa.DateTime(), nullable=False))
    op.create_index("ix_group_matches_group_id", "group_matches", ["group_id"])


def downgrade() -> None:
    op.drop_index("ix_group_matches_group_id", table_name="group_matches")
    op.drop_table("group_matches")
    op.drop_index("ix_group_players_group_id", table_name="group_players")
    op.drop_table("group_players")
    op.drop_index("ix_groups_view_token", table_name="groups")
    op.drop_index("ix_groups_edit_token", table_name="groups")
    op.drop_table("groups")
