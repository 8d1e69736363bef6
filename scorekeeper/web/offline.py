"""What a phone downloads to score offline (issue 22, "Play offline on this phone", over https): the pinned Pyodide
runtime fetched onto the server (scorekeeper/pyodide_fetch.py), the rules core as one zip, and the worker script
that runs them (static/offline-worker.js).

Only the known file names are served, under a path that names the Pyodide version (kept a year, ``immutable``)
or the zip's hash. The offer itself (``offline_scorer()`` in the templates) is made only when the files are on
this server; static/offline.js then shows it only in a secure context, where a service worker can keep them.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import zipfile
from functools import lru_cache
from pathlib import Path
from typing import Any

from flask import Blueprint, Flask, Response, abort, current_app, request, send_from_directory, url_for
from flask_babel import gettext

from scorekeeper.pyodide_fetch import FILES, PRECOMPRESSED, VERSION, folder, present
from scorekeeper.rules.tables.shipped import shipped
from scorekeeper.compression import MIMETYPES as COMPRESSED
from scorekeeper.web.static_urls import IMMUTABLE

bp = Blueprint("offline", __name__, url_prefix="/offline")

TYPES = {".js": "text/javascript", ".wasm": "application/wasm", ".zip": "application/zip",
         ".json": "application/json"}
# The worker compiles WebAssembly: its own answer carries a policy that allows that and nothing else more than
# the pages' (security.CSP; a dedicated worker runs under the policy of its script's response).
WORKER_CSP = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; object-src 'none'; base-uri 'none'; "
              "frame-ancestors 'none'")
_ZIP_DATE = (2020, 1, 1, 0, 0, 0)


def pyodide_dir() -> Path:
    return Path(current_app.config.get("PYODIDE_DIR") or folder(current_app.instance_path))


def _core_files() -> list[tuple[str, Path]]:
    """(name in the zip, file): the rules package and the tables it reads, laid out as an installed wheel keeps
    them (``scorekeeper/_shipped/rules_ref``: rules/tables/shipped.py finds them there inside Pyodide)."""
    package = Path(__file__).resolve().parents[1]
    files = [(f"scorekeeper/{p.relative_to(package).as_posix()}", p)
             for p in sorted((package / "rules").rglob("*.py")) if "__pycache__" not in p.parts]
    tables = shipped("rules_ref")
    files += [(f"scorekeeper/_shipped/rules_ref/{p.relative_to(tables).as_posix()}", p)
              for p in sorted(tables.rglob("*")) if p.is_file() and p.suffix in (".toml", ".md")]
    return files


# The package's own __init__ is the web app's home: the phone gets a bare package, so nothing but the rules core
# (stdlib only) is in the zip.
_PACKAGE_INIT = '"""scorekeeper\'s rules core, as the offline scorer runs it on a phone (web/offline.py)."""\n'


@lru_cache(maxsize=1)
def core_zip() -> tuple[bytes, str]:
    """The zip and the first 12 hex digits of its SHA-256; built once per process, the same bytes every time
    (fixed dates, sorted names), so every worker of a server names it alike."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        archive.writestr(zipfile.ZipInfo("scorekeeper/__init__.py", _ZIP_DATE), _PACKAGE_INIT)
        for name, path in _core_files():
            info = zipfile.ZipInfo(name, _ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, path.read_bytes())
    data = buffer.getvalue()
    return data, hashlib.sha256(data).hexdigest()[:12]


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
            "starting": gettext("Starting the offline scorer…"),
            "ready": gettext("Ready for offline use"),
            "failed": gettext("The offline scorer could not be loaded; checks need the Wi-Fi."),
            "checked_here": gettext("(checked on this phone)"),
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
        response = send_from_directory(directory, name, mimetype=mimetype, conditional=True)
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
    response = send_from_directory(shipped("static"), "offline-worker.js", mimetype="text/javascript",
                                   conditional=True, max_age=0)
    response.headers["Content-Security-Policy"] = WORKER_CSP
    response.headers["Cache-Control"] = "no-cache"
    return response


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
    app.jinja_env.globals["offline_scorer"] = offline_scorer
