"""Keltis in the web app (issue 5): the game-entry form, its conversions, and where its problems are shown.

A Keltis "hand" of a match is one whole game, entered as every player's final table: the five colour rows as
laid (``0``…``10``, ``X`` a closing card, ``G5`` a grey point card on the row), the neutral grey row and the
wishing stones held. The functions here mirror the canasta ones in :mod:`.forms` (``entry_form``,
``form_to_entry``, ``entry_to_data``); the fronts registry (:mod:`scorekeeper.fronts`) hands :mod:`.views` the
family's set, and the sheet's cells and words are in :mod:`scorekeeper.display.sheet`. Everything is checked by the rules
core (:mod:`scorekeeper.rules.keltis`) through :mod:`scorekeeper.store.matches`, never here.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from flask_babel import lazy_gettext as _l
from wtforms import Form, FormField, SelectMultipleField, StringField
from wtforms.validators import Length
from wtforms.widgets import CheckboxInput, ListWidget

from scorekeeper.rules import RecordError
from scorekeeper.rules.keltis import KeltisRules, parse_grey_row, parse_row
from scorekeeper.web.fields import choice
from scorekeeper.web.entry.differences import NOTHING, Difference, card_changes
from scorekeeper.web.entry.forms import EntryForm, EntryLayout
from scorekeeper.display.words import lazy_table_word

_SPLIT = re.compile(r"[\s,]+")
ROW_MAX = 120           # 16 number cards, 2 closing and a few grey cards of one colour fit with room to spare


# --------------------------------------------------------------------------------------------- the form

class StoneToggles(SelectMultipleField):
    """The wishing stones held, one checkbox per stone (the template draws each as a big toggle)."""

    widget = ListWidget(prefix_label=False)
    option_widget = CheckboxInput()


def _side_form(rules: KeltisRules) -> type[Form]:
    rows = type("KeltisRows", (Form,), {
        c: StringField(lazy_table_word(c), validators=[Length(max=ROW_MAX)]) for c in rules.colour_names})
    return type("KeltisTable", (Form,), {
        "rows": FormField(rows),
        "grey": StringField(_l("Grey row"), validators=[Length(max=ROW_MAX)]),
        "stones": StoneToggles(_l("Wishing stones"), choices=[choice(s, str(s)) for s in rules.stones], coerce=int),
    })


def entry_form(layout: EntryLayout, *, data: Mapping[str, Any] | None = None, **kwargs: Any) -> EntryForm:
    """The game form: one table (rows, grey row, stones) per player, in the match's order."""
    table = _side_form(layout.rules)
    cls = type("KeltisGame", (EntryForm,), {f"side{i}": FormField(table) for i in range(len(layout.sides))})
    form = cls(data={"alone": "", **(data or {})}, **kwargs)
    form.layout = layout
    form.top_errors = []
    form.side_errors = {i: [] for i in range(len(layout.sides))}
    return form


def notation(value: Any) -> str:
    """A row as tokens separated by single spaces, upper case (``x``, ``g5`` → ``X``, ``G5``); lists as text."""
    if isinstance(value, (list, tuple)):
        value = " ".join(str(v) for v in value)
    if not isinstance(value, str):
        return ""
    return " ".join(t.upper() for t in _SPLIT.split(value.strip()) if t)


def form_to_entry(form: EntryForm) -> dict[str, Any]:
    """The game entry (``{"mode", "sides"}``) the form describes; rows left empty are not recorded."""
    sides = []
    for side, sub in zip(form.layout.sides, form.side_forms()):
        rows = {colour: text for colour, raw in sub.rows.data.items() if (text := notation(raw))}
        sides.append({"name": side["name"], "rows": rows, "grey": notation(sub.grey.data),
                      "stones": sorted(sub.stones.data or [])})
    # One entry form only (the summary mode counts canastas); "cards" keeps the match log's shape.
    return {"mode": "cards", "sides": sides}


def _stones(value: Any) -> list[int]:
    tokens = _SPLIT.split(value.strip()) if isinstance(value, str) else value if isinstance(value, list) else []
    return [int(t) for t in tokens if (isinstance(t, int) and not isinstance(t, bool) and -100 < t < 100)
            or (isinstance(t, str) and t.isascii() and t.isdecimal() and len(t) <= 2)]


