"""The hand form's live score preview (issue 11, items 5 and 11): the hand being typed, scored as a save would
score it, with nothing stored.

``static/preview.js`` posts the hand form as it stands (its own fields, CSRF token included) after each pause in
typing and shows each side's base + card value = hand score, the taxed score and the new total. The form's
fields are checked by the entry page's own form (:func:`.views.hand_form`: a count out of its range, a choice not
offered), then read, checked against the match and scored by :func:`scorekeeper.rules.canasta.hand_form.preview`
— the save's conversion, checks and scoring, and the scoresheet's cells — from :func:`preview_state`, the match as
the hand finds it. Issue 22: a phone that chose "Play offline on this phone" runs that same function under
Pyodide with the same state (served as ``/m/<token>/offline.json``: :func:`offline_state`), so the preview on the
phone cannot show a number the server would not. No rule is repeated in JavaScript.

A readable form always gets a 200 JSON answer. One that cannot be scored (a typo, a field out of range, a full
or finished match) says ``ok: false`` with how many problems of each sort, and no cells; a hand that breaks a
rule (nobody went out yet, an illegal meld) is ``ok: false`` with its problems counted and its cells as typed so
far, which the save would refuse. A malformed request (no CSRF
token, an unknown mode) is a 4xx in the same JSON error shape as the API. Keltis shows its own game score in
the page (static/keltis.js): no preview there.
"""

from __future__ import annotations

from typing import Any, Mapping

from flask import Blueprint, abort, jsonify, request
from flask_babel import gettext as _

from scorekeeper.fronts import front_of
from scorekeeper.limiter import limit
from scorekeeper.rules.tables.pinned import pin
from scorekeeper.store.matches import current_entries, hands_allowed, replayed, rules_of, scoresheet
from scorekeeper.store.models import Match
from scorekeeper.rules.canasta.hand_form import layout_sides, next_hand_refusal, preview
from scorekeeper.display.keypad import notation_lang
from scorekeeper.web.common import load_match
from scorekeeper.web.entry.views import entry_mode, hand_form

bp = Blueprint("preview", __name__)


@bp.route("/m/<token>/hands/preview", methods=["POST"])
@limit("RATELIMIT_PREVIEW")
def new_hand(token: str):
    match = load_match(token, editable=True)
    _no_games(match)
    return _preview(match, None, entry_mode(match))


@bp.route("/m/<token>/hands/<int:number>/preview", methods=["POST"])
@limit("RATELIMIT_PREVIEW")
def edit_hand(token: str, number: int):
    match = load_match(token, editable=True)
    _no_games(match)
    entries = current_entries(match)
    if not 1 <= number <= len(entries):
        abort(404, description=_("This match has no hand %(number)d.", number=number))
    entry = entries[number - 1]
    return _preview(match, number, entry_mode(match, entry.get("mode", "cards")), entry)


@bp.get("/m/<token>/offline.json")
def offline_state(token: str):
    """What a phone that chose "Play offline on this phone" needs to preview the next hand with no network (issue
    22): the match's resolved rules as stored (the text whose hash the match keeps) and :func:`preview_state`.
    One answer per match version: revalidated on every read (``no-cache`` + ETag), kept by the service worker
    (static/sw.js) for when the Wi-Fi is gone."""
    match = load_match(token, editable=True)
    _no_games(match)
    rules_text, rules_hash = (match.rules_json, match.rules_hash) if match.rules_json is not None else \
        pin(match.variant, match.options)      # an unpinned older match: today's tables, as rules_of reads it
    response = jsonify({"version": match.version, "rules": rules_text, "rules_hash": rules_hash,
                        "state": preview_state(match)})
    response.headers["Cache-Control"] = "no-cache"
    response.add_etag()
    return response.make_conditional(request)


def _no_games(match: Match) -> None:
    if front_of(rules_of(match)).plays_games:
        abort(404)


def preview_state(match: Match, number: int | None = None, stored: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The match as hand ``number`` (None: the next hand) finds it, in the shape
    :func:`~scorekeeper.rules.canasta.hand_form.preview` reads: plain JSON, so a phone can keep it (issue 22)."""
    rules, replay, sheet = rules_of(match), replayed(match), scoresheet(match)
    sides = [{"name": s.name, "players": list(s.players)} for s in match.sides]
    count = len(current_entries(match))
    at = count if number is None else number - 1
    return {"sides": sides, "columns": list(sheet["columns"]), "hand": at + 1, "totals": dict(replay.totals[at]),
            "refused": next_hand_refusal(count, hands_allowed(rules), replay.over) if number is None else None,
            "alone": None if stored is None else layout_sides(rules, sides, None, stored)[1]}


def _preview(match: Match, number: int | None, mode: str, stored: Mapping[str, Any] | None = None):
    """The answer for the posted form as hand ``number`` (None: the next hand)."""
    form = hand_form(match, mode, stored)
    # a count out of its range, a choice not offered: the form's own count
    invalid = 0 if form.validate() else len(form.errors)
    return preview(form.layout.rules, preview_state(match, number, stored), mode, request.form, invalid=invalid,
                   lang=notation_lang())
