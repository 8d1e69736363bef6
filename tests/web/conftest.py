"""Web fixtures, flaskr style: an app on a temporary SQLite file (or on the PostgreSQL server named by
TEST_DATABASE_URL, which .ci/run starts), a test client and a CLI runner."""

from __future__ import annotations

import logging
import os

import pytest

from scorekeeper import create_app
from scorekeeper.store.db import init_db
from web_helpers import csrf_from


@pytest.fixture
def app(tmp_path):
    url = os.environ.get("TEST_DATABASE_URL") or f"sqlite:///{tmp_path / 'test.sqlite'}"
    app = create_app({"TESTING": True, "DATABASE_URL": url, "SECRET_KEY": "test",
                      "WTF_CSRF_ENABLED": True, "RATELIMIT_ENABLED": False})
    init_db(app, drop=True)
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
def fuzz_app(tmp_path_factory):
    path = tmp_path_factory.mktemp("fuzz") / "fuzz.sqlite"
    app = create_app({"TESTING": False, "DATABASE_URL": f"sqlite:///{path}", "SECRET_KEY": "fuzz",
                      "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False})
    init_db(app, drop=True)
    handler = Collect()
    app.logger.addHandler(handler)
    app.logged = handler.records
    yield app
    app.logger.removeHandler(handler)
    app.extensions["scorekeeper_engine"].dispose()


@pytest.fixture(scope="module")
def fuzz_client(fuzz_app):
    return fuzz_app.test_client()
