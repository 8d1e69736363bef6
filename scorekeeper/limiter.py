"""Rate limits on the routes that cost real work: PDFs, import, new matches, scoring, the meld checker and the
hand form's score preview.

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

import os
import threading
import time
from typing import Callable, Mapping

from flask import Blueprint, Flask, current_app, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address

# name -> limit (Flask-Limiter's notation: several limits separated by ";")
DEFAULT_LIMITS = {
    # A render costs up to a second of CPU; a table prints one sheet at the end and maybe a pad or two.
    "RATELIMIT_PDF": "10 per minute;60 per hour",
    # An import replays a whole match (bounded by work in scorekeeper.store.transfer).
    "RATELIMIT_IMPORT": "10 per minute;60 per hour",
    # A row in the database per match: a table starts one or two an evening.
    "RATELIMIT_NEW_MATCH": "10 per minute;100 per hour",
    # The stateless scorer (the CLI's score over HTTP): a client scores a hand at a time.
    "RATELIMIT_SCORE": "60 per minute;1000 per hour",
    # The hand form asks for each meld line as it is typed, and so does the checker: generous.
    "RATELIMIT_CHECK": "300 per minute;5000 per hour",
    # The hand form's score preview asks after each pause in typing (static/preview.js), and a correction or
    # a whole evening of hands may be typed on phones behind one home router: as generous as the meld check.
    "RATELIMIT_PREVIEW": "300 per minute;8000 per hour",
}

limiter = Limiter(key_func=get_remote_address)


def _configured(name: str) -> Callable[[], str]:
    return lambda: current_app.config[name]


def limit(name: str, **kwargs) -> Callable:
    """A route limit read from config key ``name``, shared by every route that uses the same name (so the
    sheet PDF and the pad draw on one budget, like the form and the API that create matches)."""
    return limiter.shared_limit(_configured(name), scope=name.removeprefix("RATELIMIT_").lower(), **kwargs)


def limit_endpoints(bp: Blueprint, name: str, endpoints: tuple[str, ...]) -> None:
    """The limit of config key ``name`` on these endpoints of ``bp``, together, checked before the view runs.
    (A limit decorating a view's inner function would be checked only when it is called.)"""
    names = {f"{bp.name}.{e}" for e in endpoints}
    limiter.shared_limit(_configured(name), scope=name.removeprefix("RATELIMIT_").lower(),
                         exempt_when=lambda: request.endpoint not in names)(bp)


def slow_down() -> None:
    """Hold a refused request for RATELIMIT_SLOWDOWN_SECONDS before answering it, while fewer than
    RATELIMIT_SLOWDOWN_MAX are held (0 or None never holds one; ``serve`` sets it, see hold_refusals).

    A loop asks again the moment it is answered, so even a 429 that costs half a millisecond keeps as many
    requests queued in the server as the loop has connections, and every other reader waits behind them. Held,
    each connection of the loop asks about once a second; the held requests sleep (no CPU, no lock) but each
    keeps one server thread, so this is for a server with threads to spare: set the most held at once well below
    the server's threads (waitress ``threads=32`` with 24 held keeps 8 for everyone else; bench/abuse_bench.py
    measures both). Past the most, refusals are answered at once."""
    held = current_app.extensions.get("scorekeeper_slowdown")
    if held is None or not held.acquire(blocking=False):
        return
    try:
        time.sleep(current_app.config["RATELIMIT_SLOWDOWN_SECONDS"])
    finally:
        held.release()


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
    app.config.setdefault("RATELIMIT_SLOWDOWN_SECONDS", 1.0)
    # None: the server decides (``python -m scorekeeper serve`` knows its threads, see hold_refusals); another
    # server (gunicorn's sync workers) holds none.
    app.config.setdefault("RATELIMIT_SLOWDOWN_MAX", None)
    _holding(app)
    limiter.init_app(app)
    warning = per_process_counters(app.config, os.environ)
    if warning:
        app.logger.warning(warning)


def _holding(app: Flask) -> None:
    most = app.config["RATELIMIT_SLOWDOWN_MAX"]
    if most:
        app.extensions["scorekeeper_slowdown"] = threading.BoundedSemaphore(most)


def hold_refusals(app: Flask, most: int) -> None:
    """Let the server that runs ``app`` say how many refused requests may be held at once (its threads to
    spare), unless ``instance/config.py`` set RATELIMIT_SLOWDOWN_MAX itself (0 turns holding off)."""
    if app.config["RATELIMIT_SLOWDOWN_MAX"] is None:
        app.config["RATELIMIT_SLOWDOWN_MAX"] = most
        _holding(app)


def per_process_counters(config: Mapping, environ: Mapping[str, str]) -> str | None:
    """What to say at start when the limits are counted in each process's memory while the server runs several
    processes: each counts alone, so an address gets about N times every limit under N workers. gunicorn (the
    multi-process server people reach for) says it is running in SERVER_SOFTWARE; several ``serve`` processes
    behind a proxy cannot be told apart, which is why the README's recipe names a shared store."""
    if not config.get("RATELIMIT_ENABLED") or not str(config.get("RATELIMIT_STORAGE_URI")).startswith("memory:"):
        return None
    if not environ.get("SERVER_SOFTWARE", "").startswith("gunicorn"):
        return None
    return ("Rate limits are counted in each worker process's memory: under N gunicorn workers an address gets "
            "about N times each limit. Set RATELIMIT_STORAGE_URI (e.g. redis://127.0.0.1:6379) in "
            "instance/config.py to share them; see the README, \"Larger servers\".")
