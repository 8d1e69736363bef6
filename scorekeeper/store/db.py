"""Database wiring, flaskr style: an engine per app, a session per request, ``db upgrade`` and ``init-db`` on
the CLI. The schema is Alembic's (:mod:`scorekeeper.store.migrate`): every start upgrades to the newest revision.

SQLite in ``instance/`` by default; ``DATABASE_URL`` selects any SQLAlchemy URL (PostgreSQL via psycopg).
"""

from __future__ import annotations

import os
from pathlib import Path

import click
from flask import Flask, current_app, g
from flask.cli import AppGroup, with_appcontext
from sqlalchemy import create_engine, event, make_url, text
from sqlalchemy.orm import Session, sessionmaker

from scorekeeper.store.models import Base


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def make_engine(url: str):
    engine = create_engine(url, future=True, pool_pre_ping=not url.startswith("sqlite"))
    if url.startswith("sqlite"):
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def get_session() -> Session:
    if "db_session" not in g:
        g.db_session = current_app.extensions["scorekeeper_sessions"]()
    return g.db_session


def close_session(_exc: BaseException | None = None) -> None:
    session = g.pop("db_session", None)
    if session is not None:
        session.close()


def init_db(app: Flask, *, drop: bool = False) -> None:
    """Upgrade the schema to the newest revision; ``drop`` first removes every table and the revision stamp."""
    from scorekeeper.store import migrate

    engine = app.extensions["scorekeeper_engine"]
    if drop:
        Base.metadata.drop_all(engine)
        with engine.begin() as connection:
            connection.execute(text("DROP TABLE IF EXISTS alembic_version"))
    migrate.upgrade(engine)


def create_sqlite_file(url: str) -> None:
    """A SQLite database file is created 0600 before the engine touches it (SQLite would make it 0644, and its
    journal copies the file's mode): matches' edit links are in it."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or not parsed.database or parsed.database == ":memory:" \
            or parsed.database.startswith("file:"):
        return
    path = Path(parsed.database)
    if path.exists():
        return                           # and no write at all: a read-only instance folder must still start
    try:
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))   # an empty file is an empty DB
    except FileExistsError:
        pass


@click.command("init-db")
@click.option("--drop", is_flag=True, help="Drop every table first (loses all matches).")
@with_appcontext
def init_db_command(drop: bool) -> None:
    """Create or upgrade the database tables (the app also upgrades on start)."""
    init_db(current_app, drop=drop)
    click.echo("Initialized the database.")


db_cli = AppGroup("db", help="Database schema migrations (Alembic).")


@db_cli.command("upgrade")
@click.argument("revision", default="head")
def db_upgrade_command(revision: str) -> None:
    """Upgrade the database schema to REVISION (default: the newest)."""
    from scorekeeper.store import migrate

    engine = current_app.extensions["scorekeeper_engine"]
    migrate.upgrade(engine, revision)
    with engine.connect() as connection:
        now = migrate.current(connection)
    click.echo(f"Database at revision {now}" + (" (head)." if now == migrate.head() else "."))


def init_app(app: Flask) -> None:
    create_sqlite_file(app.config["DATABASE_URL"])
    engine = make_engine(app.config["DATABASE_URL"])
    app.extensions["scorekeeper_engine"] = engine
    app.extensions["scorekeeper_sessions"] = sessionmaker(engine, expire_on_commit=False)
    app.teardown_appcontext(close_session)
    app.cli.add_command(init_db_command)
    app.cli.add_command(db_cli)
    init_db(app)
