"""scorekeeper: score keeping and adjudication for card games played with real cards at a real table."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any, Mapping

ROOT = Path(__file__).resolve().parent.parent


def _secret_key(instance: Path) -> str:
    """Generated into ``instance/secret_key`` on first run; never in the repository."""
    path = instance / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()


def create_app(test_config: Mapping[str, Any] | None = None):
    from flask import Flask

    from . import db, i18n, security, web
    from . import limiter

    app = Flask(__name__, instance_relative_config=True, template_folder=str(ROOT / "templates"),
                static_folder=str(ROOT / "static"))
    instance = Path(app.instance_path)
    instance.mkdir(parents=True, exist_ok=True)
    app.config.from_mapping(
        DATABASE_URL=os.environ.get("DATABASE_URL") or f"sqlite:///{instance / 'scorekeeper.sqlite'}",
        RULES_REF=str(ROOT / "rules_ref"),
        LANGUAGES=("en", "hu"),
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
        app.config["SECRET_KEY"] = _secret_key(instance)

    db.init_app(app)
    security.init_app(app)
    i18n.init_app(app)
    web.init_app(app)
    limiter.init_app(app)
    return app
