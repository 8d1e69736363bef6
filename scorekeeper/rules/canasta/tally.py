"""A side's tally: what it has on the table and in hand, counted once per side and hand, whether the side was
entered card by card or as a summary. Conditions (:class:`~.rules.Condition`), the bonus fold
(:mod:`.bonuses`) and the going-out check read only this.

The counts, by name (a condition's ``count`` names them; ``rules_ref/README.md`` explains each):

- ``canastas``, ``going_out_canastas`` (the canastas whose kind counts towards going out: all but those with
  ``counts_to_go_out = false``), each canasta kind's id, ``natural_canastas`` (no wild card; wild-only
  canastas are neither natural nor mixed), ``mixed_canastas``, ``group_canastas``, ``sequence_canastas``, ``wild_only_canastas``,
  ``canastas_of_<rank>`` (group canastas of one rank, e.g. ``canastas_of_7``);
- ``melds`` (every meld, canastas included), ``group_melds``, ``sequence_melds``, ``wild_only_melds``,
  ``black_three_melds``; ``sequence_melds_at_least_<n>`` and ``sequence_melds_under_<n>`` (sequence melds of at
  least / fewer than n cards, n = 4 … 11: Brazilian canasta's bonus for a sequence of five, seed 003 l. 79);
- ``red_threes`` (laid out), ``red_threes_in_hand``, ``black_threes`` (melded), ``cards_in_hand``, ``twins``;
- ``went_out``, ``concealed`` (concealed or table clear), ``table_clear``, ``double_out``: 1 or 0;
- ``black_threes_taken`` (taken with the pile and set aside, Cuban canasta).

A summary side knows less: its canastas by kind (shape, natural or mixed and rank come from the kind's table),
``melds`` is its canasta count or at least 1 when it melded points, ``cards_in_hand`` is 1 when its hand counted
points; other meld counts are 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, Mapping

from scorekeeper.rules.canasta.rules import BLACK_THREES, GROUP, SEQUENCE, SHAPES, WILD_ONLY, BonusRule, Condition
from scorekeeper.rules.cards import NATURAL_RANKS

if TYPE_CHECKING:
    from scorekeeper.rules.canasta.rules import Rules
    from scorekeeper.rules.melds.verdict import MeldVerdict
    from scorekeeper.rules.canasta.record import SideRecord
    from scorekeeper.rules.canasta.summary import SideSummary

COUNTS = ("canastas", "going_out_canastas", "natural_canastas", "mixed_canastas", "group_canastas", "sequence_canastas",
          "wild_only_canastas", "melds", "group_melds", "sequence_melds", "wild_only_melds", "black_three_melds",
          "red_threes", "red_threes_in_hand", "black_threes", "cards_in_hand", "twins", "went_out", "concealed",
          "table_clear", *("double_out", "black_threes_taken"))   # seed 003's classic family (S7, S25)
_RANKS = (*NATURAL_RANKS, "2")
_CANASTAS_BY_SHAPE = {GROUP: "group_canastas", SEQUENCE: "sequence_canastas", WILD_ONLY: "wild_only_canastas"}
_MELDS_BY_SHAPE = {GROUP: "group_melds", SEQUENCE: "sequence_melds", WILD_ONLY: "wild_only_melds",
                   BLACK_THREES: "black_three_melds"}
_BY_RANK = {r: f"canastas_of_{r}" for r in _RANKS}
_LENGTHS = range(4, 12)        # sequence lengths a condition may name (a sequence holds 3 … 11 cards: 4 … A)
_AT_LEAST = {n: f"sequence_melds_at_least_{n}" for n in _LENGTHS}
_UNDER = {n: f"sequence_melds_under_{n}" for n in _LENGTHS}
assert set(_CANASTAS_BY_SHAPE) | set(_MELDS_BY_SHAPE) <= set(SHAPES)


#: Counts a summary side never sets (it records canastas by kind and card points, not its melds): a bonus or
#: condition on one of these scores as if it were 0, so the hand form says so (:func:`summary_gaps`).
NOT_IN_SUMMARY = frozenset(("black_threes", *_MELDS_BY_SHAPE.values(), *_AT_LEAST.values(), *_UNDER.values()))
#: Counts a summary side does not set either, of which the form has never warned (kept so, issue 20): a summary
#: side records no hand cards, so no red three left in hand.
UNWARNED_IN_SUMMARY = frozenset(("red_threes_in_hand",))


def summary_counts(vocabulary: Iterable[str]) -> frozenset[str]:
    """The counts of ``vocabulary`` a summary side sets (:func:`_summary_tally`): its canastas by kind, shape,
    wild cards and rank (from the kind's table), ``melds`` and ``cards_in_hand`` as at least 1 when it melded or
    held points, and what every side records (red threes, twins, going out, ...)."""
    return frozenset(vocabulary) - NOT_IN_SUMMARY - UNWARNED_IN_SUMMARY


def condition_keys(condition: Condition) -> tuple[str, ...]:
    """Every tally count a condition reads."""
    return (*condition.count, *condition.at_least_count_of, *condition.at_most_count_of)


def bonus_keys(bonus: BonusRule) -> tuple[str, ...]:
    """Every tally count a bonus reads: what it is paid per and what its conditions count."""
    return (*((bonus.per,) if bonus.per else ()),
            *(k for c in (*bonus.when, *bonus.plus_when) for k in condition_keys(c)))


def summary_gaps(rules: Rules) -> list[BonusRule]:
    """The bonuses a summary cannot score, because they count what a summary side does not record
    (:data:`NOT_IN_SUMMARY`: melds by shape, as Brazilian's sequences of five, S59, or melded black threes,
    as Cuban's all four): the hand form says so, rather than a saved summary silently lacking them."""
    return [b for b in rules.bonuses if any(k in NOT_IN_SUMMARY for k in bonus_keys(b))]


def tally_vocabulary(kinds: Iterable[str]) -> frozenset[str]:
    """Every count name a condition of a table with these canasta kinds may use."""
    return frozenset((*COUNTS, *kinds, *_BY_RANK.values(), *_AT_LEAST.values(), *_UNDER.values()))


@dataclass(frozen=True, kw_only=True, slots=True)
class Tally:
    counts: Mapping[str, int]       # by count name; a name missing is 0
    canastas: Mapping[str, int]     # by kind id (what a side's result reports)
    melded: int                     # card points on the table
    held: int                       # card points in hand (positive)

    @property
    def canasta_count(self) -> int:
        return self.counts.get("canastas", 0)


def _bump(t: dict[str, int], key: str, n: int = 1) -> None:
    t[key] = t.get(key, 0) + n


def _canasta(t: dict[str, int], kind: str, shape: str | None, wilds: int | None, rank: str | None, n: int = 1,
             to_go_out: bool = True) -> None:
    _bump(t, "canastas", n)
    if to_go_out:
        _bump(t, "going_out_canastas", n)
    _bump(t, kind, n)
    if shape in _CANASTAS_BY_SHAPE:
        _bump(t, _CANASTAS_BY_SHAPE[shape], n)
    if shape != WILD_ONLY and wilds is not None:
        _bump(t, "natural_canastas" if wilds == 0 else "mixed_canastas", n)
    if shape == GROUP and rank in _BY_RANK:
        _bump(t, _BY_RANK[rank], n)


def _sequence_length(t: dict[str, int], size: int) -> None:
    for n in _LENGTHS:
        _bump(t, _AT_LEAST[n] if size >= n else _UNDER[n])


def side_tally(rules: "Rules", side: "SideRecord", melds: "tuple[MeldVerdict, ...]") -> Tally:
    t: dict[str, int] = {}
    if side.red_three_count:
        t["red_threes"] = side.red_three_count
    if side.twins:
        t["twins"] = side.twins
    if side.went_out:
        t["went_out"] = 1
    if side.out in ("concealed", "table_clear"):
        t["concealed"] = 1
    if side.out == "table_clear":
        t["table_clear"] = 1
    if side.double_out:
        t["double_out"] = 1
    if side.black_threes_taken:
        t["black_threes_taken"] = side.black_threes_taken
    if side.summary is not None:
        return _summary_tally(rules, side.summary, t)
    canastas: dict[str, int] = {}
    for m in melds:
        _bump(t, "melds")
        if m.shape in _MELDS_BY_SHAPE:
            _bump(t, _MELDS_BY_SHAPE[m.shape])
            if m.shape == BLACK_THREES:
                _bump(t, "black_threes", len(m.cards))
            elif m.shape == SEQUENCE:
                _sequence_length(t, len(m.cards))
        if m.is_canasta:
            canastas[m.kind] = canastas.get(m.kind, 0) + 1
            _canasta(t, m.kind, m.shape, m.wilds, m.rank, to_go_out=m.kind not in rules.not_to_go_out)
    value = rules.value
    held = in_hand = reds = 0
    for c in side.hand_cards:
        if c.is_red_three:
            reds += 1
        else:
            held += value(c.value_key, in_hand=True)
        in_hand += 1
    if in_hand:
        t["cards_in_hand"] = in_hand
    if reds:
        t["red_threes_in_hand"] = reds
    return Tally(counts=t, canastas=canastas, melded=sum(m.card_value for m in melds), held=held)


def _summary_tally(rules: "Rules", s: "SideSummary", t: dict[str, int]) -> Tally:
    kinds = {k.kind: k for k in rules.canastas}
    for kind, n in s.canastas.items():
        if n:
            k = kinds[kind]
            wilds = None if k.wilds is None else 0 if k.wilds[1] == 0 else 1 if k.wilds[0] > 0 else None
            _canasta(t, kind, k.shape, wilds, k.rank, n, to_go_out=k.counts_to_go_out)
    melds = t.get("canastas", 0) or (1 if s.melded_points > 0 else 0)
    if melds:
        t["melds"] = melds
    if s.hand_points:
        t["cards_in_hand"] = 1
    return Tally(counts=t, canastas=dict(s.canastas), melded=s.melded_points, held=s.hand_points)
