"""A group's statistics page and season sheet PDF (issue 24): ``/g/<token>/stats`` and ``/gv/<token>/stats``
(the same figures, the read-only one without the group's edit link anywhere), ``…/stats.pdf`` the same as A4.

The figures are the statistics core's (scorekeeper/stats: ``stats.stored.group_stats``), exactly what
``GET /api/v1/groups/<token>/stats`` answers, so the page, the PDF and the API never disagree. The filters are a
GET form read here (no script): a bad value is said as a form error in the page's language and the page shows the
unfiltered figures beside it with status 400, never a 500.
"""

from __future__ import annotations

from datetime import date
from typing import Any, Mapping

from flask import Response, abort, render_template, request, url_for
from flask_babel import format_percent, gettext as _

from scorekeeper import pdf, service
from scorekeeper.display.numbers import points
from scorekeeper.display.rate_chart import win_rate_svg
from scorekeeper.display.words import table_word
from scorekeeper.limiter import limit
from scorekeeper.stats.stored import group_stats
from scorekeeper.store import groups
from scorekeeper.store.db import get_session
from scorekeeper.store.models import Group, Match
from scorekeeper.store.replays import rules_of
from scorekeeper.web.files import _file, _printed
from scorekeeper.web.group.views import _group, bp


def _day(raw: str | None) -> date | None:
    """A filter's date as the form's date field sends it (``2026-11-26``); ValueError for anything else."""
    if not raw:
        return None
    if len(raw) != 10:
        raise ValueError(raw)
    return date.fromisoformat(raw)


def read_filters(args: Mapping[str, str]) -> tuple[dict[str, Any], dict[str, str]]:
    """The variant and period asked for, and the form's errors by field (in the page's language). A bad field
    is left out of the filters, so the page still shows figures."""
    errors: dict[str, str] = {}
    variant = args.get("variant") or None
    if variant is not None and variant not in {v["id"] for v in service.variants()}:
        errors["variant"] = _("Choose a variant from the list.")
        variant = None
    days: dict[str, date | None] = {}
    for key in ("since", "until"):
        try:
            days[key] = _day(args.get(key))
        except ValueError:
            errors[key] = _("Write the date as 2026-11-26.")
            days[key] = None
    if days["since"] and days["until"] and days["since"] > days["until"]:
        errors["until"] = _("The end of the period must not come before its start.")
        days["until"] = None
    return {"variant": variant, **days}, errors


def _kind_names(matches: list[Match]) -> dict[str, str]:
    """Each canasta kind code of the group's matches by its table's label in the page's language (the tables'
    words are msgids: display/words.py ``table_word``); the code itself for a kind no pinned table names."""
    names: dict[str, str] = {}
    for match in matches:
        try:
            kinds = getattr(rules_of(match), "canastas", ())
        except Exception:                  # a match whose variant is gone only loses its kinds' names
            continue
        for kind in kinds:
            names.setdefault(kind.kind, table_word(kind.label) or kind.kind)
    return names


def _percent(rate: float | None) -> str:
    return "–" if rate is None else format_percent(rate, "#,##0%")


def _average(value: float | None) -> Any:
    """An average hand in whole points as the reader groups them (issue 23): scores are counted in fives, so a
    tenth of a point says nothing a table can use."""
    return "–" if value is None else points(int(round(value)))


def _variant_choices() -> list[tuple[str, str]]:
    return sorted(((v["id"], table_word(v["name"])) for v in service.variants()), key=lambda c: c[1].casefold())


def match_names(listed: list[dict[str, Any]]) -> dict[str, str]:
    """How a best hand or a record names its match (by read-only token): its title, or else the day its last
    hand was entered, with ``#n`` (its place among the group's counted matches, oldest first) when that day has
    several, since a club plays several matches an evening."""
    per_day: dict[str, int] = {}
    for m in listed:
        per_day[m["date"]] = per_day.get(m["date"], 0) + 1
    return {m["match"]: m["title"] or (f"{m['date']} #{n}" if per_day[m["date"]] > 1 else m["date"])
            for n, m in enumerate(listed, start=1)}


