"""Hand-form parts that depend on what a table has beyond the common record: seed 003's side fields (the double
ending, black threes taken: SEED003_DIGEST.md §7) and the bonuses a summary cannot score (which, the core says). Read from the rules,
never from a variant's id, so a new table with these keys gets them on its form.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from flask_babel import lazy_gettext as _l
from wtforms import BooleanField

from scorekeeper.rules import Rules
from scorekeeper.rules.canasta.hand_form import has_double_out
from scorekeeper.rules.canasta.limits import canasta_limits
from scorekeeper.rules.canasta.tally import summary_gaps as core_summary_gaps
from scorekeeper.display.words import table_word


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


def summary_gaps(rules: Rules) -> list[str]:
    """The labels of the bonuses a summary cannot score (the core knows which counts a summary records:
    ``canasta.tally.summary_gaps``): the form says so, rather than a saved summary silently lacking them."""
    return [table_word(bonus.label) for bonus in core_summary_gaps(rules)]
