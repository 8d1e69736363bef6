"""Helpers the web tests share. A module of its own (not conftest) so that importing it is unambiguous when
tests/browser/conftest.py is collected in the same run."""

from __future__ import annotations

import re

CSRF_RE = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')


def csrf_from(html: str) -> str:
    match = CSRF_RE.search(html)
    assert match, "page has no CSRF token"
    return match.group(1)


def no_exception_logged(app) -> None:
    logged = [r.getMessage() + repr(r.exc_info and r.exc_info[1]) for r in app.logged]
    app.logged.clear()             # one example's failure is reported once, not by every example after it
    assert not logged, logged


def empty_database(url: str) -> None:
    """Drop every table the app knows (its models' metadata, so a table a later migration adds is never left
    behind to clash with the next migration) and the revision stamp."""
    from sqlalchemy import create_engine, text

    from scorekeeper.store import models  # noqa: F401 (registers every table on Base.metadata)
    from scorekeeper.store.db import Base

    engine = create_engine(url)
    with engine.begin() as connection:
        for table in reversed(Base.metadata.sorted_tables):
            connection.execute(text(f"DROP TABLE IF EXISTS {table.name}"))
        connection.execute(text("DROP TABLE IF EXISTS alembic_version"))
    engine.dispose()


def worker_database_url(url: str, worker: str) -> str:
    """The database of one pytest-xdist worker (``gw0``, ``gw1``, ...) on the server of ``url``: the workers run at
    once, and each empties its database before every test. Created when missing."""
    from sqlalchemy import create_engine, make_url, text

    base = make_url(url)
    name = f"{base.database}_{worker}"
    engine = create_engine(base, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        if connection.scalar(text("SELECT 1 FROM pg_database WHERE datname = :name"), {"name": name}) is None:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
    engine.dispose()
    return base.set(database=name).render_as_string(hide_password=False)


def reset_database(engine) -> None:
    """Make the database as a first start leaves it: every table of the models empty (TRUNCATE, sequences
    restarted) at the newest revision. A database another test left otherwise (a migration test's older revision,
    tables dropped or added) is emptied and migrated anew, as ``init_db(drop=True)`` would."""
    from sqlalchemy import inspect, text

    from scorekeeper.store import migrate, models  # noqa: F401 (registers every table on Base.metadata)
    from scorekeeper.store.db import Base

    names = [table.name for table in Base.metadata.sorted_tables]
    with engine.begin() as connection:
        intact = set(inspect(connection).get_table_names()) == {*names, "alembic_version"} \
            and migrate.current(connection) == migrate.head()
        if intact:
            quote = connection.dialect.identifier_preparer.quote
            connection.execute(text(f"TRUNCATE {', '.join(map(quote, names))} RESTART IDENTITY CASCADE"))
    if not intact:
        empty_database(engine.url.render_as_string(hide_password=False))
        migrate.upgrade(engine)
