"""A club night's round clock (issue 24, time-limit rounds): when each round was seated, when time was called
and when the round was closed; per table the hands it had when time was called and the hands that count,
frozen when the round is closed.

New nullable columns on event_rounds and event_tables only, never on ``matches`` (on SQLite a new column there
rebuilds the table, and dropping the old one cascades to every side and hand; see 0006). ``add_column`` of a
nullable column is a plain ALTER TABLE on SQLite and PostgreSQL alike; rounds seated before this revision keep
no start time (their ``ends_at`` is unknown) and are neither called nor closed. Dropping a column on SQLite
needs a batch rebuild of these two small tables, which nothing references.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-27
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("event_rounds", sa.Column("started_at", sa.DateTime(), nullable=True))
    op.add_column("event_rounds", sa.Column("called_at", sa.DateTime(), nullable=True))
    op.add_column("event_rounds", sa.Column("closed_at", sa.DateTime(), nullable=True))
    op.add_column("event_tables", sa.Column("hands_at_call", sa.Integer(), nullable=True))
    op.add_column("event_tables", sa.Column("hands_counted", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("event_tables") as batch:
        batch.drop_column("hands_counted")
        batch.drop_column("hands_at_call")
    with op.batch_alter_table("event_rounds") as batch:
        batch.drop_column("closed_at")
        batch.drop_column("called_at")
        batch.drop_column("started_at")
