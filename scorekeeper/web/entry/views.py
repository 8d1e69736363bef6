"""Hand entry: card by card or as a summary, for a new hand or to correct a past one; for Keltis a whole game as
every player's final table (issue 5, :mod:`.keltis`).

The whole hand goes through :mod:`scorekeeper.store.matches` (and so the rules core) on submit. An illegal hand is
not saved: the form comes back (422) with every problem next to its field and the input kept. A save based on
an old version of the match is refused (409) with the current totals and the input still on screen; so is a
hand typed while the database cannot be written (503), and one saved past the rate limit of saves or the
address's storage quota (429, saying when to save again).

Each rendered form carries a ``save_key`` of its own (kept when the form comes back refused): a double tap or a
re-sent POST of that form stores one hand and answers like the first save (:mod:`scorekeeper.store.saves`).
"""

from __future__ import annotations

import uuid
from typing import Any, Mapping

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _, ngettext

from scorekeeper.store import matches
from scorekeeper.store.db import get_session
from scorekeeper.store.matches import (ENTRY_MODES, MAX_VERSION, HandRejected, StaleMatch, current_entries, rules_of,
                       scoresheet)
from scorekeeper.store.models import Match
from scorekeeper.rules import RecordError
from scorekeeper.rules.bounds import decimal
from scorekeeper.store.quota import QuotaSpent
from scorekeeper.store.saves import AlreadySaved, KeyReused, Unavailable, check_key
from scorekeeper.limiter import quota_message, slow_down, spend
from scorekeeper.fronts import Front, front_of
from scorekeeper.web.entry.clash import carried_from, carrying, changes_since, resemblance, saved_keys
from scorekeeper.web.common import load_match
from scorekeeper.web.match.phone_side import entering_side, my_side
from scorekeeper.web.entry.forms import EntryForm, collect_validation_errors, entry_error, entry_layout
from scorekeeper.web.entry.typos import show_unreadable
from scorekeeper.display.numbers import points
from scorekeeper.display.words import say

bp = Blueprint("entry", __name__)


@bp.after_request
def _never_from_a_cache(response):
    """A hand form is never shown from a cache (issue 22): Back after a save would otherwise bring the saved hand's
    form, with its used save key, out of the HTTP cache (the form posts to ``?mode=…``, which does not evict the
    GET of ``/hands/new``). Typed work comes back from the phone's drafts (static/draft.js), not from a cache."""
    response.headers["Cache-Control"] = "no-store"
    return response

def entry_mode(match: Match, default: str = "cards") -> str:
    mode = request.args.get("mode") or default
    if mode not in ENTRY_MODES:
        abort(400, description=_("Unknown entry mode %(mode)r; use cards or summary.", mode=mode))
    # A game entered as the tables laid (Keltis) has one form: a summary (canasta counts) does not apply.
    return "cards" if _front(match).plays_games else mode


def _front(match: Match) -> Front:
    return front_of(rules_of(match))


def hand_form(match: Match, mode: str, entry: Mapping[str, Any] | None = None, *, prefill: bool = False) -> EntryForm:
    rules = rules_of(match)
    alone = request.values.get("alone") if "alone" in request.values else None
    layout = entry_layout(match, rules, mode, alone=alone, entry=entry)
    kit = front_of(rules).entry
    if request.method == "POST":
        form = kit.form(layout)
        # carried input is another form's: it gets a key of its own (web/clash.py)
        form.save_key = (None if carrying() else _posted_key()) or _new_key()
        return form
    data = kit.to_data(layout, entry) if prefill and entry is not None else {}
    form = kit.form(layout, data={**data, "version": str(match.version)})
    form.save_key = _new_key()
    return form


def _new_key() -> str:
    return str(uuid.uuid4())


def _posted_key() -> str | None:
    """The form's save key, if it is one (a tampered key is refused by the save, and the form gets a new one)."""
    try:
        return check_key(request.form.get("save_key") or None)
    except RecordError:
        return None


def unavailable_message() -> str:
    return _("The database cannot be written just now, so nothing was saved. What you entered is still here: "
             "try again in a moment.")


def too_many_saves(seconds: int) -> str:
    return ngettext("Too many saves from your address in a short time, so nothing was saved. What you entered is "
                    "still here: save again in %(num)d second.", "Too many saves from your address in a short time, "
                    "so nothing was saved. What you entered is still here: save again in %(num)d seconds.", seconds)


