"""Every match pinned to its rules (issue 10): the resolved rules as canonical JSON and its SHA-256.

New matches store the rules they are created under (``matches.create_match``). Existing matches get the rules of
their variant and options from the tables of ``rules_ref/`` (or ``SCOREKEEPER_RULES_REF``) as they are when this
migration runs. That is the best record there is: the rules a match was really created under were never stored,
and until now every replay used today's tables anyway, so each match keeps exactly the totals it showed the
moment before the upgrade — and from now on keeps them whatever the tables become.

A match whose variant no longer exists, or whose options today's table no longer offers, is left unpinned (both
columns NULL) and counted in a warning in the log: the migration must not stop the server for one old match, and
guessing other rules would show wrong totals. Such a match is read with today's tables exactly as before
(``matches.rules_of``): it shows the unknown-variant error until its table is back, and then works again.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23
"""

import json
import logging

import sqlalchemy as sa
from alembic import context, op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

MATCHES = sa.table("matches", sa.column("id", sa.Integer), sa.column("variant", sa.String),
                   sa.column("options", sa.JSON), sa.column("rules_json", sa.Text),
                   sa.column("rules_hash", sa.String))


def upgrade() -> None:
    op.add_column("matches", sa.Column("rules_json", sa.Text(), nullable=True))
    op.add_column("matches", sa.Column("rules_hash", sa.String(length=64), nullable=True))
    pin_existing(op.get_bind())


def pin_existing(connection: sa.Connection) -> int:
    """Pin every match still without rules to today's tables; the number left unpinned.

    The rules come from the application (``rules_pinner`` of :mod:`scorekeeper.store.migrate`): a migration
    imports none of it. ``rules_pinner()`` loads today's tables (a broken folder of tables stops the migration,
    rather than leaving every match unpinned) and gives ``pin(variant, options)``: the match's rules as canonical
    JSON and its hash, or None when the variant or one of its options is gone."""
    try:
        pinner = context.config.attributes["rules_pinner"]
    except KeyError:
        raise RuntimeError("revision 0003 pins matches to rules the application hands over: run it through "
                           "scorekeeper.store.migrate (flask --app scorekeeper db upgrade)") from None
    pin = pinner()
    pinned: dict[tuple[str, str], tuple[str, str] | None] = {}
    unpinned = 0
    rows = connection.execute(sa.select(MATCHES.c.id, MATCHES.c.variant, MATCHES.c.options)
                              .where(MATCHES.c.rules_json.is_(None)).order_by(MATCHES.c.id)).all()
    for match_id, variant, options in rows:
        key = (variant, json.dumps(options, sort_keys=True))
        if key not in pinned:
            pinned[key] = pin(variant, options) if isinstance(options, dict) else None
        if pinned[key] is None:
            unpinned += 1
            continue
        connection.execute(sa.update(MATCHES).where(MATCHES.c.id == match_id)
                           .values(rules_json=pinned[key][0], rules_hash=pinned[key][1]))
    if unpinned:
        logging.getLogger("alembic.runtime.migration").warning(
            "%s match(es) left without pinned rules: their variant or options no longer exist in the tables; "
            "they are read with today's tables as before", unpinned)
    return unpinned


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("rules_hash")
        batch.drop_column("rules_json")
