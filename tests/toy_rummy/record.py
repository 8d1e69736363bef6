"""A toy rummy record: each side's melds and the cards left in its hand, in the shared cards notation with a suit
on every card (``"7h 8h 9h"``). Malformed input raises ``RecordError`` naming the field, through the helpers every
family's record shares (:mod:`scorekeeper.rules.records`); whether the melds are melds is the scorer's job."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from scorekeeper.rules import bounds
from scorekeeper.rules.cards import Card, parse_cards
from scorekeeper.rules.errors import NotationError, RecordError
from scorekeeper.rules.records import json_object, record_rules, record_sides, side_names
from tests.toy_rummy.rules import ToyRules

_TOP_FIELDS = {"variant", "options", "rules", "sides", "totals_before", "hand_number"}
_SIDE_FIELDS = {"name", "players", "melds", "hand"}
MELDS_MAX = 52             # one pack: no side lays more melds than it has cards


@dataclass(frozen=True, kw_only=True, slots=True)
class ToySide:
    name: str
    players: tuple[str, ...]
    melds: tuple[tuple[Card, ...], ...]
    hand: tuple[Card, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class ToyRecord:
    rules: ToyRules
    sides: tuple[ToySide, ...]
    totals_before: Mapping[str, int]


def _cards(value: Any, field: str) -> tuple[Card, ...]:
    if not isinstance(value, str):
        raise RecordError(f"expected cards as text such as \"7h 8h 9h\", got {type(value).__name__}", field=field)
    try:
        return parse_cards(bounds.notation(value, field))
    except NotationError as exc:
        raise RecordError(exc.says or str(exc), field=field) from None


def _side(rules: ToyRules, data: Any, index: int) -> ToySide:
    field = f"sides[{index}]"
    data = json_object(data, field, _SIDE_FIELDS)
    name, players = side_names(data, field)
    melds = data.get("melds", [])
    if not isinstance(melds, list):
        raise RecordError("melds must be a list of card strings, one per meld", field=f"{field}.melds")
    bounds.at_most(melds, MELDS_MAX, f"{field}.melds")
    return ToySide(name=name, players=tuple(players),
                   melds=tuple(_cards(m, f"{field}.melds[{k}]") for k, m in enumerate(melds)),
                   hand=_cards(data.get("hand", ""), f"{field}.hand"))


def parse_record(data: Any, rules: Any = None) -> ToyRecord:
    """The toy family's ``parse_record`` hook."""
    data = json_object(data, "", _TOP_FIELDS)
    rules = record_rules(data, "toy_rummy", rules)
    sides, totals = record_sides(data, rules, _side, who="side")
    return ToyRecord(rules=rules, sides=sides, totals_before=totals)

