"""The side a phone plays for in one match (issue 24): chosen once on the countersign page
(web/match/countersign.py) and kept in a cookie scoped to the match's path ``/m/<token>``, so the hand form under
it reads it too. The hand form sends it with each hand it saves (a hidden ``entered_by``), so the log knows which
side's phone entered a hand and asks an opponent to countersign it (store/countersign.py)."""

from __future__ import annotations

from flask import request

from scorekeeper.rules.bounds import decimal
from scorekeeper.store.models import Match

COOKIE = "countersign_side"
COOKIE_DAYS = 60         # a season of club nights; the cookie is one match's, under its path


def side_index(match: Match, value: str | None) -> int | None:
    """``value`` (a form field or the cookie) as the index of one of ``match``'s sides, else None."""
    found = decimal(value or "", most=len(match.sides) - 1)
    return found if found is not None and 0 <= found < len(match.sides) else None


def my_side(match: Match) -> int | None:
    """The side this phone said it plays for in ``match`` (its cookie), None if it never chose."""
    return side_index(match, request.cookies.get(COOKIE))


def entering_side(match: Match) -> int | None:
    """The side a posted hand form was entered for: its hidden ``entered_by`` (kept by the offline outbox with
    the other fields), else the cookie read now (a form loaded before the phone chose), else None (unknown)."""
    posted = side_index(match, request.form.get("entered_by"))
    return posted if posted is not None else my_side(match)
