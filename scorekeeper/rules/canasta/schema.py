"""What a canasta table may say (``rules_ref/README.md`` lists every key): the family's schema, its closed
vocabularies and the ranges its numbers keep, written in the schema language of
:mod:`scorekeeper.rules.tables.schema`."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from scorekeeper.rules.cards import NATURAL_RANKS
from scorekeeper.rules.tables.schema import HEAD, OPTION, PLAYERS, AnyOf, Entry, Int, ListOf, MapOf, Pair


class WildRelation(StrEnum):
    ANY = "any"
    FEWER = "fewer"
    AT_MOST_HALF = "at_most_half"


class OpeningWildValue(StrEnum):
    REPLACED = "replaced"
    OWN = "own"


class WildMix(StrEnum):
    MIXED = "mixed"          # 2s and jokers both
    UNIFORM = "uniform"      # all one kind


class AcePlace(StrEnum):
    HIGH = "high"            # ... Q K A
    LOW = "low"              # A 4 5 ... (the deck's lowest natural rank follows the ace)
    BOTH = "both"            # either end, never round the corner


class Shape(StrEnum):
    GROUP = "group"
    SEQUENCE = "sequence"
    WILD_ONLY = "wild_only"
    BLACK_THREES = "black_threes"


class RedThreeInHand(StrEnum):
    IMPOSSIBLE = "impossible"
    PENALTY = "penalty"


class TaxMethod(StrEnum):
    NONE = "none"
    HALF = "half"
    QUARTER = "quarter"
    TENTH = "tenth"


class NegativeTax(StrEnum):
    UNTAXED = "untaxed"
    TAXED = "taxed"


class Compare(StrEnum):
    EXCEEDS = "exceeds"
    REACHES = "reaches"


class TopTie(StrEnum):
    SHARED = "shared"
    PLAY_ON = "play_on"


class OpeningCanasta(StrEnum):
    """A non-numeric opening requirement (seed 003 l. 189, Brazilian canasta): the opening must hold a canasta."""

    ANY = "any"
    NATURAL = "natural"      # a canasta without wild cards (a wild-only canasta counts: it replaces none)


#: Ranges shared by many keys: a bonus, penalty or red-three total; a card's value; a meld's or canasta's size.
#: Sizes, caps and counts are what a real table can reach (issue 19): the largest deck a table plays (four packs
#: and their jokers, Pennies from Heaven) holds at most 16 naturals of a rank and 28 wild cards, so no meld is
#: longer than 44 cards; 99 stays as a size, since seed 003's tables write ``[7, 99]`` for "no most".
#: Each bound also bounds what a house table can make a scoring cost (rules_ref/README.md, "Ranges").
POINTS = Int(-10_000, 10_000)
CARD_POINTS = Int(-1_000, 1_000)
SIZE = Int(1, 99)            # 99: "no most", as seed 003 tables write it
MIN_SIZE = Int(1, 15)        # the smallest meld of a shape: the tables have 3 and 7
CAP = Int(0, 99)             # a cap where 0 means none (max_size), or a count of wild cards
FROM_TOTAL = Int(-10**9, 10_000_000)   # a bracket's start: the first is -1 000 000 000, "from the start"
PACKS = Int(1, 4)            # the tables play 2 to 4 packs
KINDS_MOST = 12              # canasta kinds of a table: the tables have at most 6
BONUSES_MOST = 8             # bonuses of a table: at most 3
PENALTIES_MOST = 12          # penalties of a table: at most 6
BRACKETS_MOST = 10           # opening or taxation brackets: at most 7
CONDITIONS_MOST = 8          # conditions of one `when` or `requires`: at most 4
COUNTS_MOST = 8              # tally keys a condition sums: at most 3


_CARD_VALUES = {key: CARD_POINTS for key in ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "JK",
                                     "black3", "red3")}

_KEYS = AnyOf((str, ListOf(str, most=COUNTS_MOST, least=1)))
#: A condition over a side's tally (canasta_rules.Condition); the count names are checked when the rules are built.
CONDITION = {"count": _KEYS, "at_least": Int(-1000, 1000), "at_most": Int(-1000, 1000), "at_least_count_of": _KEYS,
             "at_most_count_of": _KEYS, "went_out": bool}
_CONDITIONS = ListOf(CONDITION, most=CONDITIONS_MOST)
_SIZES = {"allowed": bool, "min_size": MIN_SIZE, "max_size": CAP}
_LIMITS = {**_SIZES, "max_wilds": CAP, "max_wilds_by_size": MapOf(CAP, keys=SIZE, most=20), "min_naturals": CAP,
           "wild_relation": WildRelation}

# Seed 003's classic family (shared/SEED003_DIGEST.md §6–7), kept in blocks of their own:
# - the double ending (S7): its bonus; a table without the key has no double ending (a record's double_out is a
#   problem there); ``allowed = false``: nobody may go out, every hand ends on the stock (escalera_sevens, S22);
_CLASSIC_GOING_OUT = {"double_out": POINTS, "allowed": bool}
# - black threes taken with the pile and set aside (cuban, S25): the record's black_threes_taken is allowed;
_CLASSIC_BLACK_THREES = {"taken_with_pile": bool}
# - a target by the number of sides (classic_fr form 6: 10 000 with two sides, 7500 with three), and a match
#   decided only after complete rounds of so many deals (escalera_sevens, S20: hand numbers 4, 8, 12 ...).
_CLASSIC_MATCH = {"targets_by_sides": MapOf(Int(1, 1_000_000), keys=Int(1, 6), most=6), "round_of_deals": Int(1, 200)}
# - an opening that holds a canasta needs no minimum (l. 91 "S'il y a un canast sous la main, il est permis de
#   l'étaler dans tous les cas").
_CLASSIC_OPENING = {"canasta_suffices": bool}

CANASTA: dict[str, Any] = {
    **HEAD,
    # also_rank: wild cards that are a rank of their own too (Italian canasta's 2s, seed 003 l. 73)
    "deck": {"packs": PACKS, "jokers": Int(0, 12), "wilds": ListOf(str, most=2), "also_rank": ListOf(str, most=1)},
    "players": PLAYERS,
    "card_values": _CARD_VALUES,
    "hand_values": _CARD_VALUES,
    "melds": {"one_group_per_rank": bool, "opening_wild_value": OpeningWildValue,
              "group": {**_LIMITS, "max_size_by_rank": MapOf(SIZE, keys=(*NATURAL_RANKS, "2"))},
              "sequence": {**_LIMITS, "ace": AcePlace, "ranks": ListOf(str, most=13), "max_size_going_out": CAP},
              "wild_only": {**_SIZES, "opening_value": CARD_POINTS},
              "black_threes": {**_SIZES, "going_out_only": bool, **_CLASSIC_BLACK_THREES}},
    "canastas": MapOf({"label": str, "size": Pair(SIZE), "bonus": POINTS, "shape": Shape, "wilds": Pair(CAP),
                       "jokers": Pair(CAP), "deuces": Pair(CAP), "wild_mix": WildMix, "rank": str,
                       "when": _CONDITIONS, "counts_to_go_out": bool}, most=KINDS_MOST),
    # one total for each number of red threes, 0 to 2 per pack (checked against deck.packs when built)
    "red_threes": {"totals": ListOf(POINTS, most=2 * PACKS.high + 1), "plus_when": _CONDITIONS, "in_hand": RedThreeInHand,
                   "in_hand_points": POINTS},
    "twins": {"allowed": bool, "points": POINTS},
    "going_out": {"out": POINTS, "concealed": POINTS, "table_clear": POINTS, "table_clear_min_pile": Int(0, 400),
                  "canastas_required": Int(0, 20), "requires": _CONDITIONS, "required_each_hand": bool,
                  "concealed_waives_minimum": bool, **_CLASSIC_GOING_OUT},
    "bonuses": MapOf({"label": str, "points": POINTS, "per": str, "when": _CONDITIONS, "hook": str},
                     most=BONUSES_MOST),
    "opening": {"minimums": ListOf(Entry({"from": FROM_TOTAL, "minimum": Int(0, 10_000), "canasta": OpeningCanasta},
                                         needs=("from", "minimum")), most=BRACKETS_MOST),
                "without_wilds": bool, **_CLASSIC_OPENING},
    "taxation": {"brackets": ListOf(Entry({"from": FROM_TOTAL, "method": TaxMethod}, needs=("from", "method")),
                                    most=BRACKETS_MOST), "negative": NegativeTax},
    "match": {"target": Int(1, 1_000_000), "deals": Int(1, 200), "compare": Compare, "top_tie": TopTie, **_CLASSIC_MATCH},
    "penalties": MapOf({"label": str, "points": POINTS}, most=PENALTIES_MOST),
    "options": MapOf(OPTION),
}
