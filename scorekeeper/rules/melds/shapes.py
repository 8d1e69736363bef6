"""The problems of one meld judged as one shape of the table (``[melds.<shape>]``): a group of one rank, a suit
sequence, wild cards only, black threes. :func:`~.verdict.check_meld` chooses the shape the cards most plausibly
meant and calls the one function here that judges it; each returns every problem it finds.
"""

from __future__ import annotations

from typing import Mapping

from scorekeeper.rules.canasta.rules import BLACK_THREES, GROUP, SEQUENCE, WILD_ONLY, MeldShape
from scorekeeper.rules.cards import Card, format_cards
from scorekeeper.rules.phrases import phrase
from scorekeeper.rules.problems import Problem, problem

# The size limits of each shape, as (too few, too many) sentences. The counts are said in words with the card
# they count ("this has two cards"): the checker shows the offending cards right after the sentence, and a bare
# number before them ran into them ("this has 1 2").
_SIZE_WORDS = {
    GROUP: (phrase("a group needs at least %(low_tally)s, this has %(count_tally)s"),
            phrase("a group holds at most %(high_tally)s, this has %(count_tally)s")),
    WILD_ONLY: (phrase("a group of wild cards only needs at least %(low_tally)s, this has %(count_tally)s"),
                phrase("a group of wild cards only holds at most %(high_tally)s, this has %(count_tally)s")),
    BLACK_THREES: (phrase("a meld of black threes needs at least %(low_tally)s, this has %(count_tally)s"),
                   phrase("a meld of black threes holds at most %(high_tally)s, this has %(count_tally)s")),
    SEQUENCE: (phrase("a sequence needs at least %(low_tally)s, this has %(count_tally)s"),
               phrase("a sequence holds at most %(high_tally)s, this has %(count_tally)s")),
}
CARD, WILD, NATURAL = "card", "wild", "natural"     # what a count counts (phrases.CARD_WORDS)


def size_problems(cards: tuple[Card, ...], shape: MeldShape, high: int | None = None) -> list[Problem]:
    """Too few or too many cards for the shape (``high``: a cap of this meld's own, instead of ``max_size``)."""
    few, many = _SIZE_WORDS[shape.shape]
    low, high = shape.min_size, shape.max_size if high is None else high
    count = (len(cards), CARD)
    if 0 < len(cards) < low:
        return [problem("too_few_cards", phrase(few.template, low_tally=(low, CARD), count_tally=count), cards)]
    if high and len(cards) > high:
        return [problem("too_many_cards", phrase(many.template, high_tally=(high, CARD), count_tally=count), cards)]
    return []


def limit_problems(shape: MeldShape, size: int, naturals: list[Card], wild: list[Card]) -> list[Problem]:
    """The wild-card limits and the natural-card minimum of a group or a sequence."""
    out = []
    n, w = len(naturals), len(wild)
    limits = []
    if size in shape.max_wilds_by_size and w > shape.max_wilds_by_size[size]:
        allowed = shape.max_wilds_by_size[size]
        limits.append(phrase("a group of %(size)s may hold no wild cards", size=size) if allowed == 0 else
                      phrase("a group of %(size)s may hold at most %(allowed_tally)s", size=size,
                             allowed_tally=(allowed, WILD)))
    if shape.max_wilds is not None and w > shape.max_wilds:
        limits.append(phrase("a meld may hold no wild cards") if shape.max_wilds == 0 else
                      phrase("a meld may hold at most %(allowed_tally)s", allowed_tally=(shape.max_wilds, WILD)))
    if shape.wild_relation == "fewer" and w >= n:
        limits.append(phrase("wild cards must be fewer than natural cards"))
    if shape.wild_relation == "at_most_half" and w > n:
        limits.append(phrase("at most half of a meld may be wild"))
    if limits:
        out.append(problem("too_many_wilds", [*limits, phrase("this has %(count_tally)s", count_tally=(w, WILD))],
                           wild))
    if n < shape.min_naturals:
        out.append(problem("too_few_naturals", phrase("a meld needs at least %(low_tally)s, this has %(count_tally)s",
                                                      low_tally=(shape.min_naturals, NATURAL),
                                                      count_tally=(n, NATURAL)), naturals))
    return out


def group_problems(shape: MeldShape, cards: tuple[Card, ...], naturals: list[Card],
                   wild: list[Card], rank: str | None = None) -> list[Problem]:
    high = shape.max_size_by_rank.get(rank, shape.max_size) if rank is not None and shape.max_size_by_rank else None
    return size_problems(cards, shape, high) + limit_problems(shape, len(cards), naturals, wild)


