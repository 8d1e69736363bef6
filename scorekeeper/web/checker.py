"""Meld checker (works with scripting off; static/checker.js makes it live through the JSON API) and the
rules pages rendered from ``rules_ref/*.md``."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Mapping
from urllib.parse import urlsplit

import markdown
from flask import Blueprint, abort, current_app, render_template, request, url_for
from flask_babel import get_locale, gettext, lazy_gettext as _l
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor
from markupsafe import Markup

from scorekeeper import service
from scorekeeper.fronts import FRONTS
from scorekeeper.display.keypad import face, notation_lang, said_cards, typed
from scorekeeper.limiter import limit
from scorekeeper.rules import NotationError, ScorekeeperError, get_variant
from scorekeeper.rules.tables.groups import group_of, grouped
from scorekeeper.rules.tables.sources import name_sources, source_word
from scorekeeper.rules.tables.words import decision_parts
from scorekeeper.rules.tables.reference import TRANSLATIONS, strip_markers, translated_path
from scorekeeper.rules.tables.variants import default_variant
from scorekeeper.display.words import (GROUP_LABELS, colon, PROBLEM_TITLES, SEQUENCE_LABELS, SHAPE_LABELS, kind_label,
                                       problem_title, say, say_error, shown_variant, table_word)

bp = Blueprint("checker", __name__)
MAX_OPENING_MINIMUM = 10_000

# (what the button types, what it shows, what a screen reader says); a face in the page's letters (B, D, Á, NZ)
KEYPAD = [(r, r, None) for r in ("4", "5", "6", "7", "8", "9", "10")] + [
    (typed("J"), face("J"), _l("jack (bubi)")), ("Q", face("Q"), _l("queen (dáma)")), ("K", face("K"), _l("king")),
    ("A", face("A"), _l("ace (ász)")), ("2", "2", _l("deuce (kis zsoli)")),
    ("JK", face("JK"), _l("joker (nagy zsoli)")), ("3h", "3♥", _l("red three")), ("3", "3", _l("black three")),
]


#: What the pages call each group of variants (rules.groups.GROUPS).
GROUP_TITLES = {"diszitett": _l("Díszített kanaszta"), "classic": _l("International and classic canasta"),
                "samba": _l("The samba family: three packs, sequences"), "keltis": _l("Keltis")}


def checks_melds(family: str | None) -> bool:
    """Whether the family's front checks melds one by one (the checker, the rules pages' "Check a meld")."""
    return family in FRONTS and FRONTS[family].checks_melds


def checked_variant(info: Mapping[str, Any]) -> dict[str, Any]:
    """:func:`shown_variant` with whether the checker takes it, so the pages need not know the families."""
    return {**shown_variant(info), "checks_melds": checks_melds(info.get("family"))}


def variant_groups(catalogue: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The catalogue's variants grouped by family for the pages (the rules index, the checker's optgroups):
    each group's key, title and variants as :func:`checked_variant` gives them."""
    by_id = {v["id"]: v for v in catalogue}
    return [{"key": key, "title": str(GROUP_TITLES.get(key, key)),
             "variants": [checked_variant(by_id[v.id]) for v in members]}
            for key, members in grouped(get_variant(i) for i in by_id)]


def decisions(options: list[Mapping[str, Any]], lang: str = "en"
              ) -> tuple[dict[str, tuple[str, str, list[int]]], list[tuple]]:
    """Each option's decision for the rules page in ``lang``: by option name (ids, summary, its footnote numbers),
    and the footnotes numbered through the page: (number, option name, ids, source). The summary and each source
    are the table's msgids (rules/tables/words.py extracts them), said in the page's language with the seeds they
    cite named by their titles in it (issue 23: shown on every page, not on English pages only)."""
    by_name, notes = {}, []
    for o in options:
        ids, summary, sources = decision_parts(o.get("decision") or "")
        said = [name_sources(table_word(source), lang) for source in sources]
        numbers = list(range(len(notes) + 1, len(notes) + len(said) + 1))
        notes += [(n, o["name"], ids, source) for n, source in zip(numbers, said)]
        by_name[o["name"]] = (ids, name_sources(table_word(summary), lang), numbers)
    return by_name, notes


