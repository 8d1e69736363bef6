"""The JSON API under ``/api/v1``: the CLI's score and check-meld, the variants, and matches.

A thin front over :mod:`scorekeeper.service` and :mod:`scorekeeper.store.matches`. Bodies are JSON objects sent as
``application/json`` (which is also why the blueprint is exempt from the form CSRF token: see docs/api.md).
Every error is JSON: ``{"error": {"status", "message", "code", "field"?, ...}, "problems": [...]}``.
"""

from __future__ import annotations

from typing import Any, Iterable

from flask import Blueprint, g, request, url_for
from flask_babel import get_locale
from flask_babel import gettext as _
from sqlalchemy.exc import OperationalError

from scorekeeper.store import countersign, matches
from scorekeeper import service
from scorekeeper.store.db import get_session
from scorekeeper.limiter import charge, limit
from scorekeeper.store.matches import MAX_VERSION, HandRejected, StaleMatch
from scorekeeper.store.saves import AlreadySaved, KeyReused, Unavailable, check_key
from scorekeeper.store.models import Match
from scorekeeper.rules import NotationError, RecordError, ScorekeeperError
from scorekeeper.rules.bounds import bad_json
from scorekeeper.rules.json_text import JsonUnreadable, read_json
from scorekeeper.display.words import kind_label, said, say_error
from scorekeeper.display.keypad import notation_lang

bp = Blueprint("api", __name__, url_prefix="/api/v1")

JSON_TYPE = "application/json"
CHECK_FIELDS = {"variant", "cards", "options", "opening_minimum", "going_out", "opening_canasta"}
MATCH_FIELDS = {"variant", "options", "title", "sides", "rules", "house_name", "first_dealer"}
HAND_FIELDS = {"version", "hand", "entered_by"}     # entered_by: issue 24, the side whose phone entered it


class ApiError(Exception):
    """An answer other than success; ``error`` keys go inside ``"error"``, ``extra`` beside it."""

    def __init__(self, status: int, message: str, *, code: str, field: str | None = None,
                 problems: list | None = None, extra: dict[str, Any] | None = None, **error: Any) -> None:
        super().__init__(message)
        self.status, self.problems, self.extra = status, problems or [], extra or {}
        self.error = {"status": status, "code": code, "message": message, **({"field": field} if field else {}),
                      **error}

    def response(self):
        return {"error": self.error, "problems": self.problems, **self.extra}, self.status


# --- helpers -----------------------------------------------------------------------------------------------

def read_body(allowed: Iterable[str] | None = None) -> dict[str, Any]:
    """The request's JSON object, or an :class:`ApiError` saying what is wrong with it (415 or 400)."""
    if not request.is_json:
        raise ApiError(415, _("send the body as JSON with the header Content-Type: %(type)s", type=JSON_TYPE),
                       code="unsupported_media_type", expected=JSON_TYPE)
    try:
        data = read_json(request.get_data(cache=True))
    except JsonUnreadable as exc:        # in our words, never Python's (rules/json_text.py)
        located = {"position": exc.position, "line": exc.line, "column": exc.column} if exc.line else {}
        raise ApiError(400, say_error(exc), code="invalid_json", **located) from None
    if not isinstance(data, dict):
        raise ApiError(400, _not_an_object(data), code="not_an_object")
    if bad := bad_json(data):       # stored text must encode as UTF-8 on every page later; nesting is bounded
        raise ApiError(400, _("%(field)s: %(reason)s", field=bad[0], reason=bad[1]), code="unreadable",
                       field=bad[0])
    if allowed is not None and (unknown := sorted(set(data) - set(allowed))):
        raise ApiError(400, _("unknown field %(name)r; fields are: %(known)s", name=unknown[0],
                              known=", ".join(sorted(allowed))), code="unreadable", field=unknown[0])
    return data


def _not_an_object(value: Any) -> str:
    """Why a body that is JSON but no object is refused, in JSON's words (not Python's ``list``, ``NoneType``)."""
    if value is None:
        return _("the body must be a JSON object {...}, not null")
    if isinstance(value, bool):
        return _("the body must be a JSON object {...}, not true or false")
    if isinstance(value, list):
        return _("the body must be a JSON object {...}, not a list […]")
    if isinstance(value, str):
        return _("the body must be a JSON object {...}, not text")
    return _("the body must be a JSON object {...}, not a number")


