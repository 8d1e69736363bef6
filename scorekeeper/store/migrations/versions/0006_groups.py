"""Groups (issue 24: a family or club): their links, their rosters, and which group a match is in.

Two new tables and a nullable ``matches.group_id``: every existing match stays on its own (NULL) until someone
with its edit link adds it to a group, so no row is rewritten. Downgrading drops the groups and the column; the
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
    # batch: SQLite adds a foreign key only by rebuilding the table, which batch mode does (PostgreSQL alters)
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("group_id", sa.Integer(), nullable=True))
        batch.create_foreign_key("fk_matches_group_id_groups", "groups", ["group_id"], ["id"], ondelete="SET NULL")
        batch.create_index("ix_matches_group_id", ["group_id"])


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_index("ix_matches_group_id")
        batch.drop_constraint("fk_matches_group_id_groups", type_="foreignkey")
        batch.drop_column("group_id")
    op.drop_index("ix_group_players_group_id", table_name="group_players")
    op.drop_table("group_players")
    op.drop_index("ix_groups_view_token", table_name="groups")
    op.drop_index("ix_groups_edit_token", table_name="groups")
    op.drop_table("groups")
