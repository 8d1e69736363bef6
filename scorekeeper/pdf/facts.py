"""What every printed sheet and pad shows around its score tables, whatever the family: the options that differ
from the table's defaults, the standings, the day, how many sides a pad has columns for."""

from __future__ import annotations

from datetime import date, datetime
from functools import lru_cache
from typing import Any, Callable, Mapping

from flask_babel import format_date, gettext as _

from scorekeeper.rules import RecordError, Rules, get_variant
from scorekeeper.display.words import humanize, option_word
from scorekeeper.display.sheet import opening_words
from scorekeeper.pdf.ledger import num

CHART_SIZE = {"width": 560, "height": 250}


def changed_options(variant_id: str, options: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The options a match chose away from their defaults, as the table words name them in the page's language."""
    try:
        variant = get_variant(variant_id)
    except RecordError:      # a match pinned to a variant these tables no longer hold: every choice it made
        return [(humanize(str(name)), humanize(str(value))) for name, value in options.items()]
    return [(option_word(o.label, o.name), option_word(o.choice_labels.get(str(options[o.name]), ""),
                                                       str(options[o.name])))
            for o in variant.options if o.name in options and str(options[o.name]) != o.default]


def cached_gettext() -> Callable[[str], str]:
    return lru_cache(maxsize=None)(_)


def standings(sheet: Mapping[str, Any]) -> list[dict[str, Any]]:
    winners = sheet["winner"] if isinstance(sheet["winner"], list) else [sheet["winner"]]
    ranked = sorted(sheet["columns"], key=lambda n: -sheet["totals"][n])
    places, out = {}, []
    for i, name in enumerate(ranked):
        total = sheet["totals"][name]
        places.setdefault(total, i + 1)
        out.append({"place": places[total], "name": name, "total": num(total),
                    "minimum": opening_words(sheet["next_opening_minimum"][name],
                                                  (sheet.get("next_opening_canasta") or {}).get(name)), "winner": name in winners})
    return out


def winners(sheet: Mapping[str, Any]) -> list[str]:
    winner = sheet.get("winner")
    return [] if not winner else [winner] if isinstance(winner, str) else list(winner)


def match_facts(sheet: Mapping[str, Any]) -> dict[str, Any]:
    """The sheet's context every family shares: the match, its day, who played, the options, the standings."""
    m = sheet["match"]
    return {"sheet": sheet, "m": m, "hands": len(sheet["hands"]),
            # days as the page's language writes them (issue 23: Babel's CLDR patterns, "26 nov. 2026")
            "day": format_date(datetime.fromisoformat(m["created_at"]).date(), "medium"),
            "players": [(s["name"], s["players"]) for s in m["sides"]],
            "changed_options": changed_options(m["variant"], m["options"]), "standings": standings(sheet),
            "printed_on": format_date(date.today(), "medium")}


def pad_sides(rules: Rules, sides: int | None) -> int:
    """How many sides the pad has columns for: the asked number within the variant's range, else four
    (or the most the variant allows)."""
    if sides is None:
        return max(rules.min_sides, min(4, rules.max_sides))
    if not rules.min_sides <= sides <= rules.max_sides:
        if rules.min_sides == rules.max_sides:
            raise ValueError(_("%(name)s is played by %(n)s sides", name=rules.name, n=rules.min_sides))
        raise ValueError(_("%(name)s is played by %(low)s to %(high)s sides", name=rules.name,
                           low=rules.min_sides, high=rules.max_sides))
    return sides
