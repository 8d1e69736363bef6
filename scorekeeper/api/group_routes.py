"""The groups' JSON API (issue 24): a family or club with its roster, its matches, its statistics and its file.
The routes hang on the API blueprint (scorekeeper/api/__init__.py), whose helpers they use."""

from __future__ import annotations

from typing import Any
from datetime import date

from flask import Response, request, url_for
from flask_babel import gettext as _

from scorekeeper.store.models import Group
from scorekeeper.store.transfer import ImportRefused
from scorekeeper.rules import RecordError
from scorekeeper.limiter import charge, limit
from scorekeeper.store.db import get_session
from scorekeeper.stats.stored import group_stats
from scorekeeper.store import events, group_transfer, groups
from scorekeeper.display.words import say_error
from scorekeeper.display.event_words import say_import_refusal
from scorekeeper import service

from scorekeeper.api import (ApiError, JSON_TYPE, MATCH_FIELDS, _behind_link, _link_urls, _text, bp,
                            match_arguments, match_created, read_body)


# --- groups (issue 24) ----------------------------------------------------------------------------------------

GROUP_FIELDS = {"name"}


def _find_group(token: str, *, write: bool) -> tuple[Group, bool]:
    """The group behind either link; 404 if none, 403 if ``write`` with the read-only link."""
    return _behind_link(groups.find_group, token, write=write,
                        missing=_("No group at this link. Check that the whole link was copied."),
                        read_only=_("this is the read-only link of the group; changes need the edit link"))


def _group_urls(group: Group, editable: bool) -> dict[str, str]:
    return _link_urls(group, editable, view="group.view", edit=("page", "group.page"), api="api.get_group")


def group_body(group: Group, editable: bool) -> dict[str, Any]:
    """The group as GET answers it: the roster (with each player's merged spellings), the newest matches with
    their players as the roster names them and their winners, and the links this token may see."""
    spellings: dict[int, list[str]] = {}
    for p in group.players:
        if p.alias_of is not None:
            spellings.setdefault(p.alias_of, []).append(p.name)
    found, count = groups.newest(get_session(), group)
    listed = []
    for m in found:
        token = m.edit_token if editable else m.view_token
        listed.append({**groups.summary(m, group),
                       "api": url_for("api.get_match", token=token, _external=True)})
    body: dict[str, Any] = {
        "name": group.name, "created": group.created_at.isoformat(timespec="seconds") + "Z", "editable": editable,
        "view_token": group.view_token,
        "roster": [{"id": p.id, "name": p.name, "spellings": sorted(spellings.get(p.id, []))}
                   for p in groups.roster(group)],
        "matches": listed, "matches_total": count, "urls": _group_urls(group, editable)}
    if editable:
        body["edit_token"] = group.edit_token
    return body


@bp.post("/groups")
@limit("RATELIMIT_NEW_MATCH")
def create_group():
    data = read_body(GROUP_FIELDS)
    group = groups.create_group(get_session(), _text(data, "name"))
    body = group_body(group, True)
    return body, 201, {"Location": body["urls"]["api"]}


@bp.post("/groups/import")
@limit("RATELIMIT_IMPORT")
def import_group():
    """A group file (``GET /groups/<token>/export``) as a NEW group: new links for it and every match. The whole
    file is checked first (store/group_transfer.py); a refusal is 400 naming the part (``matches[2].events[0]``)."""
    charge("RATELIMIT_IMPORT")    # a second time: a group file may check twice a match import's work
    data = read_body()
    try:
        group = group_transfer.import_group(get_session(), data)
    except ImportRefused as exc:
        detail, _english = say_import_refusal(exc)
        raise ApiError(400, detail, code="import_refused", field=exc.part or None) from None
    body = group_body(group, True)
    # the imported club nights' new links (file format 2): the group's answer lists no events, and an event's
    # tokens are made here, so this answer is where a client learns them
    found = events.of_group(get_session(), group)
    body["events"] = [{"name": e.name, "token": e.token, "edit_token": e.edit_token,
                       "urls": {"api": url_for("api.get_event", token=e.token, _external=True),
                                "screen": url_for("group.event_page", token=e.token, _external=True)}}
                      for e in found]
    return body, 201, {"Location": body["urls"]["api"]}


@bp.get("/groups/<token>/export")
@limit("RATELIMIT_STATS")
def export_group(token: str):
    """The group as one file on either link: it holds no token, so an import always makes new links."""
    group, _editable = _find_group(token, write=False)
    return Response(group_transfer.export_json(get_session(), group), mimetype=JSON_TYPE)