def present(verdict: Mapping[str, Any]) -> dict[str, Any]:
    """What the result region shows: the verdict with localized labels and problem titles."""
    return {**verdict, "label": kind_label(verdict), "melds": [present(m) for m in verdict.get("melds", [])],
            "problems": [{**p, "title": problem_title(p), "message": say(p)} for p in verdict["problems"]],
            # what was understood in the letters of the page's keys (issue 23), as the API's understood_said
            **({"understood_said": said_cards(verdict["understood"])} if "understood" in verdict else {})}


def js_strings(catalogue: list[dict[str, Any]]) -> dict[str, Any]:
    """Everything static/checker.js needs to render a verdict in the page's language."""
    kinds = {kind: table_word(spec.get("label", kind)) for v in catalogue
             for kind, spec in get_variant(v["id"]).raw.get("canastas", {}).items()}
    return {"kinds": {**kinds, **{k: str(v) for k, v in SHAPE_LABELS.items()}},
            # whole labels, one per rank and suit (display/words.py: GROUP_LABELS, issue 23's grammar)
            "groups": {k: str(v) for k, v in GROUP_LABELS.items()},
            "sequences": {k: str(v) for k, v in SEQUENCE_LABELS.items()},
            "titles": {k: str(v) for k, v in PROBLEM_TITLES.items()},
            "colon": colon(),          # a label's colon as the page's language writes it (French "\u00a0:")
            "legal": gettext("Legal"), "illegal": gettext("Not legal"), "card_value": gettext("Card value"),
            "bonus": gettext("Canasta bonus"), "opening_value": gettext("Opening value"),
            "minimum": gettext("minimum %(n)s"),
            # issue 23: what the cards were read as, so a dictated meld is seen as the cards it became
            "understood": gettext("Understood as %(cards)s", cards="{cards}"),
            "failed": gettext("The check could not be reached; press Check to send the form."),
            # issue 22: a Wi-Fi blip dims the verdict shown until static/retry.js gets the new one
            "not_updated": gettext("Not updated: no connection. Checking again by itself."),
            "defaults": {v["id"]: {o["name"]: o["default"] for o in v["options"]} for v in catalogue}}


def read_form(form: Mapping[str, str], catalogue: list[dict[str, Any]]) -> tuple[dict[str, Any], dict[str, str]]:
    """The checker form as keyword arguments for :func:`service.check`, and a message per bad field."""
    errors: dict[str, str] = {}
    variants = {v["id"]: v for v in catalogue}
    variant = form.get("variant", "")
    if variant not in variants:
        errors["variant"] = gettext("Unknown variant %(name)s; choose one from the list.", name=repr(variant))
    options = {}
    for option in variants.get(variant, {}).get("options", []):
        value = form.get(f"opt_{variant}_{option['name']}", option["default"])
        if value not in option["choices"]:
            errors["options"] = gettext("%(value)s is not a choice for %(name)s.", value=repr(value),
                                        name=option["name"])
        options[option["name"]] = value
    situation, bad = read_situation(form)
    return {"variant": variant, **situation, "options": options}, {**errors, **bad}


def read_situation(form: Mapping[str, str]) -> tuple[dict[str, Any], dict[str, str]]:
    """The cards and the situation of the checker form (a match's checker has no variant or options to choose),
    and a message per bad field."""
    errors: dict[str, str] = {}
    minimum = form.get("opening_minimum", "").strip()
    number = int(minimum) if re.fullmatch(r"[0-9]{1,6}", minimum) else None
    if minimum and (number is None or number > MAX_OPENING_MINIMUM):
        errors["opening_minimum"] = gettext("The opening minimum must be a whole number from 0 to %(max)s; "
                                            "got %(value)s.", max=MAX_OPENING_MINIMUM, value=repr(minimum))
    cards = form.get("cards", "").strip()
    if not cards.replace("|", "").strip():
        errors["cards"] = gettext("Enter the cards of a meld, for example K K 2.")
    return {"cards": cards, "going_out": form.get("going_out") == "on", "opening_minimum": number}, errors


def judge(args: dict[str, Any]) -> tuple[dict[str, Any] | None, dict[str, str]]:
    """The verdict, or the bad token's message for the cards field (nothing here raises past the page)."""
    return judge_by(lambda **kw: service.check(**kw), None, args)


