"""Files a match can be taken away as: the PDF sheet, the blank score pad, the export — and the import.

The sheet and the export are served on both links (the export holds what was entered, never a link's
token, so a spectator may take a copy too). An import checks the whole file first and creates a new match
with new links; a bad file is refused with 400 and a message naming the bad part, and nothing is stored.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import date
from typing import Any, Callable

from flask import Blueprint, Response, abort, redirect, render_template, request, url_for
from flask_babel import get_locale, gettext as _
from werkzeug.exceptions import ServiceUnavailable

from scorekeeper import pdf
from scorekeeper.store import transfer
from scorekeeper.store.db import get_session
from scorekeeper.limiter import limit_endpoints
from scorekeeper.store.matches import rules_of, scoresheet
from scorekeeper.store.models import Match
from scorekeeper.fronts import FRONTS, front_of
from scorekeeper.rules import ScorekeeperError, describe_variants, get_variant, registry
from scorekeeper.rules.tables.groups import grouped
from scorekeeper.display.sheet import house_shown
from scorekeeper.display.words import say_refusal, shown_variant
from scorekeeper.web.common import on_both_links
from scorekeeper.web.match.pages import remembered_pdf

bp = Blueprint("files", __name__)
BUSY_RETRY = 2                             # seconds: a render takes well under one


class PrinterBusy(ServiceUnavailable):
    api_code = "busy"


def _printed(render: Callable[[], bytes]) -> Callable[[], bytes]:
    """``render`` answering 503 with Retry-After while another PDF is rendered (see pdf.html_to_pdf): the page
    says so in the reader's language and asks again by itself."""
    def attempt() -> bytes:
        try:
            if pdf.printing():       # before laying out the page: a busy answer should cost next to nothing
                raise pdf.PrinterBusy("another PDF is being rendered")
            return render()
        except pdf.PrinterBusy:
            raise PrinterBusy(_("The PDF printer is busy with another sheet. It will be tried again in a "
                                "moment."), retry_after=BUSY_RETRY) from None
    return attempt


@bp.app_context_processor
def _pads_on_offer():
    """``score_pads()`` for the home page: the variants a blank pad can be printed for, each with the numbers of
    columns its default form can have (``/pad/<id>.pdf?sides=N``; one number: nothing to choose) and whether a
    column is a player (a side of one)."""
    def score_pads() -> list[tuple[str, str, list[int], bool]]:
        pads = []
        for v in registry().values():
            if _prints_pad(v.family):
                rules = v.rules(None)
                pads.append((v.id, v.name, list(range(rules.min_sides, rules.max_sides + 1)),
                             getattr(rules, "players_per_side", 1) == 1))
        return pads

    def pad_groups() -> list[tuple[str, list[tuple[str, str]]]]:
        """The pads by family (rules.groups.GROUPS): (group title, [(variant id, name)])."""
        from scorekeeper.web.checker import GROUP_TITLES
        return [(str(GROUP_TITLES.get(key, key)), [(v.id, v.name) for v in members])
                for key, members in grouped(v for v in registry().values() if _prints_pad(v.family))]

    def pad_forms() -> list[tuple[str, str, Any]]:
        """Variants whose player-count form is an option (seed 003's classic game: 2 to 6 players, 3 sides of 2;
        Pennies from Heaven): (variant id, name, the option as shown_variant gives it)."""
        return [(v.id, v.name, o) for v in registry().values() if _prints_pad(v.family)
                for o in shown_variant(_described(v.id))["options"] if o["name"] in FORM_OPTIONS]
    return {"score_pads": score_pads, "pad_groups": pad_groups, "pad_forms": pad_forms}


#: The options that choose a variant's player-count form: a pad can be printed for each of their choices.
FORM_OPTIONS = ("players", "sides")


def _described(variant_id: str) -> dict[str, Any]:
    return next(v for v in describe_variants() if v["id"] == variant_id)


def _prints_pad(family: str | None) -> bool:
    """Whether the family's front can print a blank score pad (see :mod:`scorekeeper.fronts`)."""
    return family in FRONTS and FRONTS[family].pdf_pad is not None


def _slug(text: str) -> str:
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")[:60] or "match"


def _filename(match: Match, suffix: str) -> str:
    return f"{_slug(match.title or rules_of(match).name)}-{match.created_at:%Y-%m-%d}.{suffix}"


def _file(body: bytes | str, mimetype: str, name: str, *, attachment: bool) -> Response:
    response = Response(body, mimetype=mimetype)
    response.headers.set("Content-Disposition", "attachment" if attachment else "inline", filename=name)
    response.headers["Cache-Control"] = "private, no-cache"
    return response


@on_both_links(bp, "/sheet.pdf", "sheet_pdf")
def _sheet(match: Match, *, editable: bool) -> Response:
    """The same file on both links."""
    # WeasyPrint needs about a second for a long match: render once per version and language (see .pages).
    body = remembered_pdf(("sheet", match.id, match.version, str(get_locale()), date.today()),   # printed on
                          _printed(lambda: pdf.sheet_pdf(scoresheet(match), rules_of(match),
                                                         house_shown(match.rules_json),
                                                         front_of(rules_of(match)).pdf_sheet)))
    return _file(body, "application/pdf", _filename(match, "pdf"), attachment=False)


@on_both_links(bp, "/export.json", "export")
def _export(match: Match, *, editable: bool) -> Response:
    """The same file on both links: it never holds a link's token."""
    return _file(transfer.export_json(match), "application/json", _filename(match, "json"), attachment=True)


@bp.get("/pad/<variant>.pdf")
def pad(variant: str):
    try:
        family = get_variant(variant).family
    except ScorekeeperError:
        family = None
    if not _prints_pad(family):
        abort(404, description=_("There is no score pad for %(name)s.", name=variant))
    raw = request.args.get("sides", "")
    if raw and not raw.isdigit():
        abort(400, description=_("sides must be a number of sides, e.g. 4"))
    # the player-count form, where the variant's options choose it (?opt_players=6: three sides of two); prefixed,
    # as Pennies from Heaven's option is called "sides" like the number of columns
    names = {o.name for o in get_variant(variant).options if o.name in FORM_OPTIONS}
    options = {k[4:]: v for k, v in request.args.items() if k.startswith("opt_") and k[4:] in names} or None
    try:
        body = _printed(lambda: pdf.pad_pdf(variant, options, int(raw) if raw else None, FRONTS[family].pdf_pad))()
    except ValueError as exc:
        abort(400, description=str(exc))
    return _file(body, "application/pdf", f"score-pad-{variant}.pdf", attachment=False)


@bp.post("/import")
def import_match():
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        return _refused(_("Choose a match file (.json) exported from a scoresheet."))
    try:
        match = transfer.import_match(get_session(), transfer.parse_export(upload.read()))
    except transfer.ImportRefused as exc:
        # the part is a path of the file, as the file writes it; the reason in the page's language where the
        # refusal has a phrase, else English and marked so
        detail, english = say_refusal(exc)
        return _refused(_("This file cannot be imported."), detail=detail, detail_lang="en" if english else None)
    return redirect(url_for("match.sheet", token=match.edit_token), 303)


def _refused(message: str, detail: str = "", detail_lang: str | None = None):
    return render_template("error.html", code=400, message=message, detail=detail, detail_lang=detail_lang), 400


# Checked before the view runs (a sheet's link is not even looked up for a refused request); the sheet on both
# links and the pads draw on one budget.
limit_endpoints(bp, "RATELIMIT_PDF", ("sheet_pdf", "view_sheet_pdf", "pad"))
limit_endpoints(bp, "RATELIMIT_IMPORT", ("import_match",))
