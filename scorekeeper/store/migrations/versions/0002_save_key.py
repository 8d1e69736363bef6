"""Idempotent saves: the client's key stored with the event, unique per match (issue 9).

Old events keep no key (NULL, which a unique index does not compare). A unique index rather than a constraint:
SQLite adds an index in place, where a constraint would mean rebuilding the table.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("hand_events", sa.Column("save_key", sa.String(length=64), nullable=True))
    op.create_index("ix_hand_events_match_id_save_key", "hand_events", ["match_id", "save_key"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_hand_events_match_id_save_key", table_name="hand_events")
    with op.batch_alter_table("hand_events") as batch:
        batch.drop_column("save_key")
