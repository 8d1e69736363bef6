"""The house-rules part of the new-match form: what a POST changed, and the core's errors put back at their fields
(shown by :mod:`.view`).

Plain request.form reading rather than WTForms classes: the fields come from the variant's table (any number of
canasta kinds, bracket rows that come and go), and each needs its own words for "variant's value" beside it.

Only what differs from what the page was rendered with is a change: the page carries the options its prefill used
(``house-base``), and a POST compares each field with the values for *those* options. So choosing another option
in the same POST does not turn every prefilled number into a house rule (the option itself decides them).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Mapping

from flask_babel import gettext

from scorekeeper.display.words import headed
from scorekeeper.rules import RecordError
from scorekeeper.rules.json_text import JsonUnreadable, read_json
from scorekeeper.rules.tables import house as core
from scorekeeper.rules.tables.house_fields import HouseField, house_fields
from scorekeeper.web.house.words import COLUMNS, START, columns_of, part_label, say, without_key

PREFIX = "house-"
BASE = "house-base"              # the options the prefill used (JSON)
JSON_FIELD = "house-json"
NAME_FIELD = "house-save-as"
FROM_FIELD = "house-from"        # the preset the form was prefilled from (its name names the match's rules)
JSON_MOST = 20_000               # characters of the advanced textarea
ROWS_MOST = 16                   # bracket rows read: no table has more than five
DIGITS = 10                      # a number typed: -9 999 999 999 … 9 999 999 999; the core checks the range
_NUMBER = re.compile(rf"-?[0-9]{{1,{DIGITS}}}")


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
        base = read_json(raw) if raw and len(raw) < 4000 else {}      # nesting measured before parsing
    except JsonUnreadable:
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
        try:
            got.partial = core.unflat(got.flat)
        except RecordError as exc:       # a key of the box no table can have ("k-1"): told at the box
            got.json_errors.append(say(exc.says or str(exc)))
    return got


def _read_number(form: Mapping[str, str], name: str, key: str, got: HouseInput, what: str = "") -> int | None:
    raw = form.get(name, "")[:40]
    got.typed[name] = raw
    value = _number(raw)
    if value is None:
        message = gettext("Give a whole number.") if not raw.strip() else \
            gettext("“%(text)s” is not a whole number.", text=raw.strip()[:20])
        got.add(key, headed(what, message) if what else message)
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
        values = [_read_number(form, f"{name}-{i}", f.key, got, part_label(f, i)) for i in range(size)]
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
        # the app's reader: nesting measured before the parser recurses (20,000 "[" raised RecursionError, a 500),
        # 1e999 and NaN refused where they are read, every reason in the app's words with its line and column
        partial = read_json(text)
    except JsonUnreadable as exc:
        got.json_errors.append(say(exc.says))
        return
    if not isinstance(partial, dict):
        got.json_errors.append(gettext("Give a JSON object, as in {\"going_out\": {…}}."))
        return
    try:
        extra = core.flat(partial)
    except RecordError as exc:
        got.json_errors.append(say(exc.says or str(exc)))
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
