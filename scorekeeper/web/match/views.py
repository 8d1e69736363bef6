"""The scoresheet: the edit link's sheet, the spectators' read-only copy, undo, and every revision of a hand.

Everything shown is recomputed from the match log by :func:`scorekeeper.store.matches.scoresheet`; this module only
arranges it into rows for the templates. The read-only pages get the view token only — never the edit token.
"""

from __future__ import annotations

import uuid
from functools import lru_cache
from typing import Any, Mapping

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _, ngettext
from markupsafe import Markup
from sqlalchemy.exc import IntegrityError

from scorekeeper.store import countersign, groups, matches
from scorekeeper.display.chart import score_race_svg
from scorekeeper.store.db import get_session
from scorekeeper.fronts import Front, front_of
from scorekeeper.limiter import limit, quota_message, slow_down, spend
from scorekeeper.store.matches import (MAX_VERSION, StaleMatch, current_entries, find_match, match_version,
                       revisions as hand_revisions, rules_of, scoresheet, undo_last)
from scorekeeper.store.models import Match
from scorekeeper.rules import RecordError
from scorekeeper.rules.bounds import decimal
from scorekeeper.store.quota import QuotaSpent
from scorekeeper.store.saves import AlreadySaved, Unavailable
from scorekeeper.display.sheet import chart_labels, match_end_words, sheet_words, short_names
from scorekeeper.display.words import kind_label, penalty_label
from scorekeeper.web.common import NO_MATCH, load_match, on_both_links
from scorekeeper.web.match.rules import house_context
from scorekeeper.web.entry.counts import counted
from scorekeeper.web.entry.views import unavailable_message
from scorekeeper.web.match.pages import sheet_pages
from scorekeeper.web.match.recent import remember
from scorekeeper.web.match.share import REMATCH_KEY_PLACEHOLDER, fresh_rematch_keys, rematch_request, rematch_token, share_links

bp = Blueprint("match", __name__)

CHART_SIZE = {"width": 420, "height": 280}    # scales to the phone's width; the labels stay readable


def sheet_rows(sheet: Mapping[str, Any], front: Front) -> list[dict[str, Any]]:
    """The hands as the sheet shows them: one cell per column, in the family's cells (see :mod:`scorekeeper.fronts`)."""
    # a game entered as the tables laid has no summary mode, whatever mode an API client wrote
    return [{**hand, "cells": front.hand_cells(sheet, hand["result"]),
             "summary": hand["mode"] == "summary" and not front.plays_games} for hand in sheet["hands"]]


def match_front(match: Match) -> Front:
    return front_of(rules_of(match))


def render_sheet(match: Match, *, editable: bool, status: int = 200, notice: str | None = None,
                 undo_confirm: int | None = None, posted_version: int | None = None,
                 rematch_key: str | None = None, **extra: Any):
    """The sheet; ``rematch_key`` is the Rematch form's key (a fresh one unless given: the remembered page gets
    the placeholder, filled per request in :func:`cached_sheet`)."""
    sheet, front = scoresheet(match), match_front(match)
    games = front.plays_games
    chart = Markup(score_race_svg(sheet, labels=chart_labels(games, len(sheet["hands"])), **CHART_SIZE))   # escapes every name itself
    links = share_links(match, editable=editable)
    page = render_template("sheet.html", sheet=sheet, rows=sheet_rows(sheet, front), chart=chart, editable=editable,
                           front=front, short=short_names(sheet["columns"]),
                           match_end=None if games else match_end_words(rules_of(match), len(sheet["columns"])),
                           w=sheet_words(), label=lru_cache(maxsize=None)(_),
                           token=match.edit_token if editable else match.view_token, notice=notice,
                           undo_confirm=undo_confirm, posted_version=posted_version, share=links,
                           rematch_key=rematch_key or str(uuid.uuid4()), **house_context(match, editable),
                           **countersign.on_the_sheet(get_session(), match, editable), **extra)
    return page, status


def cached_sheet(token: str, *, editable: bool) -> Response:
    """The plain sheet page, rendered once per match version (see :mod:`.pages`)."""
    found = match_version(get_session(), token, editable=editable)
    if found is None:
        abort(404, description=NO_MATCH)

    def render(csrf_token):
        match = load_match(token, editable=editable)
        return (render_sheet(match, editable=editable, csrf_token=csrf_token, rematch_key=REMATCH_KEY_PLACEHOLDER)[0],
                (match.id, match.version))
    response = Response(fresh_rematch_keys(sheet_pages().page(found, render)), mimetype="text/html")
    return remember(response, found[0], token, editable=editable)


@bp.get("/m/<token>")
def sheet(token: str):
    return cached_sheet(token, editable=True)


@bp.get("/v/<token>")
def view(token: str):
    return cached_sheet(token, editable=False)


@on_both_links(bp, "/hands/<int:number>", "hand")
def render_hand(match: Match, *, editable: bool, number: int):
    sheet = scoresheet(match)
    if not 1 <= number <= len(sheet["hands"]):
        abort(404, description=_("This match has no hand %(number)s.", number=number))
    front, rules = match_front(match), rules_of(match)
    row = sheet_rows({**sheet, "hands": [sheet["hands"][number - 1]]}, front)[0]
    entry = current_entries(match)[number - 1]
    # a summary's counts per value group, as the form named them (none in card mode or for Keltis)
    counts = {side.get("name"): counted(rules, side) for side in entry.get("sides", [])
              if entry.get("mode") == "summary" and isinstance(side, Mapping)}
    return render_template("hand.html", sheet=sheet, row=row, front=front, editable=editable,
                           w=sheet_words(), label=lru_cache(maxsize=None)(_), meld_label=kind_label,
                           penalty_label=penalty_label, counts=counts,
                           countersigned=countersign.confirmations(match)[number - 1],
                           # issue 24: the side whose phone entered (or last corrected) it, when known
                           entered_on=_side_name(match, countersign.entered_by(match)[number - 1]),
                           token=match.edit_token if editable else match.view_token)


