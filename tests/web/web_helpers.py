"""Helpers the web tests share. A module of its own (not conftest) so that importing it is unambiguous when
tests/browser/conftest.py is collected in the same run."""

from __future__ import annotations

import re

CSRF_RE = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')


def csrf_from(html: str) -> str:
    match = CSRF_RE.search(html)
    assert match, "page has no CSRF token"
    return match.group(1)
