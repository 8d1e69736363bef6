"""The sheet's share box (links, Copy, Share, QR codes) and what Rematch copies (the route is in :mod:`.views`).

The read-only page gets the view link only: an edit token never reaches a page opened with a view link.
Rematch is a POST (with the CSRF token) that lands on the new match: one tap at the end of an evening, and no
player names or options travel in a URL (a prefilled form would put them in the query string and the history,
and ask for a second tap on a form nobody needs to change).

A double tap on Rematch (or the form sent again after a Wi-Fi blip) starts one match: each sheet served carries a
fresh ``rematch_key`` (the remembered page holds a placeholder, filled per request like the CSRF token), and the
new match's edit token is an HMAC of the old match's edit token and that key under the app's secret. The same
form sent again names the same token, so it finds the match the first tap started, and two copies racing meet
the token's unique constraint: no schema change, and the token stays unguessable.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import uuid
from typing import Any

from flask import current_app, request, url_for
from flask_babel import gettext as _

from scorekeeper.store.matches import TOKEN_BYTES, house_of
from scorekeeper.store.models import Match
from scorekeeper.display.qr import qr_svg
from scorekeeper.rules import RecordError
from scorekeeper.rules.tables.house import unflat
from scorekeeper.store.saves import check_key

# Random per process: no entered name can forge it. A served sheet gets a fresh key in its place.
REMATCH_KEY_PLACEHOLDER = f"rematch-key-{secrets.token_hex(16)}"


def links_to_share(view_url: str, edit_url: str | None, *, view_words: tuple[Any, Any],
                   edit_words: tuple[Any, Any]) -> list[dict[str, Any]]:
    """Links to share as the share box shows them (templates/_share_links.html): the read-only one first, the edit
    link only when given (on the edit page); each with its label, its help and its QR code."""
    links = [{"id": "view-link", "url": view_url, "label": view_words[0], "help": view_words[1],
              "qr": qr_svg(view_url, _("QR code of the read-only link"))}]
    if edit_url:
        links.append({"id": "edit-link", "url": edit_url, "label": edit_words[0], "help": edit_words[1],
                      "qr": qr_svg(edit_url, _("QR code of the edit link"))})
    return links


def share_links(match: Match, *, editable: bool) -> list[dict[str, Any]]:
    """The links the sheet offers to share, the spectators' first; the edit link only on the edit page."""
    return links_to_share(
        url_for("match.view", token=match.view_token, _external=True),
        url_for("match.sheet", token=match.edit_token, _external=True) if editable else None,
        view_words=(_("Read-only link for spectators"),
                    _("Spectators see the scoresheet but cannot change anything.")),
        edit_words=(_("Edit link (this page)"),
                    _("Anyone with this link can enter and change hands: share it only with the scorekeepers.")))


def rematch_request(match: Match) -> dict[str, Any]:
    """A new match like ``match``: its variant, options, house rules, title and sides (today's rules of that
    variant, with the same house rules over them: the family plays its own numbers again)."""
    house = house_of(match)
    return {"variant": match.variant, "options": dict(match.options), "title": match.title,
            "sides": [{"name": s.name, "players": list(s.players)} for s in match.sides],
            "first_dealer": match.first_dealer,
            **({"house": unflat({c["key"]: c["house"] for c in house["changes"]}), "house_name": house["name"]}
               if house else {})}


def fresh_rematch_keys(page: bytes) -> bytes:
    """``page`` with its rematch key placeholder replaced by a key of this response's own."""
    placeholder = REMATCH_KEY_PLACEHOLDER.encode()
    return page.replace(placeholder, str(uuid.uuid4()).encode()) if placeholder in page else page


def rematch_token(match: Match) -> str | None:
    """The edit token of the rematch the posted form starts: the same for the same form sent twice; ``None``
    (a random token) for a form without a key, as an old page or a script sends, or with a tampered one."""
    try:
        key = check_key(request.form.get("rematch_key") or None)
    except RecordError:
        key = None
    if key is None:
        return None
    secret = str(current_app.config["SECRET_KEY"]).encode()
    digest = hmac.new(secret, f"rematch\0{match.edit_token}\0{key}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:TOKEN_BYTES]).decode().rstrip("=")
