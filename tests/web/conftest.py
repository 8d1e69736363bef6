"""Web fixtures, flaskr style: an app on a temporary SQLite file (or on the PostgreSQL server named by
TEST_DATABASE_URL, which .ci/run starts), a test client and a CLI runner.

Each test's app gets a database as a first start leaves it (migrated to the newest revision, empty), without
migrating it again: the migrations run once per session (per pytest-xdist worker) into a template SQLite file,
which each test copies; on PostgreSQL each worker has a database of its own (``scorekeeper_test_gw0``, ...),
migrated once and emptied before every test (web_helpers.reset_database). The tests of migrations and of a first
start (test_migrations.py, test_first_start.py, test_database.py) make their own databases and migrate for real.

Every app compiles its templates anew (a Jinja environment of its own); for the session the compiled code is kept in
memory (Jinja's bytecode cache, checked against each template's source), so a test's app does not compile the pages
the tests before it compiled.
"""

from __future__ import annotations

import logging
import os

import pytest
from flask import Flask

from scorekeeper import create_app
from scorekeeper.rules import records as scoring    # the dispatcher every scoring goes through
from tests.jinja_once import CompiledOnce
from web_helpers import csrf_from, reset_database, worker_database_url


@pytest.fixture(scope="session", autouse=True)
def templates_compiled_once():
    """Every app the web tests make shares one bytecode cache (see the module docstring)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Flask, "jinja_options", {**Flask.jinja_options, "bytecode_cache": CompiledOnce()})
        yield


@pytest.fixture(scope="session", autouse=True)
def worker_database():
    """Under pytest-xdist, TEST_DATABASE_URL names this worker's own database (created when missing), for the
    fixtures here and for the tests that read it themselves."""
    url, worker = os.environ.get("TEST_DATABASE_URL"), os.environ.get("PYTEST_XDIST_WORKER")
    if not (url and worker):
        yield url
        return
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TEST_DATABASE_URL", worker_database_url(url, worker))
        yield os.environ["TEST_DATABASE_URL"]


def _write_private(path, data: bytes) -> None:
    """A database file as the app makes one: 0600 (db.create_sqlite_file), here with the template's bytes."""
    fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(data)


@pytest.fixture(scope="session")
def database_template(worker_database, tmp_path_factory):
    """Once per session: the bytes of a SQLite file a first start migrated, or the PostgreSQL server's engine."""
    if worker_database:
        from sqlalchemy import create_engine

        engine = create_engine(worker_database)
        yield engine
        engine.dispose()
        return
    path = tmp_path_factory.mktemp("template") / "template.sqlite"
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{path}", "SECRET_KEY": "test"})
    app.extensions["scorekeeper_engine"].dispose()
    yield path.read_bytes()


@pytest.fixture
def database_url(database_template, tmp_path) -> str:
    """A database as a first start leaves it, for this test alone: a copy of the template, or the worker's
    PostgreSQL database emptied."""
    if isinstance(database_template, bytes):
        path = tmp_path / "test.sqlite"
        _write_private(path, database_template)
        return f"sqlite:///{path}"
    reset_database(database_template)
    return database_template.url.render_as_string(hide_password=False)


@pytest.fixture
def app(database_url):
    app = create_app({"TESTING": True, "DATABASE_URL": database_url, "SECRET_KEY": "test",
                      "WTF_CSRF_ENABLED": True, "RATELIMIT_ENABLED": False})
    yield app
    app.extensions["scorekeeper_engine"].dispose()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


@pytest.fixture
def db(app):
    """A database session of the app, for tests that create matches directly through ``matches``."""
    with app.extensions["scorekeeper_sessions"]() as session:
        yield session


@pytest.fixture
def csrf(client):
    """A valid CSRF token for this client's session, read from a rendered form."""
    return csrf_from(client.get("/").get_data(as_text=True))


class Collect(logging.Handler):
    """The app's logged errors, kept for the fuzzers to assert on (a 4xx is an answer; a logged exception is a
    bug even when the client got a clean error)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture(scope="module")
def fuzz_app(tmp_path_factory, database_template):
    path = tmp_path_factory.mktemp("fuzz") / "fuzz.sqlite"
    if isinstance(database_template, bytes):
        _write_private(path, database_template)
    app = create_app({"TESTING": False, "DATABASE_URL": f"sqlite:///{path}", "SECRET_KEY": "fuzz",
                      "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False})
    handler = Collect()
    app.logger.addHandler(handler)
    app.logged = handler.records
    yield app
    app.logger.removeHandler(handler)
    app.extensions["scorekeeper_engine"].dispose()


@pytest.fixture(scope="module")
def fuzz_client(fuzz_app):
    return fuzz_app.test_client()


@pytest.fixture
def scorings(monkeypatch):
    """How many hands the rules core scored (every scoring goes through records.score_hand)."""
    count = [0]
    real = scoring.score_hand

    def counted(record):
        count[0] += 1
        return real(record)
    monkeypatch.setattr(scoring, "score_hand", counted)
    return count
