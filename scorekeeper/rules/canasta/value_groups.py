"""Value groups: a summary side's card points entered as counts of cards per group of equal value.

Adding up some sixty card values in one's head is where summary entry goes wrong; counting cards by value group
(jokers, aces and 2s, K–8, 7–4, black threes) is what players can do at the table. The groups come from the
variant's ``card_values`` in table order: neighbouring keys of equal value form one group, so a variant whose
values differ gets its own groups with no code change. Red threes are left out (they are counted on their own), and black threes on the table where they cannot be melded.
Groups in hand use the values a card has in hand (``hand_values``), which an option may change.

Counts are checked against the deck per side (:func:`check_side`, unreadable input: one side cannot hold 9 of 8
jokers) and across the table (:func:`table_count_problems`, a rule problem naming every side's share: 5 jokers
counted by Anna and 4 by Béla are 9 of the deck's 8). Cards noted one by one on another side of the same hand
count too; the table's excess of those alone is ``too_many_copies`` (scoring.py), said once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Protocol

from scorekeeper.rules.errors import RecordError
from scorekeeper.rules.canasta.rules import Rules
from scorekeeper.rules.phrases import Phrase, phrase
from scorekeeper.rules.problems import Problem, problem

COUNT_FIELDS = {"melded_counts": "melded_points", "hand_counts": "hand_points"}


@dataclass(frozen=True, slots=True)
class ValueGroup:
    key: str                  # "4-7", "8-K", "A-2", "JK", "black3": first and last card key of the group
    cards: tuple[str, ...]    # the card keys (rules.card_values keys) in the group
    value: int                # points per card
    copies: int               # how many cards of the group the deck holds: the most a count can be


def value_groups(rules: Rules, *, in_hand: bool = False) -> tuple[ValueGroup, ...]:
    runs: list[list[str]] = []
    for key in rules.card_values:
        # Black threes are offered on the table only where a meld of them is allowed (international, going out).
        if key == "red3" or (key == "black3" and not in_hand and "black_threes" not in rules.shapes):
            continue
        if runs and rules.value(runs[-1][-1], in_hand=in_hand) == rules.value(key, in_hand=in_hand):
            runs[-1].append(key)
        else:
            runs.append([key])
    return tuple(ValueGroup(key=run[0] if len(run) == 1 else f"{run[0]}-{run[-1]}", cards=tuple(run),
                            value=rules.value(run[0], in_hand=in_hand),
                            copies=sum(rules.copies(k) for k in run)) for run in runs)


class ToInt(Protocol):
    """Reads a whole number from JSON, bounded: the record's reader passes
    :func:`scorekeeper.rules.records.whole_number`, which this module sits below."""

    def __call__(self, value: object, field: str, *, most: int) -> int: ...


def parse_counts(rules: Rules, data: object, field: str, to_int: ToInt, *, in_hand: bool) -> dict[str, int]:
    """Counts per group key, each bounded by the deck's copies of that group."""
    if not isinstance(data, dict):
        raise RecordError("counts must be an object of value groups to counts, e.g. {\"JK\": 1, \"4-7\": 3}",
                          field=field)
    groups = {g.key: g for g in value_groups(rules, in_hand=in_hand)}
    out = {}
    for key, n in data.items():
        if key not in groups:
            raise RecordError(f"{key!r} is not a value group of {rules.name}; groups are: {', '.join(groups)}",
                              field=f"{field}.{key}")
        out[key] = to_int(n, f"{field}.{key}", most=groups[key].copies)
    return out


def points_of(rules: Rules, counts: Mapping[str, int], *, in_hand: bool) -> int:
    """Σ count × value: the card points the counts stand for."""
    values = {g.key: g.value for g in value_groups(rules, in_hand=in_hand)}
    return sum(values[k] * n for k, n in counts.items())


