"""A club night's PDFs (issue 24: "the PDF prints the round's table cards, score slips and the final standings").

``/e/<token>/standings.pdf`` is public like the screen page it is linked from: the event's settings in words, the
standings (provisional while a table still plays) and every round's results. ``/g/<group edit token>/night/
<event token>/round/<n>.pdf`` is the organiser's: per table of round n a table card (its match's edit link as a QR
code and as text, so it never hangs on the screen's link) and a paper score slip, one table per A4 page, so a
page is cut in two and the card stands on the table while the slip goes to the players.

Both print in the season sheet's look (pdf/_layout.html, static/print.css) through the same helpers
(web/files.py ``_printed`` and ``_file``, pdf.html_to_pdf), are remembered per version and language like the
match sheet (web/match/pages.py ``remembered_pdf``), and draw on the PDF budget (RATELIMIT_PDF, shared with the
match sheet and the pads: what a PDF costs is its render). The routes join the group blueprint (like
event_pages).
"""

from __future__ import annotations

from datetime import date
from typing import Any

from flask import Response, abort, render_template, request, url_for
from flask_babel import format_date, get_locale, gettext as _, ngettext

from scorekeeper import pdf, service
from scorekeeper.display.qr import qr_svg
from scorekeeper.display.words import table_word
from scorekeeper.events import EventSettings, Seating
from scorekeeper.limiter import limit
from scorekeeper.store import events, groups
from scorekeeper.store.db import get_session
from scorekeeper.store.models import Event
from scorekeeper.web.files import _file, _printed, _slug
from scorekeeper.web.group.event_pages import _event, version_of
from scorekeeper.web.group.views import bp
from scorekeeper.web.match.pages import remembered_pdf

# Rows of a time-limit round's slip: a 60-minute burraco round sees 4 to 6 hands, so 8 leaves room to spare.
TIMED_ROWS = 8
# A pair's name longer than this (two roster names of up to 80 characters each) is set smaller on the card and
# the slip, so a 20-hand slip still fits under its card.
LONG_NAMES = 40


def _scale_words(settings_data: dict[str, Any]) -> str:
    """The VP scale by the name the organiser's form gives it (event_new.html), or "own scale" for a list of rows
    sent through the API."""
    scale = settings_data.get("scale", events.DEFAULT_SCALE)
    known = {"burraco_3_hands": _("Burraco 0–20, 3-hand round"), "burraco_4_hands": _("Burraco 0–20, 4-hand round")}
    return known.get(scale, _("own scale")) if isinstance(scale, str) else _("own scale")


def _round_length(settings: EventSettings) -> str:
    if settings.hands is not None:
        return ngettext("%(num)d hand per round", "%(num)d hands per round", settings.hands)
    return ngettext("%(num)d minute per round", "%(num)d minutes per round", settings.minutes or 0)


def _variant_name(variant: str) -> str:
    return next((table_word(v["name"]) for v in service.variants() if v["id"] == variant), variant)


def settings_words(event: Event, settings: EventSettings) -> list[str]:
    """The settings as a reader says them: tables, rounds, the round's length, the seating and the VP scale."""
    seating = {Seating.MITCHELL: _("Mitchell movement"), Seating.SWISS: _("Swiss (by the standings)"),
               Seating.FIXED: _("Fixed tables")}[settings.seating]
    return [_variant_name(settings.variant),
            ngettext("%(num)d table", "%(num)d tables", settings.tables),
            ngettext("%(num)d round", "%(num)d rounds", settings.rounds),
            _round_length(settings), seating,
            _("Victory points: %(scale)s", scale=_scale_words(event.settings))]


def _head(event: Event) -> dict[str, Any]:
    group = events.group_of(get_session(), event)
    return {"event": event, "title": event.name or _("Club night"), "group_name": group.name,
            "day": format_date(event.created_at.date(), "medium"),
            "printed_on": format_date(date.today(), "medium")}


