"""House-rules presets: a preset's page (its changes, a link to share, the file), keeping it on this phone, and
importing a preset file.

A preset never changes (:mod:`scorekeeper.store.presets`), so its page and file are the same for everyone who has the
link. Importing stores a new preset, checked by ``rules.house.read_preset`` exactly as one made on the form.
"""

from __future__ import annotations

import json
from typing import Any, Mapping

from flask import Blueprint, abort, make_response, redirect, render_template, request, url_for
from flask_babel import gettext as _
from markupsafe import Markup

from scorekeeper.store.db import get_session
from scorekeeper.limiter import limit, quota_message
from scorekeeper.store.presets import document_of, find_preset, store_preset
from scorekeeper.display.qr import qr_svg
from scorekeeper.rules import RecordError, get_variant
from scorekeeper.rules.json_text import JsonUnreadable, read_json
from scorekeeper.rules.tables import house as core
from scorekeeper.rules.tables.house_fields import key_label
from scorekeeper.store.quota import QuotaSpent
from scorekeeper.store.saves import Unavailable
from scorekeeper.display.words import say_error, table_word
from scorekeeper.web.house import phone as house_phone
from scorekeeper.web.entry.views import unavailable_message
from scorekeeper.web.entry.forms import option_label
from scorekeeper.web.house.form import fields_for
from scorekeeper.web.house.words import say, shown
from scorekeeper.display.words import option_word

bp = Blueprint("house", __name__, url_prefix="/house")

IMPORT_MOST = 64 * 1024          # bytes of a preset file or pasted text: a preset is a few hundred


def _preset_or_404(token: str):
    preset = find_preset(get_session(), token)
    if preset is None:
        abort(404, _("There are no house rules at this address. Check the link."))
    return preset


@bp.get("/<token>")
def preset(token: str):
    found = _preset_or_404(token)
    document = document_of(found)
    url = url_for("house.preset", token=found.token, _external=True)
    return render_template("house.html", preset=found, document=document, variant_name=_variant_name(document),
                           options=_options(document), changes=_changes(document), url=url,
                           qr=qr_svg(url, _("QR code of the house rules' link")),
                           kept=found.token in house_phone.remembered())


@bp.get("/<token>.json")
def download(token: str):
    found = _preset_or_404(token)
    response = make_response(found.document + "\n")
    response.mimetype = "application/json"
    # ASCII only: a header is Latin-1, and "ő" in a name must not turn the download into an error
    filename = "".join(c if c.isascii() and c.isalnum() else "-" for c in found.name)[:40].strip("-") or "house-rules"
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}.json"'
    return response


@bp.post("/<token>/keep")
def keep(token: str):
    found = _preset_or_404(token)
    return house_phone.remember(redirect(url_for("house.preset", token=found.token), 303), found.token)


@bp.get("/import")
def import_page():
    return render_template("house_import.html", problem="", text="")


@bp.post("/import")
@limit("RATELIMIT_IMPORT")
def import_preset():
    text, problem = _imported_text()
    if problem:
        return render_template("house_import.html", problem=problem, text=text), 400
    try:
        # the app's reader: nesting measured before the parser recurses (20,000 "[" raised RecursionError, a 500)
        document = core.read_preset(read_json(text))
        found = store_preset(get_session(), document)
    except JsonUnreadable as exc:
        return render_template("house_import.html", problem=say(exc.says), text=text), 400
    except ValueError as exc:            # bad JSON, or a RecordError naming the bad field
        return render_template("house_import.html", problem=_refusal(exc), text=text), 400
    except Unavailable:
        return render_template("house_import.html", problem=unavailable_message(), text=text), 503
    except QuotaSpent as exc:            # the pasted text comes back, with when to try again
        return render_template("house_import.html", problem=quota_message(exc.retry_after), text=text), 429, \
            {"Retry-After": str(exc.retry_after)}
    return house_phone.remember(redirect(url_for("house.preset", token=found.token), 303), found.token)


def _imported_text() -> tuple[str, str]:
    """The preset's JSON from the uploaded file, else from the pasted text; a problem when neither is usable."""
    upload = request.files.get("file")
    data = upload.read(IMPORT_MOST + 1) if upload is not None and upload.filename else b""
    text = request.form.get("json", "")
    if data:
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            return "", _("The file is not text (UTF-8).")
    if len(text) > IMPORT_MOST or len(data) > IMPORT_MOST:
        return "", _("At most %(n)d kB.", n=IMPORT_MOST // 1024)
    if not text.strip():
        return "", _("Choose a house-rules file (.json), or paste its text.")
    return text, ""


def _refusal(exc: ValueError) -> str:
    """Why a file was refused, naming the bad field: its words, and its path as the file writes it (notation)."""
    field = getattr(exc, "field", None)
    if not isinstance(exc, RecordError):
        return _("Not valid JSON (line %(line)d, column %(column)d).", line=getattr(exc, "lineno", 1),
                 column=getattr(exc, "colno", 1))
    says = getattr(exc, "says", None)
    reason = say(says) if says is not None else say_error(exc)
    if field and says is not None and "where" in dict(says.args):        # the reason names the field itself
        return Markup("{} (<code>{}</code>)").format(reason, field)
    if field and field.startswith("rules."):
        return Markup("{} (<code>{}</code>): {}").format(say(key_label(field[len("rules."):])), field, reason)
    return Markup("<code>{}</code>: {}").format(field, reason) if field else reason


def _variant_name(document: Mapping[str, Any]) -> str:
    try:
        return table_word(get_variant(document["variant"]).name)
    except RecordError:
        return str(document["variant"])


def _options(document: Mapping[str, Any]) -> list[tuple[str, str]]:
    try:
        variant = get_variant(document["variant"])
    except RecordError:
        return []
    shown_options = []
    for o in variant.options:
        if o.name in document.get("options", {}):
            shown_options.append((option_word(o.label, o.name), option_label(o, document["options"][o.name])))
    return shown_options


def _changes(document: Mapping[str, Any]) -> list[dict[str, str]]:
    """Every change of the preset: its label, the variant's value and the house value, as the form says them."""
    try:
        full = core.house_document(document["variant"], document.get("options"), document["rules"],
                                   name=document.get("name", ""))
        fields = {f.key: f for _g, group in fields_for(document["variant"], document.get("options")) for f in group}
    except RecordError:                  # a preset of a table today's rules no longer accept: its raw changes
        return [{"label": k, "variant": "", "house": _raw(v)} for k, v in core.flat(document["rules"]).items()]
    table = full.get("table")
    out = []
    for change in (full.get("house") or {}).get("changes", []):
        f = fields.get(change["key"])
        said = (lambda v, f=f: shown(f, v)) if f is not None else _raw
        out.append({"label": say(key_label(change["key"], table)), "key": change["key"],
                    "variant": "—" if change.get("variant") is None else said(change["variant"]),
                    "house": _("removed") if change.get("house") is None else said(change["house"])})
    return out


def _raw(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else value
