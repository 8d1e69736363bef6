"""The house-rules fields as home.html shows them: each field's value (typed, a preset's or the variant's), the
variant's value beside it, its problems, and the summary of the closed disclosure."""

from __future__ import annotations

import json
import re
from typing import Any, Mapping

from flask_babel import gettext, ngettext

from scorekeeper.rules.tables import house as core
from scorekeeper.rules.tables.house_fields import GROUP_LABELS, HouseField
from scorekeeper.display.words import headed, humanize
from scorekeeper.web.house.form import PREFIX, ROWS_MOST, HouseInput, fields_for
from scorekeeper.web.house.words import COLUMNS, choice_word, columns_of, dom_id, part_label, say, shown, yes_no


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
                           "variant": headed(variant_name, shown(f, f.value)), "low": f.low, "high": f.high,
                           "errors": errors}
    if f.kind == "int":
        out["value"] = typed.get(name, "" if value is None else str(value))
    elif f.kind in ("bool", "choice"):
        raw = "" if value is None else ("yes" if value else "no") if f.kind == "bool" else str(value)
        out["value"] = typed.get(name, raw)
        out["choices"] = [("yes", yes_no(True)), ("no", yes_no(False))] if f.kind == "bool" else \
            [(c, choice_word(c, f.key)) for c in f.choices]
        if f.value is None:              # the table leaves it out: "—" keeps it so
            out["choices"].insert(0, ("", "—"))
    elif f.kind in ("range", "list"):
        size = 2 if f.kind == "range" else len(f.value or ())
        items = list(value) if isinstance(value, (list, tuple)) else []
        out["parts"] = [{"name": f"{name}-{i}", "id": dom_id(f"{name}-{i}"), "label": part_label(f, i),
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
                cell["choices"] = [(v, choice_word(v, c)) for v in COLUMNS[c]]
                if (r > 0 or not stored) and "" not in COLUMNS[c]:      # a blank row is no row
                    cell["choices"] = [("", "—"), *cell["choices"]]
            cells.append(cell)
        rows.append({"number": r + 1, "cells": cells, "new": r >= len(stored)})
    return [{"id": c, "label": _column_label(c)} for c in columns], rows
