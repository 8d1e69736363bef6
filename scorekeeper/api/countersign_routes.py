"""The opponent's countersign in the JSON API (issue 24, store/countersign.py): ``POST
/api/v1/matches/<edit token>/hands/<n>/confirm`` with ``{"side": i, "save_key"?, "revision"?}``. The routes hang on
the API blueprint (scorekeeper/api/__init__.py), whose helpers and error answers they use."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from scorekeeper.api import ApiError, _find, _save_key, bp, read_body, state
from scorekeeper.limiter import charge
from scorekeeper.rules import RecordError
from scorekeeper.store import countersign
from scorekeeper.store.db import get_session
from scorekeeper.store.saves import AlreadySaved, check_key

CONFIRM_FIELDS = {"side", "save_key", "revision"}


def _key(data: dict[str, Any]) -> str | None:
    """The body's ``save_key``, else the ``Idempotency-Key`` header (every other save's): the same key twice
    stores one countersign."""
    if "save_key" not in data:
        return _save_key()
    try:
        return check_key(data["save_key"])
    except RecordError as exc:
        raise ApiError(400, str(exc), code="unreadable", field="save_key") from None


@bp.post("/matches/<token>/hands/<int:number>/confirm")
def confirm_hand(token: str, number: int):
    """201 with the countersign stored; 200 when nothing new was stored (that side had already countersigned
    this revision, or a retry of the same save key). 403 from the read-only link, 404 for a hand the match does
    not have, 400 naming a bad ``side``/``revision``/``save_key``, 409 ``outdated`` when ``revision`` is not
    the hand's current one (it was corrected since the phone showed it), 409 ``own_hand`` when ``side``'s phone
    entered (or last corrected) that revision: an opponent countersigns it."""
    charge("RATELIMIT_ADD")              # a write to the log like a hand's, never a replay
    match, _editable = _find(token, write=True)
    data = read_body(CONFIRM_FIELDS)
    key = _key(data)
    try:
        stored = countersign.confirm_hand(get_session(), match, number, data.get("side"),
                                          revision=data.get("revision"), key=key)
    except AlreadySaved:
        stored = False
    except countersign.Outdated as exc:
        raise ApiError(409, _("hand %(number)s was corrected since (it is now at revision %(revision)s); look at "
                              "it again before countersigning", number=exc.number, revision=exc.revision),
                       code="outdated", field="revision", revision=exc.revision,
                       extra={"state": state(match)}) from None
    except countersign.OwnHand as exc:
        raise ApiError(409, _("Hand %(number)s was entered by %(side)s's phone: an opponent countersigns it.",
                              number=exc.number, side=exc.side_name),
                       code="own_hand", field="side", extra={"state": state(match)}) from None
    except LookupError:
        raise ApiError(404, _("This match has no hand %(number)d.", number=number), code="not_found") from None
    found = countersign.confirmations(match)
    by = found[number - 1] if number <= len(found) else []     # a retry answered after the hand was undone
    return {"number": number, "stored": stored, "confirmed_by": by, **state(match)}, 201 if stored else 200
