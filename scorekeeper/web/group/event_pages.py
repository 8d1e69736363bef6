"""A club night's standings page (issue 24): ``/e/<token>``, for the organiser's screen and any phone.

The round, each table (who plays, its score, hands played of K) and the standings (rank, entrant, VP,
match-point difference), in big type. It refreshes itself as the live sheet does: static/live.js polls
``/e/<token>/live`` (a version: the sum of the tables' match versions and the number of tables, so a hand
saved at any table or a new round seated changes it) and puts the fresh page's [data-live-part] in place;
without scripting a Reload link does it. Its routes join the group blueprint (like stats_pages).
"""

from __future__ import annotations

from typing import Any

from flask import Response, abort, jsonify, render_template, request

from scorekeeper.store import events
from scorekeeper.store.db import get_session
from scorekeeper.store.models import Event
from scorekeeper.web.group.views import bp


def _event(token: str) -> Event:
    found = events.find_event(get_session(), token)
    if found is None:
        abort(404)
    return found


def version_of(event: Event) -> int:
    return sum(t.match.version for t in event.tables) * 1000 + len(event.tables)


def page_of(event: Event) -> dict[str, Any]:
    settings = events.settings_of(event)
    names = {e.number: " & ".join(e.players) for e in event.entrants}
    table = events.standings_of(event, settings)
    last = event.rounds[-1].round if event.rounds else 0
    tables = []
    for t in event.tables:
        if t.round != last:
            continue
        state = events.table_state(settings, t)
        tables.append({"table": t.table, "ns_name": names[t.ns], "ew_name": names[t.ew], **state, "match": t.match})
    bye = event.rounds[-1].bye if event.rounds else None
    return {"event": event, "round": last, "rounds": settings.rounds, "hands_most": settings.hands,
            "minutes": settings.minutes, "tables": tables, "bye": names.get(bye) if bye else None,
            "standings": [{"rank": line.rank, "name": names[line.entrant], "vp": line.vp,
                           "difference": line.difference} for line in table.lines],
            "provisional": table.provisional, "version": version_of(event)}


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
