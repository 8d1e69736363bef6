"""Per-variant ranges of a Keltis record, from the deck of its table (the sizes that hold for every variant are
:mod:`scorekeeper.rules.bounds`')."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class KeltisLimits:
    cards: int             # cards in a Keltis deck (number, closing and grey cards): bounds a row's tokens
    stones: int            # wishing stones in the game: how many one player can hold
    stone_value: int = 99  # |value| of a stone token; a value the game lacks is a problem, not an error


def keltis_limits(rules: Any) -> KeltisLimits:
    colours = len(rules.colour_names)
    cards = colours * (sum(rules.number_copies.values()) + rules.closing_copies) \
        + len(rules.grey_values) * rules.grey_copies
    return KeltisLimits(cards=cards, stones=len(rules.stones))
