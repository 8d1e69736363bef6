"""The house-rules part of the new-match form: the fields of ``rules.house_fields`` as plain HTML inputs, what a
POST changed, and the core's errors put back at their fields.

Plain request.form reading rather than WTForms classes: the fields come from the variant's table (any number of
canasta kinds, bracket rows that come and go), and each needs its own words for "variant's value" beside it.

Only what differs from what the page was rendered with is a change: the page carries the options its prefill used
(``house-base``), and a POST compares each field with the values for *those* options. So choosing another option
in the same POST does not turn every prefilled number into a house rule (the option itself decides them).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Mapping

from flask_babel import gettext, lazy_gettext as _l, ngettext

from ..rules import RecordError
from ..rules import house as core
from ..rules.house_fields import GROUP_LABELS, HouseField, house_fields, key_label
from ..rules.phrases import Phrase
from ..rules.schema import OpeningCanasta, TaxMethod
from ..words import PAGE_WORDS, humanize, table_word
from ..words import _in_page_language   # noqa: PLC2701 - the one place a phrase's fallback rule is kept

PREFIX = "house-"
BASE = "house-base"              # the options the prefill used (JSON)
JSON_FIELD = "house-json"
NAME_FIELD = "house-save-as"
FROM_FIELD = "house-from"        # the preset the form was prefilled from (its name names the match's rules)
JSON_MOST = 20_000               # characters of the advanced textarea
ROWS_MOST = 16                   # bracket rows read: no table has more than five
DIGITS = 10                      # a number typed: -9 999 999 999 … 9 999 999 999; the core checks the range
WORD_ARGS = ("what", "shape")
_KEY = re.compile(r"[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)+")     # a label's arguments that are words of the catalogue, not values
START = -1_000_000_000           # the first bracket's "from": the start of the match
_NUMBER = re.compile(rf"-?[0-9]{{1,{DIGITS}}}")
# Bracket columns, in the order they are shown, and the words a choice column offers ("" = none given).
COLUMNS = {"minimum": None, "canasta": ("", *(c.value for c in OpeningCanasta)),
           "method": tuple(m.value for m in TaxMethod)}


def without_key(message: str, key: str) -> str:
    """A schema message starts with the key it is about ("canastas.red_canasta.bonus: must be …"): said at that
    key's field, or after its words, the key once is enough."""
    return message[len(key) + 2:] if key and message.startswith(key + ": ") else message


def _arg(name: str, value: Any) -> Any:
    if not isinstance(value, str) or not value:
        return value
    if name in WORD_ARGS:
        return gettext(value)
    if name == "where" and _KEY.fullmatch(value):      # a schema message's dotted key: said as its words
        return say(key_label(value))
    return value


def say(phrase: Phrase | str) -> str:
    """A phrase of the core (a field's label, an error) in the page's language."""
    if isinstance(phrase, str):
        return phrase
    # key_label fills "what"/"shape" with English words that are msgids themselves ("bonus", "groups")
    inner = Phrase(phrase.template, tuple((k, _arg(k, v)) for k, v in phrase.args))
    return _in_page_language(phrase.render(), lambda: inner.render(gettext(phrase.template), PAGE_WORDS))


def dom_id(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]", "-", name)


# The words of the schema's closed lists (rules/schema.py), by the key they are the value of.
CHOICE_WORDS = {
    "wild_relation": {"any": _l("any number"), "fewer": _l("fewer than the natural cards"),
                      "at_most_half": _l("at most half")},
    "opening_wild_value": {"replaced": _l("the card they replace"), "own": _l("their own value")},
    "ace": {"high": _l("high (Q K A)"), "low": _l("low (A 4 5)"), "both": _l("either end")},
    "in_hand": {"impossible": _l("cannot happen (laid out at once)"), "penalty": _l("a penalty")},
    "method": {"none": _l("no tax"), "half": _l("half"), "quarter": _l("a quarter"), "tenth": _l("a tenth")},
    "negative": {"untaxed": _l("not taxed"), "taxed": _l("taxed too")},
    "compare": {"exceeds": _l("passing it"), "reaches": _l("reaching it")},
    "top_tie": {"shared": _l("a shared win"), "play_on": _l("play on")},
    "canasta": {"any": _l("any canasta"), "natural": _l("a natural canasta")},
}


