"""Rate limits on the routes that cost real work: PDFs, import, new matches, scoring, the meld checker, the
hand form's score preview, new hands, corrections and undo; and the storage quota of each address.

Flask-Limiter keyed by the client's address (behind a reverse proxy that is the address the proxy forwards,
when the app is configured to trust it). Each limit is a config key read per request, so ``instance/config.py``
can change it; ``RATELIMIT_ENABLED = False`` turns them all off and ``RATELIMIT_STORAGE_URI`` moves the counters
out of process memory (e.g. ``redis://…`` for several workers: without it each process counts on its own, so
under N workers an address gets up to N times each limit). Pages a table reloads all evening (the scoresheet,
the hand forms) are not limited at all: they are cheap and remembered per match version.

The saves (new hands, corrections, undo) are counted inside their views (:func:`spend`), not by a decorator: a
refused save comes back on its own form with everything typed kept, like a save the database refused.

The storage quota (STORAGE_QUOTA_BYTES_PER_HOUR) is counted in the same storage as the limits, so it lives and
dies with them: in process memory by default (a restart forgets it; per process under several workers), shared
when RATELIMIT_STORAGE_URI names a shared store. Not the database: every save would write a counter row on the
database's one writer, and a quota an attacker can reset by making the server restart costs at most one hour's
quota more.

The defaults are far above what a table does in an evening, even with every phone behind one home router and
the whole evening squeezed into one minute (``tests/web/test_limits.py`` plays one), and far below what a loop
can send.
"""

from __future__ import annotations

import math
import os
import threading
import time
from typing import Callable, Mapping

from flask import Blueprint, Flask, current_app, has_request_context, request
from flask_babel import gettext as _, ngettext
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from limits import RateLimitItemPerHour, parse_many

from scorekeeper.store import quota

