"""Who deals the first hand of a match (issue 22: the sheet shows whose deal it is).

A nullable column: every match made before it keeps NULL, which means its first player, as the seating rule of
rules/deal.py reads it, so no existing row needs rewriting. Downgrading drops the choice (those matches then
start from their first player again).

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("matches", sa.Column("first_dealer", sa.String(length=80), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("first_dealer")
