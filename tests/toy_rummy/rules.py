"""The toy rummy's rules object (it meets the core's ``GameRules``), built from a table with its options applied."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from scorekeeper.rules.cards import RANKS
from scorekeeper.rules.tables.reading import frozen
from scorekeeper.rules.tables.variants import TableRules, game_fields, total_players_problems

#: The ranks of a rummy deck, low to high (no jokers: the toy plays one 52-card pack).
ORDER = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


@dataclass(frozen=True, kw_only=True, slots=True)
class ToyRules(TableRules):
    card_values: Mapping[str, int]
    min_size: int
    ace_low: bool              # an ace may start a run (A 2 3) instead of ending one (Q K A)
    target: int
    compare: str = "reaches"   # what the shared match_outcome reads: the target is reached, a tie on top is shared
    top_tie: str = "shared"

    def value(self, rank: str) -> int:
        return self.card_values[rank]

    def position(self, rank: str) -> int:
        """Where a rank stands in a run: the ace below the 2 where it plays low."""
        return -1 if rank == "A" and self.ace_low else ORDER.index(rank)


def build_rules(variant: Any, data: dict[str, Any], chosen: Mapping[str, str]) -> ToyRules:
    melds = data["melds"]
    return ToyRules(**game_fields(variant, data, chosen),
                    card_values=frozen({str(k): int(v) for k, v in data["card_values"].items()}),
                    min_size=int(melds["min_size"]), ace_low=bool(melds.get("ace_low", False)),
                    target=int(data["match"]["target"]))


def table_problems(r: ToyRules) -> list[str]:
    """What contradicts in a toy table: a rank without a value, or a rank the cards notation lacks."""
    found = [f"card_values.{rank}: a rummy deck has no such rank" for rank in r.card_values if rank not in RANKS]
    if missing := [rank for rank in ORDER if rank not in r.card_values]:
        found.append("card_values lacks " + ", ".join(missing))
    return found + total_players_problems(r)
