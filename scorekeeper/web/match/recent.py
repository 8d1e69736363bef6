"""The matches opened on this phone, for the home page's list: kept on the phone in a signed cookie.

Why a cookie read by the server, not the browser's storage: the list must work without scripting (every page
does), and its totals come from the database anyway, so the server renders it. Why signed: the home page looks
each link up, and an unsigned cookie would let a loop try guessed tokens there past the rate limits; signed, the
cookie holds only links this server itself handed to this phone. Bounded to ``MOST`` links (a token is 32
characters, the cookie stays under 1 KiB, far below the 4 KiB browsers keep). A link opened as the read-only
view is remembered as the view link only, so a spectator's phone never lists an edit link; a phone that opened
both keeps the edit link. A match that is gone is dropped from the cookie quietly the next time the list is read.
"""

from __future__ import annotations

import re
from typing import Any

from flask import Response, current_app, request
from flask_babel import format_date
from itsdangerous import BadSignature, URLSafeSerializer

from scorekeeper.store.db import get_session
from scorekeeper.store.matches import find_match, scoresheet

COOKIE = "recent_matches"
SALT = "recent-matches"
MOST = 12                                # a family's season of evenings; older ones fall off the end
MAX_AGE = 400 * 24 * 3600                # browsers cap a cookie's life at 400 days
_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")


def signed_items(cookie: str, salt: str) -> list[Any]:
    """The list a signed cookie of this phone holds; an unreadable, forged or oversized one is an empty list
    (the phone simply has no list yet). Shared with the house-rules presets (:mod:`scorekeeper.web.house.phone`)."""
    raw = request.cookies.get(cookie)
    if not raw or len(raw) > 4096:
        return []
    try:
        items = URLSafeSerializer(current_app.secret_key, salt=salt).loads(raw)
    except (BadSignature, ValueError):
        return []
    return items if isinstance(items, list) else []


def store_signed(response: Response, cookie: str, salt: str, items: list[Any]) -> Response:
    response.set_cookie(cookie, URLSafeSerializer(current_app.secret_key, salt=salt).dumps(items), max_age=MAX_AGE,
                        httponly=True, samesite="Lax", secure=request.scheme == "https")
    return response


def remembered() -> list[tuple[int, bool, str]]:
    """``(match id, edit link?, token)`` per remembered link, most recent first; an unreadable or forged cookie
    is an empty list (the phone simply has no list yet)."""
    items = signed_items(COOKIE, SALT)
    return [(i, e, t) for i, e, t in (x for x in items if isinstance(x, list) and len(x) == 3)
            if type(i) is int and type(e) is bool and isinstance(t, str) and _TOKEN.fullmatch(t)][:MOST]


def store(response: Response, links: list[tuple[int, bool, str]]) -> None:
    store_signed(response, COOKIE, SALT, [list(link) for link in links[:MOST]])


def remember(response: Response, match_id: int, token: str, *, editable: bool) -> Response:
    """Put the match just opened first in the phone's list. Opened read-only, it never replaces the edit link
    this phone already has for it."""
    links = remembered()
    had_edit = any(i == match_id and e for i, e, _t in links)
    first = next(((i, e, t) for i, e, t in links if i == match_id and e), None) if had_edit and not editable \
        else (match_id, editable, token)
    store(response, [first, *((i, e, t) for i, e, t in links if i != match_id)])
    return response


def listing() -> tuple[list[dict[str, Any]], list[tuple[int, bool, str]] | None]:
    """The home page's rows (players and current totals), and the links to keep when some were dropped
    because their match is gone (``None`` when nothing changed)."""
    rows, kept = [], []
    links = remembered()
    for match_id, editable, token in links:
        match = find_match(get_session(), token, editable=editable)
        if match is None or match.id != match_id:
            continue
        sheet = scoresheet(match)
        kept.append((match_id, editable, token))
        # when it was last played: the last save, else its start (stored naive, in UTC)
        played = match.events[-1].created_at if match.events else match.created_at
        rows.append({"match": sheet["match"], "editable": editable, "token": token, "hands": len(sheet["hands"]),
                     "totals": [(name, sheet["totals"][name]) for name in sheet["columns"]],
                     "over": sheet["match_over"], "played": played.isoformat(timespec="seconds") + "Z",
                     "played_text": format_date(played, "medium"), "started": not match.events})
    return rows, (kept if len(kept) != len(links) else None)
