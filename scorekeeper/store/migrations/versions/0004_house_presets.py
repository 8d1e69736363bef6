"""Named house-rules presets (issue 13): a set of changes to a variant's table, shared by an unguessable link.

A new table only: no existing row changes, and downgrading drops the presets (matches keep their own copy of the
rules they were created under, so no match depends on a preset).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-24
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "house_presets",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("token", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("variant", sa.String(length=40), nullable=False),
        sa.Column("document", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_house_presets_token", "house_presets", ["token"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_house_presets_token", table_name="house_presets")
    op.drop_table("house_presets")
