"""Rendered scoresheet pages, remembered per match version.

A 30-hand sheet takes tens of milliseconds to render and is read far more often than it changes (every phone
at the table reloads it after each hand, spectators keep it open). The log is append-only and every save bumps
``Match.version``, so a page rendered for one version stays right until the next save: no invalidation is
needed, only a bound on memory. Everything else a page depends on is in the key (language, host for the share
links, the full path for the language switch's return address). The per-session CSRF token is the one part
that differs between two readers of the same page: the cached copy holds a placeholder, filled in per request.
"""

from __future__ import annotations

import secrets
from collections import OrderedDict
from threading import Lock
from typing import Callable, Hashable

from flask import Flask, current_app, request, session
from flask_babel import get_locale
from flask_wtf.csrf import generate_csrf

PAGES_KEPT = 128                    # a few hundred KiB per worker at most


class PageCache:
    def __init__(self, size: int = PAGES_KEPT) -> None:
        self.size = size
        self._pages: OrderedDict[Hashable, bytes] = OrderedDict()    # encoded once, not per request
        self._lock = Lock()
        # Random per process, so no entered name can forge it and no two renders disagree about it.
        self.placeholder = f"csrf-placeholder-{secrets.token_hex(16)}".encode()

    def clear(self) -> None:
        with self._lock:
            self._pages.clear()

    def page(self, version_key: Hashable, render: Callable[[Callable[[], str]], tuple[str, Hashable]]) -> bytes:
        """The page for ``version_key`` plus this request's language, host and path, rendered on a miss by
        ``render(csrf_token)`` which returns the page and the version it actually rendered (a save may land
        between reading the version and rendering; the page is then stored under the newer version)."""
        if "_flashes" in session:       # a one-off message belongs to this reader only: never cached
            return render(generate_csrf)[0].encode()
        context = (str(get_locale()), request.host_url, request.full_path)
        with self._lock:
            page = self._pages.get((version_key, context))
            if page is not None:
                self._pages.move_to_end((version_key, context))
        if page is None:
            text, rendered = render(self.placeholder.decode)
            page = text.encode()
            with self._lock:
                self._pages[(rendered, context)] = page
                while len(self._pages) > self.size:
                    self._pages.popitem(last=False)
        if self.placeholder in page:
            page = page.replace(self.placeholder, generate_csrf().encode())
        return page


def init_app(app: Flask) -> None:
    app.extensions["scorekeeper_pages"] = PageCache()


def sheet_pages() -> PageCache:
    return current_app.extensions["scorekeeper_pages"]
