"""Per-variant ranges of a canasta record, from the deck the variant plays with (the sizes that hold for every
variant are :mod:`scorekeeper.rules.bounds`')."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from scorekeeper.rules import bounds
from scorekeeper.rules.cards import Card, parse_cards, split_melds
from scorekeeper.rules.errors import RecordError
from scorekeeper.rules.phrases import phrase


@dataclass(frozen=True, slots=True)
class CanastaLimits:
    """Per-variant ranges of a canasta record, from the deck the variant plays with."""

    deck: int              # cards in the deck: 52 per pack plus the jokers
    red_threes: int        # red threes in the deck: 2 per pack
    twins: int             # a twin is a pair of identical cards: at most half the deck
    pile_size: int         # the pile cannot hold more than the deck
    cards: int             # cards one side shows (all melds and the hand): at most the deck
    melds: int             # melds of one side: the deck over the smallest meld the variant allows
    canastas: int          # canastas of one kind in a summary: the deck over the smallest canasta
    points: int            # melded or hand card points in a summary: the whole deck's card points


def canasta_limits(rules: Any) -> CanastaLimits:
    deck = 52 * rules.packs + rules.jokers
    smallest = min((k.size[0] for k in rules.canastas), default=7) or 7
    # Every card of the deck at its value (or its value in hand, where that differs): what all melds or all hands
    # of a table can add up to.
    points = sum(rules.copies(key) * max(abs(value), abs(rules.hand_values.get(key, value)))
                 for key, value in rules.card_values.items())
    return CanastaLimits(deck=deck, red_threes=2 * rules.packs, twins=deck // 2, pile_size=deck, cards=deck,
                         melds=deck // max(rules.min_size, 1), canastas=deck // smallest, points=points)


def opening_melds(rules: Any, cards: str | Iterable[str], field: str = "cards") -> list[tuple[Card, ...]]:
    """The melds of a meld check (one meld, or an opening of several separated by ``|`` or new lines), read
    within what a real opening reaches: the text at most :data:`~scorekeeper.rules.bounds.NOTATION_MAX`
    characters (a list of tokens at most the deck) before it is split, at most the deck ÷ the smallest meld
    melds, at most the deck's cards in all. A RecordError naming ``field`` past any of them.

    Why: every meld gets a verdict of its own in the answer, so 120,000 one-card melds sent as text took
    seconds and answered 25 MB (issue 19); a record's side has had these bounds all along (record.py)."""
    limits = canasta_limits(rules)
    if not isinstance(cards, str):
        tokens = list(cards)
        bounds.at_most(tokens, limits.cards, field)
        cards = " ".join(tokens)
    bounds.notation(cards, field)
    melds = split_melds(cards)
    if len(melds) > limits.melds:
        raise RecordError(phrase("at most %(most)s melds, got %(count)s", most=limits.melds, count=len(melds)),
                          field=field)
    parsed = [parse_cards(meld) for meld in melds]
    bounds.cards_at_most(sum(map(len, parsed)), limits.cards, field)
    return parsed