def _choice_word(value: str, context: str = "") -> str:
    if not value:
        return "—"
    word = CHOICE_WORDS.get(context.rsplit(".", 1)[-1], {}).get(value)
    return str(word) if word is not None else table_word(humanize(value))


def _yes_no(value: bool) -> str:
    return gettext("yes") if value else gettext("no")


def columns_of(f: HouseField) -> list[str]:
    """The columns of a brackets field: "from" and those its rows use (a new table's guess from its key)."""
    rows = f.value if isinstance(f.value, list) else []
    main = getattr(f, "column", "") or ("method" if f.key.startswith("taxation") else "minimum")
    return ["from", *(c for c in COLUMNS if c == main or any(isinstance(r, Mapping) and c in r for r in rows))]


def shown(f: HouseField, value: Any) -> str:
    """A value as the "variant's value" beside a field says it."""
    if f.kind == "bool":
        return _yes_no(bool(value))
    if f.kind == "choice":
        return _choice_word(str(value), f.key)
    if f.kind == "range" and isinstance(value, (list, tuple)) and len(value) == 2:
        return str(value[0]) if value[0] == value[1] else f"{value[0]}–{value[1]}"
    if f.kind == "list" and isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    if f.kind == "brackets" and isinstance(value, (list, tuple)):
        return "; ".join(_bracket_text(f, r) for r in value if isinstance(r, Mapping))
    return "—" if value is None else str(value)


def _bracket_text(f: HouseField, row: Mapping[str, Any]) -> str:
    start = gettext("from the start") if row.get("from") == START else gettext("from %(n)s", n=row.get("from"))
    parts = [str(row[c]) if c == "minimum" else _choice_word(str(row[c]), c)
             for c in columns_of(f)[1:] if c in row]
    return f"{start}: {', '.join(parts)}"


# ------------------------------------------------------------------------------------------------- reading

@dataclass
class HouseInput:
    """What a POST said about house rules: the partial, the raw text typed (to show it again), the problems by
    field key, and the advanced JSON's own problems."""

    flat: dict[str, Any] = field(default_factory=dict)
    typed: dict[str, str] = field(default_factory=dict)
    errors: dict[str, list[str]] = field(default_factory=dict)
    json_text: str = ""
    json_errors: list[str] = field(default_factory=list)
    base: dict[str, str] = field(default_factory=dict)
    name: str = ""
    name_errors: list[str] = field(default_factory=list)
    from_token: str = ""
    partial: dict[str, Any] = field(default_factory=dict)

    def add(self, key: str, message: str) -> None:
        self.errors.setdefault(key, []).append(message)

    @property
    def failed(self) -> bool:
        return bool(self.errors or self.json_errors or self.name_errors)


def _number(raw: str) -> int | None:
    text = raw.strip().replace("\u2212", "-").replace(" ", "").replace("\u00a0", "").replace("\u202f", "")
    return int(text) if _NUMBER.fullmatch(text) else None


def read_base(form: Mapping[str, str]) -> dict[str, str]:
    """The options the page's prefill used (a hidden field; anything unreadable is the defaults)."""
    raw = form.get(BASE, "")
    try:
        base = json.loads(raw) if raw and len(raw) < 4000 else {}
    except ValueError:
        return {}
    return {k: v for k, v in base.items() if isinstance(k, str) and isinstance(v, str)} \
        if isinstance(base, dict) else {}


def fields_for(variant: str, options: Mapping[str, str] | None) -> list[tuple[str, list[HouseField]]]:
    try:
        return house_fields(variant, options)
    except RecordError:                  # options the variant does not have (an old page): its defaults
        return house_fields(variant, None)