def judge_by(check: Callable[..., dict[str, Any]], rules: Any, args: dict[str, Any]):
    """``check(rules, **args)`` (``check(**args)`` without rules) as a presented verdict, or a message per bad
    field: :func:`service.check` by a variant, :func:`service.check_by` by a match's rules."""
    args = {**args, "lang": notation_lang()}      # the page's letters and card words (issue 23)
    try:
        return present(check(**args) if rules is None else check(rules, **args)), {}
    except NotationError as exc:
        return None, {"cards": say_error(exc)}
    except ScorekeeperError as exc:
        field = getattr(exc, "field", "")
        return None, {field if field in ("opening_minimum", "variant") else "cards": say_error(exc)}


def checker_page(catalogue, form: dict[str, Any], verdict=None, errors=None, status: int = 200):
    return render_template("checker.html", variants=[shown_variant(v) for v in catalogue],
                           groups=variant_groups(catalogue), form=form, verdict=verdict, errors=errors or {},
                           keypad=KEYPAD, strings=js_strings(catalogue)), status


def meld_variants() -> list[dict[str, Any]]:
    """The variants whose games are played with melds (a Keltis table has none to check)."""
    return [v for v in service.variants() if checks_melds(v["family"])]


@bp.route("/checker", methods=["GET", "POST"])
@limit("RATELIMIT_CHECK", methods=["POST"])      # a POST judges a meld like the API's check-meld
def checker():
    catalogue = meld_variants()
    if request.method == "GET":
        chosen = request.args.get("variant")
        ids = {v["id"] for v in catalogue}
        variant = chosen if chosen in ids else default_variant(checks_melds)
        return checker_page(catalogue, {"variant": variant, "cards": "", "options": {}})
    args, errors = read_form(request.form, catalogue)
    verdict = None
    if not errors:
        verdict, errors = judge(args)
    return checker_page(catalogue, args, verdict, errors, 400 if errors else 200)


# --- rules pages ---------------------------------------------------------------------------------------------

SAFE_SCHEMES = ("", "http", "https", "mailto")


class _SafeLinks(Treeprocessor):
    def run(self, root):
        for element in root.iter():
            for attribute in ("href", "src"):
                value = element.get(attribute)
                if value is not None and urlsplit(value.strip()).scheme.lower() not in SAFE_SCHEMES:
                    del element.attrib[attribute]


class _KeyboardScrollTables(Treeprocessor):
    """A wide table scrolls sideways inside the page on a phone (rules.css); tabindex lets a keyboard scroll it
    too (axe: scrollable-region-focusable)."""

    def run(self, root):
        for table in root.iter("table"):
            table.set("tabindex", "0")


class EscapeHtml(Extension):
    """Raw HTML in the Markdown is shown as text, and links keep to http(s), mailto and the page itself."""

    def extendMarkdown(self, md):
        md.preprocessors.deregister("html_block")
        md.inlinePatterns.deregister("html")
        md.treeprocessors.register(_SafeLinks(md), "safe_links", 5)
        md.treeprocessors.register(_KeyboardScrollTables(md), "scroll_tables", 4)


# Where the rules came from: the .md files cite the source texts for the developers ("*Source: seed 000_….txt.*"
# under a heading, "(seed 002)" in a sentence). A player reads the rule, not the file name: the page moves the
# sources to its end, a citation in the text becomes a footnote mark.
_SOURCE_LINE = re.compile(r"^\*Sources?: (.+?)\*[ \t]*$", re.M | re.S)
_FILE = r"`?\d{3}(?:_[0-9a-f]+\.txt)?`?"
_CITATION = re.compile(rf"[ \t]?\((seeds? [^()]*?)\)|(?<![\w`])((?:seeds?|Seeds?) {_FILE}(?:(?:, | / | and ){_FILE})*)")