def check_side(rules: Rules, melded: Mapping[str, int], held: Mapping[str, int], field: str) -> None:
    """A side cannot hold more cards of a group on the table and in hand together than the deck has.

    Groups in hand may be cut differently from those on the table (hand values), so this compares card keys
    only where both cuts agree on the group."""
    table = {g.key: g for g in value_groups(rules)}
    for g in value_groups(rules, in_hand=True):
        if g.key in table and melded.get(g.key, 0) + held.get(g.key, 0) > g.copies:
            raise RecordError(phrase("%(melded)s melded and %(held)s in hand, but the deck holds %(copies)s of these "
                                     "cards", melded=melded.get(g.key, 0), held=held.get(g.key, 0), copies=g.copies),
                              field=f"{field}.hand_counts.{g.key}")


# Written as phrase(...) calls so the catalogue finds them (pybabel extract -k phrase); the last two are
# scoring.py's "too many copies" words, so "7 in Béla's melds" reads the same in both problems.
_COUNTED = phrase("%(counted_group)s: %(count)s counted on the table and in hands, the deck holds %(most)s")
_IN_MELDS = phrase("%(count)s in %(side)s's melds")
_IN_HAND = phrase("%(count)s in %(side)s's hand")


@dataclass(frozen=True, slots=True)
class _Share:
    count: int
    field: str             # sides[1].melded_counts.JK, or sides[0].melds for cards noted one by one
    says: Phrase           # "7 in Béla's melds"
    counted: bool          # entered as a count (not as cards)


def _shares(side: Any, i: int, key: str, cuts: Mapping[str, Mapping[str, ValueGroup]]) -> list[_Share]:
    """One group's cards on one side, on the table and in hand: its counts, or its cards noted one by one."""
    out = []
    for counts_key, cards, words, field in (("melded_counts", [c for m in side.melds for c in m], _IN_MELDS, "melds"),
                                            ("hand_counts", side.hand_cards, _IN_HAND, "hand")):
        group = cuts[counts_key].get(key)
        counts = getattr(side.summary, counts_key, None) if side.summary is not None else None
        if group is None:
            continue
        if counts:
            n, where = counts.get(key, 0), f"sides[{i}].{counts_key}.{key}"
        else:
            n, where = sum(1 for c in cards if c.value_key in group.cards), f"sides[{i}].{field}"
        if n:
            out.append(_Share(n, where, phrase(words.template, count=n, side=side.name), bool(counts)))
    return out


def table_count_problems(rules: Rules, sides: Iterable[Any]) -> list[Problem]:
    """Across the sides of one hand, no value group holds more cards than the deck: a problem per group that does,
    naming each side's share at its field. ``sides`` are the record's sides (name, melds, hand_cards, summary).

    A group is compared where the table's and the hand's cuts agree on it (as :func:`check_side`); a group of one
    cut only is compared alone. Only groups some side counted are looked at: cards noted one by one alone are the
    card check's (too_many_copies)."""
    sides = list(sides)
    if not any(s.summary is not None and (getattr(s.summary, "melded_counts", None)
                                          or getattr(s.summary, "hand_counts", None)) for s in sides):
        return []          # a hand typed card by card (the usual): nothing counted, nothing to compare
    cuts = {"melded_counts": {g.key: g for g in value_groups(rules)},
            "hand_counts": {g.key: g for g in value_groups(rules, in_hand=True)}}
    out = []
    for key in dict.fromkeys([*cuts["melded_counts"], *cuts["hand_counts"]]):
        group = cuts["melded_counts"].get(key) or cuts["hand_counts"][key]
        shares = [share for i, side in enumerate(sides) for share in _shares(side, i, key, cuts)]
        total = sum(s.count for s in shares)
        if total > group.copies and any(s.counted for s in shares):
            says = phrase(_COUNTED.template, counted_group=group.cards, count=total, most=group.copies)
            out.append(problem("counted_cards_exceed_deck", [says, *(s.says for s in shares)], field="sides",
                               fields=tuple(s.field for s in shares)))
    return out
