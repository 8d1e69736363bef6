"""The summary form's counts of cards per value group (rules/value_groups.py), on the table and in hand.

A player may type the card points or count the cards instead; the counts go into the stored entry as they were
typed (``melded_counts``, ``hand_counts``), so the hand page shows them and the record parser adds them up.
Typing both for one side is left for the parser to refuse at the points field: two totals that may disagree.
"""

from __future__ import annotations

from typing import Any, Mapping

from flask_babel import gettext as _
from wtforms import Form, FormField
from wtforms.validators import NumberRange, Optional

from scorekeeper.display.keypad import face
from scorekeeper.rules.canasta.hand_form import field_name
from scorekeeper.rules.canasta.value_groups import COUNT_FIELDS, ValueGroup, value_groups
from scorekeeper.display.words import COUNTED_PLURALS
from scorekeeper.web.fields import WholeNumber


def group_label(group: ValueGroup) -> str:
    if len(group.cards) == 1 and group.cards[0] in COUNTED_PLURALS:
        cards = str(COUNTED_PLURALS[group.cards[0]])
        cards = cards[:1].upper() + cards[1:]
    elif len(group.cards) == 2:
        cards = ", ".join(str(face(c)) for c in group.cards)
    else:
        cards = f"{face(group.cards[0])}–{face(group.cards[-1])}"
    return _("%(cards)s (%(value)s each)", cards=cards, value=group.value)


def counts_fields(rules: Any) -> dict[str, FormField]:
    """One FormField per counts field, a count per value group bounded by the deck's copies of the group."""
    out = {}
    for counts_key in COUNT_FIELDS:
        groups = value_groups(rules, in_hand=counts_key == "hand_counts")
        out[counts_key] = FormField(type("Counts", (Form,), {
            field_name(g.key): WholeNumber(group_label(g), default=None, render_kw={"data-value": g.value},
                                           validators=[Optional(), NumberRange(min=0, max=g.copies)])
            for g in groups}))
    return out


def counts_to_data(stored: Mapping[str, Any]) -> dict[str, Any]:
    """Form data of a stored entry's counts (for correcting a hand)."""
    out = {}
    for counts_key in COUNT_FIELDS:
        counts = stored.get(counts_key)
        if isinstance(counts, Mapping):
            out[counts_key] = {field_name(k): v for k, v in counts.items()
                               if isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool)}
    return out


def group_labels(rules: Any) -> dict[str, str]:
    """Labels of the stored counts, by "melded_counts.4-7" / "hand_counts.JK" (the hand's revisions page)."""
    return {f"{counts_key}.{g.key}": group_label(g) for counts_key in COUNT_FIELDS
            for g in value_groups(rules, in_hand=counts_key == "hand_counts")}


def counted(rules: Any, side: Mapping[str, Any]) -> dict[str, list[tuple[str, int, int]]]:
    """A stored summary side's counts as the hand's page lists them: ``(label, count, points)`` per group, in
    the form's order, under "melded" and "held" (only the groups counted; none for points typed as a total)."""
    out = {}
    for counts_key, where in (("melded_counts", "melded"), ("hand_counts", "held")):
        counts = side.get(counts_key)
        if isinstance(counts, Mapping):
            out[where] = [(group_label(g), n, n * g.value) for g in value_groups(rules, in_hand=where == "held")
                          if isinstance(n := counts.get(g.key), int) and n]
    return out
