"""What a phone downloads to score offline (issue 22, "Play offline on this phone", over https): the pinned Pyodide
runtime fetched onto the server (scorekeeper/offline_files.py), the rules core as one zip, and the worker script
that runs them (static/offline-worker.js).

Only the known file names are served, under a path that names the Pyodide version (kept a year, ``immutable``)
or the zip's hash. The offer itself (``offline_scorer()`` in the templates) is made only when the files are on
this server; static/offline.js then shows it only in a secure context, where a service worker can keep them.
"""

from __future__ import annotations

import gzip
from functools import lru_cache
from pathlib import Path
from typing import Any

from flask import Blueprint, Flask, Response, abort, current_app, request, url_for
from flask_babel import gettext

from scorekeeper.offline_files import FILES, PRECOMPRESSED, VERSION, core_zip, folder, present
from scorekeeper.compression import MIMETYPES as COMPRESSED
from scorekeeper.rules.tables.shipped import shipped
from scorekeeper.web.static_urls import IMMUTABLE

bp = Blueprint("offline", __name__, url_prefix="/offline")

TYPES = {".js": "text/javascript", ".wasm": "application/wasm", ".zip": "application/zip",
         ".json": "application/json"}
# A dedicated worker runs under the policy of its own script's answer: the pages' (security.CSP), plus compiling
# WebAssembly, which Pyodide is.
WORKER_CSP = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; object-src 'none'; base-uri 'none'; "
              "frame-ancestors 'none'")


def pyodide_dir() -> Path:
    return Path(current_app.config.get("PYODIDE_DIR") or folder(current_app.instance_path))


@lru_cache(maxsize=4)
def _download_bytes(directory: Path) -> int:
    """About what a phone downloads, worked out once: the gzipped copies where kept, the JavaScript and JSON as
    Flask-Compress sends them (gzip's size; brotli's is a little smaller), the standard library's zip as it is."""
    total = len(core_zip()[0])
    for name in FILES:
        if name in PRECOMPRESSED:
            total += (directory / f"{name}.gz").stat().st_size
        elif TYPES[Path(name).suffix] in COMPRESSED:
            total += len(gzip.compress((directory / name).read_bytes(), compresslevel=6))
        else:
            total += (directory / name).stat().st_size
    return total


def offline_scorer() -> dict[str, Any] | None:
    """What static/offline.js needs to offer offline scoring, or None where this server has no Pyodide."""
    directory = pyodide_dir()
    if not present(directory):
        return None
    megabytes = max(1, round(_download_bytes(directory) / 1e6))
    return {
        "worker": url_for("offline.worker"),
        "index": url_for("offline.pyodide_file", version=VERSION, name="pyodide.js").rsplit("/", 1)[0] + "/",
        "core": url_for("offline.core", digest=core_zip()[1]),
        "strings": {
            "downloading": gettext("Downloading the offline scorer (%(size)s MB)…", size=megabytes),
            "ready": gettext("Ready for offline use"),
            "failed": gettext("The offline scorer could not be loaded; checks need the Wi-Fi."),
            "checked_here": gettext("(checked on this phone)"),
            "previewed_here": gettext("(on this phone)"),
            "unreadable": gettext("These cards could not be read; see the card notation below."),
        },
    }


@bp.get("/pyodide/<version>/<name>")
def pyodide_file(version: str, name: str) -> Response:
    if version != VERSION or name not in FILES:
        abort(404)
    directory = pyodide_dir()
    if not present(directory):
        abort(404, description=gettext("Offline scoring is not set up on this server."))
    mimetype = TYPES[Path(name).suffix]
    if name in PRECOMPRESSED and "gzip" in request.headers.get("Accept-Encoding", "").lower():
        response = Response((directory / f"{name}.gz").read_bytes(), mimetype=mimetype)
        response.headers["Content-Encoding"] = "gzip"
    elif mimetype in current_app.config.get("COMPRESS_MIMETYPES", ()):
        # read whole, so Flask-Compress compresses it (it leaves a streamed file alone)
        response = Response((directory / name).read_bytes(), mimetype=mimetype)
    else:
        response = Response((directory / name).read_bytes(), mimetype=mimetype)
    response.headers["Vary"] = "Accept-Encoding"
    response.headers["Cache-Control"] = IMMUTABLE
    return response


@bp.get("/core-<digest>.zip")
def core(digest: str) -> Response:
    data, current = core_zip()
    if digest != current:
        abort(404)
    response = Response(data, mimetype="application/zip")
    response.headers["Cache-Control"] = IMMUTABLE
    return response


@bp.get("/worker.js")
def worker() -> Response:
    # not under /static: the worker's answer needs its own policy (WORKER_CSP), and its scope is /offline/
    response = Response((shipped("static") / "offline-worker.js").read_bytes(), mimetype="text/javascript")
    response.headers["Content-Security-Policy"] = WORKER_CSP
    response.headers["Cache-Control"] = "no-cache"
    response.add_etag()
    return response.make_conditional(request)


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
    app.jinja_env.globals["offline_scorer"] = offline_scorer
