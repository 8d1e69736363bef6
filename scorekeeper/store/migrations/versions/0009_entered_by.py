"""Which side's phone entered a hand (issue 24, "countersigned by an opponent"): a nullable ``entered_by`` on
hand_events, the index of the side whose phone entered or corrected the hand, so that its countersign can be
asked of an opponent (store/countersign.py).

A new nullable column on hand_events only, never on ``matches`` (on SQLite a new column there rebuilds the table,
and dropping the old one cascades to every side and hand; see 0006). ``add_column`` of a nullable column is a
plain ALTER TABLE on SQLite and PostgreSQL alike; every hand logged before this revision reads as entered by an
unknown side (any side may countersign it, as before). Dropping the column on SQLite needs a batch rebuild of
hand_events; nothing references it (its own foreign key to matches is kept by the rebuild).

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-27
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("hand_events", sa.Column("entered_by", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("hand_events") as batch:
        batch.drop_column("entered_by")