def read_house(form: Mapping[str, str], variant: str) -> HouseInput:
    """Read the house fields of a POST, compared with the values of the options the page was rendered with."""
    got = HouseInput(base=read_base(form), from_token=form.get(FROM_FIELD, "")[:64])
    for _group, fields in fields_for(variant, got.base):
        for f in fields:
            value = _read_field(form, f, got)
            if value is not None and value != f.value:
                got.flat[f.key] = value
    got.name = form.get(NAME_FIELD, "").strip()
    if len(got.name) > core.MAX_NAME or any(not c.isprintable() for c in got.name):
        got.name_errors.append(gettext("At most %(n)d characters on one line.", n=core.MAX_NAME))
    _read_json(form.get(JSON_FIELD, ""), got)
    if not got.failed:
        got.partial = core.unflat(got.flat)
    return got


def _read_number(form: Mapping[str, str], name: str, key: str, got: HouseInput, what: str = "") -> int | None:
    raw = form.get(name, "")[:40]
    got.typed[name] = raw
    value = _number(raw)
    if value is None:
        message = gettext("Give a whole number.") if not raw.strip() else \
            gettext("“%(text)s” is not a whole number.", text=raw.strip()[:20])
        got.add(key, f"{what}: {message}" if what else message)
    return value


def _read_field(form: Mapping[str, str], f: HouseField, got: HouseInput) -> Any:
    """The value typed for one field; ``None`` for a problem or for a value the table leaves out left blank."""
    name = PREFIX + f.key
    if not any(n in form for n in _names_of(f, form)):
        return None                      # not on the page that was sent (an older page, a script): unchanged
    if f.value is None and not any(form.get(n, "").strip() for n in _names_of(f, form)):
        got.typed.update({n: "" for n in _names_of(f, form)})
        return None                      # left out by the table, left blank: no change
    if f.kind == "int":
        return _read_number(form, name, f.key, got)
    if f.kind in ("bool", "choice"):
        raw = form.get(name, "")[:80]
        got.typed[name] = raw
        allowed = ("yes", "no") if f.kind == "bool" else f.choices
        if raw not in allowed:
            got.add(f.key, gettext("Choose one of the list."))
            return None
        return raw == "yes" if f.kind == "bool" else raw
    if f.kind in ("range", "list"):
        size = 2 if f.kind == "range" else len(f.value or ())
        values = [_read_number(form, f"{name}-{i}", f.key, got, _part_label(f, i)) for i in range(size)]
        return None if None in values else values
    if f.kind == "brackets":
        return _read_brackets(form, f, got)
    return None


def _names_of(f: HouseField, form: Mapping[str, str]) -> list[str]:
    name = PREFIX + f.key
    if f.kind in ("int", "bool", "choice"):
        return [name]
    if f.kind in ("range", "list"):
        return [f"{name}-{i}" for i in range(2 if f.kind == "range" else len(f.value or ()))]
    if f.kind == "brackets":
        return [k for k in list(form)[:2000] if k.startswith(name + "-")]
    return []


def _part_label(f: HouseField, i: int) -> str:
    if f.kind == "range":
        return gettext("least") if i == 0 else gettext("most")
    return gettext("Entry %(n)d", n=i + 1)


def _read_brackets(form: Mapping[str, str], f: HouseField, got: HouseInput) -> list[dict[str, Any]] | None:
    """One row per bracket; a row left blank is removed; the first row runs from the start of the match."""
    name, columns, rows, ok = PREFIX + f.key, columns_of(f), [], True
    for r in range(ROWS_MOST):
        cells = {c: form.get(f"{name}-{r}-{c}", "")[:40] for c in columns if not (r == 0 and c == "from")}
        if all(f"{name}-{r}-{c}" not in form for c in cells):
            break
        for c, raw in cells.items():
            got.typed[f"{name}-{r}-{c}"] = raw
        if not any(v.strip() for v in cells.values()):
            continue
        row: dict[str, Any] = {"from": START} if r == 0 else {}
        where = gettext("Row %(n)d", n=r + 1)
        for c, raw in cells.items():
            if COLUMNS.get(c) is not None:       # a word of a closed list
                if raw not in COLUMNS[c]:
                    got.add(f.key, f"{where}: " + gettext("Choose one of the list."))
                    ok = False
                elif raw:
                    row[c] = raw
            elif raw.strip() or c == "from":
                value = _read_number(form, f"{name}-{r}-{c}", f.key, got, where)
                ok = ok and value is not None
                row[c] = value
        rows.append(row)
    if not rows and not f.value:
        return f.value                   # a table without brackets, left without: no change
    if not rows or rows[0].get("from") != START:
        got.add(f.key, gettext("The first row, from the start of the match, is needed."))
        ok = False
    return rows if ok else None


