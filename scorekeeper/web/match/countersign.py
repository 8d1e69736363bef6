"""The opponent's countersign on their own phone (issue 24, optional part; the log's side: store/countersign.py).

``/m/<token>/countersign`` (the edit link only: a spectator signs nothing) asks once which side this phone plays
for and keeps the answer in a cookie scoped to the match's path, so each match asks again (a club night's phone
plays for NS at one table and EW at the next). It then lists the hands, newest first, each either countersigned
("✓ Countersigned by East–West") or with a large "Confirm hand N" button: a plain POST form with the CSRF token,
the revision shown and a save key, so a double tap stores one countersign and a correction made meanwhile is
never signed unseen.

With scripting, the Confirm forms go through the phone's outbox (static/outbox_confirm.js over static/outbox.js,
issue 22) like the hand form: offline, a tap is kept on the phone under its save key, the row says so, and it is
sent by itself when the Wi-Fi is back; the save key (and one countersign per side and revision) makes any repeat
store nothing. Without scripting, the plain form posts as before.

A hand this phone's side entered or last corrected (its hand form sent the side: web/match/phone_side.py) gets a
short note instead of the button, and a post for it is refused (409): an opponent countersigns it.

The sheet page is remembered per match version for every phone alike (web/match/pages.py), so it cannot read this
phone's cookie: it shows each hand's ✓ and a link here, and this page (never remembered) does the rest.
"""

from __future__ import annotations

import uuid
from typing import Any

from flask import abort, flash, make_response, redirect, render_template, request, url_for
from flask_babel import gettext as _, ngettext
from scorekeeper.fronts import front_of
from scorekeeper.limiter import quota_message, slow_down, spend
from scorekeeper.rules import RecordError
from scorekeeper.rules.bounds import decimal
from scorekeeper.store import countersign
from scorekeeper.store.db import get_session
from scorekeeper.store.matches import rules_of, scoresheet
from scorekeeper.store.models import Match
from scorekeeper.store.quota import QuotaSpent
from scorekeeper.store.saves import AlreadySaved, Unavailable
from scorekeeper.web.common import load_match
from scorekeeper.web.entry.clash import _scores
from scorekeeper.web.entry.views import unavailable_message
from scorekeeper.web.match.views import bp

from scorekeeper.web.match.phone_side import COOKIE, COOKIE_DAYS, my_side as _my_side  # noqa: F401 (re-exported)


def _page(match: Match, token: str, *, status: int = 200, notice: str | None = None):
    sheet, front = scoresheet(match), front_of(rules_of(match))
    signed, side, entered = countersign.confirmations(match), _my_side(match), countersign.entered_by(match)
    # "own": this phone's side entered (or last corrected) the hand: no Confirm button, an opponent signs it
    hands = [{"number": hand["number"], "revision": hand["revisions"], "scores": _scores(sheet, hand["number"]),
              "by": by, "mine": side is not None and any(b["side"] == side for b in by),
              "own": side is not None and typed == side}
             for hand, by, typed in zip(reversed(sheet["hands"]), reversed(signed), reversed(entered))]
    return render_template("countersign.html", sheet=sheet, hands=hands, side=side, token=token, notice=notice,
                           sides=[s.name for s in match.sides], plays_games=front.plays_games,
                           save_key=str(uuid.uuid4())), status


@bp.get("/m/<token>/countersign")
def countersign_page(token: str):
    return _page(load_match(token, editable=True), token)


@bp.post("/m/<token>/countersign")
def choose_side(token: str):
    """Remember (or, with an empty ``side``, forget) the side this phone plays for in this match."""
    match = load_match(token, editable=True)
    response = make_response(redirect(url_for("match.countersign_page", token=token), 303))
    path = url_for("match.countersign_page", token=token).rsplit("/", 1)[0]       # /m/<token>: its pages only
    chosen = decimal(request.form.get("side", ""), most=len(match.sides) - 1)
    if chosen is None:
        response.delete_cookie(COOKIE, path=path)
        return response
    response.set_cookie(COOKIE, str(chosen), max_age=COOKIE_DAYS * 86400, path=path, httponly=True,
                        samesite="Lax", secure=request.is_secure)
    return response


@bp.post("/m/<token>/hands/<int:number>/confirm")
def confirm_hand(token: str, number: int) -> Any:
    match = load_match(token, editable=True)
    side = _my_side(match)
    if side is None:
        return _page(match, token, status=400, notice=_("Choose the side you play for first."))
    revision = decimal(request.form.get("revision", ""), most=10_000)
    if revision is None:
        abort(400, description=_("The form did not say which revision of the hand it shows; reload the page "
                                 "and try again."))
    if (seconds := spend("RATELIMIT_ADD")) is not None:
        slow_down()
        page, status = _page(match, token, status=429, notice=ngettext(
            "Too many changes from your address in a short time, so nothing was saved. Please wait %(num)d second "
            "and try again.", "Too many changes from your address in a short time, so nothing was saved. Please "
            "wait %(num)d seconds and try again.", seconds))
        return page, status, {"Retry-After": str(seconds)}
    try:
        countersign.confirm_hand(get_session(), match, number, side, revision=revision,
                                 key=request.form.get("save_key") or None)
    except AlreadySaved:
        pass                             # a double tap or a re-sent form: stored once
    except countersign.Outdated as exc:
        return _page(match, token, status=409, notice=_(
            "Hand %(number)s was corrected since (it is now at revision %(revision)s); look at it again before "
            "countersigning.", number=exc.number, revision=exc.revision))
    except countersign.OwnHand as exc:
        return _page(match, token, status=409, notice=_(
            "Hand %(number)s was entered by %(side)s's phone: an opponent countersigns it.",
            number=exc.number, side=exc.side_name))
    except LookupError:
        abort(404, description=_("This match has no hand %(number)d.", number=number))
    except RecordError as exc:
        abort(400, description=str(exc))
    except Unavailable:
        return _page(match, token, status=503, notice=unavailable_message())
    except QuotaSpent as exc:
        return _page(match, token, status=429, notice=quota_message(exc.retry_after))
    name = match.sides[side].name
    flash(_("Game %(number)s countersigned by %(side)s.", number=number, side=name)
          if front_of(rules_of(match)).plays_games else
          _("Hand %(number)s countersigned by %(side)s.", number=number, side=name))
    return redirect(url_for("match.countersign_page", token=token) + f"#sign-{number}", 303)
