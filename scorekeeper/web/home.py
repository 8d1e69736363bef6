"""Home page, new match, language switch, the site icon.

The new-match form works without scripting in two steps: a GET form picks the variant (and the table form,
when an option such as ``players`` changes how many sides and players there are), which re-renders the page
with that variant's name fields and options; the POST form then creates the match.
"""

from __future__ import annotations

from typing import Any, Mapping
from urllib.parse import urlsplit

from flask import (Blueprint, current_app, flash, make_response, redirect, render_template, request, send_from_directory,
                   url_for)
from flask_babel import gettext, ngettext
from werkzeug.exceptions import HTTPException

from scorekeeper.store import groups, matches
from scorekeeper.store.db import get_session
from scorekeeper.i18n import LANG_COOKIE
from scorekeeper.limiter import limit, quota_message
from scorekeeper.store.presets import document_of, find_preset, store_preset
from scorekeeper.store.quota import QuotaSpent
from scorekeeper.rules import RecordError, get_variant
from scorekeeper.rules.tables import house as house_core
from scorekeeper.rules.tables.variants import default_variant
from scorekeeper.store.saves import Unavailable
from scorekeeper.web.house import form as house_form, phone as house_phone, view as house_view
from scorekeeper.web.match import recent
from scorekeeper.web.entry.views import unavailable_message
from scorekeeper.web.entry.forms import (NewMatchForm, match_error, match_request, new_match_form, option_label, shape_options,
                    variant_choices)
from scorekeeper.display.words import say_error, table_word

bp = Blueprint("home", __name__)


def _shape(variant_id: str, values: Mapping[str, str], prefix: str = "") -> dict[str, str]:
    """The chosen shape options (those that decide the name fields); missing ones take their defaults."""
    return {n: values[prefix + n] for n in shape_options(variant_id) if values.get(prefix + n)}


def _shape_fields(form: NewMatchForm) -> list[dict[str, Any]]:
    variant = get_variant(form.variant.data)
    fields = []
    for name in form.shape_names:
        spec = variant.option(name)
        fields.append({"name": name, "label": form.options.form[name].label.text, "help": table_word(spec.help),
                       "choices": [(c, option_label(spec, c)) for c in spec.choices],
                       "value": form.rules.options[name]})
    return fields


def _option_fields(form: NewMatchForm) -> list[Any]:
    """The variant options of the create form, less the shape options the variant step already chose."""
    return [f for f in form.options.form if f.short_name not in form.shape_names]


def _options_summary(fields: list[Any]) -> dict[str, Any]:
    """What the closed options disclosure says (how many options differ from the rules' defaults), and whether
    it starts open: it does when one of its options has an error, so the message is never hidden."""
    changed = sum(1 for f in fields if f.data is not None and f.data != f.default)
    if changed:
        label = ngettext("Options: %(num)d differs from the defaults", "Options: %(num)d differ from the defaults",
                         changed)
    else:
        label = gettext("Options (defaults)")
    return {"label": label, "changed": changed, "open": any(f.errors for f in fields)}


def _render(form: NewMatchForm, status: int = 200, chooser_error: str = "", house: dict[str, Any] | None = None):
    fields = _option_fields(form)
    opened, kept = recent.listing()
    presets, presets_kept = house_phone.kept()
    variant_name = table_word(get_variant(form.variant.data).name)
    if house is None:
        house = house_view.view(form.variant.data, variant_name, _chosen_options(form))
    group = _group()
    response = make_response(render_template(
        "home.html", form=form, group=group, roster=groups.roster(group) if group else [], variants=variant_choices(), shape=_shape_fields(form),
        variant_name=variant_name, chooser_error=chooser_error, option_fields=fields,
        options_summary=_options_summary(fields), opened=opened, house=house, presets=_listed(presets)), status)
    if kept is not None:                # a match gone from the database leaves the phone's list quietly
        recent.store(response, kept)
    if presets_kept is not None:
        house_phone.store(response, presets_kept)
    return response


def _group() -> Any:
    """The group a match is being started in (issue 24: ``?group=<edit token>``, then a hidden field), or None."""
    token = request.values.get("group", "")
    return groups.find_group(get_session(), token, editable=True) if token else None


def _listed(presets: list[Any]) -> list[dict[str, str]]:
    names = dict(variant_choices())
    return [{"token": p.token, "name": p.name or gettext("House rules"), "variant_name": names.get(p.variant, p.variant)}
            for p in presets]


def _chosen_options(form: NewMatchForm) -> dict[str, str]:
    return {k: v for k, v in form.options.data.items() if v is not None}


def _preset_form(token: str):
    """The form prefilled from a preset (``?house=<token>``): its variant, its options and its house values."""
    preset = find_preset(get_session(), token)
    if preset is None:
        return None
    document = document_of(preset)
    variant, options = document["variant"], document["options"]
    form = new_match_form(variant, _shape(variant, options), data={"options": dict(options)})
    house = house_view.view(variant, table_word(get_variant(variant).name), options,
                            house_values=house_core.flat(document["rules"]))
    house["from"] = preset.token
    return form, house


