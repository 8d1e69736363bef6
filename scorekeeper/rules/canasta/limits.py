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


def opening_melds(rules: Any, cards: str | Iterable[str], field: str = "cards",
                  lang: str = "en") -> list[tuple[Card, ...]]:
    """The melds of a meld check (one meld, or an opening of several separated by ``|`` or new lines), read
    within what a real opening reaches: the text at most :data:`~scorekeeper.rules.bounds.NOTATION_MAX`
    characters (a list of tokens at most the deck) before it is split, at most the deck ÷ the smallest meld
    melds, at most the deck's cards in all. A RecordError naming ``field`` past any of them.

    Why: every meld gets a verdict of its own in the answer, so 120,000 one-card melds sent as text took
    seconds and answered 25 MB (issue 19); a record's side has had these bounds all along (record.py).
    ``lang``: the letters and card words of the page's language (issue 23, rules/card_words.py)."""
    limits = canasta_limits(rules)
    if not isinstance(cards, str):
        tokens = list(cards)
        bounds.at_most(tokens, limits.cards, field)
        cards = " ".join(tokens)
    bounds.notation(cards, field)
    melds = split_melds(cards, lang)
    if len(melds) > limits.melds:
        raise RecordError(phrase("at most %(most)s melds, got %(count)s", most=limits.melds, count=len(melds)),
                          field=field)
    parsed = [parse_cards(meld, lang) for meld in melds]
    bounds.cards_at_most(sum(map(len, parsed)), limits.cards, field)
    return parsed


# --- what one scoring under a table costs ----------------------------------------------------------------------
# A scoring's work follows from the largest record the limits above let through: every side of the table's most
# sides with a deck of cards, in as many melds as the smallest meld allows, each meld tried against every canasta
# kind; its answer (what a match's sheet keeps per hand) from the largest legal hand, the deck in melds of the
# smallest size. Measured (bench/work_bench.py, the largest record of each table): about 5 µs a card, 6 µs a
# meld beyond its cards and 0.1 µs a canasta kind tried against a meld, whatever the table; bonus rules and their
# conditions did not show (1–600 conditions: within the noise). Weights in cards:
_MELD = 1.2                 # a meld's verdict beyond its cards
_MELD_KIND = 0.02           # one canasta kind tried against one meld
_SIDE_ANSWER = 3            # a side's numbers in a hand's answer, in melds' worth of JSON (~230 bytes a meld)
# The heaviest shipped tables, so that each of them costs at most 1 and a match under any of them holds
# matches.MAX_HANDS hands: work, díszített for six players (6 sides × (112 + 1.2 × 37 + 0.02 × 37 × 5));
# answer, pennies from heaven for three sides of two (216 cards ÷ 3 + 3 × 3 sides). tests/core/test_work.py checks both stay the maxima.
SHIPPED_WORK = 6 * (112 + _MELD * 37 + _MELD_KIND * 37 * 5)
SHIPPED_ANSWER = 216 // 3 + _SIDE_ANSWER * 3


def scoring_cost(rules: Any) -> float:
    """What one scoring under ``rules`` may cost at most, in units of a scoring under the heaviest shipped table
    (every shipped table costs at most 1): the larger of its work and its answer. Why: a legal house table (6
    packs, 150 canasta kinds) made one hand cost 11 ms instead of 0.3 ms and a 200-hand sheet answer 9.5 MB, so
    a request's work is bounded in scorings × this, not in scorings (:mod:`scorekeeper.rules.work`)."""
    limits = canasta_limits(rules)
    melds = limits.melds
    work = rules.max_sides * (limits.cards + _MELD * melds + _MELD_KIND * melds * len(rules.canastas))
    answer = melds + _SIDE_ANSWER * rules.max_sides
    return float(max(work / SHIPPED_WORK, answer / SHIPPED_ANSWER))
