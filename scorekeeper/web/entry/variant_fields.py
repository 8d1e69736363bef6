"""Hand-form parts that depend on what a table has beyond the common record: seed 003's side fields (the double
ending, black threes taken: SEED003_DIGEST.md §7) and the bonuses a summary cannot score. Read from the rules,
never from a variant's id, so a new table with these keys gets them on its form.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from flask_babel import lazy_gettext as _l
from wtforms import BooleanField

from scorekeeper.rules import Rules
from scorekeeper.rules.bounds import canasta_limits
from scorekeeper.display.words import table_word


def has_double_out(rules: Rules, side: Mapping[str, Any]) -> bool:
    """The double ending (seed 003 S7) is a choice of a partnership side where the table scores it and anyone may
    go out; a table whose double ending earns nothing (samba: ``double_out = 0``) does not ask."""
    return (bool(rules.double_out_bonus) and rules.going_out_allowed and rules.players_per_side > 1
            and len(side["players"]) > 1)


def side_extras(rules: Rules, side: Mapping[str, Any], count: Callable[..., Any]) -> dict[str, Any]:
    """The side fields of seed 003's record (SEED003_DIGEST.md §7), where the match's rules have them; ``count``
    makes a bounded count field (forms.py)."""
    attrs: dict[str, Any] = {}
    if has_double_out(rules, side):
        attrs["double_out"] = BooleanField(_l("Both partners went out"))
    if rules.black_threes_taken_allowed:
        attrs["black_threes_taken"] = count(_l("Black threes set aside"),
                                            maximum=canasta_limits(rules).red_threes)
    return attrs


def _meld_count(key: str) -> bool:
    # Tally keys a summary side never sets (rules/tally.py): melds by shape and melded black threes.
    return key == "black_threes" or key.endswith("_melds") or "_melds_" in key


def summary_gaps(rules: Rules) -> list[str]:
    """The labels of the bonuses a summary cannot score, because they count melds by shape (Brazilian's
    sequences of five, S59) or melded black threes (Cuban's all four): the form says so, rather than a saved
    summary silently lacking them."""
    gaps = []
    for bonus in getattr(rules, "bonuses", ()):
        keys = [bonus.per or ""] + [k for c in (*bonus.when, *bonus.plus_when) for k in _condition_keys(c)]
        if any(_meld_count(k) for k in keys):
            gaps.append(table_word(bonus.label))
    return gaps


def _condition_keys(condition: Any) -> list[str]:
    count = getattr(condition, "count", None)
    return list(count) if isinstance(count, (tuple, list)) else [count] if isinstance(count, str) else []
