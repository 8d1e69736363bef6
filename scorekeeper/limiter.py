"""Rate limits on the routes that cost real work: PDFs, import, new matches, scoring and the meld checker.

Flask-Limiter keyed by the client's address (behind a reverse proxy that is the address the proxy forwards,
when the app is configured to trust it). Each limit is a config key read per request, so ``instance/config.py``
can change it; ``RATELIMIT_ENABLED = False`` turns them all off and ``RATELIMIT_STORAGE_URI`` moves the counters
out of process memory (e.g. ``redis://…`` for several workers). Pages a table reloads all evening (the
scoresheet, the hand forms, saves) are not limited at all: they are cheap and remembered per match version.

The defaults are far above what a table does in an evening, even with every phone behind one home router and
the whole evening squeezed into one minute (``tests/web/test_limits.py`` plays one), and far below what a loop
can send.
"""

from __future__ import annotations

import time
from typing import Callable

from flask import Flask, current_app
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address

# name -> limit (Flask-Limiter's notation: several limits separated by ";")
DEFAULT_LIMITS = {
    # A render costs up to a second of CPU; a table prints one sheet at the end and maybe a pad or two.
    "RATELIMIT_PDF": "10 per minute;60 per hour",
    # An import replays a whole match (bounded by work in scorekeeper.transfer).
    "RATELIMIT_IMPORT": "10 per minute;60 per hour",
    # A row in the database per match: a table starts one or two an evening.
    "RATELIMIT_NEW_MATCH": "10 per minute;100 per hour",
    # The stateless scorer (the CLI's score over HTTP): a client scores a hand at a time.
    "RATELIMIT_SCORE": "60 per minute;1000 per hour",
    # The hand form asks for each meld line as it is typed, and so does the checker: generous.
    "RATELIMIT_CHECK": "300 per minute;5000 per hour",
}

limiter = Limiter(key_func=get_remote_address)


def _configured(name: str) -> Callable[[], str]:
    return lambda: current_app.config[name]


def limit(name: str, **kwargs) -> Callable:
    """A route limit read from config key ``name``, shared by every route that uses the same name (so the
    sheet PDF and the pad draw on one budget, like the form and the API that create matches)."""
    return limiter.shared_limit(_configured(name), scope=name.removeprefix("RATELIMIT_").lower(), **kwargs)


def retry_after() -> int:
    """Seconds until the breached limit lets this client in again (at least one)."""
    current = limiter.current_limit
    return max(1, int(current.reset_at - time.time())) if current is not None else 60


def init_app(app: Flask) -> None:
    for name, value in DEFAULT_LIMITS.items():
        app.config.setdefault(name, value)
    # Retry-After is written by the 429 handler (scorekeeper.web), not by Flask-Limiter's X-RateLimit headers,
    # which would also stretch a busy printer's 503 "try again in 2 s" to the end of the limit's window.
    # Set explicitly: the one Limiter object would otherwise carry the previous app's setting over (tests make
    # many apps), and Flask-Limiter warns (an error under the test suite) when no storage is named.
    app.config.setdefault("RATELIMIT_ENABLED", True)
    app.config.setdefault("RATELIMIT_STORAGE_URI", "memory://")
    limiter.init_app(app)