def family_figures(stats: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each game family's own figures per player (the core's ``by_family``), when the counted matches are of
    more than one family: a Keltis game scores tens and a canasta hand thousands, so the whole-group average
    says little for such a group. A family is named by the variants of it the group played (in the page's
    language), so the page never names nor compares families itself (tests/web/test_fronts.py); families come
    in the order the group first played them."""
    names = {v["id"]: table_word(v["name"]) for v in service.variants()}
    played: dict[str, list[str]] = {}
    for m in stats["matches"]:
        variants = played.setdefault(m["family"], [])
        if names.get(m["variant"], m["variant"]) not in variants:
            variants.append(names.get(m["variant"], m["variant"]))
    if len(played) < 2:
        return []
    return [{"key": family, "title": ", ".join(sorted(variants, key=str.casefold)),
             "players": [{"name": p["name"], **p["by_family"][family]} for p in stats["players"]
                         if family in p["by_family"]]}
            for family, variants in played.items()]


def stats_context(group: Group, *, editable: bool) -> tuple[dict[str, Any], int]:
    """What the page and the PDF show, and the status (400 when a filter was refused)."""
    filters, errors = read_filters(request.args)
    matches = groups.matches_of(get_session(), group)
    stats = group_stats(matches, variant=filters["variant"], since=filters["since"], until=filters["until"],
                        canonical=groups.name_reader(group))
    names = {p["key"]: p["name"] for p in stats["players"]}
    chart_labels = {"title": _("Win rate over time"), "axis": _("decided matches played"),
                    "desc": _("Win rate after each decided match, from %(first)s to %(last)s. Now: %(rates)s."),
                    "empty": _("No decided matches yet.")}
    kept = {k: v for k, v in (("variant", filters["variant"]),
                              ("since", filters["since"].isoformat() if filters["since"] else None),
                              ("until", filters["until"].isoformat() if filters["until"] else None)) if v}
    token = group.edit_token if editable else group.view_token
    context = {
        "group": group, "editable": editable, "stats": stats, "errors": errors,
        "typed": {k: request.args.get(k, "") for k in ("variant", "since", "until")},
        "families": family_figures(stats), "kinds": _kind_names(matches), "variants": _variant_choices(), "names": names,
        "percent": _percent, "average": _average,
        "chart": win_rate_svg(stats["win_rate"], names, labels=chart_labels, percent=_percent),
        "group_url": url_for("group.page" if editable else "group.view", token=token),
        "pdf_url": url_for("group.stats_pdf" if editable else "group.view_stats_pdf", token=token, **kept),
        "hand_url": lambda view_token, hand: url_for("match.view_hand", token=view_token, number=hand),
        "match_url": lambda view_token: url_for("match.view", token=view_token),
        "match_names": match_names(stats["matches"]),
        "printed_on": date.today().isoformat(),
    }
    return context, 400 if errors else 200


def _page(token: str, *, editable: bool) -> tuple[str, int]:
    context, status = stats_context(_group(token, editable=editable), editable=editable)
    return render_template("group_stats.html", **context), status


def _pdf(token: str, *, editable: bool) -> Response:
    group = _group(token, editable=editable)
    context, status = stats_context(group, editable=editable)
    if status != 200:
        abort(400)
    body = _printed(lambda: pdf.html_to_pdf(render_template("pdf/group_stats.html", **context)))()
    return _file(body, "application/pdf", f"season-{date.today():%Y-%m-%d}.pdf", attachment=False)


@bp.get("/g/<token>/stats")
@limit("RATELIMIT_STATS")
def stats_page(token: str) -> tuple[str, int]:
    return _page(token, editable=True)


@bp.get("/gv/<token>/stats")
@limit("RATELIMIT_STATS")
def view_stats_page(token: str) -> tuple[str, int]:
    return _page(token, editable=False)


@bp.get("/g/<token>/stats.pdf")
@limit("RATELIMIT_STATS")
def stats_pdf(token: str) -> Response:
    return _pdf(token, editable=True)


@bp.get("/gv/<token>/stats.pdf")
@limit("RATELIMIT_STATS")
def view_stats_pdf(token: str) -> Response:
    return _pdf(token, editable=False)