def _optional_object(data: dict[str, Any], key: str) -> dict[str, Any] | None:
    value = data.get(key)
    if value is not None and not isinstance(value, dict):
        raise ApiError(400, _("%(key)s must be an object", key=key), code="unreadable", field=key)
    return value


def _text(data: dict[str, Any], key: str, default: str | None = None) -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise ApiError(400, _("%(key)s must be text", key=key), code="unreadable", field=key)
    return value


def _version(data: dict[str, Any]) -> int:
    value = data.get("version")
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_VERSION:
        raise ApiError(400, _("send the match version this change is based on, as a whole number (the sheet's "
                              "match.version)"), code="unreadable", field="version")
    return value


def _save_key() -> str | None:
    """The ``Idempotency-Key`` header: the same key saved twice stores one change (docs/api.md)."""
    try:
        return check_key(request.headers.get("Idempotency-Key"))
    except RecordError as exc:
        raise ApiError(400, str(exc), code="unreadable", field="Idempotency-Key") from None


def _hand(data: dict[str, Any]) -> Any:
    """The body's hand; its sides must be objects (matches pairs them with the match's sides by name)."""
    hand = data.get("hand")
    sides = hand.get("sides") if isinstance(hand, dict) else None
    for i, side in enumerate(sides if isinstance(sides, list) else []):
        if not isinstance(side, dict):
            raise ApiError(400, _("each side must be an object with a name"), code="unreadable", field=f"sides[{i}]")
    return hand


def _behind_link(find: Any, token: str, *, write: bool, missing: str, read_only: str) -> tuple[Any, bool]:
    """What either link of a match or a group opens, and whether it was the edit link; 404 (``missing``) if
    neither, 403 (``read_only``) if ``write`` with the read-only link."""
    session = get_session()
    found = find(session, token, editable=True)
    editable = found is not None
    found = found or find(session, token, editable=False)
    if found is None:
        raise ApiError(404, missing, code="not_found")
    if write and not editable:
        raise ApiError(403, read_only, code="read_only")
    return found, editable


def _find(token: str, *, write: bool) -> tuple[Match, bool]:
    """The match behind either link; 404 if none, 403 if ``write`` with the read-only link."""
    match, editable = _behind_link(
        matches.find_match, token, write=write,
        missing=_("No match at this link. Check that the whole link was copied."),
        read_only=_("this is the read-only link of the match; changes need the edit link"))
    g.api_match = match
    return match, editable


def _link_urls(thing: Any, editable: bool, *, view: str, edit: tuple[str, str], api: str) -> dict[str, str]:
    """Absolute links of a match or a group; its edit link (``edit``: the key and the page's endpoint) only for the
    edit token, so the view link never reveals it."""
    urls = {"view": url_for(view, token=thing.view_token, _external=True)}
    if editable:
        urls[edit[0]] = url_for(edit[1], token=thing.edit_token, _external=True)
    urls["api"] = url_for(api, token=thing.edit_token if editable else thing.view_token, _external=True)
    return urls


def _urls(match: Match, editable: bool) -> dict[str, str]:
    return _link_urls(match, editable, view="match.view", edit=("sheet", "match.sheet"), api="api.get_match")


def state(match: Match) -> dict[str, Any]:
    """What a client needs after a change, or to see that it is out of date: the match's version and number of
    hands, the totals, the next opening minimums, whether it is over and who won. Not every hand (a long match's
    sheet is a megabyte): ``GET /matches/<token>`` has the whole sheet."""
    sheet = matches.scoresheet(match)
    return {"version": sheet["match"]["version"], "hands": len(sheet["hands"]), "totals": sheet["totals"],
            "next_opening_minimum": sheet["next_opening_minimum"],
            "next_opening_canasta": sheet["next_opening_canasta"], "match_over": sheet["match_over"],
            "winner": sheet["winner"]}


def spoken(result: dict[str, Any]) -> dict[str, Any]:
    """A result or verdict whose problem messages and meld ``label`` follow the request's language, like the
    API's own messages (an opening's melds carry their own problems). Codes, ``kind``, fields and the unfilled
    ``sentence`` stay as they are: a front that shows the label live ("gold canasta ✓") shows the page's words."""
    if str(get_locale()) == "en":
        return result
    out = {**result, "problems": said(result.get("problems", []))}
    if "kind" in result:
        out["label"] = kind_label(result)
    if "melds" in result:
        out["melds"] = [spoken(m) if isinstance(m, dict) and "problems" in m else m for m in result["melds"]]
    return out