def entry_to_data(layout: EntryLayout, entry: Mapping[str, Any]) -> dict[str, Any]:
    """Form data that shows a stored game again (for a correction); rows sent through the API under Hungarian
    colour names (``zöld``) land in their colour's field."""
    rules, by_name, data = layout.rules, {s.get("name"): s for s in entry.get("sides", [])}, {}
    for i, side in enumerate(layout.sides):
        stored = by_name.get(side["name"], {})
        rows = {}
        for key, row in (stored.get("rows") or {}).items():
            if colour := rules.colour(str(key)):
                rows[colour] = notation(row)
        data[f"side{i}"] = {"rows": rows, "grey": notation(stored.get("grey", "")),
                            "stones": _stones(stored.get("stones", []))}
    return data


def comparable(rules: KeltisRules, entry: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """A stored game in one shape whatever front wrote it (colour aliases, rows as lists, a missing grey row),
    so the revisions page marks a player "changed" only when their table changed."""
    if not entry:
        return None
    sides = []
    for side in entry.get("sides", []):
        rows = {rules.colour(str(k)) or str(k): notation(v) for k, v in (side.get("rows") or {}).items()}
        sides.append({"name": side.get("name"), "rows": {k: v for k, v in rows.items() if v},
                      "grey": notation(side.get("grey", "")), "stones": sorted(_stones(side.get("stones", [])))})
    return {"sides": sides}


def differences(rules: KeltisRules, old: Mapping[str, Any], new: Mapping[str, Any]) -> list[Difference]:
    """What differs between two games, player by player, under the form's labels (issue 22's near-duplicate
    question): each colour row, the grey row and the stones; each card (or stone) added or taken away counts."""
    before = {s["name"]: s for s in (comparable(rules, old) or {"sides": []})["sides"]}
    found = []
    for side in (comparable(rules, new) or {"sides": []})["sides"]:
        who, was = str(side["name"]), before.get(side["name"], {"rows": {}, "grey": "", "stones": []})
        rows = [(lazy_table_word(c), was["rows"].get(c, ""), side["rows"].get(c, ""))
                for c in dict.fromkeys([*rules.colour_names, *was["rows"], *side["rows"]])]
        stones = [" ".join(map(str, s)) for s in (was["stones"], side["stones"])]
        for what, a, b in [*rows, (_l("Grey row"), was["grey"], side["grey"]), (_l("Wishing stones"), *stones)]:
            if a != b:
                found.append(Difference(who, str(what), a or NOTHING, b or NOTHING,
                                        max(1, card_changes(a.split(), b.split()))))
    return found


# --------------------------------------------------------------------------------------------- problems

def _labels(rules: KeltisRules, side: Mapping[str, Any], colour: str, where: str) -> set[str]:
    try:
        if where == "grey":
            return {f"G{v}" for v in parse_grey_row(rules, side.get("grey", ""))}
        return {c.label(colour) for c in parse_row(rules, side["rows"][colour])}
    except RecordError:           # unreadable input never reaches the game-level checks
        return set()


def problem_fields(form: EntryForm, entry: Mapping[str, Any], problem: Mapping[str, Any]) -> list[str | None]:
    """Where a problem of the game is shown. Row and stone problems carry their field (``sides[1].rows.red``);
    the deck checks (too many copies of a card, a wishing stone held twice) concern several players and come
    with the field ``sides``: they are shown at every row, grey row or stones of the cards they name."""
    field = problem.get("field")
    named = set(problem.get("cards") or ())
    if field != "sides" or not named:
        return [field]
    rules, paths = form.layout.rules, []
    for i, side in enumerate(entry.get("sides", [])):
        for colour in side.get("rows", {}):
            if named & _labels(rules, side, colour, "row"):
                paths.append(f"sides[{i}].rows.{colour}")
        if named & _labels(rules, side, "", "grey"):
            paths.append(f"sides[{i}].grey")
        if named & {f"stone {s}" for s in _stones(side.get("stones", []))}:
            paths.append(f"sides[{i}].stones")
    return paths or [field]


def live_table(rules: KeltisRules) -> dict[str, Any]:
    """The numbers the phone's running row score needs, from the rules table with the match's options (K1, K2):
    the script only adds up, it never decides what is legal."""
    return {"row_points": list(rules.row_length_points), "stone_points": list(rules.stone_points),
            "grey_card": rules.grey_card_points, "count_grey": rules.length_counts_grey,
            "count_closing": rules.length_counts_closing, "grey_on_row_point": rules.grey_on_row_point}