# name -> limit (Flask-Limiter's notation: several limits separated by ";").
#
# Each limit is set from what its route costs, so that one address at its limits cannot take the server from
# everyone else: at most about a quarter of a core in any second and a tenth over a minute, for the costliest
# request the route can be asked (CPU time of one request through a test client on the 2-core CI machine; the
# figures are in bench/README.md, abuse_bench.py). A CPU-bound request holds the interpreter's lock
# (waitress serves from threads of one process), so what hurts another reader is how many costly requests run at
# once, not only how many a minute: the per-second parts keep a loop's burst at the start of each window to two
# or three requests. bench/abuse_bench.py measures each loop against another reader's sheet (target: its p99
# within 3x of idle).
DEFAULT_LIMITS = {
    # A render costs 0.3 s of CPU (30 hands) to 1.8 s (200 hands, the most a match holds), one at a time per
    # process (pdf._render_lock; another is refused with 503), and a PDF already rendered costs a millisecond.
    # 10 a minute: at worst 18 s of one core a minute, but never two renders at once. A table prints one sheet
    # at the end (every phone may ask for it: one render) and maybe a pad or two.
    "RATELIMIT_PDF": "10 per minute;60 per hour",
    # An import replays a whole match: 0.45 s for 200 hands, up to about a second at the most it may hold
    # (transfer_check.MAX_WORK). One a second, 5 a minute: at most 5 s of a core a minute (8 %), one at a time
    # (two at once measured another reader's p99 4.6x idle). A house-rules preset's import draws on the same
    # budget (a few ms each). Imports are rare at a table; a double tap of Import is refused, not a second match.
    "RATELIMIT_IMPORT": "1 per second;5 per minute;30 per hour",
    # A row in the database per match, 2.5 ms of CPU (a house table's checks included): 10 a minute is 25 ms.
    # A table starts one or two an evening.
    "RATELIMIT_NEW_MATCH": "10 per minute;100 per hour",
    # The stateless scorer (the CLI's score over HTTP): 0.7 ms a typical hand, 20 ms the largest record the
    # bounds allow; 60 a minute is at most 1.2 s a minute (2 %). A client scores a hand at a time.
    "RATELIMIT_SCORE": "60 per minute;1000 per hour",
    # The meld checker: about a millisecond for the longest card string (2,000 characters); 300 a minute is
    # 0.3 s a minute. The hand form asks for each meld line as it is typed, 40 a hand: generous.
    "RATELIMIT_CHECK": "300 per minute;5000 per hour",
    # The hand form's score preview scores its own hand on the match version's remembered replay (store/matches,
    # issue 19): about 5 ms on a 200-hand match; with nothing remembered (another process, memory full) it replays
    # the match once, 65 ms. Before that every preview replayed the match, 0.14 s for a correction of hand 1 of
    # 200: the limit below was set from that cost and is kept as the margin for a cold replay. The form asks after each pause in typing (300 ms), one
    # request in flight per phone (static/preview.js): a typist previews every second or two while typing, and
    # another phone may be correcting a hand meanwhile. A refused preview only dims the numbers shown until the
    # next one. 2 a second, 90 a minute: two at once at most (0.28 s of CPU; 3 a second measured a p99 5.5x
    # idle) and at worst 13 s of a core a minute from the costliest previews; a table's evening previews a
    # tenth of that. (Before: 300 a minute, and 8 connections pushed another reader's p99 36x.)
    "RATELIMIT_PREVIEW": "2 per second;90 per minute;2000 per hour",
    # Corrections and undo (web and API, together) replay the match from the changed hand: a correction of hand 1
    # of 200 hands costs 0.12 s, an undo 0.07 s; a loop of stale corrections costs as much before the 409. A
    # table corrects a hand or undoes one a few times an evening. 3 a second (a double tap is a replay, answered
    # as the first), 10 a minute: at most 1.2 s of a core a minute (2 %).
    "RATELIMIT_CORRECT": "3 per second;10 per minute;100 per hour",
    # A new hand replays the match to check it: 30 ms at 30 hands, 0.17 s near 200. A table saves one every few
    # minutes (about 30 an evening); 20 a minute is at most 3.4 s of a core a minute (6 %) — and without a limit
    # a loop filling new matches with 200 hands each spent a core.
    "RATELIMIT_ADD": "3 per second;20 per minute;300 per hour",
    # A group's statistics (issue 24, scorekeeper/stats) replay each of its matches once, through the replay cache:
    # 0.14 ms a hand cold, at most STATS_HANDS_MAX = 10,000 hands (1.4 s) for the largest club; a family's year
    # (50 matches of 30 hands) is 0.2 s. Asked when the page opens or a filter changes: 6 a minute is at most
    # 8.4 s of a core a minute for the largest group, cold (14 %), and a family's never more than 2 %.
    "RATELIMIT_STATS": "1 per second;6 per minute;60 per hour",
    # The live sheet's version poll (web/match/live.py, issue 22): one indexed read answered 304, two on a change,
    # ~1 ms. Every visible sheet, read-only view and hand form asks every 3 s (20 a minute); a club's phones
    # share one router's address: 30 phones is 600 a minute, bursting when several come back to the page at
    # once. 1200 a minute is at most about 1.2 s of a core a minute (2 %); a refused poll waits and asks again.
    "RATELIMIT_LIVE": "20 per second;1200 per minute;30000 per hour",
}

# What one address may make the server store in an hour, in bytes (store/quota.py: matches, hands, corrections,
# undo, presets and imports, each measured as written). A busy club's evening from one router — eight tables,
# each a match (about 20 kB of pinned rules) and 30 four-player hands (1–3 kB each) with a few corrections, a
# preset or two and an imported match file (up to 200 kB) — stores well under 2 MB in its busiest hour; 10 MB is
# five times that, and a loop of 49 kB corrections stores 200 of them an hour instead of 2.2 GB.
STORAGE_QUOTA = 10_000_000

limiter = Limiter(key_func=get_remote_address)


def _configured(name: str) -> Callable[[], str]:
    return lambda: current_app.config[name]


def _scope(name: str) -> str:
    return name.removeprefix("RATELIMIT_").lower()