def _read_json(text: str, got: HouseInput) -> None:
    """The advanced textarea: a partial table as the API takes it, merged with the field changes."""
    got.json_text = text[:JSON_MOST]
    if not text.strip():
        return
    if len(text) > JSON_MOST:
        got.json_errors.append(gettext("At most %(n)d characters.", n=JSON_MOST))
        return
    try:
        partial = json.loads(text)
    except ValueError as exc:
        got.json_errors.append(gettext("Not valid JSON (line %(line)d, column %(column)d).",
                                       line=getattr(exc, "lineno", 1), column=getattr(exc, "colno", 1)))
        return
    if not isinstance(partial, dict):
        got.json_errors.append(gettext("Give a JSON object, as in {\"going_out\": {…}}."))
        return
    try:
        extra = core.flat(partial)
    except RecordError as exc:
        got.json_errors.append(say(exc.says) if getattr(exc, "says", None) else str(exc))
        return
    for key in extra:
        clash = next((k for k in got.flat if k == key or k.startswith(key + ".") or key.startswith(k + ".")), None)
        if clash:
            got.json_errors.append(gettext("“%(key)s” is changed in the form too: change it in one place.",
                                           key=key))
            return
    got.flat.update(extra)


# ------------------------------------------------------------------------------------------------- errors

def place_errors(exc: RecordError, got: HouseInput, variant: str) -> list[Any]:
    """Put each problem of the core at its house field; the problems that are not about house rules back."""
    keys = [f.key for _g, fields in fields_for(variant, got.base) for f in fields]
    others = []
    for problem in getattr(exc, "every", None) or [exc]:
        path = problem.field or ""
        if not path.startswith("rules."):
            others.append(problem)
            continue
        key = path[len("rules."):]
        message = say(problem.says) if getattr(problem, "says", None) else str(problem)
        message = without_key(message, key)
        owner = _owner(key, keys)
        if owner is not None and owner in got.flat or owner is not None and not got.json_text.strip():
            got.add(owner, message)
        elif got.json_text.strip():
            got.json_errors.append(f"{key}: {message}")
        else:
            got.add(keys[0] if keys else "", message)
    return others


def check_also(got: HouseInput, variant: str, options: Mapping[str, str]) -> None:
    """When some fields could not be read, check the ones that could, so every problem shows in one round."""
    if got.json_errors or not got.flat:
        return
    try:
        core.house_document(variant, options, core.unflat(got.flat))
    except RecordError as exc:
        place_errors(exc, got, variant)


def _owner(key: str, keys: list[str]) -> str | None:
    """The field a problem's key belongs to: the longest field key it starts with, or the first field under it."""
    under = [k for k in keys if key == k or key.startswith(k + ".") or key.startswith(k + "[")]
    if under:
        return max(under, key=len)
    return next((k for k in keys if k.startswith(key + ".")), None)


# ------------------------------------------------------------------------------------------------- showing

def summary_label(changes: int) -> str:
    if not changes:
        return gettext("House rules (none)")
    return ngettext("House rules: %(num)d change", "House rules: %(num)d changes", changes)