def _side_name(match: Match, side: int | None) -> str | None:
    return match.sides[side].name if side is not None and 0 <= side < len(match.sides) else None


def _posted_version() -> int:
    version = decimal(request.form.get("version", ""), most=MAX_VERSION)
    if version is None:
        abort(400, description=_("The form did not say which version of the match it was based on; "
                                 "reload the scoresheet and try again."))
    return version


def _stale() -> str:
    return _("This match changed — here is the current state. Nothing was removed.")


@bp.post("/m/<token>/undo")
def undo(token: str):
    match = load_match(token, editable=True)
    version, last = _posted_version(), len(current_entries(match))
    if version == match.version and last and request.form.get("confirm") != str(last):
        return render_sheet(match, editable=True, undo_confirm=last, posted_version=version)
    # An undo replays the match like a correction: one budget (scorekeeper.limiter); counted once confirmed
    if (seconds := spend("RATELIMIT_CORRECT")) is not None:
        return _refused_now(match, seconds, ngettext(
            "Too many changes from your address in a short time, so nothing was removed. Please wait %(num)d second "
            "and try again.", "Too many changes from your address in a short time, so nothing was removed. Please "
            "wait %(num)d seconds and try again.", seconds))
    try:
        # Keyed by the version the page showed: a second tap, or another phone's tap on that same page, finds
        # the undo already done and says so (instead of "this match changed"); nothing is removed twice.
        number = undo_last(get_session(), match, based_on=version, key=f"undo-at-{version}")
    except AlreadySaved as first:
        number = first.number
    except StaleMatch:
        return render_sheet(match, editable=True, status=409, notice=_stale())
    except LookupError:
        return render_sheet(match, editable=True, status=409, notice=_("There is no hand to undo."))
    except Unavailable:
        return render_sheet(match, editable=True, status=503, notice=unavailable_message())
    except QuotaSpent as exc:
        return _refused_now(match, exc.retry_after, quota_message(exc.retry_after))
    flash(_("Game %(number)s was removed.", number=number) if match_front(match).plays_games
          else _("Hand %(number)s was removed.", number=number))
    return redirect(url_for("match.sheet", token=token), 303)


def _refused_now(match: Match, seconds: int, notice: str):
    """The sheet, saying why nothing changed and when to try again (429)."""
    slow_down()
    page, status = render_sheet(match, editable=True, status=429, notice=notice)
    return page, status, {"Retry-After": str(seconds)}


def _changed_sides(before: Mapping[str, Any] | None, after: Mapping[str, Any] | None) -> set[str]:
    """Names of the sides whose entry differs from the previous revision (none for a first entry)."""
    if not before or not after:
        return set()
    old = {s.get("name"): s for s in before.get("sides", [])}
    moded = before.get("mode") != after.get("mode")
    return {s.get("name") for s in after.get("sides", []) if moded or old.get(s.get("name")) != s}


def revision_list(match: Match, number: int) -> list[dict[str, Any]]:
    """The hand's revisions, newest first; the newest is current unless the hand was undone."""
    events, previous = hand_revisions(match, number), None
    rules = rules_of(match)
    # Compared in one shape: the web form and the API may write the same Keltis table differently.
    front = front_of(rules)
    for event in events:
        entry = front.comparable(rules, event["entry"])
        event["changed"] = _changed_sides(previous, entry) if event["action"] == "edit" else set()
        previous = entry
    events.reverse()
    exists = number <= len(current_entries(match))
    for i, event in enumerate(events):
        event["current"] = i == 0 and event["action"] != "undo" and exists
    return events


@on_both_links(bp, "/hands/<int:number>/revisions", "revisions")
def render_revisions(match: Match, *, editable: bool, number: int):
    events = revision_list(match, number)
    if not events:
        abort(404, description=_("This match has no hand %(number)s.", number=number))
    rules = rules_of(match)
    front = front_of(rules)
    return render_template("revisions.html", match=match, number=number, events=events, editable=editable,
                           token=match.edit_token if editable else match.view_token, front=front,
                           labels=front.labels(rules))


@bp.post("/m/<token>/rematch")
@limit("RATELIMIT_NEW_MATCH")
def rematch(token: str):
    match, session = load_match(token, editable=True), get_session()
    new_token = rematch_token(match)
    if new_token and find_match(session, new_token, editable=True):      # this form was sent before
        return redirect(url_for("match.sheet", token=new_token), 303)
    try:
        new = matches.create_match(session, **rematch_request(match), edit_token=new_token)
    except IntegrityError:              # its racing copy was stored first: land on that one
        session.rollback()
        if new_token is None or not find_match(session, new_token, editable=True):
            raise
        return redirect(url_for("match.sheet", token=new_token), 303)
    except RecordError as exc:          # an option today's rules no longer have: say so on the sheet
        return render_sheet(match, editable=True, status=409,
                            notice=_("A rematch could not be started: %(reason)s", reason=exc.reason))
    except Unavailable:
        return render_sheet(match, editable=True, status=503, notice=unavailable_message())
    except QuotaSpent as exc:
        return _refused_now(match, exc.retry_after, quota_message(exc.retry_after))
    groups.rematch_joins(session, match, new)        # issue 24: a group's rematch stays in the group
    return redirect(url_for("match.sheet", token=new.edit_token), 303)
