"""A side's base items as a fold over the table's bonus rules (:attr:`Rules.bonuses`, compiled once by
:mod:`.table`) and its tally (:mod:`.tally`): no code path per variant.

Each rule gives an item when its count (``per``) is not 0 and its ``when`` conditions hold; its points are the
count times ``points``, or ``table[count]`` (red threes), or what its named hook returns; they count minus
unless its ``plus_when`` conditions hold (red threes: seed 002 "minus for a side that melded nothing").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from scorekeeper.rules.canasta.rules import Rules, all_hold
from scorekeeper.rules.canasta.hooks import call


@dataclass(frozen=True, kw_only=True, slots=True)
class BaseItem:
    item: str
    label: str
    count: int
    points: int

    def to_dict(self) -> dict[str, Any]:
        return {"item": self.item, "label": self.label, "count": self.count, "points": self.points}


def base_items(rules: Rules, counts: Mapping[str, int]) -> list[BaseItem]:
    items = []
    for b in rules.bonuses:
        n = counts.get(b.per, 0) if b.per is not None else 1
        if not n or (b.when and not all_hold(b.when, counts)):
            continue
        if b.hook is not None:
            points = call(b.hook, counts, rules)
            if not points:
                continue
        elif b.table:
            points = b.table[min(n, len(b.table) - 1)]
        else:
            points = n * b.points
        if b.plus_when and not all_hold(b.plus_when, counts):
            points = -points
        items.append(BaseItem(item=b.item, label=b.label, count=n, points=points))
    return items


def red_three_points(rules: Rules, count: int, counts: Mapping[str, int]) -> int:
    """What ``count`` red threes are worth to a side with this tally (cutthroat: each player's own)."""
    points = rules.red_three_totals[min(count, len(rules.red_three_totals) - 1)]
    return points if all_hold(rules.red_three_plus_when, counts) else -points
