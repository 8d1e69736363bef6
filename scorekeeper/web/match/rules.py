"""A match's own rules on its links: the rules page (``/m/<token>/rules``: variant, chosen options, house rules,
the readable reference) and the meld checker that judges by the match's pinned rules (``/m/<token>/checker``).

Both read :func:`scorekeeper.store.matches.rules_of` — the rules the match was created under, house rules included —
never today's table of its variant.
"""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, abort, current_app, render_template, request, url_for
from flask_babel import get_locale, gettext

from scorekeeper import service
from scorekeeper.fronts import front_of
from scorekeeper.limiter import limit
from scorekeeper.store.matches import rules_of
from scorekeeper.store.models import Match
from scorekeeper.rules import get_variant
from scorekeeper.rules.errors import RecordError
from scorekeeper.rules.tables.pinned import resolved
from scorekeeper.display.sheet import house_shown
from scorekeeper.display.words import humanize, shown_variant, table_word
from scorekeeper.web.checker import KEYPAD, js_strings, judge_by, read_situation, render_reference
from scorekeeper.web.common import load_match, on_both_links

bp = Blueprint("match_rules", __name__)


def _document(match: Match) -> dict[str, Any]:
    """The match's stored rules document (its resolved table and identity); today's variant for a match the
    migration left unpinned."""
    if match.rules_json is not None:
        return json.loads(match.rules_json)
    return resolved(match.variant, match.options)


def chosen_options(variant_id: str, options: dict[str, Any]) -> list[dict[str, Any]]:
    """Each option of the match as the new-match page words it: its title, the chosen choice's words, whether
    that is the default. A variant today's tables no longer hold: its options' ids made readable."""
    try:
        described = next(v for v in service.variants() if v["id"] == get_variant(variant_id).id)
    except (RecordError, StopIteration):
        return [{"title": humanize(str(k)), "value": humanize(str(v)), "default": False} for k, v in options.items()]
    return [{"title": o["title"], "value": o["choice_titles"].get(str(options.get(o["name"])),
                                                                   humanize(str(options.get(o["name"], "")))),
             "default": str(options.get(o["name"], o["default"])) == o["default"]}
            for o in shown_variant(described)["options"] if o["name"] in options]


def house_context(match: Match, editable: bool) -> dict[str, Any]:
    """What every page of a match shows of its own rules: the house block of its stored rules
    (:func:`scorekeeper.display.sheet.house_shown`: name, changes and their printable rows; None without house rules) and
    the links to the match's rules page and meld checker (the checker only where its game has melds)."""
    house = house_shown(match.rules_json)
    token = match.edit_token if editable else match.view_token
    prefix = "" if editable else "view_"
    return {"house": house, "house_rows": house["rows"] if house else [],
            "rules_url": url_for(f"match_rules.{prefix}rules", token=token),
            "checker_url": url_for(f"match_rules.{prefix}checker", token=token)
            if front_of(rules_of(match)).checks_melds else None}


def match_context(match: Match, editable: bool) -> dict[str, Any]:
    """What both pages show of the match: its name, token and links, its house rules as rows."""
    document = _document(match)
    token = match.edit_token if editable else match.view_token
    return {"match": match, "editable": editable, "token": token, "document": document,
            "variant_title": table_word(document.get("name", match.variant)),
            "sheet_url": url_for("match.sheet" if editable else "match.view", token=token),
            **house_context(match, editable), "checks_melds": front_of(rules_of(match)).checks_melds}


@on_both_links(bp, "/rules", "rules")
def match_rules(match: Match, *, editable: bool):
    context = match_context(match, editable)
    document = context["document"]
    rendered = render_reference(current_app.config["RULES_REF"], document.get("reference", ""), str(get_locale()))
    title, body, toc, said = rendered or ("", "", "", "en")
    return render_template("rules_match.html", **context, options=chosen_options(match.variant, match.options),
                           title=title, body=body, toc=toc, reference_lang=said)


def _kinds(table: dict[str, Any]) -> dict[str, str]:
    return {kind: table_word(spec.get("label", kind)) for kind, spec in (table.get("canastas") or {}).items()
            if isinstance(spec, dict)}


def checker_page(match: Match, editable: bool, form: dict[str, Any], verdict=None, errors=None, status=200):
    context = match_context(match, editable)
    strings = js_strings([])
    strings["kinds"] = {**_kinds(context["document"].get("table", {})), **strings["kinds"]}
    api = url_for("api.match_check_meld", token=context["token"])
    return render_template("checker.html", **context, variants=[], groups=[], form=form, verdict=verdict,
                           errors=errors or {}, keypad=KEYPAD, strings=strings, api_url=api,
                           action=context["checker_url"]), status


def _match_checker(match: Match, editable: bool):
    if not front_of(rules_of(match)).checks_melds:
        abort(404, description=gettext("This match's game has no melds to check."))
    if request.method == "GET":
        return checker_page(match, editable, {"cards": "", "options": {}})
    args, errors = read_situation(request.form)
    verdict = None
    if not errors:
        verdict, errors = judge_by(service.check_by, rules_of(match), args)
    return checker_page(match, editable, args, verdict, errors, 400 if errors else 200)


@bp.route("/m/<token>/checker", methods=["GET", "POST"])
@limit("RATELIMIT_CHECK", methods=["POST"])      # a POST judges a meld like the API's check-meld
def checker(token: str):
    return _match_checker(load_match(token, editable=True), True)


@bp.route("/v/<token>/checker", methods=["GET", "POST"])
@limit("RATELIMIT_CHECK", methods=["POST"])
def view_checker(token: str):
    return _match_checker(load_match(token, editable=False), False)