def _wait(match: Match, form: EntryForm, number: int | None, seconds: int, message: str):
    """The form again, refused for now (429): everything typed kept, and when to save again."""
    slow_down()
    form.top_errors.append(message)
    page, status = _render(match, form, number, 429)
    return page, status, {"Retry-After": str(seconds)}


def _render(match: Match, form: EntryForm, number: int | None, status: int = 200, stale: bool = False,
            **clash: Any):
    """The form; ``clash`` is what a refused form explains: ``changes`` (the other phone's saves since this form
    was loaded), ``duplicate`` (the number of the hand this new hand repeats) or ``near`` (the hand it nearly
    repeats and what differs: issue 22)."""
    sheet, layout, front = scoresheet(match), form.layout, front_of(form.layout.rules)
    return render_template("entry.html", match=match, form=form, layout=layout, number=number,
                           hand_number=number or len(sheet["hands"]) + 1, sheet=sheet, stale=stale,
                           keys=front.keypad(layout.rules), token=match.edit_token, front=front,
                           saved_keys=saved_keys(match), changes=clash.get("changes"),
                           duplicate=clash.get("duplicate"), near=clash.get("near"), carried=clash.get("carried"),
                           # issue 24: the side this phone plays for (its countersign cookie), sent with the hand;
                           # this page is never shared between phones (no-store, never remembered)
                           entered_by=entering_side(match) if request.method == "POST" else my_side(match),
                           **front.entry.page_values(layout.rules)), status


def _version(form: EntryForm) -> int | None:
    return decimal(form.version.data or "", most=MAX_VERSION)


def _refused(match: Match, form: EntryForm, number: int | None, exc: Exception):
    """The form again, after the match service refused the save; nothing was written."""
    if isinstance(exc, HandRejected):
        kit = front_of(form.layout.rules).entry
        entry = kit.to_entry(form)
        for problem in exc.result["problems"]:
            for field in kit.problem_fields(form, entry, problem):
                entry_error(form, field, say(problem))
        collect_validation_errors(form)
        return _render(match, form, number, 422)
    if isinstance(exc, StaleMatch):
        changes = changes_since(match, _version(form))
        form.version.data = str(exc.current_version)      # saving again now goes on top of the current state
        return _render(match, form, number, 409, stale=True, changes=changes)
    if isinstance(exc, KeyReused):       # this form was saved, then changed (back button): a new save from here
        form.version.data, form.save_key = str(match.version), _new_key()
        form.top_errors.append(_("This form was already saved as hand %(number)d. Your changes are still here: "
                                 "save again to store them as a new save.", number=exc.number))
        return _render(match, form, number, 409, stale=True)
    if isinstance(exc, Unavailable):
        form.top_errors.append(unavailable_message())
        return _render(match, form, number, 503)
    if isinstance(exc, QuotaSpent):
        return _wait(match, form, number, exc.retry_after, quota_message(exc.retry_after))
    show_unreadable(form, exc)           # every typo at its field, in the player's words (web/typos.py)
    return _render(match, form, number, 400)


def _submit(match: Match, form: EntryForm, number: int | None):
    # Counted here rather than by a decorator, so that a refused save comes back on this form (scorekeeper.limiter)
    seconds = spend("RATELIMIT_ADD" if number is None else "RATELIMIT_CORRECT")
    if seconds is not None:
        return _wait(match, form, number, seconds, too_many_saves(seconds))
    if not form.validate():
        collect_validation_errors(form)
        return _render(match, form, number, 400)
    version = _version(form)
    if version is None:
        form.top_errors.append(_("The form did not say which version of the match it was based on; "
                                 "reload the page and enter the hand again."))
        return _render(match, form, number, 400)
    front = front_of(form.layout.rules)
    entry, session, key = front.entry.to_entry(form), get_session(), _posted_key()
    if number is None and (like := _unconfirmed_likeness(session, match, entry, version, key)) is not None:
        same, differences = like
        if differences:
            return _render(match, form, number, 409, near={"number": same, "differences": differences})
        return _render(match, form, number, 409, duplicate=same)
    try:
        saved = _store(session, match, number, entry, version, request.form.get("save_key") or None,
                       entering_side(match))
    except (HandRejected, StaleMatch, RecordError, KeyReused, Unavailable, QuotaSpent) as exc:
        return _refused(match, form, number, exc)
    flash(_saved_message(front, number, saved))
    if request.headers.get(FETCHED_SAVE) == "1":
        return _saved_answer(match, _saved_message(front, number, saved))
    return redirect(url_for("match.sheet", token=match.edit_token), 303)