def _default_form(exc: RecordError):
    variant = default_variant()
    return _render(new_match_form(variant, {}), 400, chooser_error=say_error(exc))


@bp.get("/")
def index():
    if request.args.get("house"):
        try:
            found = _preset_form(request.args["house"])
        except RecordError as exc:       # a preset of a variant or option today's tables no longer have
            return _default_form(exc)
        if found is not None:
            return _render(found[0], house=found[1])
    variant = request.args.get("variant") or default_variant()
    try:
        form = new_match_form(variant, _shape(variant, request.args))
    except RecordError as exc:
        return _default_form(exc)
    return _render(form)


@bp.post("/matches")
@limit("RATELIMIT_NEW_MATCH")
def create_match():
    variant = request.form.get("variant", "")
    try:
        form = new_match_form(variant, _shape(variant, request.form, prefix="options-"))
    except RecordError as exc:
        return _default_form(exc)
    got = house_form.read_house(request.form, variant)
    valid = form.validate()
    if not valid or got.failed:
        if got.failed:
            house_form.check_also(got, variant, _chosen_options(form))
        return _render(form, 400, house=_house_again(form, got))
    args, rows = match_request(form)
    try:
        document = _preset_of(args, got)
        group = _group()
        if group is None:
            match = matches.create_match(get_session(), **args, house=got.partial, house_name=_house_name(got))
        else:                            # issue 24: the players named from the group's roster
            match, renamed = groups.start_match(get_session(), group, **args, house=got.partial,
                                                house_name=_house_name(got))
            for typed, became in renamed:
                flash(gettext("“%(typed)s” became “%(name)s”, as the group's roster writes it.", typed=typed,
                              name=became))
    except RecordError as exc:
        for problem in house_form.place_errors(exc, got, variant):
            match_error(form, problem.field or "", say_error(problem), rows)
        return _render(form, 400, house=_house_again(form, got))
    except Unavailable:
        form.top_errors.append(unavailable_message())
        return _render(form, 503, house=_house_again(form, got))
    except QuotaSpent as exc:            # everything typed comes back, with when to try again
        form.top_errors.append(quota_message(exc.retry_after))
        response = _render(form, 429, house=_house_again(form, got))
        response.headers["Retry-After"] = str(exc.retry_after)
        return response
    response = redirect(url_for("match.sheet", token=match.edit_token), 303)
    return _keep_preset(response, document) if document else response


def _keep_preset(response, document: Mapping[str, Any]):
    """Store the named preset of a match just created and remember it on this phone; a database that fails
    now loses the preset only: the match is made, and starting it again would make a second one."""
    try:
        return house_phone.remember(response, store_preset(get_session(), document).token)
    except (Unavailable, QuotaSpent):
        return response


def _house_again(form: NewMatchForm, got: house_form.HouseInput) -> dict[str, Any]:
    """The house fields as typed, with their problems, compared with the options the page was rendered with."""
    variant = form.variant.data
    return house_view.view(variant, table_word(get_variant(variant).name), got.base, got)


def _house_name(got: house_form.HouseInput) -> str:
    """The name the match's house rules go by: the one typed to save them, else the preset's they came from."""
    if got.name or not got.partial:
        return got.name
    preset = find_preset(get_session(), got.from_token) if got.from_token else None
    return preset.name if preset is not None else ""


def _preset_of(args: Mapping[str, Any], got: house_form.HouseInput) -> dict[str, Any] | None:
    """The preset document to store with the match when the form names one (checked before the match is)."""
    if not got.name:
        return None
    return house_core.preset_document(name=got.name, variant=args["variant"], options=args["options"],
                                      house=got.partial)


@bp.post("/lang")
def set_language():
    lang = request.form.get("lang", "")
    if lang not in current_app.config["LANGUAGES"]:
        return render_template("error.html", code=400, message=f"unknown language {lang!r}"), 400
    response = redirect(_page_of_this_app(request.form.get("next", "")) or url_for("home.index"))
    response.set_cookie(LANG_COOKIE, lang, max_age=365 * 24 * 3600, samesite="Lax", httponly=True)
    return response


def _page_of_this_app(target: str) -> str | None:
    """``target`` if it is a path (with its query) that this app serves by GET, else None. Browsers drop tabs and
    newlines from a URL and read a backslash as a slash, so ``/\t/evil.example/`` would leave the site: any such
    character refuses the target outright, and what remains must match one of our routes."""
    if not target or any(c.isspace() or c == "\\" or not c.isprintable() for c in target):
        return None
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not parts.path.startswith("/") or parts.path.startswith("//"):
        return None
    try:
        current_app.url_map.bind("localhost").match(parts.path, method="GET")
    except HTTPException:
        return None
    return target


@bp.get("/favicon.ico")
def favicon():
    """Browsers ask for /favicon.ico whatever the page links: answer with the same SVG as ``<link rel=icon>``."""
    return send_from_directory(current_app.static_folder, "favicon.svg", mimetype="image/svg+xml",
                               max_age=7 * 24 * 3600)
