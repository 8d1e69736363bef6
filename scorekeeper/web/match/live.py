"""Every phone sees the sheet live (issue 22): a tiny version answer per match that the sheet, the read-only view and
the hand form poll (static/live.js) to learn of a hand saved, corrected or undone on another phone.

Polling, not a long-lived connection: waitress serves from a fixed pool of threads, and a connection held open per
phone would take one each. Each poll is a conditional GET: the answer's strong ETag is the match version, so a phone
that already knows the version gets a 304 with no body after one indexed read (``match_version``, the remembered
sheet's own read). Only a changed version costs a second read: the last event of the log, by its unique
(match_id, seq) index, and how many hands there are now. Never the scoresheet or a replay of the match.

The answer says no more than the page of the same link shows (the version, the number of hands and what the last
save did), so the read-only link's answer gives a spectator nothing new; both links are answered alike.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, request
from flask_babel import gettext as _, ngettext
from flask_limiter import RateLimitExceeded
from sqlalchemy import bindparam, case, func, select

from scorekeeper.limiter import limit_endpoints, retry_after, slow_down, too_many
from scorekeeper.store.db import get_session
from scorekeeper.store.matches import match_version
from scorekeeper.store.models import HandEvent
from scorekeeper.web.common import NO_MATCH

bp = Blueprint("live", __name__)

# The last event of the log and the hands there are now (adds less undos), in one statement: the hands count
# cannot be read from the last event alone (a correction of hand 3 says nothing of hand 5).
_LAST_EVENT = (select(HandEvent.action, HandEvent.hand_number,
                      select(func.coalesce(func.sum(case((HandEvent.action == "add", 1),
                                                         (HandEvent.action == "undo", -1), else_=0)), 0))
                      .where(HandEvent.match_id == bindparam("id")).scalar_subquery())
               .where(HandEvent.match_id == bindparam("id"))
               .order_by(HandEvent.seq.desc()).limit(1))


def _etag(version: int) -> str:
    return str(version)


def _version(token: str, *, editable: bool):
    found = match_version(get_session(), token, editable=editable)
    if found is None:
        return _json({"error": {"status": 404, "message": str(NO_MATCH)}}, 404)
    match_id, version = found
    if request.if_none_match.contains_weak(_etag(version)):
        # RFC 9110: a 304 carries the ETag and Cache-Control a 200 would have had
        response = Response(status=304)
        response.set_etag(_etag(version))
        response.headers["Cache-Control"] = "no-cache"
        return response
    row = get_session().connection().execute(_LAST_EVENT, {"id": match_id}).first()
    last = None if row is None else {"action": row[0], "number": row[1]}
    response = _json({"version": version, "hands": 0 if row is None else int(row[2]), "last": last}, 200)
    response.set_etag(_etag(version))
    return response


def _json(body: dict[str, Any], status: int) -> Response:
    response = jsonify(body)
    response.status_code = status
    # no-cache, not no-store: a phone may keep the answer but must ask (If-None-Match) before using it again
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/m/<token>/live")
def edit_version(token: str):
    return _version(token, editable=True)


@bp.get("/v/<token>/live")
def view_version(token: str):
    return _version(token, editable=False)


limit_endpoints(bp, "RATELIMIT_LIVE", ("edit_version", "view_version"))


@bp.errorhandler(RateLimitExceeded)
def _too_many(error: RateLimitExceeded):
    # In JSON, for the poller, which waits the Retry-After itself (static/live.js). Held like every refusal
    # (limiter.slow_down, when the server has threads to spare): a loop must not get its 429s at full speed; a
    # real phone's background ask loses nothing by waiting a second.
    slow_down()
    seconds = retry_after()
    response = _json({"error": {"status": 429, "message": too_many(seconds), "retry_after": seconds}}, 429)
    response.headers["Retry-After"] = str(seconds)
    return response


@bp.errorhandler(404)
def _not_found(error):
    return _json({"error": {"status": 404, "message": str(NO_MATCH)}}, 404)


@bp.app_template_global()
def live_strings(plays_games: bool) -> dict[str, str]:
    """What the hand form's notice says (static/live.js fills in the number): in the page's language, a game for
    a family whose entries are games (Keltis), as views.py says it. ``{n}`` is the number the script writes in;
    ``more`` counts the saves since the form was opened."""
    n = "{n}"
    if plays_games:
        said = {"add": _("Game %(number)s was saved on another phone.", number=n),
                "edit": _("Game %(number)s was corrected on another phone.", number=n),
                "undo": _("Game %(number)s was removed on another phone.", number=n)}
    else:
        said = {"add": _("Hand %(number)s was saved on another phone.", number=n),
                "edit": _("Hand %(number)s was corrected on another phone.", number=n),
                "undo": _("Hand %(number)s was removed on another phone.", number=n)}
    # Shown only for two or more, so the form for 2 is the one the script needs in English and Hungarian (whose
    # plural does not change with the number); a language whose plural changes past 2 would need its forms here.
    return {**said, "more": ngettext("%(count)s change since this form was opened.",
                                     "%(count)s changes since this form was opened.", 2, count=n)}