def sources_apart(text: str, heading: str = "Sources") -> tuple[str, list[str]]:
    """The Markdown with its source citations taken out of the text a player reads: source lines are listed under
    ``heading`` at the end, a citation inside the text becomes a footnote. Returns the text and the sources."""
    lines = [m.group(1).replace("\n", " ") for m in _SOURCE_LINE.finditer(text)]
    text = _SOURCE_LINE.sub("", text)
    notes: list[str] = []

    def footnote(match: re.Match) -> str:
        cited = match.group(1) or match.group(2)
        if cited not in notes:
            notes.append(cited)
        return f"[^source-{notes.index(cited) + 1}]"

    text = _CITATION.sub(footnote, text)
    listed = list(dict.fromkeys(lines))
    if listed:
        text += f"\n\n## {heading}\n\n" + "".join(f"- {line}\n" for line in listed)
    text += "".join(f"\n[^source-{i}]: {cited}\n" for i, cited in enumerate(notes, 1))
    return text, listed + notes


# A reference's link to another variant's reference, by its file (``[Samba](samba.md)``): on the page, to that
# variant's rules page, so no file name stands in a link either (issue 21).
_REFERENCE_LINK = re.compile(r"\]\(([\w-]+)\.md(#[\w-]*)?\)")


def player_text(text: str, lang: str = "en", rules_url: str = "/rules/") -> str:
    """A reference's Markdown as a player reads it: each seed named by its title in ``lang`` (rules_ref/sources/
    seeds.toml) wherever it is cited, a link to another reference pointing at that variant's rules page."""
    text = _REFERENCE_LINK.sub(lambda m: f"]({rules_url}{m.group(1)}{m.group(2) or ''})", text)
    return name_sources(text, lang)


@lru_cache(maxsize=32)
def _render(path: str, mtime_ns: int, sources: str = "Sources", lang: str = "en",
            rules_url: str = "/rules/") -> tuple[str, str]:
    md = markdown.Markdown(extensions=["tables", "toc", "footnotes", EscapeHtml()], output_format="html",
                           extension_configs={"toc": {"toc_depth": "2-3"}})
    text, _sources = sources_apart(strip_markers(Path(path).read_text(encoding="utf-8")), sources)
    text = player_text(text, lang, rules_url)
    body = md.convert(text)                   # raw HTML (a marker) would show
    return body, md.toc


_TITLE = re.compile(r"\A\s*<h1[^>]*>.*?</h1>\s*", re.S)


def reference_in(folder: str, reference: str, lang: str) -> tuple[Path, str] | None:
    """The reference file to show on a page in ``lang``, and its language: its translation (``diszitett.hu.md``)
    where there is one, else the English file; None when neither is there."""
    base = Path(folder).resolve()
    english = (base / reference).resolve()
    if base not in english.parents:
        return None
    if lang in TRANSLATIONS and (path := translated_path(english, lang)).is_file():
        return path, lang
    return (english, "en") if english.is_file() else None


def render_reference(folder: str, reference: str, lang: str = "en") -> tuple[Markup, Markup, Markup, str] | None:
    """A variant's rules reference as HTML in ``lang`` where it is translated: its leading <h1> (to head the
    page), the rest, the table of contents and the language it is written in; None when the file is missing."""
    found = reference_in(folder, reference, lang)
    if found is None:
        return None
    path, said = found
    # the sources' heading in the file's language (rules_ref/sources/seeds.toml, [words.<lang>]), like its text
    try:
        body, toc = _render(str(path), path.stat().st_mtime_ns, source_word("sources", said),
                            said, url_for("checker.rules_index") + "/")
    except (OSError, UnicodeDecodeError):
        # checked readable when the tables loaded (variants._check_reference); changed since: no page, not a 500
        return None
    title = _TITLE.match(body)
    return (Markup(title.group(0) if title else ""), Markup(body[title.end():] if title else body), Markup(toc),
            said)


@bp.get("/rules")
def rules_index():
    return render_template("rules_index.html", groups=variant_groups(service.variants()))


@bp.get("/rules/<variant>")
def rules_page(variant: str):
    info = next((v for v in service.variants() if v["id"] == variant), None)
    rendered = info and render_reference(current_app.config["RULES_REF"], info["reference"], str(get_locale()))
    if not rendered:
        abort(404, description=gettext("There are no rules for a variant called %(name)s.", name=repr(variant)))
    title, body, toc, said = rendered
    return render_template("rules.html", variant=checked_variant(info), title=title, body=body, toc=toc,
                           reference_lang=said, decisions=decisions(info.get("options", []), str(get_locale())),
                           group=str(GROUP_TITLES.get(group_of(get_variant(variant)), "")))
