"""The calls every front (CLI, web forms, JSON API) makes: JSON-shaped data in, JSON-shaped data out.

Malformed input raises ``ScorekeeperError`` (a ``ValueError``); rule violations come back inside the result.
"""

from __future__ import annotations

from typing import Any, Mapping

from scorekeeper.rules import RecordError, describe_variants, parse_record, score_hand
# check and check_by live in the rules core, so the offline scorer (rules/offline.py, under Pyodide) runs the very
# same judging as the API (issue 22); the fronts keep calling them from here.
from scorekeeper.rules.meld_check import OPENING_CANASTAS, check, check_by


def score(record: Any) -> dict[str, Any]:
    """Score one hand record (for Keltis: one game's final tables); the result's ``ok`` tells whether it broke
    any rule. The variant's family decides how the record is read and scored (``rules.families.FAMILIES``)."""
    return score_hand(parse_record(record)).to_dict()


def resolved_rules(variant: str, options: Mapping[str, Any] | None = None,
                   house: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The rules document a match of ``variant`` with ``options`` and the house rules ``house`` would be pinned
    to (:func:`scorekeeper.rules.tables.house.house_document`): identity, options, the resolved table, the house block
    when they change anything. ``house`` is a partial table, or a house-rules preset file (its ``rules``, named
    by it, over its options; ``options`` given here win). RecordError naming the variant, the option or
    ``rules.<key>`` (a preset's own fields: ``format``, ``name``, ``variant``, ``options.<n>``)."""
    from scorekeeper.rules.tables.house import PRESET_FORMAT, house_document, read_preset
    if not isinstance(variant, str):
        raise RecordError("the variant must be a name such as \"diszitett\"", field="variant")
    name = ""
    if isinstance(house, Mapping) and house.get("format") == PRESET_FORMAT:
        preset = read_preset(house)
        if preset["variant"] != variant:
            raise RecordError(f"these house rules are for {preset['variant']!r}, not {variant!r}", field="variant")
        options, house, name = {**preset["options"], **(options or {})}, preset["rules"], preset["name"]
    return house_document(variant, options, house, name=name)


def variants() -> list[dict[str, Any]]:
    return describe_variants()
