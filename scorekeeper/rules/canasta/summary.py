"""Summary entry: a side recorded as counts (canastas by kind, melded and hand card points), the way paper pads
and existing score apps record a hand when nobody noted every card.

Nothing card-by-card can be verified, so the checks are plausibility bounds the deck imposes: card points are
multiples of 5, the canastas fit in the deck's wild and natural cards, and the melded points are at least what
the recorded canastas are worth at the least.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from scorekeeper.rules.cards import NATURAL_RANKS
from scorekeeper.rules.errors import RecordError
from scorekeeper.rules.phrases import named, phrase
from scorekeeper.rules.problems import Problem, problem
from scorekeeper.rules.canasta.rules import CanastaKind, Rules
from scorekeeper.rules.canasta.limits import CanastaLimits
from scorekeeper.rules.canasta.value_groups import COUNT_FIELDS, ToInt, check_side, parse_counts, points_of

SUMMARY_FIELDS = ("canastas", "melded_points", "hand_points", "melded_counts", "hand_counts")


@dataclass(frozen=True, kw_only=True, slots=True)
class SideSummary:
    canastas: Mapping[str, int]
    melded_points: int
    hand_points: int
    # The counts per value group (value_groups.py) the points were added up from, when entered that way.
    melded_counts: Mapping[str, int] | None = None
    hand_counts: Mapping[str, int] | None = None

    @property
    def canasta_count(self) -> int:
        return sum(self.canastas.values())

    @property
    def melded_anything(self) -> bool:
        return self.melded_points > 0 or self.canasta_count > 0


def parse_summary(rules: Rules, data: Mapping[str, Any], field: str, to_int: ToInt,
                  limits: CanastaLimits) -> SideSummary:
    """The summary fields of a side; ``limits`` (:func:`.limits.canasta_limits`) bounds each count by the deck."""
    canastas = data.get("canastas", {})
    if not isinstance(canastas, dict):
        raise RecordError("canastas must be an object of canasta kinds to counts, e.g. {\"red_canasta\": 1}",
                          field=f"{field}.canastas")
    kinds = {k.kind for k in rules.canastas}
    counts = {}
    for kind, n in canastas.items():
        if kind not in kinds:
            raise RecordError(f"{kind!r} is not a canasta of {rules.name}; kinds are: {', '.join(sorted(kinds))}",
                              field=f"{field}.canastas.{kind}")
        counts[kind] = to_int(n, f"{field}.canastas.{kind}", most=limits.canastas)
    points, by_group = {}, {}
    for counts_key, points_key in COUNT_FIELDS.items():
        in_hand = counts_key == "hand_counts"
        if counts_key in data:
            # Refused rather than one silently winning: two totals that may disagree are a typo either way.
            if points_key in data:
                raise RecordError(phrase("give either the card points or the counts of cards, not both"),
                                  field=f"{field}.{points_key}")
            by_group[counts_key] = parse_counts(rules, data[counts_key], f"{field}.{counts_key}", to_int,
                                                in_hand=in_hand)
            points[points_key] = points_of(rules, by_group[counts_key], in_hand=in_hand)
        else:
            points[points_key] = to_int(data.get(points_key, 0), f"{field}.{points_key}", most=limits.points)
    check_side(rules, by_group.get("melded_counts", {}), by_group.get("hand_counts", {}), field)
    return SideSummary(canastas=counts, melded_points=points["melded_points"], hand_points=points["hand_points"],
                       melded_counts=by_group.get("melded_counts"), hand_counts=by_group.get("hand_counts"))


def _least(kind: CanastaKind) -> tuple[int, int]:
    """Fewest wild and natural cards a canasta of this kind holds."""
    size = kind.size[0]
    if kind.wild_only:
        return size, 0
    wilds_min = kind.wilds[0] if kind.wilds else 0
    wilds_max = kind.wilds[1] if kind.wilds else 0
    return wilds_min, size - wilds_max


def least_value(rules: Rules, kind: CanastaKind) -> int:
    """What the cheapest canasta of this kind is worth in card value."""
    wilds, naturals = _least(kind)
    # A kind of one rank holds naturals of that rank (Italian canasta of 2s: seven 2s are 140, not 7 × 5).
    cheapest_natural = rules.card_values[kind.rank] if kind.rank is not None and kind.rank in rules.card_values \
        else min(rules.card_values[r] for r in NATURAL_RANKS)
    cheap_wild, dear_wild = sorted((rules.card_values["2"], rules.card_values["JK"]))
    if len(rules.wilds) == 1:                    # deck.wilds: only one kind is wild (the other is natural)
        cheap_wild = dear_wild = rules.card_values[next(iter(rules.wilds))]
    elif kind.rank in rules.also_rank and (others := rules.wilds - {kind.rank}):
        # a meld of 2s (Italian): its wild cards are the deck's other wild kind, the jokers
        cheap_wild = dear_wild = min(rules.card_values[k] for k in others)
    value = naturals * cheapest_natural + wilds * cheap_wild
    if kind.wild_mix == "mixed":
        value += dear_wild - cheap_wild          # a mixed wild canasta holds at least one of each
    return value


def summary_problems(rules: Rules, side_name: str, i: int, summary: SideSummary) -> list[Problem]:
    out = []
    for key in ("melded_points", "hand_points"):
        points = getattr(summary, key)
        if points % 5:
            out.append(problem("not_multiple_of_five", phrase(
                "card points are always a multiple of 5, %(points)s is not", points=points), head=named(side_name),
                field=f"sides[{i}].{key}", side=side_name))
    kinds = {k.kind: k for k in rules.canastas}
    least = sum(least_value(rules, kinds[k]) * n for k, n in summary.canastas.items())
    if summary.melded_points < least:
        out.append(problem("melded_points_too_low", phrase(
            "the recorded canastas alone hold at least %(least)s points of cards, but melded points are "
            "%(points)s", least=least, points=summary.melded_points), head=named(side_name),
            field=f"sides[{i}].{'melded_points' if summary.melded_counts is None else 'melded_counts'}",
            side=side_name))
    return out


def deck_problems(rules: Rules, summaries: Iterable[SideSummary]) -> list[Problem]:
    """Do all recorded canastas fit in the deck's wild and natural cards?"""
    kinds = {k.kind: k for k in rules.canastas}
    wilds = naturals = count = 0
    for s in summaries:
        for kind, n in s.canastas.items():
            w, nat = _least(kinds[kind])
            if kinds[kind].rank in rules.also_rank:
                w, nat = w + nat, 0              # Italian 2s: a canasta of 2s takes its naturals from the wild cards
            wilds, naturals, count = wilds + w * n, naturals + nat * n, count + n
    deck_wilds = sum(rules.copies(key) for key in rules.wilds)
    deck_naturals = len(NATURAL_RANKS) * rules.copies("A")
    out = []
    if wilds > deck_wilds or naturals > deck_naturals:
        out.append(problem("canastas_exceed_deck", phrase(
            "%(count)s canastas need at least %(wilds)s wild and %(naturals)s natural cards, the deck holds "
            "%(deck_wilds)s and %(deck_naturals)s", count=count, wilds=wilds, naturals=naturals,
            deck_wilds=deck_wilds, deck_naturals=deck_naturals), field="sides"))
    return out
