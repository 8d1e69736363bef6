"""The database layer: tables on first start, the configured backend really in use, init-db."""

import os

import pytest
from sqlalchemy import inspect

pytestmark = pytest.mark.storage


def test_the_tests_run_on_the_database_they_were_given(app):
    # .ci/run sets TEST_DATABASE_URL to a PostgreSQL server for its second pass; without it, a SQLite file.
    dialect = app.extensions["scorekeeper_engine"].dialect.name
    expected = "postgresql" if os.environ.get("TEST_DATABASE_URL", "").startswith("postgresql") else "sqlite"
    assert dialect == expected


def test_tables_exist_on_first_start_without_init_db(tmp_path):
    from scorekeeper import create_app

    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'fresh.sqlite'}", "SECRET_KEY": "x"})
    tables = set(inspect(app.extensions["scorekeeper_engine"]).get_table_names())
    assert {"matches", "match_sides", "hand_events"} <= tables
    app.extensions["scorekeeper_engine"].dispose()


def test_init_db_command_recreates_the_tables(runner):
    result = runner.invoke(args=["init-db", "--drop"])
    assert result.exit_code == 0
    assert "Initialized the database." in result.output


def test_secret_key_is_generated_into_the_instance_folder_once(tmp_path, monkeypatch):
    from scorekeeper import _secret_key

    first = _secret_key(tmp_path)
    assert len(first) == 64 and (tmp_path / "secret_key").stat().st_mode & 0o077 == 0
    assert _secret_key(tmp_path) == first