def wild_only_problems(shape: MeldShape | None, cards: tuple[Card, ...]) -> list[Problem]:
    if not cards:
        return []
    if shape is None:
        return [problem("wild_only_not_allowed", phrase("a meld of wild cards only is not allowed in this game; "
                                                        "every meld needs natural cards"), cards)]
    return size_problems(cards, shape)


def black_three_problems(shape: MeldShape, black: list[Card], wild: list[Card], going_out: bool) -> list[Problem]:
    out = []
    if wild:
        out.append(problem("wilds_with_black_threes", phrase("black threes are melded without wild cards"), wild))
    out += size_problems(tuple(black), shape)
    if shape.going_out_only and not going_out:
        out.append(problem("black_threes_only_going_out", phrase("black threes may be melded only when going out"),
                           black))
    return out


def looks_like_sequence(naturals: list[Card]) -> bool:
    """Cards of several ranks meant as a sequence rather than a group: all of one suit, or each rank once."""
    suits = {c.suit for c in naturals}
    if len(suits) == 1 and None not in suits:
        return True
    return len({c.rank for c in naturals}) == len(naturals)


def sequence_problems(shape: MeldShape, cards: tuple[Card, ...], naturals: list[Card],
                      wild: list[Card], going_out: bool = False) -> list[Problem]:
    """A suit sequence: one suit, each rank once, consecutive in the table's rank order once the wild cards fill
    the gaps (seed 003 l. 71: "une séquence de sept cartes", 4 low … A high by default). The side that went out
    may hold a longer one where the table says so (``max_size_going_out``, Brazilian canasta l. 79)."""
    out = size_problems(cards, shape, shape.max_size_going_out if going_out and shape.max_size_going_out else None)
    unsuited = [c for c in naturals if c.suit is None]
    suits = {c.suit for c in naturals if c.suit is not None}
    if unsuited:
        out.append(problem("sequence_not_one_suit", phrase(
            "a sequence holds cards of one suit; give the suit of %(cards)s (e.g. Kh)", cards=format_cards(unsuited)),
            unsuited))
    elif len(suits) > 1:
        main = max(suits, key=lambda s: sum(1 for c in naturals if c.suit == s))
        odd = [c for c in naturals if c.suit != main]
        out.append(problem("sequence_not_one_suit", phrase(
            "a sequence holds cards of one suit; %(cards)s do not match the rest", cards=format_cards(odd)), odd))
    if naturals and (gap := _best_fit(shape.orders, naturals, len(wild), len(cards))) is not None:
        out.append(gap)
    return out + limit_problems(shape, len(cards), naturals, wild)


def _best_fit(orders: tuple[Mapping[str, int], ...], naturals: list[Card], wilds: int,
              size: int) -> Problem | None:
    """None when the naturals, with the wild cards filling gaps, make a run in one of the rank orders; else the
    problem of the order that comes closest."""
    best: Problem | None = None
    best_gaps = None
    for order in orders:
        outside = [c for c in naturals if c.rank not in order]
        if outside:
            found = problem("sequence_not_consecutive", phrase(
                "%(cards)s cannot stand in a sequence", cards=format_cards(outside)), outside)
            gaps = 10 ** 6
        else:
            seen: set[str] = set()
            twice = []
            for c in naturals:
                (twice.append(c) if c.rank in seen else seen.add(c.rank))
            places = [order[r] for r in seen]
            gaps = max(places) - min(places) + 1 - len(seen)
            if twice:
                found = problem("sequence_not_consecutive", phrase(
                    "a sequence holds each rank once; %(cards)s repeat a rank", cards=format_cards(twice)), twice)
                gaps += 10 ** 3
            elif gaps > wilds:
                found = problem("sequence_not_consecutive", phrase(
                    "these ranks leave %(gap_tally)s in the sequence, and no wild card fills them",
                    gap_tally=(gaps, "gap")) if wilds == 0 else phrase(
                    "these ranks leave %(gap_tally)s in the sequence, with only %(wild_tally)s to fill them",
                    gap_tally=(gaps, "gap"), wild_tally=(wilds, WILD)), naturals)
            elif size > len(order):
                found = problem("sequence_not_consecutive", phrase(
                    "a sequence has at most %(most)s ranks, this has %(count_tally)s", most=len(order),
                    count_tally=(size, CARD)), naturals)
            else:
                return None
        if best_gaps is None or gaps < best_gaps:
            best, best_gaps = found, gaps
    return best


def sequence_suit(naturals: list[Card]) -> str | None:
    suits = {c.suit for c in naturals}
    return suits.pop() if len(suits) == 1 else None


__all__ = ["GROUP", "SEQUENCE", "WILD_ONLY", "BLACK_THREES", "size_problems", "limit_problems", "group_problems",
           "wild_only_problems", "black_three_problems", "looks_like_sequence", "sequence_problems",
           "sequence_suit"]
