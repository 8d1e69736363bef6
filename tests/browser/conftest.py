"""Real-browser fixtures: Debian's Chromium driven by Playwright (pytest-playwright's sync ``page`` fixture) at a
phone's 390×844 viewport, against the app served from a thread on a temporary SQLite file.

No browser is downloaded: pytest-playwright has no browser-path option, so the launch and context arguments are
overridden here. A missing Chromium is a failure, never a skip: the issue's acceptance needs this test to run.

As in tests/web/conftest.py, each test's app starts from a copy of a SQLite file migrated once per session (per
pytest-xdist worker), not migrating a new file again, and the apps share Jinja's compiled templates.
"""

from __future__ import annotations

import os
import re
import threading
from dataclasses import dataclass
from typing import Any, Iterator

import pytest
from flask import Flask
from werkzeug.serving import make_server

from scorekeeper import create_app
from tests.jinja_once import CompiledOnce

from axe import describe, violations

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium, as .ci/run "
                    "does); the browser tests need it and must not be skipped", pytrace=False)
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS, "headless": True}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    # English pages whatever the machine's locale: the app follows Accept-Language.
    return {**browser_context_args, "viewport": PHONE, "screen": PHONE, "has_touch": True, "is_mobile": True,
            "locale": "en-GB"}


@pytest.fixture(scope="session", autouse=True)
def templates_compiled_once() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Flask, "jinja_options", {**Flask.jinja_options, "bytecode_cache": CompiledOnce()})
        yield


@pytest.fixture(scope="session")
def migrated_database(tmp_path_factory) -> bytes:
    """The bytes of a SQLite file a first start migrated, once per session."""
    path = tmp_path_factory.mktemp("template") / "template.sqlite"
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{path}", "SECRET_KEY": "browser-test"})
    app.extensions["scorekeeper_engine"].dispose()
    return path.read_bytes()


class _ClosedWhenDropped:
    """A response body that closes itself when the server lets go of it. werkzeug's test server skips
    ``close()`` when the phone hangs up in the middle of a file (serving.py: a ConnectionError raised by its
    write() passes over ``application_iter.close()``), which leaves a static file open; with
    ``filterwarnings = error`` its ResourceWarning then fails whichever test runs next on that worker (seen:
    static/icons/maskable-512.png, fetched by the manifest as a page went away). waitress, which serves the app
    for real, always closes the body."""

    def __init__(self, body: Any) -> None:
        self.body, self.chunks, self.closed = body, iter(body), False

    def __iter__(self) -> "_ClosedWhenDropped":
        return self

    def __next__(self) -> bytes:
        return next(self.chunks)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            close = getattr(self.body, "close", None)
            if close is not None:
                close()

    def __del__(self) -> None:
        self.close()


def _closing_bodies(app: Flask) -> Any:
    def serve(environ: dict[str, Any], start_response: Any) -> _ClosedWhenDropped:
        return _ClosedWhenDropped(app(environ, start_response))
    return serve


@dataclass
class LiveServer:
    url: str
    app: Any


@pytest.fixture
def live_server(tmp_path, migrated_database) -> Iterator[LiveServer]:
    """The app on 127.0.0.1 (a free port) in a thread; a fresh SQLite file per test (0600, as the app makes one, a
    copy of the migrated one); CSRF stays on."""
    database = tmp_path / "browser.sqlite"
    with os.fdopen(os.open(database, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600), "wb") as out:
        out.write(migrated_database)
    # The limits stay on (a page must work under them), except the saves': several tests seed a long match through
    # the API in a loop before the page is opened. The saves' limits are tested in tests/web/test_save_limits.py.
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{database}",
                      "SECRET_KEY": "browser-test", "WTF_CSRF_ENABLED": True,
                      "RATELIMIT_ADD": "1000 per second", "RATELIMIT_CORRECT": "1000 per second"})
    server = make_server("127.0.0.1", 0, _closing_bodies(app), threaded=True)
    # a short poll: shutdown() waits for the loop to look, and every browser test stops a server (0.5 s by default)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, name="live-server",
                              daemon=True)
    thread.start()
    try:
        yield LiveServer(f"http://127.0.0.1:{server.server_port}", app)
    finally:
        server.shutdown()
        thread.join(timeout=10)
        server.server_close()
        app.extensions["scorekeeper_engine"].dispose()


class Taps:
    """Taps a locator like a thumb (touch events, so has_touch must be on) and counts the taps."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, locator: Any, times: int = 1) -> None:
        for _ in range(times):
            locator.tap()
            self.count += 1


@pytest.fixture
def tap() -> Taps:
    return Taps()


_CHECKED_PAGES: set[tuple[Any, str]] = set()
_VARYING = re.compile(r"[A-Za-z0-9_-]{20,}|\d+")      # tokens, CSRF values, fingerprints, numbers


def _page_key(page: Any, url: str) -> tuple[Any, str]:
    """The page's size and its address with what differs from test to test (tokens, numbers) blanked out."""
    return (tuple(sorted((page.viewport_size or {}).items())), _VARYING.sub("0", url.split("#")[0]))


@pytest.fixture(autouse=True)
def no_serious_axe_violation(request) -> Iterator[None]:
    """Every page a browser test loads is checked with axe-core (tests/browser/axe.py) when it has loaded, and the
    page a test ends on once more (what scripts drew: a verdict, a redrawn form). Any critical or serious
    violation fails the test, naming the page and the rule."""
    if "page" not in request.fixturenames:
        yield
        return
    page = request.getfixturevalue("page")
    if "live_server" in request.fixturenames:
        request.getfixturevalue("live_server")      # set up before, so still serving while the pages are checked
    found: dict[str, list] = {}

    def check(where: str, on: Any = page) -> None:
        try:
            listed = violations(on)
        except Exception as exc:            # a page navigating away while checked: its next load is checked
            if "navigat" in str(exc) or "context was destroyed" in str(exc):
                return
            raise
        if listed:
            found.setdefault(where, listed)

    loaded: list[str] = []
    page.on("load", lambda p: loaded.append(p.url))
    yield
    if page.url.startswith("http"):
        check("as the test left it: " + page.url)
    # Each page once, as it loads (a GET: the same page again), in a tab of its own: the test's tab may hold a
    # form with unsaved input, which rightly asks before it is left (static/draft.js).
    again = None
    for url in list(dict.fromkeys(loaded)):
        if url.startswith("http") and not url.endswith(".pdf"):
            # Each address once per worker and phone size, as it loads (its tokens and numbers aside): the page a
            # test ends on is checked above in whatever state the test left it, every test; this pass adds each
            # page as it first loads, which a later test's load of the same address repeats (0.3 s a page, and
            # the suite has to stay under CI's ten minutes).
            seen = _page_key(page, url)
            if seen not in _CHECKED_PAGES:
                _CHECKED_PAGES.add(seen)
                again = again or page.context.new_page()
                again.goto(url)
                check(url, again)
    assert not found, "axe: critical or serious violations\n" + describe(found)
