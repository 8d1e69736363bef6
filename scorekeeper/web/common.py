"""Small helpers the blueprints share."""

from __future__ import annotations

from flask import abort

from ..db import get_session
from ..matches import find_match
from ..models import Match

NO_MATCH = "No match at this link. Check that the whole link was copied."


def load_match(token: str, *, editable: bool) -> Match:
    """The match behind a secret link, or 404 (the same answer for a wrong token and a missing match)."""
    match = find_match(get_session(), token, editable=editable)
    if match is None:
        abort(404, description=NO_MATCH)
    return match
