"""Helpers the web tests share. A module of its own (not conftest) so that importing it is unambiguous when
tests/browser/conftest.py is collected in the same run."""

from __future__ import annotations

import re

CSRF_RE = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')


def csrf_from(html: str) -> str:
    match = CSRF_RE.search(html)
    assert match, "page has no CSRF token"
    return match.group(1)


def no_exception_logged(app) -> None:
    logged = [r.getMessage() + repr(r.exc_info and r.exc_info[1]) for r in app.logged]
    app.logged.clear()             # one example's failure is reported once, not by every example after it
    assert not logged, logged
