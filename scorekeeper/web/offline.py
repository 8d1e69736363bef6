"""What a phone downloads to score offline (issue 22, "Play offline on this phone", over https): the pinned Pyodide
runtime fetched onto the server (scorekeeper/offline_files.py), the rules core as one zip, and the worker script
that runs them (static/offline-worker.js).

Issue 23: the phone's answers speak the page's language. The words they need are the server's word table for
that language (display/words.py: page_table), written down once per language as a phrasebook
(``/offline/words-<lang>-<hash>.json``, rules/speech.py) that the worker hands to the core; kept like the other
files, under its hash.

Only the known file names are served, under a path that names the Pyodide version (kept a year, ``immutable``)
or the zip's hash. The offer itself (``offline_scorer()`` in the templates) is made only when the files are on
this server; static/offline.js then shows it only in a secure context, where a service worker can keep them.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from babel.messages.plurals import get_plural
from flask import Blueprint, Flask, Response, abort, current_app, request, url_for
from flask_babel import force_locale, get_locale, gettext

from scorekeeper.display.words import page_table
from scorekeeper.offline_files import FILES, PRECOMPRESSED, VERSION, core_zip, folder, present
from scorekeeper.compression import MIMETYPES as COMPRESSED
from scorekeeper.rules import speech
from scorekeeper.rules.tables.shipped import shipped
from scorekeeper.rules.tables.words import folder_words
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


@lru_cache(maxsize=1)
def phrasebook_msgids() -> tuple[str, ...]:
    """The msgids a phone's answers may say: every ``phrase("…")`` template of the rules core (what ``pybabel
    extract -k phrase`` collects) and the tables' words a sentence names (variants, canasta kinds, colours)."""
    package = Path(speech.__file__).resolve().parent          # scorekeeper/rules/
    templates = speech.phrase_templates((str(p), p.read_text(encoding="utf-8")) for p in sorted(package.rglob("*.py")))
    words = {word for table in folder_words(shipped("rules_ref")).values() for key, word in table.items()
             if not key.endswith(".help")}
    return tuple(sorted(templates | words))


def _plural_expression(lang: str) -> str:
    """The language's plural rule as gettext writes it (``(n > 1)`` for French): the very rule ``pybabel init``
    wrote into the catalogue's header (babel.messages.plurals), so the offline counts pick the catalogue's forms."""
    return get_plural(lang).plural_expr if lang != "en" else speech.ENGLISH_PLURAL


@lru_cache(maxsize=8)
def phrasebook(lang: str) -> tuple[bytes, str]:
    """The page's word table for ``lang`` written down (rules/speech.py: phrasebook) as JSON, and the first 12
    hex digits of its SHA-256; once per process and language (the catalogues do not change while it runs)."""
    with force_locale(lang):
        book = speech.phrasebook(page_table(), phrasebook_msgids(), _plural_expression(lang))
    data = json.dumps(book, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()
    return data, hashlib.sha256(data).hexdigest()[:12]


def _spoken_languages() -> tuple[str, ...]:
    return tuple(lang for lang in current_app.config.get("LANGUAGES", ()) if lang != "en")


def offline_scorer() -> dict[str, Any] | None:
    """What static/offline.js needs to offer offline scoring, or None where this server has no Pyodide."""
    directory = pyodide_dir()
    if not present(directory):
        return None
    megabytes = max(1, round(_download_bytes(directory) / 1e6))
    lang = str(get_locale())
    return {
        "worker": url_for("offline.worker"),
        "index": url_for("offline.pyodide_file", version=VERSION, name="pyodide.js").rsplit("/", 1)[0] + "/",
        "core": url_for("offline.core", digest=core_zip()[1]),
        # the words of the page's language (none for English: the core speaks it)
        "lang": lang, "words": url_for("offline.words", lang=lang, digest=phrasebook(lang)[1])
        if lang in _spoken_languages() else None,
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


@bp.get("/words-<lang>-<digest>.json")
def words(lang: str, digest: str) -> Response:
    if lang not in _spoken_languages():
        abort(404)
    data, current = phrasebook(lang)
    if digest != current:
        abort(404)
    response = Response(data, mimetype="application/json")
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
