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
