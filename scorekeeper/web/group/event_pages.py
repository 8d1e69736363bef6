"""A club night's standings page (issue 24): ``/e/<token>``, for the organiser's screen and any phone.

The round, each table (who plays, its score, hands played of K) and the standings (rank, entrant, VP,
match-point difference), in big type. It refreshes itself as the live sheet does: static/live.js polls
``/e/<token>/live`` (a version: the sum of the tables' match versions and the number of tables, so a hand
saved at any table or a new round seated changes it) and puts the fresh page's [data-live-part] in place;
without scripting a Reload link does it. Its routes join the group blueprint (like stats_pages).
"""

from __future__ import annotations

import re
from typing import Any, Callable

from flask import Response, abort, flash, jsonify, redirect, render_template, request, url_for
from flask_babel import gettext as _

from scorekeeper import service
from scorekeeper.display.event_words import event_field, event_problem, utc
from scorekeeper.display.words import say_error
from scorekeeper.events import EventError
from scorekeeper.events.clock import ends_at
from scorekeeper.limiter import limit
from scorekeeper.rules import RecordError
from scorekeeper.store import countersign, events, groups, models
from scorekeeper.store.db import get_session
from scorekeeper.store.models import Event, Group
from scorekeeper.web.group.views import bp


def _event(token: str) -> Event:
    found = events.find_event(get_session(), token)
    if found is None:
        abort(404)
    return found


def version_of(event: Event) -> int:
    """Changes with every hand saved at any table (its match's version), a round seated (the tables), time
    called and a round closed (each only once per round, so a step of 1 under the tables' 100s)."""
    clock = sum((r.called_at is not None) + (r.closed_at is not None) for r in event.rounds)
    return sum(t.match.version for t in event.tables) * 100_000 + len(event.tables) * 100 + clock


def clock_of(event: Event, settings: Any) -> dict[str, Any]:
    """The last round's clock for the screen: when a round of minutes ends (for static/countdown.js, and as
    HH:MM UTC without scripting, like the revisions' times), whether time was called, whether it is closed."""
    last = event.rounds[-1] if event.rounds else None
    if last is None:
        return {}
    due = ends_at(last.started_at, settings.minutes)
    return {"ends_at": utc(due), "ends_hm": due.strftime("%H:%M") if due else "", "now": utc(models._now()),
            "called": last.called_at is not None, "closed": last.closed_at is not None}


def page_of(event: Event) -> dict[str, Any]:
    settings = events.settings_of(event)
    names = {e.number: " & ".join(e.players) for e in event.entrants}
    table = events.standings_of(event, settings)
    last = event.rounds[-1].round if event.rounds else 0
    tables = []
    for t in events.tables_of(event, last):
        state = events.table_state(settings, t)
        tables.append({"table": t.table, "ns_name": names[t.ns], "ew_name": names[t.ew], **state, "match": t.match,
                       # the opponents' countersigns (issue 24, store/countersign.py): hands signed at the table
                       "countersigned": countersign.countersigned_hands(t.match)[0]})
    bye = event.rounds[-1].bye if event.rounds else None
    return {"event": event, "round": last, "rounds": settings.rounds, "hands_most": settings.hands,
            "minutes": settings.minutes, "tables": tables, "bye": names.get(bye) if bye else None,
            "standings": [{"rank": line.rank, "name": names[line.entrant], "vp": line.vp,
                           "difference": line.difference} for line in table.lines],
            "provisional": table.provisional, "version": version_of(event), "clock": clock_of(event, settings)}


@bp.get("/e/<token>")
def event_page(token: str):
    return render_template("event.html", **page_of(_event(token)))


@bp.get("/e/<token>/live")
def event_version(token: str):
    """The page's version for static/live.js: a strong ETag, a 304 when unchanged (as web/match/live.py)."""
    event = _event(token)
    version = version_of(event)
    if request.if_none_match.contains_weak(str(version)):
        response = Response(status=304)
    else:
        response = jsonify({"version": version})
    response.set_etag(str(version))
    response.headers["Cache-Control"] = "no-cache"
    return response


# --- the organiser's page: the group's club nights and a plain form to start one -------------------------------

ENTRANT_ROWS = 16        # rows of the form: 8 tables of pairs; the API takes up to 30 tables


def _variants() -> list[dict[str, Any]]:
    return [{"id": v["id"], "name": v["name"], "pairs": v["players_per_side"] > 1} for v in service.variants()]


def form_words(rows: list[int]) -> Callable[[str], str]:
    """The night form's name for a problem's field: the label the organiser reads, in the page's language, not
    the API's path ("Rounds", not "rounds"; "Entrant 3", not "entrants[1]" when row 2 was left empty). ``rows``
    are the form rows (from 0) each entrant came from. The tables are counted from the entrants, so a problem
    with them is one with the entrants."""
    labels = {"name": _("Name"), "variant": _("Variant"), "entrants": _("Entrants"), "tables": _("Entrants"),
              "seating": _("Seating"), "rounds": _("Rounds"), "hands": _("Hands per round"),
              "minutes": _("Minutes per round"),
              "scale": _("Victory points"), "events": _("Club night"), "round": _("Seat the next round"),
              "results": _("Seat the next round")}

    def word(path: str) -> str:
        entrant = re.fullmatch(r"entrants\[(\d+)\]", path)
        if entrant and int(entrant.group(1)) < len(rows):
            return _("Entrant %(number)s", number=rows[int(entrant.group(1))] + 1)
        return labels.get(re.split(r"[.\[]", path, maxsplit=1)[0], path)
    return word


