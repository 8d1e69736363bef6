"""Fingerprinted static URLs (issue 22): ``url_for('static', filename=…)`` adds ``?v=<hash of the file>``, and an
answer to such a URL may be kept a year without asking again (``immutable``). On bad Wi-Fi every revalidation is
a round trip of ~400 ms, eight of them on the entry page; a changed file gets a new hash, hence a new URL, so no
phone ever runs a stale script against a new page. A URL without ``v``, or with the hash of an older version of
the file, is still answered, but revalidated as before (``no-cache``): it could be any version."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from flask import Flask, Response, current_app, request

YEAR = 365 * 24 * 3600
IMMUTABLE = f"public, max-age={YEAR}, immutable"

# (static folder, file name) -> (mtime_ns, size, hash). A file is hashed once, again only when it changes on disk
# (a developer editing it under a running server); a stat per URL is what it costs after that.
_hashes: dict[tuple[str, str], tuple[int, int, str]] = {}


def fingerprint(folder: str, filename: str) -> str | None:
    """The first 12 hex digits of the file's SHA-256, or None when there is no such file."""
    path = Path(folder) / filename
    try:
        stat = path.stat()
    except OSError:
        return None
    key = (folder, filename)
    known = _hashes.get(key)
    if known and known[:2] == (stat.st_mtime_ns, stat.st_size):
        return known[2]
    try:
        digest = hashlib.sha256(path.read_bytes()).hexdigest()[:12]
    except OSError:
        return None
    _hashes[key] = (stat.st_mtime_ns, stat.st_size, digest)
    return digest


def _add_fingerprint(endpoint: str, values: dict) -> None:
    if endpoint != "static" or "v" in values or "filename" not in values:
        return
    filename = os.fspath(values["filename"])
    digest = fingerprint(current_app.static_folder or "", filename)
    if digest:
        values["v"] = digest


def _cache_for_a_year(response: Response) -> Response:
    """A static file asked for by its current hash is kept a year; anything else keeps Flask's revalidation."""
    if request.endpoint != "static" or response.status_code not in (200, 304):
        return response
    asked = request.args.get("v")
    filename = (request.view_args or {}).get("filename")
    if asked and filename and asked == fingerprint(current_app.static_folder or "", filename):
        response.headers["Cache-Control"] = IMMUTABLE
    return response


def init_app(app: Flask) -> None:
    app.url_defaults(_add_fingerprint)
    app.after_request(_cache_for_a_year)
