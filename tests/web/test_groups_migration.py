"""Revision 0006 (issue 24, groups): a database at 0005 with a match in it gains the groups, their rosters and the
link of matches to groups (the match on its own, every row of it as it was: the matches table is not rebuilt), and is exactly the models' schema; down to
0005 drops them and leaves the match; up again works. SQLite here, PostgreSQL in .ci/run's second pass."""

from __future__ import annotations

import pytest
from alembic import command
from sqlalchemy import create_engine, inspect, text

from scorekeeper.store import migrate
from scorekeeper.store.db import Base
from test_migrations import schema_differences, url  # noqa: F401 (the fixture: an empty database)

pytestmark = pytest.mark.storage


def _match_rows(engine) -> list[tuple]:
    with engine.connect() as connection:
        return [tuple(r) for r in connection.execute(text(
            "SELECT id, edit_token, view_token, title, variant, version FROM matches ORDER BY id"))]


def test_revision_0006_adds_groups_and_leaves_every_match_on_its_own(url):  # noqa: F811
    engine = create_engine(url)
    try:
        migrate.upgrade(engine, "0005")
        with engine.begin() as connection:
            connection.execute(text(
                "INSERT INTO matches (edit_token, view_token, title, variant, options, created_at, version) "
                "VALUES ('e' || '0123456789abcdef0123456789ab', 'v' || '0123456789abcdef0123456789ab', "
                "'Vasárnap', 'diszitett', '{}', '2026-03-01 20:15:00', 0)"))
        before = _match_rows(engine)
        migrate.upgrade(engine)
        assert _match_rows(engine) == before
        with engine.connect() as connection:
            assert connection.execute(text("SELECT count(*) FROM group_matches")).scalar() == 0
            assert migrate.current(connection) == migrate.head() == "0009"   # 0007-0009: club nights, entered_by
        assert schema_differences(engine, Base.metadata) == []
        tables = set(inspect(engine).get_table_names())
        assert {"groups", "group_players", "group_matches"} <= tables
    finally:
        engine.dispose()


def test_revision_0006_downgrades_to_0005_without_groups_and_up_again(url):  # noqa: F811
    engine = create_engine(url)
    try:
        migrate.upgrade(engine)
        with engine.begin() as connection:
            command.downgrade(migrate._config(connection), "0005")
        assert {"groups", "group_players", "group_matches"}.isdisjoint(inspect(engine).get_table_names())
        with engine.connect() as connection:
            assert migrate.current(connection) == "0005"
        migrate.upgrade(engine)
        assert schema_differences(engine, Base.metadata) == []
    finally:
        engine.dispose()
