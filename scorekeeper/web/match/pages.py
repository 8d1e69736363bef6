"""Rendered pages and files, remembered per match version.

A 30-hand sheet takes tens of milliseconds to render as HTML and about a second as PDF, and it is read far
more often than it changes (every phone at the table reloads it after each hand, spectators keep it open). The
log is append-only and every save bumps ``Match.version``, so what was rendered for one version stays right
until the next save: no invalidation is needed, only a bound on memory. Everything else a page depends on is
in the key (language, host for the share links, the path and the query arguments the page reads, for the
language switch's return address). Memory is bounded by bytes (see :mod:`scorekeeper.store.remembered`). The
per-session CSRF token is the one part that differs between two readers of the same page: the remembered copy
holds a placeholder, filled in per request.
"""

from __future__ import annotations

import re
import secrets
from typing import Callable, Hashable, Sequence
from urllib.parse import urlencode

from flask import Flask, current_app, g, request, session
from flask_babel import get_locale
from flask_wtf.csrf import generate_csrf

from scorekeeper.store.remembered import Remembered

PAGES_BYTES = 8 * 1024 * 1024       # per worker: ~40 long sheets, hundreds of short ones
PDFS_BYTES = 16 * 1024 * 1024       # per worker: 40–100 KiB each, a few hundred
# Template indentation is a tenth of a long sheet's bytes. The sheet pages hold no <pre> or <textarea>, where
# leading white space would matter; in HTML text a newline alone renders as the run it replaces.
_INDENT = re.compile(r"\n[ \t]+")


def page_path(args: Sequence[str] = ()) -> str:
    """This request's path with only the query arguments the page reads (``args``), in a fixed order: what a
    remembered page is keyed by, and where its language switch returns to. Anything else in the query string is
    ignored, so ``?r=<random>`` in a loop neither makes new entries nor shows up in another reader's page."""
    kept = [(name, value) for name in sorted(args) for value in request.args.getlist(name)]
    return request.path + ("?" + urlencode(kept) if kept else "")


class PageCache(Remembered[bytes]):
    def __init__(self, limit: int = PAGES_BYTES) -> None:
        super().__init__(limit)
        # Random per process, so no entered name can forge it and no two renders disagree about it.
        self.placeholder = f"csrf-placeholder-{secrets.token_hex(16)}".encode()

    def page(self, version_key: Hashable, render: Callable[[Callable[[], str]], tuple[str, Hashable]],
             args: Sequence[str] = ()) -> bytes:
        """The page for ``version_key`` plus this request's language, host and path with the query arguments
        ``args`` the page uses, rendered on a miss by ``render(csrf_token)`` which returns the page and the
        version it actually rendered (a save may land between reading the version and rendering; the page is
        then stored under the newer version)."""
        if "_flashes" in session:       # a one-off message belongs to this reader only: never remembered
            return render(generate_csrf)[0].encode()
        g.return_path = path = page_path(args)          # base.html's language switch comes back here
        context = (str(get_locale()), request.host_url, path)
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
    app.extensions["scorekeeper_pdfs"] = Remembered[bytes](PDFS_BYTES)


def sheet_pages() -> PageCache:
    return current_app.extensions["scorekeeper_pages"]


def remembered_pdf(key: Hashable, render: Callable[[], bytes]) -> bytes:
    """A PDF for ``key`` (which must hold the match version and the language), rendered once."""
    pdfs: Remembered[bytes] = current_app.extensions["scorekeeper_pdfs"]
    body = pdfs.get(key)
    if body is None:
        body = render()
        pdfs.put(key, body)
    return body
