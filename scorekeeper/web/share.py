"""The sheet's share box (links, Copy, Share, QR codes) and what Rematch copies (the route is in :mod:`.match`).

The read-only page gets the view link only: an edit token never reaches a page opened with a view link.
Rematch is a POST (with the CSRF token) that lands on the new match: one tap at the end of an evening, and no
player names or options travel in a URL (a prefilled form would put them in the query string and the history,
and ask for a second tap on a form nobody needs to change).
"""

from __future__ import annotations

from typing import Any

from flask import url_for
from flask_babel import gettext as _

from ..models import Match
from ..qr import qr_svg


def share_links(match: Match, *, editable: bool) -> list[dict[str, Any]]:
    """The links the sheet offers to share, the spectators' first; the edit link only on the edit page."""
    view_url = url_for("match.view", token=match.view_token, _external=True)
    links = [{"id": "view-link", "url": view_url, "label": _("Read-only link for spectators"),
              "help": _("Spectators see the scoresheet but cannot change anything."),
              "qr": qr_svg(view_url, _("QR code of the read-only link"))}]
    if editable:
        edit_url = url_for("match.sheet", token=match.edit_token, _external=True)
        links.append({"id": "edit-link", "url": edit_url, "label": _("Edit link (this page)"),
                      "help": _("Anyone with this link can enter and change hands: share it only with the "
                                "scorekeepers."),
                      "qr": qr_svg(edit_url, _("QR code of the edit link"))})
    return links


def rematch_request(match: Match) -> dict[str, Any]:
    """A new match like ``match``: its variant, options, title and sides (today's rules of that variant)."""
    return {"variant": match.variant, "options": dict(match.options), "title": match.title,
            "sides": [{"name": s.name, "players": list(s.players)} for s in match.sides]}
