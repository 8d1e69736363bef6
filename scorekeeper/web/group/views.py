"""A group's pages (issue 24): a family or club's roster and matches, shared like a match's sheet.

``/groups`` makes one; ``/g/<edit token>`` is the group (roster, matches newest first with their winners and
dates, start a match, add one by its edit link, merge and rename names, share); ``/gv/<view token>`` is the
read-only view. Forms without scripting, each answered on the group's page. A new match is started on the
ordinary new-match page with ``?group=<edit token>``, whose player fields offer the roster (home.py).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from scorekeeper.api.event_routes import say_import_refusal
from scorekeeper.display.words import say_error
from scorekeeper.limiter import charge, limit
from scorekeeper.rules import RecordError
from scorekeeper.store import group_transfer, groups
from scorekeeper.store.transfer import ImportRefused
from scorekeeper.store.db import get_session
from scorekeeper.store.models import Group
from scorekeeper.web.match.share import links_to_share

bp = Blueprint("group", __name__)


def share_links(group: Group, *, editable: bool) -> list[dict[str, Any]]:
    """The group's links to share, the read-only one first; the edit link only on the edit page."""
    return links_to_share(
        url_for("group.view", token=group.view_token, _external=True),
        url_for("group.page", token=group.edit_token, _external=True) if editable else None,
        view_words=(_("Read-only link of the group"),
                    _("Anyone with it sees the roster and the matches but cannot change anything.")),
        edit_words=(_("Edit link of the group (this page)"),
                    _("Anyone with this link can start and add matches and change the roster: share it only with "
                      "the group.")))


def _listed(group: Group) -> tuple[list[dict[str, Any]], int]:
    found, count = groups.newest(get_session(), group)
    return [{**groups.summary(m, group), "match": m} for m in found], count


def _render(group: Group, *, editable: bool, status: int = 200, errors: dict[str, str] | None = None,
            typed: dict[str, str] | None = None):
    listed, count = _listed(group)
    return render_template("group.html", group=group, editable=editable, roster=groups.roster(group),
                           matches=listed, count=count, shown_most=groups.LIST_MOST,
                           share=share_links(group, editable=editable), errors=errors or {},
                           typed=typed or {}, roster_most=groups.MAX_ROSTER), status


def _group(token: str, *, editable: bool) -> Group:
    found = groups.find_group(get_session(), token, editable=editable)
    if found is None:
        abort(404)
    return found


@bp.get("/groups")
def new():
    return render_template("group_new.html", error="", typed="")


@bp.post("/groups")
@limit("RATELIMIT_NEW_MATCH")
def create():
    name = request.form.get("name", "")
    try:
        group = groups.create_group(get_session(), name)
    except RecordError as exc:
        return render_template("group_new.html", error=say_error(exc), typed=name), 400
    return redirect(url_for("group.page", token=group.edit_token), 303)


@bp.get("/g/<token>")
def page(token: str):
    return _render(_group(token, editable=True), editable=True)


@bp.get("/gv/<token>")
def view(token: str):
    return _render(_group(token, editable=False), editable=False)


@bp.post("/g/<token>/add")
def add(token: str):
    charge("RATELIMIT_CORRECT")
    group = _group(token, editable=True)
    link = request.form.get("match", "")
    try:
        match = groups.add_match(get_session(), group, link)
    except LookupError:
        return _render(group, editable=True, status=404, typed={"match": link},
                       errors={"match": _("No match has this edit link. Adding a match needs its edit link "
                                          "(the read-only link is not enough).")})
    except RecordError as exc:
        return _render(group, editable=True, status=409 if exc.field == "match" else 400, typed={"match": link},
                       errors={"match": say_error(exc)})
    flash(_("%(title)s was added to the group.", title=match.title or ", ".join(s.name for s in match.sides)))
    return redirect(url_for("group.page", token=token), 303)


@bp.post("/g/<token>/merge")
def merge(token: str):
    charge("RATELIMIT_CORRECT")
    group = _group(token, editable=True)
    try:
        kept = groups.merge(get_session(), group, request.form.get("merged"), request.form.get("into"))
    except LookupError:
        return _render(group, editable=True, status=400, errors={"merge": _("Choose two names of the roster.")})
    except RecordError as exc:
        return _render(group, editable=True, status=400, errors={"merge": say_error(exc)})
    flash(_("The two names are now one player: %(name)s.", name=kept.name))
    return redirect(url_for("group.page", token=token), 303)


@bp.post("/g/<token>/rename")
def rename(token: str):
    charge("RATELIMIT_CORRECT")
    group = _group(token, editable=True)
    name = request.form.get("name", "")
    try:
        player = groups.rename(get_session(), group, request.form.get("player"), name)
    except LookupError:
        return _render(group, editable=True, status=400, errors={"rename": _("Choose a name of the roster.")})
    except RecordError as exc:
        return _render(group, editable=True, status=400, errors={"rename": say_error(exc)},
                       typed={"rename": name})
    flash(_("Renamed: %(name)s.", name=player.name))
    return redirect(url_for("group.page", token=token), 303)


# --- export and import (issue 24) ------------------------------------------------------------------------------

def _exported(group: Group) -> Response:
    """The same file on both links: it holds no token (store/group_transfer.py)."""
    slug = "".join(c if c.isalnum() else "-" for c in group.name.lower()).strip("-")[:60] or "group"
    response = Response(group_transfer.export_json(get_session(), group), mimetype="application/json")
    response.headers.set("Content-Disposition", "attachment", filename=f"{slug}-group.json")
    response.headers["Cache-Control"] = "private, no-cache"
    return response


@bp.get("/g/<token>/export.json")
@limit("RATELIMIT_STATS")
def export(token: str):
    return _exported(_group(token, editable=True))


@bp.get("/gv/<token>/export.json")
@limit("RATELIMIT_STATS")
def view_export(token: str):
    return _exported(_group(token, editable=False))


@bp.post("/groups/import")
@limit("RATELIMIT_IMPORT")
def import_group():
    """A group file as a NEW group (new links for it and each match); a refusal is 400 naming the bad part in the
    page's language, and nothing is stored."""
    charge("RATELIMIT_IMPORT")    # a second time: a group file may check twice a match import's work
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        return _refused(_("Choose a group file (.json) exported from a group's page."))
    try:
        group = group_transfer.import_group(get_session(), group_transfer.parse_export(upload.read()))
    except ImportRefused as exc:
        detail, english = say_import_refusal(exc)
        return _refused(_("This group file cannot be imported."), detail=detail,
                        detail_lang="en" if english else None)
    flash(_("The group was imported with new links: share these, not the old ones."))
    return redirect(url_for("group.page", token=group.edit_token), 303)


def _refused(message: str, detail: str = "", detail_lang: str | None = None):
    return render_template("error.html", code=400, message=message, detail=detail, detail_lang=detail_lang), 400