@bp.get("/groups/<token>")
def get_group(token: str):
    group, editable = _find_group(token, write=False)
    return group_body(group, editable)


#: The filters GET …/stats reads from its query string.
STATS_FILTERS = ("variant", "since", "until")


def _day(key: str) -> date | None:
    """A query's date (``2026-11-26``), or None when it is not given; a 400 naming the field otherwise."""
    raw = request.args.get(key)
    if raw in (None, ""):
        return None
    try:
        return date.fromisoformat(raw) if len(raw) == 10 else date.fromisoformat("")
    except ValueError:
        raise ApiError(400, _("%(key)s must be a date written as 2026-11-26", key=key), code="unreadable",
                       field=key) from None


@bp.get("/groups/<token>/stats")
@limit("RATELIMIT_STATS")
def get_group_stats(token: str):
    """Statistics and records of the group's matches (issue 24; scorekeeper/stats), each replayed with its own
    pinned rules, so a corrected hand counts as corrected. Filters: ``variant``, ``since``, ``until`` (dates,
    both included). Either link reads them; a best hand names its match by the read-only token."""
    unknown = sorted(set(request.args) - set(STATS_FILTERS))
    if unknown:
        raise ApiError(400, _("unknown query parameter %(name)s", name=unknown[0]), code="unreadable",
                       field=unknown[0])
    group, _editable = _find_group(token, write=False)
    variant = request.args.get("variant") or None
    if variant is not None and variant not in {v["id"] for v in service.variants()}:
        raise ApiError(400, _("Unknown variant %(name)s; choose one from the list.", name=repr(variant)),
                       code="unreadable", field="variant")
    since, until = _day("since"), _day("until")
    if since and until and since > until:
        raise ApiError(400, _("since must not be after until"), code="unreadable", field="since")
    return group_stats(groups.matches_of(get_session(), group), variant=variant, since=since, until=until,
                       canonical=groups.name_reader(group))


@bp.post("/groups/<token>/matches")
def add_group_match(token: str):
    """Add an existing match by its edit link or token (``{"match": …}``)."""
    charge("RATELIMIT_CORRECT")
    data = read_body({"match"})              # a cross-site form post is refused (415) before anything is looked up
    group, _editable = _find_group(token, write=True)
    link = _text(data, "match")
    try:
        match = groups.add_match(get_session(), group, link)
    except LookupError:
        raise ApiError(404, _("No match has this edit link. Adding a match needs its edit link (the read-only "
                              "link is not enough)."), code="not_found", field="match") from None
    except RecordError as exc:
        if exc.field == "match":
            raise ApiError(409, say_error(exc), code="conflict", field="match") from None
        raise
    return {"added": match.view_token, **group_body(group, True)}, 200


@bp.post("/groups/<token>/matches/new")
@limit("RATELIMIT_NEW_MATCH")
def start_group_match(token: str):
    """A new match in the group: a ``POST /matches`` body; players named from the roster (``renamed`` says
    which names changed), new names join it."""
    data = read_body(MATCH_FIELDS)
    group, _editable = _find_group(token, write=True)
    match, renamed = groups.start_match(get_session(), group, **match_arguments(data))
    return match_created(match, renamed=[{"typed": t, "name": n} for t, n in renamed])


def _roster_change(token: str, fields: set[str], change: Any) -> dict[str, Any]:
    """A change of the roster (``change(session, group, body)``) through the edit link; 404 for a player id not on
    it; the group as GET answers it."""
    charge("RATELIMIT_CORRECT")
    data = read_body(fields)
    group, _editable = _find_group(token, write=True)
    try:
        change(get_session(), group, data)
    except LookupError:
        raise ApiError(404, _("no such player on this roster"), code="not_found") from None
    return group_body(group, True)


@bp.post("/groups/<token>/roster/merge")
def merge_names(token: str):
    """``{"merged": id, "into": id}``: two spellings of one person become one player."""
    return _roster_change(token, {"merged", "into"}, lambda session, group, data: groups.merge(
        session, group, data.get("merged"), data.get("into")))


@bp.post("/groups/<token>/roster/rename")
def rename_player(token: str):
    """``{"player": id, "name": …}``: another spelling for a roster player (the old one still counts)."""
    return _roster_change(token, {"player", "name"}, lambda session, group, data: groups.rename(
        session, group, data.get("player"), _text(data, "name")))
