"""Revision 0008 (issue 24, time-limit rounds): a database at 0007 with a club night in it (a group, an event,
a round, a table and its match) gains the round clock's columns, every row as it was and the new columns empty
(the round seated before 0008 has no start time); the matches table is not rebuilt; the schema is exactly the
models'; down to 0007 drops the columns and keeps the rows; up again works. SQLite here, PostgreSQL in .ci/run's
second pass (TEST_DATABASE_URL)."""

from __future__ import annotations

import pytest
from alembic import command
from sqlalchemy import create_engine, inspect, text

from scorekeeper.store import migrate
from scorekeeper.store.db import Base
from test_migrations import TOKEN as T, rows as _rows, schema_differences, url  # noqa: F401 (url: the fixture)

pytestmark = pytest.mark.storage

def _night_at_0007(engine) -> None:
    with engine.begin() as connection:
        connection.execute(text(
            "INSERT INTO matches (id, edit_token, view_token, title, variant, options, created_at, version) "
            f"VALUES (1, 'e{T}', 'v{T}', 'Csütörtök · 1/1', 'international', '{{}}', '2026-11-26 19:40:00', 0)"))
        connection.execute(text(
            f"INSERT INTO groups (id, edit_token, view_token, name, created_at) VALUES (1, 'g{T}', 'h{T}', "
            "'Klub', '2026-11-26 19:00:00')"))
        connection.execute(text("INSERT INTO group_matches (match_id, group_id, added_at) "
                                "VALUES (1, 1, '2026-11-26 19:40:00')"))
        connection.execute(text(
            "INSERT INTO events (id, group_id, token, edit_token, name, settings, created_at) VALUES "
            f"(1, 1, 's{T}', 'w{T}', 'Csütörtök', '{{\"tables\": 1, \"rounds\": 1}}', '2026-11-26 19:40:00')"))
        connection.execute(text("INSERT INTO event_rounds (event_id, round, bye) VALUES (1, 1, NULL)"))
        connection.execute(text('INSERT INTO event_tables (event_id, round, "table", ns, ew, match_id) '
                                "VALUES (1, 1, 1, 1, 2, 1)"))


def test_revision_0008_adds_the_round_clock_to_a_night_already_played_and_leaves_its_rows(url):  # noqa: F811
    engine = create_engine(url)
    try:
        migrate.upgrade(engine, "0007")
        _night_at_0007(engine)
        matches = _rows(engine, "SELECT id, edit_token, view_token, title, version FROM matches")
        migrate.upgrade(engine)
        with engine.connect() as connection:
            assert migrate.current(connection) == migrate.head()   # 0008 or a later head
        assert _rows(engine, "SELECT id, edit_token, view_token, title, version FROM matches") == matches
        assert _rows(engine, "SELECT round, bye, started_at, called_at, closed_at FROM event_rounds") == [
            (1, None, None, None, None)]
        assert _rows(engine, 'SELECT "table", ns, ew, match_id, hands_at_call, hands_counted '
                             "FROM event_tables") == [(1, 1, 2, 1, None, None)]
        assert schema_differences(engine, Base.metadata) == []
    finally:
        engine.dispose()


def test_revision_0008_downgrades_to_0007_keeping_the_night_and_up_again(url):  # noqa: F811
    engine = create_engine(url)
    try:
        migrate.upgrade(engine, "0007")
        _night_at_0007(engine)
        migrate.upgrade(engine)
        with engine.begin() as connection:
            command.downgrade(migrate._config(connection), "0007")
        columns = {c["name"] for c in inspect(engine).get_columns("event_rounds")}
        assert columns == {"event_id", "round", "bye"}
        assert "hands_counted" not in {c["name"] for c in inspect(engine).get_columns("event_tables")}
        assert _rows(engine, 'SELECT "table", ns, ew, match_id FROM event_tables') == [(1, 1, 2, 1)]
        assert _rows(engine, "SELECT count(*) FROM matches") == [(1,)]
        migrate.upgrade(engine)
        assert schema_differences(engine, Base.metadata) == []
    finally:
        engine.dispose()
