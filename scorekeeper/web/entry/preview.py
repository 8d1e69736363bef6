"""The hand form's live score preview (issue 11, items 5 and 11): the hand being typed, scored as a save would
score it, with nothing stored.

``static/preview.js`` posts the hand form as it stands (its own fields, CSRF token included) after each pause in
typing and shows each side's base + card value = hand score, the taxed score and the new total. The form is read
by the entry page's own code (:func:`.views.hand_form`, the front's ``to_entry``) and scored by
:func:`scorekeeper.store.matches.preview_hand`, the path a save takes up to the write; the cells are the scoresheet's
(``front.hand_cells``), so the preview cannot show a number the sheet would not. No rule is repeated in
JavaScript.

A readable form always gets a 200 JSON answer. One that cannot be scored (a typo, a field out of range, a full
or finished match) says ``ok: false`` with how many problems of each sort, and no cells; a hand that breaks a
rule (nobody went out yet, an illegal meld) is ``ok: false`` with its problems counted and its cells as typed so
far, which the save would refuse. A malformed request (no CSRF
token, an unknown mode) is a 4xx in the same JSON error shape as the API. Keltis shows its own game score in
the page (static/keltis.js): no preview there.
"""

from __future__ import annotations

from typing import Any, Mapping

from flask import Blueprint, abort
from flask_babel import gettext as _

from scorekeeper.fronts import front_of
from scorekeeper.limiter import limit
from scorekeeper.store.matches import HandRejected, current_entries, preview_hand, rules_of, scoresheet
from scorekeeper.store.models import Match
from scorekeeper.rules import RecordError
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


def _no_games(match: Match) -> None:
    if front_of(rules_of(match)).plays_games:
        abort(404)


def _preview(match: Match, number: int | None, mode: str, stored: Mapping[str, Any] | None = None):
    """The answer for the posted form as hand ``number`` (None: the next hand)."""
    form, sheet = hand_form(match, mode, stored), scoresheet(match)
    front = front_of(form.layout.rules)
    columns = sheet["columns"]
    answer: dict[str, Any] = {"ok": False, "hand": number or len(sheet["hands"]) + 1, "columns": columns,
                              "sides": _side_columns(form.layout.sides, columns), "cells": [None] * len(columns),
                              "problems": 0, "unreadable": 0, "invalid": 0}
    if not form.validate():                       # a count out of its range, a choice not offered
        return {**answer, "invalid": len(form.errors)}
    try:
        answer["hand"], result = preview_hand(match, front.entry.to_entry(form), number)
    except RecordError as exc:                   # every unreadable token at once (rules/canasta/record.py)
        return {**answer, "unreadable": len(getattr(exc, "every", None) or (exc,))}
    except HandRejected as exc:                  # a full or finished match
        return {**answer, "problems": len(exc.result["problems"])}
    # A hand that breaks a rule still has its numbers so far (nobody out yet, while it is being typed): shown,
    # with ok False, as the save would refuse it.
    cells = front.hand_cells(sheet, result.to_dict())
    return {**answer, "ok": result.ok, "problems": len(result.problems),
            "cells": [cell and {"name": name, **_numbers(cell)} for name, cell in zip(columns, cells)]}


def _side_columns(sides: list[dict[str, Any]], columns: list[str]) -> list[list[int]]:
    """For each side of the form, the sheet columns its players' cells are in: the side itself, or each of its
    players where the sheet has a column per player (cutthroat regroups the sides every hand)."""
    index = {name: i for i, name in enumerate(columns)}
    return [[index[side["name"]]] if side["name"] in index else
            [index[p] for p in side["players"] if p in index] for side in sides]


def _numbers(cell: Mapping[str, Any]) -> dict[str, int]:
    # Not "won": with nobody out yet, every side would read as the hand's winner.
    return {k: cell[k] for k in ("base", "card_value", "penalty", "score", "taxed", "total")}
