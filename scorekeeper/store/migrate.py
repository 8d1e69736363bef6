"""Schema migrations (Alembic, scripts in ``scorekeeper/migrations``), run on start and by ``flask db upgrade``.

Every process of a server starts at once (gunicorn workers, a laptop's waitress), so the upgrade is serialised
between processes: PostgreSQL by an advisory lock, a SQLite file by a lock file beside it (``O_CREAT|O_EXCL``, so
it works on Windows too). A database created by the release before migrations (its tables, no
``alembic_version``) is stamped at the first revision, which is exactly that schema, and then upgraded.
"""

from __future__ import annotations

import os
import threading
import time
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Callable, Iterator, Mapping

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, inspect, make_url, text

from scorekeeper.rules import ScorekeeperError, registry
from scorekeeper.rules.tables.pinned import pin
from scorekeeper.store.models import Base

SCRIPTS = Path(__file__).resolve().parent / "migrations"
FIRST_REVISION = "0001"                 # the schema of the release before migrations
PG_LOCK_KEY = 0x5C03E_4EE9E7            # any constant bigint: pg_advisory_lock's name for "migrating"
LOCK_HEARTBEAT = 2.0                    # seconds between touches of a held lock file
LOCK_STALE = 20.0                       # a lock file untouched this long was left by a process that died
LOCK_WAIT = 600.0                       # give up waiting for another process's migration after this long


class MigrationLockTimeout(RuntimeError):
    pass


def _config(connection: Connection | None = None) -> Config:
    """What the migrations get of the application (they import none of it: ``migrations/env.py``)."""
    config = Config()
    config.set_main_option("script_location", str(SCRIPTS))
    config.attributes.update(connection=connection, target_metadata=Base.metadata, rules_pinner=rules_pinner)
    return config


Pin = Callable[[str, Mapping[str, object]], "tuple[str, str] | None"]


def rules_pinner() -> Pin:
    """For revision 0003: today's tables loaded (a broken folder raises), and what pins a match of ``variant``
    with ``options`` to them: its rules as canonical JSON and their hash, None when either is gone."""
    registry()

    def pinned(variant: str, options: Mapping[str, object]) -> tuple[str, str] | None:
        try:
            return pin(variant, options)
        except ScorekeeperError:            # the variant or one of its options is gone
            return None
    return pinned


_head: str | None = None


def head() -> str:
    global _head
    if _head is None:                    # parsing the scripts costs more than a start should pay twice
        _head = ScriptDirectory.from_config(_config()).get_current_head()
    return _head


def current(connection: Connection) -> str | None:
    return MigrationContext.configure(connection).get_current_revision()


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Bring the database to ``revision``; a no-op (one read) when it is there already."""
    with engine.connect() as connection:
        if revision == "head" and current(connection) == head():
            return                       # no lock needed, so a read-only instance folder still starts
    with _serialised(engine) as connection:
        with connection.begin():
            if current(connection) is None and inspect(connection).has_table("matches"):
                command.stamp(_config(connection), FIRST_REVISION)
            command.upgrade(_config(connection), revision)


@contextmanager
def _serialised(engine: Engine) -> Iterator[Connection]:
    """A connection on which only this process migrates."""
    lock_file = _sqlite_lock_path(engine)
    with _file_lock(lock_file) if lock_file else nullcontext(), engine.connect() as connection:
        if engine.dialect.name != "postgresql":
            yield connection
            return
        connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": PG_LOCK_KEY})
        connection.commit()
        try:
            yield connection
        finally:
            connection.rollback()
            connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": PG_LOCK_KEY})
            connection.commit()


def _sqlite_lock_path(engine: Engine) -> Path | None:
    url = make_url(str(engine.url))
    if url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:" \
            or url.database.startswith("file:"):
        return None                      # in memory: one process only
    path = Path(url.database)
    return path.with_name(path.name + ".migrate-lock")


@contextmanager
def _file_lock(path: Path) -> Iterator[None]:
    """Held while a heartbeat thread keeps touching the file; a file nobody touched for ``LOCK_STALE`` seconds
    is a dead process's and is taken over (no PIDs: containers sharing a volume do not share them)."""
    deadline = time.monotonic() + LOCK_WAIT
    while True:
        try:
            os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
            break
        except FileExistsError:
            if time.monotonic() > deadline:
                raise MigrationLockTimeout(f"another process has been migrating the database for "
                                           f"{LOCK_WAIT:.0f} s (lock file {path})") from None
            _clear_if_stale(path)
            time.sleep(0.05)
    done = threading.Event()
    beat = threading.Thread(target=_heartbeat, args=(path, done), daemon=True)
    beat.start()
    try:
        yield
    finally:
        done.set()
        beat.join()
        try:
            path.unlink()
        except FileNotFoundError:
            pass


def _heartbeat(path: Path, done: threading.Event) -> None:
    while not done.wait(LOCK_HEARTBEAT):
        try:
            os.utime(path)
        except OSError:
            return


def _clear_if_stale(path: Path) -> None:
    try:
        if time.time() - path.stat().st_mtime > LOCK_STALE:
            path.unlink()
    except FileNotFoundError:
        pass