def standings_context(event: Event) -> dict[str, Any]:
    """What the standings PDF prints: the core's standings (store/events.standings_of, as the screen and the API
    read them) and each round's tables with their match points and VP (a table still playing has none)."""
    settings = events.settings_of(event)
    names = {e.number: " & ".join(e.players) for e in event.entrants}
    table = events.standings_of(event, settings)
    scored = {(s.round, s.table): s for s in table.scores}
    rounds = []
    for r in event.rounds:
        rows = []
        for t in events.tables_of(event, r.round):
            score = scored.get((t.round, t.table))
            rows.append({"table": t.table, "ns": names[t.ns], "ew": names[t.ew], "score": score,
                         "state": None if score else events.table_state(settings, t)})
        rounds.append({"round": r.round, "tables": rows, "bye": names.get(r.bye) if r.bye else None})
    return {**_head(event), "settings": settings_words(event, settings), "provisional": table.provisional,
            "standings": [{"line": line, "name": names[line.entrant]} for line in table.lines],
            "rounds": rounds, "bye_vp": settings.bye_vp}


def round_context(event: Event, number: int) -> dict[str, Any]:
    """Round ``number``'s tables, each with its card's and slip's words and its match's edit link (404 if the
    round is not seated)."""
    settings = events.settings_of(event)
    if not any(r.round == number for r in event.rounds):
        abort(404)
    names = {e.number: " & ".join(e.players) for e in event.entrants}
    tables = []
    for t in events.tables_of(event, number):
        link = url_for("match.sheet", token=t.match.edit_token, _external=True)
        tables.append({"table": t.table, "ns": names[t.ns], "ew": names[t.ew], "link": link,
                       "qr": qr_svg(link, _("QR code of the edit link")),
                       "long": max(len(names[t.ns]), len(names[t.ew])) > LONG_NAMES})
    bye = next((r.bye for r in event.rounds if r.round == number), None)
    return {**_head(event), "round": number, "rounds": settings.rounds, "tables": tables,
            "bye": names.get(bye) if bye else None, "hands": settings.hands, "minutes": settings.minutes,
            "rows": list(range(1, (settings.hands or TIMED_ROWS) + 1)), "length": _round_length(settings)}


def _name(event: Event, what: str) -> str:
    return f"{_slug(event.name or 'club-night')}-{what}-{event.created_at:%Y-%m-%d}.pdf"


@bp.get("/e/<token>/standings.pdf")
@limit("RATELIMIT_PDF")
def event_standings_pdf(token: str) -> Response:
    event = _event(token)
    # rendered once per state of the night (a hand saved anywhere changes version_of), group name (a group can be
    # renamed), language and day printed
    key = ("event-standings", event.id, version_of(event), events.group_of(get_session(), event).name,
           str(get_locale()), date.today())
    body = remembered_pdf(key,
                          _printed(lambda: pdf.html_to_pdf(render_template("pdf/event_standings.html",
                                                                           **standings_context(event)))))
    return _file(body, "application/pdf", _name(event, "standings"), attachment=False)


@bp.get("/g/<token>/night/<event_token>/round/<int:number>.pdf")
@limit("RATELIMIT_PDF")
def event_round_pdf(token: str, event_token: str, number: int) -> Response:
    """Only on the group's edit link: the sheets carry each table's edit link. The screen's link (or the group's
    read-only one) in its place finds no group and is a 404, as the night page is."""
    session = get_session()
    group = groups.find_group(session, token, editable=True)
    event = events.find_event(session, event_token)
    if group is None or event is None or event.group_id != group.id:
        abort(404)
    context = round_context(event, number)
    # a seated round's tables never change; the links carry the host they were asked on
    key = ("event-round", event.id, number, request.host_url, group.name, str(get_locale()), date.today())
    body = remembered_pdf(key, _printed(lambda: pdf.html_to_pdf(render_template("pdf/event_round.html",
                                                                                **context))))
    return _file(body, "application/pdf", _name(event, f"round-{number}"), attachment=False)
