"""Rendered pages and files, remembered per match version.

A 30-hand sheet takes tens of milliseconds to render as HTML and about a second as PDF, and it is read far
more often than it changes (every phone at the table reloads it after each hand, spectators keep it open). The
log is append-only and every save bumps ``Match.version``, so what was rendered for one version stays right
until the next save: no invalidation is needed, only a bound on memory. Everything else a page depends on is
in the key (language, host for the share links, the full path for the language switch's return address). The
per-session CSRF token is the one part that differs between two readers of the same page: the remembered copy
holds a placeholder, filled in per request.
"""

from __future__ import annotations

import re
import secrets
from collections import OrderedDict
from threading import Lock
from typing import Callable, Hashable

from flask import Flask, current_app, request, session
from flask_babel import get_locale
from flask_wtf.csrf import generate_csrf

PAGES_KEPT = 128                    # a few hundred KiB each at most, per worker
PDFS_KEPT = 32                      # 40–100 KiB each
# Template indentation is a tenth of a long sheet's bytes. The sheet pages hold no <pre> or <textarea>, where
# leading white space would matter; in HTML text a newline alone renders as the run it replaces.
_INDENT = re.compile(r"\n[ \t]+")


class Remembered:
    """A bounded, thread-safe map that forgets the least recently used entry first."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[Hashable, bytes] = OrderedDict()
        self._lock = Lock()

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: Hashable) -> bytes | None:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def put(self, key: Hashable, value: bytes) -> None:
        with self._lock:
            self._items[key] = value
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


class PageCache(Remembered):
    def __init__(self, size: int = PAGES_KEPT) -> None:
        super().__init__(size)
        # Random per process, so no entered name can forge it and no two renders disagree about it.
        self.placeholder = f"csrf-placeholder-{secrets.token_hex(16)}".encode()

    def page(self, version_key: Hashable, render: Callable[[Callable[[], str]], tuple[str, Hashable]]) -> bytes:
        """The page for ``version_key`` plus this request's language, host and path, rendered on a miss by
        ``render(csrf_token)`` which returns the page and the version it actually rendered (a save may land
        between reading the version and rendering; the page is then stored under the newer version)."""
        if "_flashes" in session:       # a one-off message belongs to this reader only: never remembered
            return render(generate_csrf)[0].encode()
        context = (str(get_locale()), request.host_url, request.full_path)
        page = self.get((version_key, context))
        if page is None:
            text, rendered = render(self.placeholder.decode)
            page = _INDENT.sub("\n", text).encode()        # trimmed and encoded once, not per request
            self.put((rendered, context), page)
        if self.placeholder in page:
            page = page.replace(self.placeholder, generate_csrf().encode())
        return page


def init_app(app: Flask) -> None:
    app.extensions["scorekeeper_pages"] = PageCache()
    app.extensions["scorekeeper_pdfs"] = Remembered(PDFS_KEPT)


def sheet_pages() -> PageCache:
    return current_app.extensions["scorekeeper_pages"]


def remembered_pdf(key: Hashable, render: Callable[[], bytes]) -> bytes:
    """A PDF for ``key`` (which must hold the match version and the language), rendered once."""
    pdfs: Remembered = current_app.extensions["scorekeeper_pdfs"]
    body = pdfs.get(key)
    if body is None:
        body = render()
        pdfs.put(key, body)
    return body
