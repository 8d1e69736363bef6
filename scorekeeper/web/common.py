"""Small helpers the blueprints share."""

from __future__ import annotations

from typing import Any, Callable

from flask import Blueprint, abort
from flask_babel import lazy_gettext as _l

from scorekeeper.store.db import get_session
from scorekeeper.store.matches import find_match
from scorekeeper.store.models import Match

# Said when a page is drawn (lazy): the page's language, not the language of the first request.
NO_MATCH = _l("No match at this link. Check that the whole link was copied.")


def load_match(token: str, *, editable: bool) -> Match:
    """The match behind a secret link, or 404 (the same answer for a wrong token and a missing match)."""
    match = find_match(get_session(), token, editable=editable)
    if match is None:
        abort(404, description=NO_MATCH)
    return match


def on_both_links(bp: Blueprint, rule: str, endpoint: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Serve ``page(match, editable=…, **url_args)`` on the edit link (``/m/<token>…``, endpoint ``endpoint``) and
    on the read-only link (``/v/<token>…``, endpoint ``view_<endpoint>``), each finding its match by its token."""
    def register(page: Callable[..., Any]) -> Callable[..., Any]:
        def edit_link(token: str, **url_args: Any):
            return page(load_match(token, editable=True), editable=True, **url_args)

        def view_link(token: str, **url_args: Any):
            return page(load_match(token, editable=False), editable=False, **url_args)

        bp.add_url_rule(f"/m/<token>{rule}", endpoint, edit_link, methods=["GET"])
        bp.add_url_rule(f"/v/<token>{rule}", f"view_{endpoint}", view_link, methods=["GET"])
        return page
    return register