def view(variant: str, variant_name: str, base: Mapping[str, str], got: HouseInput | None = None,
         house_values: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """What home.html shows: the groups of fields, each with its value (typed, or the preset's, or the
    variant's), the variant's value beside it and its problems; and the summary of the closed disclosure."""
    typed = got.typed if got else {}
    errors = got.errors if got else {}
    values = dict(house_values or {})
    groups = []
    for group, fields in fields_for(variant, base):
        shown_fields = [_field_view(f, variant_name, values.pop(f.key, f.value), typed, errors.get(f.key, []))
                        for f in fields]
        groups.append({"id": group, "label": say(GROUP_LABELS[group]), "fields": shown_fields,
                       "open": any(x["errors"] for x in shown_fields)})
    changes = len(got.flat) if got else len(house_values or {})
    json_text = got.json_text if got else (json.dumps(core.unflat(values), ensure_ascii=False, indent=1)
                                           if values else "")
    failed = bool(got and got.failed) or any(g["open"] for g in groups)
    return {"groups": groups, "summary": summary_label(changes), "changes": changes, "open": failed,
            "base": json.dumps(dict(base), sort_keys=True), "json": json_text,
            "json_errors": got.json_errors if got else [], "name": got.name if got else "",
            "name_errors": got.name_errors if got else [], "from": got.from_token if got else "",
            "advanced_open": bool(got and (got.json_errors or got.json_text.strip())) or bool(values)}


def _field_view(f: HouseField, variant_name: str, value: Any, typed: Mapping[str, str],
                errors: list[str]) -> dict[str, Any]:
    name = PREFIX + f.key
    out: dict[str, Any] = {"key": f.key, "name": name, "id": dom_id(name), "kind": f.kind, "label": say(f.label),
                           "variant": f"{variant_name}: {shown(f, f.value)}", "low": f.low, "high": f.high,
                           "errors": errors}
    if f.kind == "int":
        out["value"] = typed.get(name, "" if value is None else str(value))
    elif f.kind in ("bool", "choice"):
        raw = "" if value is None else ("yes" if value else "no") if f.kind == "bool" else str(value)
        out["value"] = typed.get(name, raw)
        out["choices"] = [("yes", _yes_no(True)), ("no", _yes_no(False))] if f.kind == "bool" else \
            [(c, _choice_word(c, f.key)) for c in f.choices]
        if f.value is None:              # the table leaves it out: "—" keeps it so
            out["choices"].insert(0, ("", "—"))
    elif f.kind in ("range", "list"):
        size = 2 if f.kind == "range" else len(f.value or ())
        items = list(value) if isinstance(value, (list, tuple)) else []
        out["parts"] = [{"name": f"{name}-{i}", "id": dom_id(f"{name}-{i}"), "label": _part_label(f, i),
                         "value": typed.get(f"{name}-{i}", str(items[i]) if i < len(items) else "")}
                        for i in range(size)]
    elif f.kind == "brackets":
        out["columns"], out["rows"] = _bracket_rows(f, value, typed)
    return out


def _column_label(column: str) -> str:
    return {"from": gettext("From a total of"), "minimum": gettext("Minimum"),
            "canasta": gettext("Canasta needed"), "method": gettext("Tax")}.get(column, humanize(column))


def _bracket_rows(f: HouseField, value: Any, typed: Mapping[str, str]) -> tuple[list[dict], list[dict]]:
    name, columns = PREFIX + f.key, columns_of(f)
    stored = [r for r in value if isinstance(r, Mapping)] if isinstance(value, list) else []
    count = max(len(stored) + 1, 1 + max((int(m.group(1)) for k in typed
                                          if (m := re.match(rf"{re.escape(name)}-(\d+)-", k))), default=-1))
    count = min(count, ROWS_MOST)
    rows = []
    for r in range(count):
        row = stored[r] if r < len(stored) else {}
        cells = []
        for c in columns:
            cell_name = f"{name}-{r}-{c}"
            raw = typed.get(cell_name, "" if c not in row else str(row[c]))
            cell = {"name": cell_name, "id": dom_id(cell_name), "column": c, "label": _column_label(c),
                    "value": raw, "fixed": r == 0 and c == "from"}
            if COLUMNS.get(c) is not None:
                cell["choices"] = [(v, _choice_word(v, c)) for v in COLUMNS[c]]
                if (r > 0 or not stored) and "" not in COLUMNS[c]:      # a blank row is no row
                    cell["choices"] = [("", "—"), *cell["choices"]]
            cells.append(cell)
        rows.append({"number": r + 1, "cells": cells, "new": r >= len(stored)})
    return [{"id": c, "label": _column_label(c)} for c in columns], rows
