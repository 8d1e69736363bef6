"""Meld verdicts: is this set of cards a legal meld in this variant, what kind is it, what is it worth.

``check_meld`` collects every problem rather than stopping at the first (python-chess ``status()`` style). Which
cards are wild is the deck's (``deck.wilds``); which shapes a meld may take, with their limits, the table's
(``[melds.<shape>]``, judged in :mod:`.shapes`): the cards are judged as the shape they most plausibly meant (one
rank: a group; several ranks of one suit, or each rank once, where sequences are allowed: a sequence).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, Iterable

from scorekeeper.rules.canasta.rules import BLACK_THREES as BLACK_THREES_SHAPE, CanastaKind, GROUP, SEQUENCE, WILD_ONLY, Rules
from scorekeeper.rules.cards import Card, format_cards, parse_cards
from scorekeeper.rules.errors import VariantError
from scorekeeper.rules.phrases import Phrase, phrase, plural
from scorekeeper.rules.problems import Problem, problem
from scorekeeper.rules.melds.shapes import (black_three_problems, group_problems, looks_like_sequence, sequence_problems, sequence_suit,
                     wild_only_problems)
from scorekeeper.rules.tables.variants import get_rules

# Meld kinds (MeldVerdict.kind) besides the canasta kind ids. A shape's kind is its name, except wild-only melds.
WILD_GROUP = "wild_group"
BLACK_THREES = "black_threes"
MIXED = "mixed_ranks"
THREES = "threes"
_SUIT = attrgetter("suit")
_SHAPE_OF = {GROUP: GROUP, SEQUENCE: SEQUENCE, WILD_GROUP: WILD_ONLY, BLACK_THREES: BLACK_THREES_SHAPE}
_SUIT_NAMES = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}


@dataclass(frozen=True, kw_only=True, slots=True)
class MeldContext:
    """What the table situation adds: an opening meld that must reach a minimum, a going-out turn."""

    opening_minimum: int | None = None
    going_out: bool = False
    # Seed 003 (issue 12): the opening must also hold a canasta ("any") or a natural one ("natural"), l. 189, l. 79.
    opening_canasta: str | None = None

    @property
    def opening(self) -> bool:
        return self.opening_minimum is not None or self.opening_canasta is not None


@dataclass(frozen=True, kw_only=True, slots=True)
class MeldVerdict:
    cards: tuple[Card, ...]
    legal: bool
    kind: str                 # group | sequence | wild_group | black_threes | mixed_ranks | threes | a canasta kind id
    label: str
    rank: str | None
    is_canasta: bool
    wilds: int
    card_value: int
    bonus: int
    opening_value: int
    problems: tuple[Problem, ...] = field(default=())
    shape: str | None = None  # the table shape it was judged as: group | sequence | wild_only | black_threes
    suit: str | None = None   # a sequence's suit

    def to_dict(self) -> dict[str, Any]:
        return {"cards": format_cards(self.cards), "legal": self.legal, "kind": self.kind, "label": self.label,
                "rank": self.rank, "is_canasta": self.is_canasta, "wilds": self.wilds,
                "card_value": self.card_value, "bonus": self.bonus, "opening_value": self.opening_value,
                "problems": [p.to_dict() for p in self.problems], "shape": self.shape, "suit": self.suit}


def _rules(rules: Rules | str) -> Rules:
    if not isinstance(rules, str):
        return rules
    found = get_rules(rules)
    if not isinstance(found, Rules):          # a family without melds (keltis)
        raise VariantError(f"variant {rules!r} has no melds to check")
    return found


def check_meld(rules: Rules | str, cards: str | Iterable[Card], context: MeldContext | None = None) -> MeldVerdict:
    """Judge one meld. ``cards`` is notation text or parsed cards; ``rules`` a :class:`Rules` or variant id."""
    rules = _rules(rules)
    context = context or MeldContext()
    cards = tuple(cards) if not isinstance(cards, str) else parse_cards(cards)
    if cards and not isinstance(cards[0], Card):
        cards = parse_cards(cards)            # a list of tokens
    problems: list[Problem] = []
    wild: list[Card] = []
    naturals: list[Card] = []
    threes: list[Card] = []
    wilds, shapes = rules.wilds, rules.shapes
    for c in cards:                           # one pass: this runs for every meld of every hand scored
        (wild if c.kind in wilds else threes if c.rank == "3" else naturals).append(c)
    if rules.also_rank and not naturals and not threes:
        # Seed 003 l. 73 (Italian): 2s meld as a rank of their own, "à la fois avec l'aide de jokers et sans cartes
        # libres": a meld of wild cards only that holds such a card is a group of that rank, its other wild
        # cards (the jokers) its wilds. Anywhere else the 2 stays wild, judged under the group's wild limits.
        naturals = [c for c in wild if c.kind in rules.also_rank]
        wild = [c for c in wild if c.kind not in rules.also_rank]
    values = rules.card_values
    card_value = sum(values[c.kind] for c in cards)

    red = [c for c in threes if c.is_red_three]
    if red:
        problems.append(problem("threes_not_meldable", phrase(
            "red threes are never melded: they are bonus cards, laid out on their own"), red))
    black = [c for c in threes if c.is_black_three]
    black_shape = shapes.get(BLACK_THREES_SHAPE)
    if black and black_shape is None:
        problems.append(problem("threes_not_meldable", phrase("threes can never be melded in this game"), black))

    ranks = Counter(c.rank for c in naturals)
    rank = max(ranks, key=ranks.__getitem__) if ranks else None
    suit = None
    if black and black_shape is not None and not naturals:
        kind = BLACK_THREES
        rank = "3"
        problems += black_three_problems(black_shape, black, wild, context.going_out)
    elif threes and not naturals:
        kind = THREES                       # already reported as threes_not_meldable
    elif len(ranks) > 1 and SEQUENCE in shapes and not (black and black_shape) and looks_like_sequence(naturals):
        kind, rank, suit = SEQUENCE, None, sequence_suit(naturals)
        problems += sequence_problems(shapes[SEQUENCE], tuple(c for c in cards if not c.is_three), naturals, wild,
                                      context.going_out)
    elif len(ranks) > 1 or (black and black_shape):
        kind = MIXED
        odd = [c for c in cards if c.kind not in wilds and not c.is_red_three and c.rank != rank]
        says = (phrase("a meld holds cards of one rank only; %(cards)s does not match the %(rank)s",
                       cards=format_cards(odd), rank=rank) if len(odd) == 1 else
                phrase("a meld holds cards of one rank only; %(cards)s do not match the %(rank)s",
                       cards=format_cards(odd), rank=rank))
        problems.append(problem("mixed_ranks", says, odd))
    elif not naturals and not threes:
        kind = WILD_GROUP
        problems += wild_only_problems(shapes.get(WILD_ONLY), cards)
    else:
        kind = GROUP
        # Threes were reported above and are no part of the group: size and zsoli limits judge the rest.
        problems += group_problems(shapes[GROUP], tuple(c for c in cards if not c.is_three) if threes else cards,
                                   naturals, wild, rank)
    if rules.also_rank and kind in (GROUP, SEQUENCE):
        problems = _say_wild_rank(rules, problems, wild)

    if _may_exceed(rules, cards, ranks, wild, threes):
        problems += [problem("more_copies_than_deck", says, offending)
                     for _, says, offending in copy_problems(rules, cards, _IN_ONE_MELD)]
    if not cards:
        problems.append(problem("too_few_cards", phrase("a meld needs at least %(low_tally)s, and none were given",
                                                        low_tally=(rules.min_size, "card"))))
    opening_value = _opening_value(rules, kind, cards, rank, card_value)
    shape = _SHAPE_OF.get(kind)
    canasta = _canasta_kind(rules, shape, cards, wild, rank) if not problems and shape in (GROUP, SEQUENCE, WILD_ONLY) \
        else None
    if context.opening:
        problems += opening_requirement_problems(rules, context, cards, wild, [(canasta, len(wild), shape)])
    if context.opening_minimum is not None and opening_value < context.opening_minimum:
        if not (context.going_out and rules.concealed_waives_minimum
                or rules.opening_canasta_suffices and canasta is not None and context.opening_canasta is None):
            problems.append(problem(
                "opening_minimum_not_reached",
                phrase("as an opening this counts %(value)s, short of the minimum %(minimum)s",
                       value=opening_value, minimum=context.opening_minimum), cards))

    legal = not problems
    canasta = canasta if legal else None
    if canasta is not None:
        label = canasta.label
    elif kind == GROUP:
        label = f"group of {plural(rank)}"
    elif kind == SEQUENCE:
        label = f"sequence of {_SUIT_NAMES.get(suit or '', 'one suit')}"
    else:
        label = {WILD_GROUP: "group of wild cards", BLACK_THREES: "black threes", MIXED: "mixed ranks",
                 THREES: "threes"}[kind]
    return MeldVerdict(cards=cards, legal=legal, kind=canasta.kind if canasta else kind, label=label, rank=rank,
                       is_canasta=canasta is not None, wilds=len(wild), card_value=card_value,
                       bonus=canasta.bonus if canasta else 0, opening_value=opening_value,
                       problems=tuple(problems), shape=shape, suit=suit)


# Said where a card that is wild and a rank of its own (Italian 2s) made a meld's wild cards too many, so the
# player reads why K K 2 2 2 is no meld while 2 2 2 is one.
_WILD_RANK_WORDS = phrase("a 2 in a meld of another rank is a wild card; 2s alone, or with jokers, make a meld of "
                          "their own")


def _say_wild_rank(rules: Rules, problems: list[Problem], wild: list[Card]) -> list[Problem]:
    if not any(c.kind in rules.also_rank for c in wild):
        return problems
    return [problem(p.code, (*p.phrases, _WILD_RANK_WORDS), p.cards) if p.code == "too_many_wilds" else p
            for p in problems]


def wild_cards(rules: Rules, cards: Iterable[Card]) -> list[Card]:
    """The cards of one meld that are wild in it: the deck's wild cards, but for a meld of only wild cards that
    holds a card that is a rank too (Italian: ``2 2 JK``), where those are its naturals (seed 003 l. 73)."""
    cards = list(cards)
    wild = [c for c in cards if c.kind in rules.wilds]
    if rules.also_rank and len(wild) == len(cards) and any(c.kind in rules.also_rank for c in wild):
        return [c for c in wild if c.kind not in rules.also_rank]
    return wild


# How many copies are too many, said of one meld, of the melds of one opening, of a whole hand: by rank (the
# deck's count of a rank) and by card (a suit given: one per pack).
# The counts by rank are said in words with the rank ("nine 7s; the deck has only eight 7s", not "9 7s; … only
# 8" followed by the offending cards: phrases.tally).
_IN_ONE_MELD = (phrase("this meld holds %(count_tally)s; the deck has only %(most_tally)s"),
                phrase("this meld holds %(count)s × %(card)s; the deck has only %(most)s, one per pack"))
_IN_ONE_OPENING = (phrase("these melds hold %(count_tally)s together; the deck has only %(most_tally)s"),
                   phrase("these melds hold %(count)s × %(card)s together; the deck has only %(most)s, one per pack"))
IN_ONE_HAND = (phrase("%(count_tally)s are on the table and in hands, the deck holds %(most_tally)s"),
               phrase("%(count)s × %(card)s are on the table and in hands, the deck holds %(most)s, one per pack"))


def _may_exceed(rules: Rules, cards: tuple[Card, ...], ranks: Counter[str], wild: list[Card],
                threes: list[Card]) -> bool:
    """False when the meld surely holds no more of a card than the deck: the common case, decided from the counts
    check_meld made anyway, so every meld of every hand is not counted twice."""
    if len(cards) <= rules.packs and rules.jokers >= rules.packs:
        return False
    return (any(map(_SUIT, cards)) or len(wild) > min(rules.jokers, 4 * rules.packs)
            or len(threes) > 2 * rules.packs or (bool(ranks) and max(ranks.values()) > 4 * rules.packs))


def excess_copies(rules: Rules, cards: Iterable[Card]) -> list[tuple[str, str | None, int, int, list[Card]]]:
    """``(key, suit, count, most, cards)`` for each card that ``cards`` hold more copies of than the deck: by
    conservation key (``K``, ``2``, ``JK``, ``black3``), then by key and suit where no key is over already."""
    cards = list(cards)
    by_key = Counter(c.conservation_key for c in cards)
    out: list[tuple[str, str | None, int, int, list[Card]]] = [
        (key, None, n, rules.copies(key), [c for c in cards if c.conservation_key == key])
           for key, n in by_key.items() if n > rules.copies(key)]
    over = {key for key, *_ in out}
    suited = Counter((c.conservation_key, c.suit) for c in cards if c.suit and c.conservation_key not in over)
    out += [(key, suit, n, rules.copies(key, suit), [c for c in cards if (c.conservation_key, c.suit) == (key, suit)])
            for (key, suit), n in suited.items() if n > rules.copies(key, suit)]
    return out


def copy_problems(rules: Rules, cards: Iterable[Card],
                  words: tuple[Phrase, Phrase]) -> list[tuple[tuple[str, str | None], Phrase, list[Card]]]:
    """Each excess of :func:`excess_copies` as ``((key, suit), sentence, cards)``; ``words`` are the sentences
    by rank and by card."""
    return [((key, suit), phrase(words[0].template, count_tally=(n, key), most_tally=(most, key)) if suit is None else
             phrase(words[1].template, count=n, card=str(offending[0]), most=most), offending)
            for key, suit, n, most, offending in excess_copies(rules, cards)]


def over_in_a_meld(rules: Rules, melds: Iterable[Iterable[Card]]) -> set[tuple[str, str | None]]:
    """The ``(key, suit)`` pairs some single meld already holds too many of (reported with that meld)."""
    return {(key, suit) for meld in melds for key, suit, *_ in excess_copies(rules, meld)}


def _opening_value(rules: Rules, kind: str, cards: tuple[Card, ...], rank: str | None, card_value: int) -> int:
    """Worth of a meld towards the opening minimum (seed 000: zsoli count as the card they replace; a sequence's
    wild cards count their own value, since which card they replace is not said). Counted at their own value,
    the cards are worth their card value, which check_meld has already summed."""
    if rules.opening_wild_value == "own" or kind in (BLACK_THREES, MIXED, THREES, SEQUENCE):
        return card_value
    if kind == WILD_GROUP:
        wild_only = rules.shapes.get(WILD_ONLY)
        return (wild_only.opening_value or 0) * len(cards) if wild_only else 0
    return rules.value(rank) * len(cards) if rank else 0


def _canasta_kind(rules: Rules, shape: str, cards: tuple[Card, ...], wild: list[Card],
                  rank: str | None) -> CanastaKind | None:
    """The first canasta kind of the table the meld matches (kinds of one rank first, then in table order: a kind a
    table adds comes after its base's): by shape, size, wild cards, jokers and 2s, rank."""
    jokers = deuces = 0
    for c in cards:
        if c.kind == "JK":
            jokers += 1
        elif c.kind == "2":
            deuces += 1
    for ck in rules.canasta_order:
        if ck.matches(shape=shape, size=len(cards), wilds=len(wild), deuces=deuces, jokers=jokers, rank=rank):
            return ck
    return None


def _holds_required_canasta(required: str, found: list[tuple[CanastaKind | None, int, str | None]]) -> bool:
    """Whether one of ``(canasta kind, wild cards, shape)`` is the canasta an opening must hold: any canasta, or
    a natural one (no wild card; a canasta of wild cards only replaces nothing, so it counts as natural)."""
    return any(k is not None and (required == "any" or wilds == 0 or shape == WILD_ONLY) for k, wilds, shape in found)


def opening_requirement_problems(rules: Rules, context: MeldContext, cards: Iterable[Card], wild: list[Card],
                                 found: list[tuple[CanastaKind | None, int, str | None]]) -> list[Problem]:
    """The opening's requirements besides its minimum (seed 003): no wild card where the table says so (Italian
    canasta, S48), and the canasta the side's total asks for (``context.opening_canasta``; l. 189, l. 79)."""
    out = []
    if rules.opening_without_wilds and wild:
        out.append(problem("opening_with_wilds", phrase("an opening holds no wild card in this game"), wild))
    required = context.opening_canasta
    if required is not None and not _holds_required_canasta(required, found):
        says = (phrase("this opening must hold a natural canasta") if required == "natural" else
                phrase("this opening must hold a canasta"))
        out.append(problem("opening_needs_canasta", says, list(cards)))
    return out


@dataclass(frozen=True, kw_only=True, slots=True)
class OpeningVerdict:
    """Several melds laid together as one opening: each judged, their opening values summed."""

    melds: tuple[MeldVerdict, ...]
    opening_value: int
    problems: tuple[Problem, ...]

    @property
    def legal(self) -> bool:
        return not self.problems

    def to_dict(self) -> dict[str, Any]:
        return {"legal": self.legal, "opening_value": self.opening_value, "melds": [m.to_dict() for m in self.melds],
                "problems": [p.to_dict() for p in self.problems]}


def check_opening(rules: Rules | str, melds: Iterable[str | Iterable[Card]], context: MeldContext) -> OpeningVerdict:
    """Judge an opening of several melds against ``context.opening_minimum`` (seed 000: the sum counts)."""
    rules = _rules(rules)
    verdicts = tuple(check_meld(rules, m, MeldContext(going_out=context.going_out)) for m in melds)
    problems = [p for v in verdicts for p in v.problems]
    if context.opening:
        wild = [c for v in verdicts for c in wild_cards(rules, v.cards)]
        problems += opening_requirement_problems(rules, context, [c for v in verdicts for c in v.cards], wild, [
            (next((k for k in rules.canastas if k.kind == v.kind), None) if v.is_canasta else None, v.wilds, v.shape)
            for v in verdicts])
    # Melds laid together hold no more copies than the deck, either (5 jokers in two melds of international).
    alone = over_in_a_meld(rules, (v.cards for v in verdicts))
    problems += [problem("more_copies_than_deck", says, offending)
                 for card, says, offending in copy_problems(rules, [c for v in verdicts for c in v.cards],
                                                            _IN_ONE_OPENING) if card not in alone]
    value = sum(v.opening_value for v in verdicts)
    minimum = context.opening_minimum
    # seed 003 l. 91: a canasta opens whatever its value, unless the bracket itself asks for a canasta and points
    waived = context.going_out and rules.concealed_waives_minimum or \
        rules.opening_canasta_suffices and context.opening_canasta is None and any(v.is_canasta for v in verdicts)
    if minimum is not None and value < minimum and not waived:
        cards = [c for v in verdicts for c in v.cards]
        problems.append(problem("opening_minimum_not_reached",
                                phrase("as an opening these melds count %(value)s, short of the minimum %(minimum)s",
                                       value=value, minimum=minimum), cards))
    return OpeningVerdict(melds=verdicts, opening_value=value, problems=tuple(problems))
