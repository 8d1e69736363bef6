"""scorekeeper: score keeping and adjudication for card games played with real cards at a real table."""

from __future__ import annotations

import os
import secrets
import time
from pathlib import Path
from contextlib import contextmanager
from typing import Any, Iterator, Mapping

from scorekeeper.languages import LANGUAGES


def _secret_key(instance: Path) -> str:
    """Generated into ``instance/secret_key`` on first run; never in the repository.

    Every worker of a fresh server gets here at once: the key is written 0600 to a file of this process's own,
    then published under the real name by a hard link, which fails if another process published first (whose
    key everybody then reads). So no process ever reads a half-written or empty key, and all agree on one.
    """
    path = instance / "secret_key"
    for _attempt in range(100):
        try:
            key = path.read_text().strip()
        except FileNotFoundError:
            _publish_key(path, secrets.token_hex(32))
            continue
        if key:
            return key
        time.sleep(0.02)     # only where hard links are missing (see _publish_key): the winner is still writing
    raise RuntimeError(f"{path} stays empty: delete it and start again")


def _publish_key(path: Path, key: str) -> None:
    temp = path.with_name(f"{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    fd = os.open(temp, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
    try:
        os.write(fd, key.encode())
        os.fsync(fd)
    finally:
        os.close(fd)
    try:
        os.link(temp, path)
    except FileExistsError:
        pass                 # another process won: its key is the one
    except OSError:          # a file system without hard links (FAT, some shares): exclusive create instead
        try:
            fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
        except FileExistsError:
            pass
        else:
            with os.fdopen(fd, "w") as out:
                out.write(key)
    finally:
        temp.unlink()


def _private_folder(folder: Path) -> None:
    """The instance folder holds the secret key and the database (every match's edit link): owner only."""
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    if folder.stat().st_mode & 0o077:
        try:
            folder.chmod(0o700)  # made by an older release, or under a umask that ignores mode
        except OSError:
            pass                 # not ours to change (a shared mount): leave it as the admin set it


def _rules_json(app: Any) -> Any:
    """Flask's JSON with the rules core's read-only mappings (``MappingProxyType``) written as objects: pages embed
    a variant's options and tables as JSON, and the rules objects are deeply read-only."""
    from types import MappingProxyType

    from flask.json.provider import DefaultJSONProvider

    class RulesJSON(DefaultJSONProvider):
        @staticmethod
        def default(o: Any) -> Any:
            if isinstance(o, MappingProxyType):
                return dict(o)
            return DefaultJSONProvider.default(o)

    return RulesJSON(app)


class StartupError(RuntimeError):
    """The app cannot start with this instance folder or database: one line saying what, where and what to do
    (the CLI prints it as ``error: …`` and exits 2), never a traceback on a first start."""


@contextmanager
def _starting(what: str, where: Any, fix: str) -> Iterator[None]:
    from sqlalchemy.exc import OperationalError

    try:
        yield
    except OSError as exc:               # a read-only folder or file system, no permission, a full disk
        raise StartupError(f"cannot {what} {where}: {exc.strerror or exc}; {fix}") from None
    except OperationalError as exc:      # SQLite: "unable to open database file"; PostgreSQL: no server
        reason = str(exc.orig).strip().splitlines()[0] if exc.orig else "the database refused"
        raise StartupError(f"cannot {what} {where}: {reason}; {fix}") from None


_FOLDER_FIX = ("the app keeps its secret key and its SQLite database there: make the folder writable, or set "
               "SECRET_KEY and DATABASE_URL in instance/config.py or the environment")


def create_app(test_config: Mapping[str, Any] | None = None, *, instance_path: str | None = None):
    from flask import Flask

    from scorekeeper.store import db
    from scorekeeper import compression, i18n, limiter, security, web

    from scorekeeper.rules.tables.shipped import shipped

    # The source tree's top-level folders, or the installed wheel's copies of them (rules/tables/shipped.py).
    app = Flask(__name__, instance_path=instance_path, instance_relative_config=True,
                template_folder=str(shipped("templates")), static_folder=str(shipped("static")))
    app.json = _rules_json(app)
    instance = Path(app.instance_path)
    with _starting("make the instance folder", instance, _FOLDER_FIX):
        _private_folder(instance)
    app.config.from_mapping(
        DATABASE_URL=os.environ.get("DATABASE_URL") or f"sqlite:///{instance / 'scorekeeper.sqlite'}",
        RULES_REF=str(shipped("rules_ref")),
        # Issue 23: the page languages, English first (the fallback when Accept-Language names none of them).
        LANGUAGES=LANGUAGES,
        MAX_CONTENT_LENGTH=1024 * 1024,    # a hand record is a few kB; refuse megabyte bodies with 413
        WTF_CSRF_TIME_LIMIT=None,          # a hand can take a long time to play; the token lives with the session
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        with _starting("write the secret key into", instance, _FOLDER_FIX):
            app.config["SECRET_KEY"] = _secret_key(instance)
    with _starting("open the database", _shown_url(app.config["DATABASE_URL"]),
                   "check DATABASE_URL, and that its folder or server can be written"):
        db.init_app(app)
    security.init_app(app)
    i18n.init_app(app)
    web.init_app(app)
    limiter.init_app(app)
    compression.init_app(app)
    return app


def _shown_url(url: str) -> str:
    from sqlalchemy import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:                    # not a URL at all: SQLAlchemy says so when it opens it
        return repr(url)


# The rules core, and with it the plug-in families named by SCOREKEEPER_PLUGINS, loaded once this package is whole
# and before any of its layers: a plug-in that registers a front imports the fronts, which import the rules core;
# were the rules core first imported from inside a front (the keypad, the sheet's words), that front would still
# be half made when the plug-in asks for it.
from scorekeeper import rules as _rules  # noqa: E402,F401