def form_control(path: str, rows: list[int]) -> str:
    """The name of the form's control a problem's field is about (``rounds``; ``a2`` for ``entrants[1]`` from
    row 2), which the page marks aria-invalid and ties to the error; "" when no one control holds it."""
    entrant = re.fullmatch(r"entrants\[(\d+)\]", path)
    if entrant and int(entrant.group(1)) < len(rows):
        return f"a{rows[int(entrant.group(1))]}"
    base = re.split(r"[.\[]", path, maxsplit=1)[0]
    return base if base in ("name", "variant", "seating", "rounds", "hands", "minutes", "scale") else ""


def _night(group: Group, *, status: int = 200, error: str = "", field: str = "", typed: dict[str, Any] | None = None):
    session = get_session()
    listed = events.of_group(session, group)[::-1]          # the newest first
    return render_template("event_new.html", group=group, events=listed, roster=groups.roster(group),
                           rows=ENTRANT_ROWS, variants=_variants(), error=error, field=field,
                           typed=typed or {}), status


@bp.get("/g/<token>/night")
def night(token: str):
    group = groups.find_group(get_session(), token, editable=True)
    if group is None:
        abort(404)
    return _night(group)


@bp.post("/g/<token>/night")
@limit("RATELIMIT_NEW_MATCH")
def start_night(token: str):
    """The form's event: each filled row an entrant (two roster names, or one for individuals); the tables are
    as many as the entrants need (2N or 2N - 1), so the organiser never counts them."""
    session = get_session()
    group = groups.find_group(session, token, editable=True)
    if group is None:
        abort(404)
    form = request.form
    kind = form.get("entrants", "pairs")
    entrants: list[Any] = []
    rows: list[int] = []
    for i in range(ENTRANT_ROWS):
        names = [n for n in (form.get(f"a{i}", "").strip(), form.get(f"b{i}", "").strip()) if n]
        if names:
            entrants.append(names if kind == "pairs" else names[:1])
            rows.append(i)
    settings: dict[str, Any] = {"tables": max(1, (len(entrants) + 1) // 2), "entrants": kind,
                                "seating": form.get("seating", "mitchell"), "variant": form.get("variant", ""),
                                "scale": form.get("scale", events.DEFAULT_SCALE)}
    # a round of minutes when they are given (issue 24's time limit), else of hands: the core takes one of them
    for name in ("rounds", "minutes" if form.get("minutes", "").strip() else "hands"):
        text = form.get(name, "").strip()
        settings[name] = int(text) if text.isdigit() and len(text) < 4 else text
    try:
        event = events.create_event(session, group, form.get("name", ""), settings, entrants)
    except EventError as exc:
        session.rollback()
        first = exc.problems[0]
        return _night(group, status=400, error=event_problem(first, form_words(rows)),
                      field=form_control(first.field, rows), typed=dict(form))
    except RecordError as exc:
        session.rollback()
        field = event_field(exc)
        said = say_error(exc) if field == "variant" else _("%(field)s: %(reason)s", field=form_words(rows)(field),
                                                               reason=say_error(exc))
        return _night(group, status=400, error=said, field=form_control(field, rows), typed=dict(form))
    flash(_("The club night has begun: give each table its match link."))
    return redirect(url_for("group.night", token=group.edit_token, _anchor=f"event-{event.token}"), 303)


@bp.post("/g/<token>/night/<event_token>/round")
@limit("RATELIMIT_NEW_MATCH")
def next_night_round(token: str, event_token: str):
    session = get_session()
    group = groups.find_group(session, token, editable=True)
    event = events.find_event(session, event_token)
    if group is None or event is None or event.group_id != group.id:
        abort(404)
    try:
        events.seat_next(session, event)
    except EventError as exc:
        session.rollback()
        first = exc.problems[0]
        return _night(group, status=400, error=event_problem(first, form_words([])), field="round")
    return redirect(url_for("group.night", token=group.edit_token, _anchor=f"event-{event.token}"), 303)


@bp.post("/g/<token>/night/<event_token>/round/<n>/<act>")
def clock_night_round(token: str, event_token: str, n: str, act: str):
    """The organiser's "Call time" and "Close the round" buttons (plain forms): round ``n`` as the page showed
    it, so a page left open from an earlier round is refused by name rather than acting on the new one. Plain
    text parts (no int or any converter), checked here, so the CSRF check answers first for any path."""
    session = get_session()
    group = groups.find_group(session, token, editable=True)
    event = events.find_event(session, event_token)
    if (group is None or event is None or event.group_id != group.id or act not in ("time", "close")
            or not (n.isdigit() and len(n) < 4)):
        abort(404)
    try:
        (events.call_time if act == "time" else events.close_round)(session, event, int(n))
    except LookupError:
        abort(404)
    except EventError as exc:
        session.rollback()
        return _night(group, status=400, error=event_problem(exc.problems[0], form_words([])), field="round")
    return redirect(url_for("group.night", token=group.edit_token, _anchor=f"event-{event.token}"), 303)
