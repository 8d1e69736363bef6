"""The club nights' JSON API (issue 24): an event of a group, its rounds seated by scorekeeper/events and its
standings. The routes hang on the API blueprint (scorekeeper/api/__init__.py), whose helpers they use."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from flask import url_for

from scorekeeper.display.event_words import event_field, event_problem, utc
from scorekeeper.display.words import say_error
from scorekeeper.rules import RecordError
from scorekeeper.store.models import Event
from scorekeeper.events import EventError
from scorekeeper.events.clock import ends_at
from scorekeeper.store import events
from scorekeeper.store.db import get_session
from scorekeeper.limiter import limit

from scorekeeper.api import ApiError, _behind_link, bp, read_body
from scorekeeper.api.group_routes import _find_group


# --- club nights (issue 24) -----------------------------------------------------------------------------------

EVENT_FIELDS = {"name", "settings", "entrants"}


def _event_refused(exc: EventError) -> ApiError:
    first = exc.problems[0]
    return ApiError(400, event_problem(first), code=first.code, field=first.field,
                    problems=[{"code": p.code, "field": p.field, "message": event_problem(p),
                               "values": dict(p.values)} for p in exc.problems])


def _find_event(token: str, *, write: bool) -> tuple[Event, bool]:
    """The event behind its edit token or its screen token, and whether it was the edit token; 404 if neither,
    403 if ``write`` with the screen's token (anyone who sees the screen must not seat rounds)."""
    return _behind_link(events.find_event, token, write=write,
                        missing=_("No event at this link. Check that the whole link was copied."),
                        read_only=_("this is the screen's link of the event; seating a round needs its edit link"))


def event_body(event: Event, edit: bool = False) -> dict[str, Any]:
    """An event as GET answers it: its settings, each round's tables (seating, match link, totals, hands played,
    finished) and the standings of the core (VP by the event's scale, match points = the tables' totals)."""
    session = get_session()
    settings = events.settings_of(event)
    names = {e.number: e.players for e in event.entrants}
    table = events.standings_of(event, settings)
    vp = {(s.round, s.table): (s.ns_vp, s.ew_vp) for s in table.scores}
    rounds = []
    for r in event.rounds:
        tables = []
        for t in events.tables_of(event, r.round):
            state = events.table_state(settings, t)
            tables.append({"table": t.table, "ns": t.ns, "ew": t.ew, "ns_players": names[t.ns],
                           "ew_players": names[t.ew], "totals": [state["ns"], state["ew"]],
                           "hands": state["hands"], "finished": state["finished"],
                           "hands_at_call": t.hands_at_call, "hands_counted": t.hands_counted,
                           "vp": list(vp[(t.round, t.table)]) if (t.round, t.table) in vp else None,
                           "match": url_for("match.view", token=t.match.view_token, _external=True),
                           "match_api": url_for("api.get_match", token=t.match.view_token, _external=True),
                           # the phones at the table score on the edit link: only the organiser's answers to
                           # POST (made with the group's edit link) carry it, never the screen's GET
                           **({"match_edit": url_for("match.sheet", token=t.match.edit_token, _external=True),
                               "match_edit_token": t.match.edit_token} if edit else {})})
        rounds.append({"round": r.round, "bye": r.bye, "started_at": utc(r.started_at),
                       "ends_at": utc(ends_at(r.started_at, settings.minutes)), "called_at": utc(r.called_at),
                       "closed_at": utc(r.closed_at), "tables": tables})
    group = events.group_of(session, event)
    return {"name": event.name, "token": event.token, "group": group.name, "settings": event.settings,
            "entrants": [{"number": e.number, "players": e.players} for e in event.entrants],
            "rounds": rounds, "provisional": table.provisional,
            "standings": [{"rank": line.rank, "entrant": line.entrant, "players": names[line.entrant],
                           "vp": line.vp, "points_for": line.points_for, "points_against": line.points_against,
                           "difference": line.difference, "played": line.played, "byes": line.byes}
                          for line in table.lines],
            **({"edit_token": event.edit_token} if edit else {}),
            "urls": {"api": url_for("api.get_event", token=event.token, _external=True),
                     "screen": url_for("group.event_page", token=event.token, _external=True)}}


@bp.post("/groups/<token>/events")
@limit("RATELIMIT_NEW_MATCH")
def create_event(token: str):
    """A club night of the group: ``{"name", "settings", "entrants"}``; its first round is seated and each
    table's match started. Only on the edit link."""
    data = read_body(EVENT_FIELDS)
    group, _editable = _find_group(token, write=True)
    try:
        event = events.create_event(get_session(), group, data.get("name", ""), data.get("settings"),
                                    data.get("entrants"))
    except EventError as exc:
        get_session().rollback()
        raise _event_refused(exc) from None
    except RecordError as exc:            # the first table's match refused: nothing of the event is stored
        get_session().rollback()
        raise ApiError(400, say_error(exc), code="unreadable", field=event_field(exc)) from None
    body = event_body(event, edit=True)
    return body, 201, {"Location": body["urls"]["api"]}


@bp.get("/events/<token>")
def get_event(token: str):
    event, editable = _find_event(token, write=False)
    return event_body(event, edit=editable)


@bp.post("/events/<token>/rounds")
@limit("RATELIMIT_NEW_MATCH")
def seat_event_round(token: str):
    """Seat and start the next round from the standings; answers the event with the new round last. The body is
    ``{}`` as JSON: a cross-site form cannot send it, so a page elsewhere cannot seat a round (test_csrf)."""
    read_body(set())
    event, _editable = _find_event(token, write=True)
    try:
        events.seat_next(get_session(), event)
    except EventError as exc:
        get_session().rollback()
        raise _event_refused(exc) from None
    return event_body(event, edit=True), 201


def _clock(token: str, n: str, act: Any):
    """Call time or close round ``n`` (``act``: store/events.call_time or close_round) with the edit token.
    ``n`` is taken as text, not ``<int:n>``: a round that is not a number is this route's 404 naming the round,
    and the route exists for every path (tests/web/test_csrf.py posts to each rule as written)."""
    read_body(set())
    event, _editable = _find_event(token, write=True)
    try:
        if not (n.isdigit() and len(n) < 4):
            raise LookupError(n)
        act(get_session(), event, int(n))
    except LookupError:
        raise ApiError(404, _("this event has no round %(round)s", round=n), code="not_found",
                       field="round") from None
    except EventError as exc:
        get_session().rollback()
        raise _event_refused(exc) from None
    return event_body(event, edit=True)


@bp.post("/events/<token>/rounds/<n>/time")
def call_event_time(token: str, n: str):
    """Call time on round ``n`` (the last, once): each table finishes the hand it is playing (store/events.py).
    The body is ``{}`` as JSON, like POST …/rounds."""
    return _clock(token, n, events.call_time)


@bp.post("/events/<token>/rounds/<n>/close")
def close_event_round(token: str, n: str):
    """Close round ``n`` (the last, once): each table's counted hands are frozen; later hands do not count."""
    return _clock(token, n, events.close_round)
