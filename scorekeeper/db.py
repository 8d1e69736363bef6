"""Database wiring, flaskr style: an engine per app, a session per request, ``init-db`` on the CLI.

SQLite in ``instance/`` by default; ``DATABASE_URL`` selects any SQLAlchemy URL (PostgreSQL via psycopg).
"""

from __future__ import annotations

import click
from flask import Flask, current_app, g
from flask.cli import with_appcontext
from sqlalchemy import create_engine, event
from sqlalchemy.orm import DeclarativeBase, Session, sessionmaker


class Base(DeclarativeBase):
    pass


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
    from . import models  # noqa: F401  (registers the tables)

    engine = app.extensions["scorekeeper_engine"]
    if drop:
        Base.metadata.drop_all(engine)
    Base.metadata.create_all(engine)


@click.command("init-db")
@click.option("--drop", is_flag=True, help="Drop every table first (loses all matches).")
@with_appcontext
def init_db_command(drop: bool) -> None:
    """Create the database tables (they are also created on first start)."""
    init_db(current_app, drop=drop)
    click.echo("Initialized the database.")


def init_app(app: Flask) -> None:
    engine = make_engine(app.config["DATABASE_URL"])
    app.extensions["scorekeeper_engine"] = engine
    app.extensions["scorekeeper_sessions"] = sessionmaker(engine, expire_on_commit=False)
    app.teardown_appcontext(close_session)
    app.cli.add_command(init_db_command)
    init_db(app)