# Issue 22, "Fast on bad Wi-Fi": a save posted by static/outbox.js says so with this header, and is answered with
# the stored state's totals at once instead of a redirect: the player reads the new totals one round trip after
# Save (the plain form's redirect and sheet are two: 0.9 s on bad Wi-Fi, bench/network_bench.py), while the sheet
# (with the same flashed message) loads behind them. A plain form still gets the redirect (post/redirect/get).
FETCHED_SAVE = "X-Scorekeeper-Save"


def _saved_answer(match: Match, message: str) -> dict[str, Any]:
    sheet = scoresheet(match)
    return {"saved": True, "message": message, "sheet": url_for("match.sheet", token=match.edit_token),
            "totals": [_("%(name)s: total %(total)s", name=name, total=points(sheet["totals"][name]))
                       for name in sheet["columns"] if name in sheet["totals"]]}


def _saved_message(front: Any, number: int | None, saved: int) -> str:
    if number is None:
        return _("Game %(number)d saved.", number=saved) if front.plays_games else _("Hand %(number)d saved.",
                                                                                     number=saved)
    # A correction says so: "saved" read as a new hand.
    return _("Game %(number)d corrected.", number=saved) if front.plays_games else _("Hand %(number)d corrected.",
                                                                                     number=saved)


def _unconfirmed_likeness(session: Any, match: Match, entry: dict[str, Any], version: int,
                          key: str | None) -> tuple[int, list] | None:
    """The hand a new hand repeats or nearly repeats, with what differs (web/clash.py), unless the player
    confirmed it: a repeat by naming the hand it repeats (``confirm_duplicate``), a near-duplicate by naming the
    hand it is saved as (``confirm_near``, issue 22). Only asked of a form typed on the current state: a stale
    one first hears what the other phone saved (and then comes back here)."""
    if not matches.unchanged_since(match, version):       # only countersigns since: still this state
        return None
    like = resemblance(session, match, entry, key)
    if like is None:
        return None
    same, differences = like
    confirmed = request.form.get("confirm_near") == str(same + 1) if differences else \
        request.form.get("confirm_duplicate") == str(same)
    return None if confirmed else like


def _store(session: Any, match: Match, number: int | None, entry: dict[str, Any], version: int,
           key: str | None, entered_by: int | None = None) -> int:
    """Save the hand; the number it was saved as (the first save's, for a double tap or a re-sent form).
    ``entered_by``: the side this phone plays for (web/match/phone_side.py), None if it never said."""
    try:
        if number is None:
            matches.add_hand(session, match, entry, based_on=version, key=key, entered_by=entered_by)
        else:
            matches.edit_hand(session, match, number, entry, based_on=version, key=key, entered_by=entered_by)
        return number or len(current_entries(match))
    except AlreadySaved as first:        # nothing stored twice
        return first.number
    except LookupError as exc:
        abort(404, description=str(exc))


@bp.route("/m/<token>/hands/new", methods=["GET", "POST"])
def new_hand(token: str):
    match = load_match(token, editable=True)
    form = hand_form(match, entry_mode(match))
    if request.method == "GET":
        return _render(match, form, None)
    return _submit(match, form, None)


@bp.route("/m/<token>/hands/<int:number>/edit", methods=["GET", "POST"])
def edit_hand(token: str, number: int):
    match = load_match(token, editable=True)
    entries = current_entries(match)
    if not 1 <= number <= len(entries):
        abort(404, description=_("This match has no hand %(number)d.", number=number))
    entry = entries[number - 1]
    mode = entry_mode(match, entry.get("mode", "cards"))
    # A game is always shown again as stored: Keltis has no second mode to switch to.
    form = hand_form(match, mode, entry, prefill=_front(match).plays_games or mode == entry.get("mode", "cards"))
    if request.method == "GET":
        return _render(match, form, number)
    if carrying():                       # "Correct hand N instead": the other form's input, not saved yet
        return _render(match, form, number, carried=carried_from(match, number))
    return _submit(match, form, number)