def _relative(exc: RecordError, index: int) -> RecordError:
    """Field paths of the hand being saved, relative to the hand (like its problems): ``sides[0].melds[1]``."""
    prefix = f"hands[{index}]"
    if exc.field == prefix or exc.field.startswith(prefix + "."):
        return exc.moved(lambda field: field[len(prefix) + 1:] or "hand")      # each unreadable card's field too
    return exc


# --- exceptions to answers ------------------------------------------------------------------------------------

@bp.errorhandler(ApiError)
@bp.errorhandler(ScorekeeperError)
@bp.errorhandler(StaleMatch)
@bp.errorhandler(HandRejected)
@bp.errorhandler(LookupError)
@bp.errorhandler(KeyReused)
@bp.errorhandler(Unavailable)
@bp.errorhandler(OperationalError)
def error_response(exc: Exception):
    return as_api_error(exc).response()


def as_api_error(exc: Exception) -> ApiError:
    """RecordError/NotationError → 400, StaleMatch → 409, HandRejected → 422, LookupError → 404."""
    if isinstance(exc, ApiError):
        return exc
    if isinstance(exc, NotationError):
        return ApiError(400, say_error(exc), code="unreadable", field="cards", token=exc.token,
                        position=exc.position)
    if isinstance(exc, RecordError):         # every unreadable card of the record under "errors" (docs/api.md)
        return ApiError(400, say_error(exc), code="unreadable", field=exc.field or None,
                        errors=[{"field": e.field, "message": say_error(e)} for e in exc.every])
    if isinstance(exc, ScorekeeperError):
        return ApiError(400, str(exc), code="unreadable")
    if isinstance(exc, StaleMatch):
        return ApiError(409, _("this match changed — here is the current state"), code="stale",
                        current_version=exc.current_version, extra={"state": state(g.api_match)})
    if isinstance(exc, HandRejected):
        result = spoken(exc.result)
        return ApiError(422, _("the hand breaks the rules; nothing was saved"), code="rejected",
                        problems=result["problems"], extra={"result": result})
    if isinstance(exc, KeyReused):
        return ApiError(422, str(exc), code="idempotency_key_reused", field="Idempotency-Key",
                        hand_number=exc.number, action=exc.action)
    if isinstance(exc, (Unavailable, OperationalError)):     # a read can fail the same way as a write
        return ApiError(503, str(Unavailable()), code="unavailable")
    if type(exc) is LookupError:             # matches' "no such hand"; KeyError/IndexError are bugs, not 404s
        return ApiError(404, str(exc), code="not_found")
    raise exc


# --- stateless calls ------------------------------------------------------------------------------------------

@bp.post("/score")
@limit("RATELIMIT_SCORE")
def score():
    result = spoken(service.score(read_body()))
    return result, 200 if result["ok"] else 422


def _situation(data: dict[str, Any]) -> dict[str, Any]:
    """A check-meld body's cards and situation as keyword arguments of :func:`service.check_by`."""
    cards = data.get("cards")
    if not isinstance(cards, str) and not (isinstance(cards, list) and all(isinstance(c, str) for c in cards)):
        raise ApiError(400, _("cards must be text such as \"K K 2\" or a list of card tokens"), code="unreadable",
                       field="cards")
    if not isinstance(data.get("going_out", False), bool):
        raise ApiError(400, _("going_out must be true or false"), code="unreadable", field="going_out")
    return {"cards": cards, "opening_minimum": data.get("opening_minimum"), "going_out": data.get("going_out", False),
            "opening_canasta": data.get("opening_canasta")}


@bp.post("/check-meld")
@limit("RATELIMIT_CHECK")
def check_meld():
    data = read_body(CHECK_FIELDS)
    situation = _situation(data)
    # the cards in the letters and card words of the request's language (issue 23): the lang cookie, else
    # Accept-Language, as the pages choose theirs (i18n.select_locale)
    return spoken(service.check(_text(data, "variant"), situation.pop("cards"),
                                options=_optional_object(data, "options"), lang=notation_lang(), **situation))


@bp.post("/matches/<token>/check-meld")
@limit("RATELIMIT_CHECK")
def match_check_meld(token: str):
    """A meld judged by the match's own rules (its pinned table, house rules included); either link may ask."""
    data = read_body(CHECK_FIELDS - {"variant", "options"})
    situation = _situation(data)
    match, _editable = _find(token, write=False)
    return spoken(service.check_by(matches.rules_of(match), situation.pop("cards"), lang=notation_lang(),
                                   **situation))


