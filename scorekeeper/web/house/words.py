"""Words of the house-rules pages (form.py, view.py, views.py): the core's phrases in the page's
language, the schema's closed lists named, a value said as the form shows it beside a field."""

from __future__ import annotations

import re
from typing import Any, Mapping

from flask_babel import gettext, lazy_gettext as _l

from scorekeeper.rules.tables.house_fields import HouseField, key_label
from scorekeeper.rules.phrases import Phrase
from scorekeeper.rules.canasta.schema import OpeningCanasta, TaxMethod
from scorekeeper.display.words import PAGE_WORDS, headed, humanize, table_word
from scorekeeper.display.words import _in_page_language   # noqa: PLC2701 - the one place a phrase's fallback rule is kept

WORD_ARGS = ("what", "shape")    # a label's arguments that are words of the catalogue, not values
_KEY = re.compile(r"[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)+")
START = -1_000_000_000           # the first bracket's "from": the start of the match
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


# The words of the schema's closed lists (rules/canasta/schema.py), by the key they are the value of.
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


def choice_word(value: str, context: str = "") -> str:
    if not value:
        return "—"
    word = CHOICE_WORDS.get(context.rsplit(".", 1)[-1], {}).get(value)
    return str(word) if word is not None else table_word(humanize(value))


def yes_no(value: bool) -> str:
    return gettext("yes") if value else gettext("no")


def columns_of(f: HouseField) -> list[str]:
    """The columns of a brackets field: "from" and those its rows use (a new table's guess from its key)."""
    rows = f.value if isinstance(f.value, list) else []
    main = getattr(f, "column", "") or ("method" if f.key.startswith("taxation") else "minimum")
    return ["from", *(c for c in COLUMNS if c == main or any(isinstance(r, Mapping) and c in r for r in rows))]


def shown(f: HouseField, value: Any) -> str:
    """A value as the "variant's value" beside a field says it."""
    if f.kind == "bool":
        return yes_no(bool(value))
    if f.kind == "choice":
        return choice_word(str(value), f.key)
    if f.kind == "range" and isinstance(value, (list, tuple)) and len(value) == 2:
        return str(value[0]) if value[0] == value[1] else f"{value[0]}–{value[1]}"
    if f.kind == "list" and isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    if f.kind == "brackets" and isinstance(value, (list, tuple)):
        return "; ".join(_bracket_text(f, r) for r in value if isinstance(r, Mapping))
    return "—" if value is None else str(value)


def _bracket_text(f: HouseField, row: Mapping[str, Any]) -> str:
    start = gettext("from the start") if row.get("from") == START else gettext("from %(n)s", n=row.get("from"))
    parts = [str(row[c]) if c == "minimum" else choice_word(str(row[c]), c)
             for c in columns_of(f)[1:] if c in row]
    return headed(start, ", ".join(parts))


def part_label(f: HouseField, i: int) -> str:
    if f.kind == "range":
        return gettext("least") if i == 0 else gettext("most")
    return gettext("Entry %(n)d", n=i + 1)
