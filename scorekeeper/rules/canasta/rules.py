"""The canasta family's rules object: every number of a canasta table with its options applied, and the small
records it is made of (meld shapes, canasta kinds, conditions over a side's tally, bonus rules, brackets).

Built from a table by :mod:`.table`; read by melds, scoring, summary, taxation and the fronts. Deeply
read-only (mappings are :class:`~types.MappingProxyType`, sequences tuples): one cached object serves every caller.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Generic, Mapping, TypeVar

from scorekeeper.rules.canasta.schema import (AcePlace, Compare, NegativeTax, OpeningWildValue, RedThreeInHand, TopTie,
                                              WildMix, WildRelation)
from scorekeeper.rules.tables.schema import ScorePer
from scorekeeper.rules.tables.variants import TableRules

#: The shapes a meld may take (the keys of a table's ``[melds.<shape>]``), and the meld kind each is reported as.
GROUP, SEQUENCE, WILD_ONLY, BLACK_THREES = "group", "sequence", "wild_only", "black_threes"
SHAPES = (GROUP, SEQUENCE, WILD_ONLY, BLACK_THREES)


@dataclass(frozen=True, kw_only=True, slots=True)
class MeldShape:
    """One shape a table allows (``[melds.<shape>]``), with its limits; precompiled when the rules are built."""

    shape: str
    min_size: int
    max_size: int                      # 0: no cap
    max_wilds: int | None = None
    max_wilds_by_size: Mapping[int, int] = field(default_factory=lambda: MappingProxyType({}))
    min_naturals: int = 0
    wild_relation: WildRelation = WildRelation.ANY
    going_out_only: bool = False       # black threes: only in the going-out turn
    opening_value: int | None = None   # wild_only: what each card counts towards an opening ("replaced" tables)
    ace: AcePlace = AcePlace.HIGH      # sequence: where an ace may stand
    orders: tuple[Mapping[str, int], ...] = ()   # sequence: rank -> position, one mapping per ace place
    # Seed 003 (issue 12): a sequence may outgrow max_size in the going-out turn (Brazilian escaleras up to 4…A),
    # and a group of one rank may have a cap of its own (Italian: seven 2s at most).
    max_size_going_out: int = 0        # sequence: the cap for the side that went out (0: max_size)
    max_size_by_rank: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))   # group


@dataclass(frozen=True, kw_only=True, slots=True)
class Condition:
    """A test over a side's tally (:mod:`.tally`): the sum of the ``count`` keys compared with numbers or with the
    sum of other keys. Every comparison given must hold."""

    count: tuple[str, ...]
    at_least: int | None = None
    at_most: int | None = None
    at_least_count_of: tuple[str, ...] = ()
    at_most_count_of: tuple[str, ...] = ()

    def value(self, tally: Mapping[str, int]) -> int:
        return sum(tally.get(k, 0) for k in self.count)

    def holds(self, tally: Mapping[str, int]) -> bool:
        n = self.value(tally)
        if self.at_least is not None and n < self.at_least:
            return False
        if self.at_most is not None and n > self.at_most:
            return False
        if self.at_least_count_of and n < sum(tally.get(k, 0) for k in self.at_least_count_of):
            return False
        if self.at_most_count_of and n > sum(tally.get(k, 0) for k in self.at_most_count_of):
            return False
        return True

    def describe(self) -> str:
        """The condition as a short formula (``sequence_canastas ≥ 1``): count names are table words."""
        left = " + ".join(self.count)
        parts = []
        if self.at_least is not None:
            parts.append(f"{left} ≥ {self.at_least}")
        if self.at_most is not None:
            parts.append(f"{left} ≤ {self.at_most}")
        if self.at_least_count_of:
            parts.append(f"{left} ≥ {' + '.join(self.at_least_count_of)}")
        if self.at_most_count_of:
            parts.append(f"{left} ≤ {' + '.join(self.at_most_count_of)}")
        return ", ".join(parts) or left


def all_hold(conditions: tuple[Condition, ...], tally: Mapping[str, int]) -> bool:
    for c in conditions:
        if not c.holds(tally):
            return False
    return True


@dataclass(frozen=True, kw_only=True, slots=True)
class CanastaKind:
    kind: str
    label: str
    bonus: int
    size: tuple[int, int]
    shape: str = GROUP
    wilds: tuple[int, int] | None = None
    jokers: tuple[int, int] | None = None
    deuces: tuple[int, int] | None = None
    wild_mix: WildMix | None = None
    rank: str | None = None
    when: tuple[Condition, ...] = ()   # the bonus counts only when these hold (the meld is a canasta anyway)
    counts_to_go_out: bool = True      # Italian canasta: a canasta of 2s is not one of the two needed to go out

    @property
    def wild_only(self) -> bool:
        return self.shape == WILD_ONLY

    def matches(self, *, shape: str, size: int, wilds: int, deuces: int, jokers: int, rank: str | None) -> bool:
        if shape != self.shape or not self.size[0] <= size <= self.size[1]:
            return False
        if self.wilds is not None and not self.wilds[0] <= wilds <= self.wilds[1]:
            return False
        if self.jokers is not None and not self.jokers[0] <= jokers <= self.jokers[1]:
            return False
        if self.deuces is not None and not self.deuces[0] <= deuces <= self.deuces[1]:
            return False
        if self.rank is not None and rank != self.rank:
            return False
        if self.wild_mix is WildMix.MIXED:
            return deuces > 0 and jokers > 0
        if self.wild_mix is WildMix.UNIFORM:
            return deuces == 0 or jokers == 0
        return True


@dataclass(frozen=True, kw_only=True, slots=True)
class BonusRule:
    """One base item of a side's score, folded over by :mod:`.bonuses`: ``points`` for each of ``per`` (a tally key;
    none: once), or ``table[count]`` when a table is given; only when ``when`` holds; minus unless ``plus_when``
    holds; or, where data cannot say it, the points of a named ``hook`` (:mod:`.hooks`)."""

    item: str
    label: str
    points: int = 0
    per: str | None = None
    table: tuple[int, ...] = ()
    when: tuple[Condition, ...] = ()
    plus_when: tuple[Condition, ...] = ()
    hook: str | None = None


V = TypeVar("V", covariant=True)     # a bracket of ints is a bracket of objects: it is read-only


@dataclass(frozen=True, kw_only=True, slots=True)
class Bracket(Generic[V]):
    start: int
    value: V


@dataclass(frozen=True, kw_only=True, slots=True)
class Rules(TableRules):
    """One variant with its options applied: every number the scoring needs. Deeply read-only. Who the variant is
    and who sits at its table are the fields every family's rules have (:class:`TableRules`)."""

    score_per: ScorePer
    packs: int
    jokers: int
    wilds: frozenset[str]             # card kinds that are wild (deck.wilds)
    card_values: Mapping[str, int]
    hand_values: Mapping[str, int]
    shapes: Mapping[str, MeldShape]  # the shapes this table allows, by name
    one_group_per_rank: bool
    opening_wild_value: OpeningWildValue
    canastas: tuple[CanastaKind, ...]   # in table order (how the fronts list them)
    canasta_order: tuple[CanastaKind, ...]   # the order a meld is matched in: kinds of one rank first
    red_three_totals: tuple[int, ...]
    red_three_plus_when: tuple[Condition, ...]
    red_three_in_hand: RedThreeInHand
    red_three_in_hand_points: int
    twins_allowed: bool
    twin_points: int
    out_bonus: int
    concealed_bonus: int
    table_clear_bonus: int | None
    table_clear_min_pile: int
    canastas_required: int
    going_out_requires: tuple[Condition, ...]
    going_out_required: bool
    concealed_waives_minimum: bool
    bonuses: tuple[BonusRule, ...]    # every base item, in the order a side's result lists them
    opening_minimums: tuple[Bracket[int], ...]
    taxation: tuple[Bracket[str], ...]          # a method of taxation.METHODS
    negative_tax: NegativeTax
    target: int
    deals: int | None                 # the match ends after this many deals (None: by target only)
    compare: Compare
    top_tie: TopTie
    penalties: Mapping[str, tuple[str, int]]
    # Seed 003 (issue 12): non-numeric opening requirements and openings without wild cards.
    # None | "any" | "natural" by total (opening.minimums[].canasta)
    opening_canastas: tuple[Bracket[str | None], ...] = ()
    opening_without_wilds: bool = False          # an opening holds no wild card (Italian canasta, S48)
    # Wild cards that are also a rank of their own (deck.also_rank, Italian 2s, seed 003 l. 73): a meld of them
    # alone, or of them with the other wild cards as its wilds, is a group of that rank; elsewhere they are wild.
    also_rank: frozenset[str] = frozenset()
    not_to_go_out: frozenset[str] = frozenset()  # canasta kinds that do not count towards going out (Italian 2s)
    # Seed 003's classic family (SEED003_DIGEST.md §6–7): double ending bonus (None: no double ending), whether
    # anyone may go out, black threes taken with the pile, targets by number of sides, rounds of deals.
    double_out_bonus: int | None = None
    going_out_allowed: bool = True
    black_threes_taken_allowed: bool = False
    targets_by_sides: Mapping[int, int] = field(default_factory=lambda: MappingProxyType({}))
    round_of_deals: int | None = None
    opening_canasta_suffices: bool = False   # l. 91: an opening holding a canasta needs no minimum

    def target_for(self, sides: int) -> int:
        """The match target with this many sides at the table (``match.targets_by_sides``, else ``target``)."""
        return self.targets_by_sides.get(sides, self.target)

    def copies(self, key: str, suit: str | None = None) -> int:
        """How many cards of one conservation key (and, given, of one suit: one per pack) the deck holds."""
        if key == "JK":
            return self.jokers
        if suit is not None:
            return self.packs
        if key in ("red3", "black3"):
            return 2 * self.packs
        return 4 * self.packs

    def value(self, card_key: str, *, in_hand: bool = False) -> int:
        if in_hand and card_key in self.hand_values:
            return self.hand_values[card_key]
        return self.card_values[card_key]

    def bracket(self, table: tuple[Bracket[V], ...], total: int) -> V | None:
        chosen: V | None = None
        for b in table:
            if total >= b.start:
                chosen = b.value
        return chosen

    def opening_minimum(self, total: int) -> int:
        # Never None: the first bracket starts from the lowest total (table_checks.bracket_problems).
        return self.bracket(self.opening_minimums, total) or 0

    def opening_canasta(self, total: int) -> str | None:
        """The canasta the next opening must hold at this total ("any", "natural"), or None (seed 003 l. 189)."""
        return self.bracket(self.opening_canastas, total) if self.opening_canastas else None

    @property
    def red_threes_in_deck(self) -> int:
        return 2 * self.packs

    @property
    def min_size(self) -> int:
        """The fewest cards any shape this table allows may hold (the record's limits count melds by it)."""
        return min((s.min_size for s in self.shapes.values()), default=3)