def limit(name: str, **kwargs) -> Callable:
    """A route limit read from config key ``name``, shared by every route that uses the same name (so the
    sheet PDF and the pad draw on one budget, like the form and the API that create matches)."""
    return limiter.shared_limit(_configured(name), scope=_scope(name), **kwargs)


class Refused(Exception):
    """A limit counted inside a view (:func:`spend`) or the storage quota is spent: answered 429 with Retry-After
    (scorekeeper.web), ``code`` the API's error code."""

    def __init__(self, seconds: int, message: str, code: str = "rate_limited") -> None:
        super().__init__(message)
        self.seconds, self.message, self.code = seconds, message, code


def too_many(seconds: int) -> str:
    return ngettext("Too many requests from your address for this kind of page. Please wait %(num)d second and try "
                    "again.", "Too many requests from your address for this kind of page. Please wait %(num)d seconds "
                    "and try again.", seconds)


def quota_message(seconds: int) -> str:
    """What the storage quota's refusal says, on every page and form that stores something."""
    return ngettext("Your address has stored as much as one address may in an hour, so nothing was stored. Please "
                    "wait %(num)d minute and try again.", "Your address has stored as much as one address may in an "
                    "hour, so nothing was stored. Please wait %(num)d minutes and try again.",
                    max(1, -(-seconds // 60)))


def charge(name: str) -> None:
    """:func:`spend`, raising :class:`Refused` (the 429 page, or the API's JSON error) when a limit is spent."""
    seconds = spend(name)
    if seconds is not None:
        raise Refused(seconds, too_many(seconds))


def spend(name: str) -> int | None:
    """Count this request against the limit of config key ``name`` (the counters a :func:`limit` of that name
    uses), from inside a view; the seconds to wait when one of its limits is spent, else None. Like the
    decorators, the first limit breached stops the count (a refusal within the second does not use the minute)."""
    if not current_app.config["RATELIMIT_ENABLED"]:
        return None
    key, scope, strategy = get_remote_address(), _scope(name), limiter.limiter
    for item in sorted(parse_many(current_app.config[name])):
        if not strategy.hit(item, key, scope):
            reset = strategy.get_window_stats(item, key, scope).reset_time
            return max(1, math.ceil(reset - time.time()))
    return None


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


class StorageMeter:
    """The storage quota of each client address (store/quota.py), counted like a limit of
    STORAGE_QUOTA_BYTES_PER_HOUR bytes an hour in the limits' storage; only requests are metered (the CLI and
    scripts are not), and not when the limits are off or the quota is 0/None."""

    SCOPE = "stored"

    def _item(self) -> RateLimitItemPerHour | None:
        if not has_request_context() or not current_app.config["RATELIMIT_ENABLED"]:
            return None
        most = current_app.config["STORAGE_QUOTA_BYTES_PER_HOUR"]
        return RateLimitItemPerHour(most) if most else None

    def admit(self, size: int) -> None:
        item = self._item()
        if item is None:
            return
        key = get_remote_address()
        if not limiter.limiter.test(item, key, self.SCOPE, cost=size):
            stats = limiter.limiter.get_window_stats(item, key, self.SCOPE)
            # nothing stored yet this hour, and still too large: only a new hour could take it (the whole hour)
            seconds = item.get_expiry() if stats.remaining >= item.amount else math.ceil(stats.reset_time - time.time())
            raise quota.QuotaSpent(max(1, seconds), item.amount)

    def spent(self, size: int) -> None:
        item = self._item()
        if item is not None:
            limiter.limiter.hit(item, get_remote_address(), self.SCOPE, cost=size)


def init_app(app: Flask) -> None:
    for name, value in DEFAULT_LIMITS.items():
        app.config.setdefault(name, value)
    app.config.setdefault("STORAGE_QUOTA_BYTES_PER_HOUR", STORAGE_QUOTA)
    quota.install(StorageMeter())        # one for every app: it reads the asking request's app and address
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
            "about N times each limit and storage quota. Set RATELIMIT_STORAGE_URI (e.g. redis://127.0.0.1:6379) in "
            "instance/config.py to share them; see the README, \"Larger servers\".")
