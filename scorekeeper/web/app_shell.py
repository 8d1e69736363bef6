"""The installable app (issue 22): the web manifest, the service worker and the page it shows offline.

Where the deployment is a secure context (https, or localhost) a phone can add the app to its home screen and open
its matches with no network at all: ``/sw.js`` keeps the fingerprinted static files, the last pages of the phone's
matches and an offline page. On plain http over a laptop's Wi-Fi (``http://192.168.x.y``) browsers offer no service
worker; static/install.js then registers nothing and every page works as before.

The worker is served from a route, not from /static/, so that its scope is the whole site without a
``Service-Worker-Allowed`` header. Its first line is the list of the app shell's fingerprinted URLs and a version
made from them: a deployment that changes any static file changes the worker's bytes, and browsers install the
new worker. It is answered ``no-cache`` with an ETag, so the update check a browser makes on each navigation is a
304 on bad Wi-Fi.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from flask import Blueprint, Response, current_app, render_template, request, url_for
from flask_babel import force_locale, gettext as _

bp = Blueprint("app_shell", __name__)

# The colours of static/style.css: the header bar (--ink), which the phone's status bar continues, and the page
# (--paper), which a starting app shows before its first paint.
THEME_COLOUR = "#1d2330"
BACKGROUND_COLOUR = "#fbfaf7"
ICONS = (("icons/icon-192.png", 192, "any"), ("icons/icon-512.png", 512, "any"),
         ("icons/maskable-512.png", 512, "maskable"))
# Big files (a later Pyodide download, say) are not part of the shell: they are kept when first asked for.
SHELL_FILE_MOST = 512 * 1024
WORKER = "sw.js"
# Network-first pages wait this long before a saved copy is shown ("nothing waits on the Wi-Fi", issue 22).
PAGE_TIMEOUT_MS = 2500
MATCHES_KEPT = 20
PAGES_PER_MATCH = 8


def _shell_files() -> list[str]:
    """Every static file of the app shell, relative to the static folder, in a fixed order."""
    folder = Path(current_app.static_folder or "")
    found = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in files:
            path = Path(root) / name
            relative = path.relative_to(folder).as_posix()
            if name.startswith(".") or relative == WORKER or path.stat().st_size > SHELL_FILE_MOST:
                continue
            found.append(relative)
    return sorted(found)


@bp.app_context_processor
def _colours() -> dict[str, str]:
    return {"theme_colour": THEME_COLOUR}     # base.html's <meta name="theme-color">, the manifest's colour


@bp.get("/manifest.webmanifest")
def manifest():
    """The manifest in the page's language (``?lang=``, as base.html links it: a browser fetches a manifest without
    cookies, so the language switch's cookie would not reach here); Accept-Language otherwise."""
    languages = current_app.config["LANGUAGES"]
    lang = request.args.get("lang")
    if lang not in languages:
        lang = request.accept_languages.best_match(languages) or languages[0]
    with force_locale(lang):
        body = {
            # One app whatever the language of the page it was installed from.
            "id": "/",
            "name": _("Scorekeeper"),
            "short_name": _("Scorekeeper"),
            "description": _("Scores of card games played at the table, on every phone at the table."),
            "lang": lang,
            "dir": "ltr",
            "start_url": "/",
            "scope": "/",
            "display": "standalone",
            "orientation": "any",
            "theme_color": THEME_COLOUR,
            "background_color": BACKGROUND_COLOUR,
            "icons": [{"src": url_for("static", filename=name), "sizes": f"{size}x{size}", "type": "image/png",
                       "purpose": purpose} for name, size, purpose in ICONS],
        }
    response = Response(json.dumps(body, ensure_ascii=False, indent=1), mimetype="application/manifest+json")
    response.headers["Cache-Control"] = "no-cache"
    response.add_etag()
    return response.make_conditional(request)


@bp.get("/sw.js")
def service_worker():
    folder = current_app.static_folder or ""
    shell = [url_for("static", filename=name) for name in _shell_files()]
    offline = url_for("app_shell.offline")
    source = (Path(folder) / WORKER).read_text(encoding="utf-8")
    template = Path(current_app.root_path, current_app.template_folder or "templates", "offline.html")
    statics = current_app.static_url_path.rstrip("/") + "/"     # the worker's cache-first URLs begin so
    settings = {"shell": shell, "offline": offline, "statics": request.script_root + statics, "timeout": PAGE_TIMEOUT_MS, "matches": MATCHES_KEPT,
                "pagesPerMatch": PAGES_PER_MATCH}
    version = hashlib.sha256(json.dumps(settings, sort_keys=True).encode() + source.encode()
                             + (template.read_bytes() if template.is_file() else b"")).hexdigest()[:12]
    settings["version"] = version
    body = f"self.SCOREKEEPER_SHELL = {json.dumps(settings, sort_keys=True)};\n{source}"
    response = Response(body, mimetype="text/javascript")
    # Never kept by the HTTP cache: a new deployment must reach the phone at its next navigation.
    response.headers["Cache-Control"] = "no-cache"
    response.set_etag(version)
    return response.make_conditional(request)


@bp.get("/offline")
def offline():
    """What a phone shows for a page it never saved, with no network (the worker keeps it at install)."""
    return render_template("offline.html")