@bp.get("/variants")
def variants():
    return service.variants()


# --- matches ----------------------------------------------------------------------------------------------------

@bp.post("/matches")
@limit("RATELIMIT_NEW_MATCH")
def create_match():
    match = matches.create_match(get_session(), **match_arguments(read_body(MATCH_FIELDS)))
    return match_created(match)


def match_arguments(data: dict[str, Any]) -> dict[str, Any]:
    """A ``POST /matches`` body as create_match's keywords (a group's new match takes the same body).

    "rules": a house partial deep-merged over the variant and its options (docs/api.md, "House rules"); a bad key
    or value is a RecordError naming "rules.<dotted key>", every problem under "errors"."""
    return {"variant": _text(data, "variant"), "options": _optional_object(data, "options"),
            "sides": data.get("sides"), "title": _text(data, "title", ""), "house": _optional_object(data, "rules"),
            "house_name": _text(data, "house_name", ""),
            # issue 22: who deals hand 1, one of the players; left out: the first player
            "first_dealer": data.get("first_dealer")}


def match_created(match: Match, **more: Any) -> tuple[dict[str, Any], int, dict[str, str]]:
    """The 201 answer to a new match: its links and its sheet (``more``: what the route adds)."""
    urls = _urls(match, editable=True)
    body = {"edit_token": match.edit_token, "view_token": match.view_token, "urls": urls, **more,
            "sheet": sheet_of(match)}
    return body, 201, {"Location": urls["api"]}


def sheet_of(match: Match) -> dict[str, Any]:
    """The scoresheet with the match's house rules: ``"house": {"name", "changes"}``, null without them; each
    hand with ``confirmed_by``, the sides that countersigned its current revision (store/countersign.py)."""
    sheet = matches.scoresheet(match)        # remembered and shared: copied, never changed
    hands = [{**hand, "confirmed_by": by} for hand, by in zip(sheet["hands"], countersign.confirmations(match))]
    return {**sheet, "hands": hands, "house": matches.house_of(match)}


@bp.get("/matches/<token>")
def get_match(token: str):
    match, editable = _find(token, write=False)
    return {**sheet_of(match), "editable": editable, "urls": _urls(match, editable)}


def _save_hand(token: str, number: int | None):
    # Counted here, before the match is even looked up, as a decorator would (scorekeeper.limiter.spend: the web
    # forms count the same budgets inside their views, to answer on the form)
    charge("RATELIMIT_ADD" if number is None else "RATELIMIT_CORRECT")
    match, _editable = _find(token, write=True)
    data = read_body(HAND_FIELDS)
    version, hand, session, key = _version(data), _hand(data), get_session(), _save_key()
    entered_by = matches.entering_side(match, data.get("entered_by"))     # a 400 naming it, before the hand's own
    index = len(matches.current_entries(match)) if number is None else number - 1
    try:
        if number is None:
            result = matches.add_hand(session, match, hand, based_on=version, key=key, entered_by=entered_by)
            number = index + 1
        else:
            result = matches.edit_hand(session, match, number, hand, based_on=version, key=key,
                                       entered_by=entered_by)
    except AlreadySaved as first:        # a retry: answered as the first save was, nothing stored again
        number, result = first.number, first.result
    except RecordError as exc:
        raise _relative(exc, index) from None
    return {"number": number, "result": result.to_dict(), **state(match)}


@bp.post("/matches/<token>/hands")
def add_hand(token: str):
    return _save_hand(token, None), 201


@bp.put("/matches/<token>/hands/<int:number>")
def edit_hand(token: str, number: int):
    return _save_hand(token, number), 200


@bp.post("/matches/<token>/undo")
def undo(token: str):
    charge("RATELIMIT_CORRECT")          # undo and corrections: one budget, each a replay
    match, _editable = _find(token, write=True)
    version, key = _version(read_body({"version"})), _save_key()
    try:
        removed = matches.undo_last(get_session(), match, based_on=version, key=key)
    except AlreadySaved as first:
        removed = first.number
    except LookupError:
        raise ApiError(409, _("there is no hand to undo"), code="nothing_to_undo",
                       extra={"state": state(match)}) from None
    return {"removed": removed, **state(match)}


@bp.get("/matches/<token>/hands/<int:number>/revisions")
def hand_revisions(token: str, number: int):
    match, _editable = _find(token, write=False)
    found = matches.revisions(match, number)
    if not found:
        raise ApiError(404, _("hand %(n)d was never entered in this match", n=number), code="not_found")
    return found
