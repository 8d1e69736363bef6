"""Scoring a recorded hand: verify everything against the variant, then compute each side's result.

Hand score = base (bonuses) + card value (melded plus, in hand minus) + penalties; then taxation by the total
before the hand, the new total, and the next opening minimum. Each side is tallied once (:mod:`.tally`); its base
items are a fold over the table's bonus rules (:mod:`.bonuses`) and its going-out requirements are conditions
over the same tally, so no variant has a code path of its own. Problems never stop the arithmetic: a result
with problems is still filled in (``ok`` is false) so a form can show both.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.rules.canasta.bonuses import BaseItem, base_items, red_three_points
from scorekeeper.rules.canasta.rules import GROUP, Rules
from scorekeeper.rules.cards import Card
from scorekeeper.rules.canasta.classic import BLACK_THREE, classic_side_problems
from scorekeeper.rules.melds.verdict import IN_ONE_HAND, MeldContext, MeldVerdict, check_meld, copy_problems, over_in_a_meld
from scorekeeper.rules.outcome import match_outcome
from scorekeeper.rules.phrases import Phrase, named, phrase
from scorekeeper.rules.problems import Problem, Where, problem
from scorekeeper.rules.canasta.record import HandRecord, SideRecord
from scorekeeper.rules.canasta.summary import deck_problems, summary_problems
from scorekeeper.rules.canasta.value_groups import table_count_problems
from scorekeeper.rules.canasta.tally import Tally, side_tally
from scorekeeper.rules.canasta.taxation import tax
from scorekeeper.rules.tables.variants import side_size

__all__ = ["BaseItem", "PlayerResult", "SideResult", "HandResult", "score_canasta_hand"]


@dataclass(frozen=True, kw_only=True, slots=True)
class PlayerResult:
    """Per-player totals, for variants that score each player (cutthroat)."""

    name: str
    score: int
    total_before: int
    total: int
    next_opening_minimum: int
    next_opening_canasta: str | None = None     # seed 003: the next opening must hold such a canasta

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "score": self.score, "total_before": self.total_before, "total": self.total,
                "next_opening_minimum": self.next_opening_minimum, "next_opening_canasta": self.next_opening_canasta}


@dataclass(frozen=True, kw_only=True, slots=True)
class SideResult:
    name: str
    players: tuple[str, ...]
    melds: tuple[MeldVerdict, ...]
    canastas: int
    base: int
    base_items: tuple[BaseItem, ...]
    melded_value: int
    hand_value: int
    card_value: int
    penalty: int
    penalty_items: tuple[BaseItem, ...]
    score: int
    taxed: int
    total_before: int | None
    total: int | None
    next_opening_minimum: int | None
    player_results: tuple[PlayerResult, ...] = ()
    # Seed 003 (S8, S62): None, "any" or "natural": the next opening must hold such a canasta, and reach
    # next_opening_minimum (0, or Brazilian canasta's 200) in all.
    next_opening_canasta: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "players": list(self.players), "base": self.base,
                "base_items": [b.to_dict() for b in self.base_items], "card_value": self.card_value,
                "melded_value": self.melded_value, "hand_value": self.hand_value, "penalty": self.penalty,
                "penalty_items": [b.to_dict() for b in self.penalty_items], "score": self.score,
                "taxed": self.taxed, "total_before": self.total_before, "total": self.total,
                "next_opening_minimum": self.next_opening_minimum,
                "next_opening_canasta": self.next_opening_canasta, "canastas": self.canastas,
                "melds": [m.to_dict() for m in self.melds],
                "player_results": [p.to_dict() for p in self.player_results]}


@dataclass(frozen=True, kw_only=True, slots=True)
class HandResult:
    rules: Rules
    sides: tuple[SideResult, ...]
    problems: tuple[Problem, ...]
    hand_winner: tuple[str, ...]
    match_over: bool
    winner: str | tuple[str, ...] | None
    totals: dict[str, int] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_dict(self) -> dict[str, Any]:
        winner = list(self.winner) if isinstance(self.winner, tuple) else self.winner
        return {"ok": self.ok, "variant": self.rules.id, "options": dict(self.rules.options),
                "sides": [s.to_dict() for s in self.sides], "problems": [p.to_dict() for p in self.problems],
                "totals": dict(self.totals), "hand_winner": list(self.hand_winner),
                "match_over": self.match_over, "winner": winner}


def _side_problems(rules: Rules, side: SideRecord, i: int, melds: tuple[MeldVerdict, ...],
                   table: Tally) -> list[Problem]:
    out = [p.located(side=side.name, field=f"sides[{i}].melds[{j}]") for j, m in enumerate(melds)
           for p in m.problems]
    if rules.one_group_per_rank:
        ranks = Counter(m.rank for m in melds if m.kind == GROUP or (m.is_canasta and m.rank))
        for rank, n in ranks.items():
            if n > 1:
                cards = [c for m in melds if m.rank == rank for c in m.cards]
                out.append(problem("duplicate_rank_meld", phrase(
                    "%(side)s has %(count)s melds of %(rank)s; a side keeps one meld per rank", side=side.name,
                    count=n, rank=rank), cards, field=f"sides[{i}].melds", side=side.name))
    if len(side.players) > rules.players_per_side:
        out.append(problem("too_many_players", phrase(
            "%(side)s lists %(count)s players; this form allows at most %(most)s per side", side=side.name,
            count=len(side.players), most=rules.players_per_side), field=f"sides[{i}].players", side=side.name))
    if side.twins and not rules.twins_allowed:
        out.append(problem("twins_not_in_variant", phrase("%(variant)s has no twins", variant=rules.name),
                           head=named(side.name), field=f"sides[{i}].twins", side=side.name))
    red_in_hand = [c for c in side.hand_cards if c.is_red_three]
    if red_in_hand and rules.red_three_in_hand == "impossible":
        out.append(problem("red_three_in_hand", phrase(
            "a red three is laid out as soon as it is drawn, so it cannot be left in hand; count it under red "
            "threes"), red_in_hand, head=named(side.name), field=f"sides[{i}].hand", side=side.name))
    if side.summary is not None:
        out += summary_problems(rules, side.name, i, side.summary)
    if side.went_out:
        out += _going_out_problems(rules, side, i, table)
    return out + classic_side_problems(rules, side, i, melds)


def _going_out_problems(rules: Rules, side: SideRecord, i: int, table: Tally) -> list[Problem]:
    out = []
    canastas = table.counts.get("going_out_canastas", 0)
    if canastas < rules.canastas_required:
        had = (phrase("%(side)s went out with %(count)s canasta", side=side.name, count=canastas) if canastas == 1
               else phrase("%(side)s went out with %(count)s canastas", side=side.name, count=canastas))
        need = (phrase("going out needs a canasta") if rules.canastas_required == 1 else
                phrase("going out needs %(need)s canastas", need=rules.canastas_required))
        out.append(problem("going_out_needs_canasta", [had, need], field=f"sides[{i}].out", side=side.name))
    for cond in rules.going_out_requires:
        if not cond.holds(table.counts):
            out.append(problem("going_out_condition_not_met", phrase(
                "%(side)s went out, but going out needs %(condition)s (here %(count)s)", side=side.name,
                condition=cond.describe(), count=cond.value(table.counts)), field=f"sides[{i}].out", side=side.name))
    hands = side.hand
    if side.summary is not None:
        emptied = side.summary.hand_points == 0 or len(side.players) > 1
    else:
        emptied = any(not cards for cards in hands.values()) if "" not in hands or len(side.players) == 1 else True
    if not emptied:
        out.append(problem("cards_in_hand_after_going_out", phrase(
            "%(side)s went out, so the hand of the player who went out must be empty", side=side.name),
            side.hand_cards, field=f"sides[{i}].hand", side=side.name))
    if side.out == "table_clear":
        if rules.table_clear_bonus is None:
            out.append(problem("table_clear_not_in_variant", phrase(
                "%(variant)s has no table clear; record the going out as concealed", variant=rules.name),
                head=named(side.name), field=f"sides[{i}].out", side=side.name))
        elif side.pile_size is None:
            out.append(problem("pile_size_missing", phrase(
                "a table clear needs the number of cards taken with the pile"), head=named(side.name),
                field=f"sides[{i}].pile_size", side=side.name))
        elif side.pile_size < rules.table_clear_min_pile:
            out.append(problem("table_clear_pile_too_small", phrase(
                "a table clear needs a pile of at least %(low)s cards, this one had %(count)s",
                low=rules.table_clear_min_pile, count=side.pile_size), head=named(side.name),
                field=f"sides[{i}].pile_size", side=side.name))
    return out


def _hand_problems(rules: Rules, record: HandRecord) -> list[Problem]:
    out = []
    n = len(record.sides)
    if not rules.min_sides <= n <= rules.max_sides:
        span = str(rules.min_sides) if rules.min_sides == rules.max_sides else f"{rules.min_sides}–{rules.max_sides}"
        out.append(problem("wrong_number_of_sides", phrase(
            "this form of %(variant)s is played by %(span)s sides, the record has %(count)s", variant=rules.name,
            span=span, count=n), field="sides"))
    else:
        out += _player_count_problems(rules, record)
    gone = [s.name for s in record.sides if s.went_out]
    if len(gone) > 1:
        out.append(problem("several_went_out", phrase(
            "only one player can go out in a hand; recorded: %(names)s", names=gone), field="sides",
            fields=tuple(f"sides[{i}].out" for i, s in enumerate(record.sides) if s.went_out)))
    if not gone and rules.going_out_required:
        out.append(problem("nobody_went_out", phrase(
            "a hand of %(variant)s ends only when someone goes out; mark who went out", variant=rules.name),
            field="sides"))
    reds = sum(s.red_three_count for s in record.sides)
    reds += sum(1 for s in record.sides for c in s.hand_cards if c.is_red_three)
    if reds > rules.red_threes_in_deck:
        out.append(problem("too_many_red_threes", phrase(
            "%(count_tally)s were recorded, the deck holds %(most)s", count_tally=(reds, "red3"),
            most=rules.red_threes_in_deck),
            field="sides", fields=tuple(f"sides[{i}].red_threes" for i, s in enumerate(record.sides)
                                        if s.red_three_count)))
    every: list[Card] = [c for s in record.sides for m in s.melds for c in m] + \
                        [c for s in record.sides for c in s.hand_cards if not c.is_red_three] + \
                        [BLACK_THREE for s in record.sides for _ in range(s.black_threes_taken)]
    out += deck_problems(rules, [s.summary for s in record.sides if s.summary is not None])
    out += table_count_problems(rules, record.sides)         # counted cards across the sides (value_groups.py)
    excess = copy_problems(rules, every, IN_ONE_HAND)
    # A card one meld already holds too many of is reported with that meld (more_copies_than_deck), once.
    alone = over_in_a_meld(rules, (m for s in record.sides for m in s.melds)) if excess else set()
    out += [problem("too_many_copies", [says, *where], offending, field="sides", fields=fields)
            for card, says, offending in excess if card not in alone
            for where, fields in [_where_copies(record, card)]]
    return out


# Written as phrase(...) calls so the catalogue finds them (pybabel extract -k phrase).
_IN_MELDS = phrase("%(count)s in %(side)s's melds")
_IN_HAND = phrase("%(count)s in %(side)s's hand")


def _where_copies(record: HandRecord, card: tuple[str, str | None]) -> tuple[list[Phrase], tuple[str, ...]]:
    """Where the copies of one card are ("7 in Béla's melds", "2 in Dani's hand") and those fields."""
    key, suit = card
    said: list[Phrase] = []
    fields: list[str] = []
    for i, side in enumerate(record.sides):
        for part, cards, words in (("melds", [c for m in side.melds for c in m], _IN_MELDS), ("hand", side.hand_cards,
                                                                                            _IN_HAND)):
            n = sum(1 for c in cards if c.conservation_key == key and (suit is None or c.suit == suit))
            if n:
                said.append(phrase(words.template, count=n, side=side.name))
                fields.append(f"sides[{i}].{part}")
    return said, tuple(fields)


def _player_count_problems(rules: Rules, record: HandRecord) -> list[Problem]:
    """Every form seats a number of players in all, not only at most so many a side (seed 002: cutthroat is one
    alone against two, the five-player game 3 + 2).

    A side that lists no players (its one player is its name) is one player where each player is scored, but in
    a partnership game it says nothing of its players: it stands for one up to a full side, so a match created
    with side names only (the form allowed it) still takes its hands."""
    low, high = rules.total_players
    count = sum(len(s.players) for s in record.sides)
    unnamed = sum(1 for s in record.sides if s.players == (s.name,)) if rules.score_per == "side" else 0
    if count <= high and low <= count + unnamed * (rules.players_per_side - 1):
        return _side_size_problems(rules, record)
    span = str(low) if low == high else f"{low}–{high}"
    return [problem("wrong_number_of_players", phrase(
        "this form of %(variant)s is played by %(span)s players in all, the record lists %(count)s",
        variant=rules.name, span=span, count=count), field="sides")]



def _side_size_problems(rules: Rules, record: HandRecord) -> list[Problem]:
    """Each side of an even form holds its share of the players (six as 3 + 3 or 2 + 2 + 2, not 3 + 2 + 1); a
    side that lists no players stands for a full one, as above."""
    size = side_size(rules, len(record.sides))
    return [problem("wrong_number_of_players", phrase(
        "%(variant)s in this form is played by %(sides)s sides of %(size)s players; side %(side)s has %(count)s",
        variant=rules.name, sides=len(record.sides), size=size, side=repr(s.name), count=len(s.players)),
        field=f"sides[{i}].players")
        for i, s in enumerate(record.sides)
        if size is not None and len(s.players) != size and not (rules.score_per == "side" and s.players == (s.name,))]


def _side_result(rules: Rules, record: HandRecord, side: SideRecord, melds: tuple[MeldVerdict, ...],
                 table: Tally) -> SideResult:
    canastas = table.canasta_count
    items = base_items(rules, table.counts)
    penalties = tuple(BaseItem(item=p.code, label=p.label, count=1, points=p.points) for p in side.penalties)
    melded, held = table.melded, table.held
    base = sum(b.points for b in items)
    penalty = sum(p.points for p in penalties)
    score = base + melded - held + penalty
    players: list[PlayerResult] = []
    if rules.score_per == "player":
        # Cutthroat (seed 002): partners each get the side's score, but red threes stay with who laid them.
        red = next((b.points for b in items if b.item == "red_threes"), 0)
        for p in side.players:
            own = side.red_threes.get(p, 0)
            mine = score - red + (red_three_points(rules, own, table.counts) if own else 0)
            before = record.totals_before.get(p, 0)
            players.append(PlayerResult(name=p, score=mine, total_before=before, total=before + mine,
                                        next_opening_minimum=rules.opening_minimum(before + mine),
                                        next_opening_canasta=rules.opening_canasta(before + mine)))
        # Each player's total is kept, not the side's.
        taxed, side_before, total, minimum, canasta = score, None, None, None, None
    else:
        side_before = record.totals_before.get(side.name, 0)
        taxed = tax(rules, score, side_before)
        total = side_before + taxed
        minimum, canasta = rules.opening_minimum(total), rules.opening_canasta(total)
    return SideResult(name=side.name, players=side.players, melds=melds, canastas=canastas, base=base,
                      base_items=tuple(items), melded_value=melded, hand_value=-held, card_value=melded - held,
                      penalty=penalty, penalty_items=penalties, score=score, taxed=taxed, total_before=side_before,
                      total=total, next_opening_minimum=minimum, next_opening_canasta=canasta,
                      player_results=tuple(players))


def score_canasta_hand(record: HandRecord) -> HandResult:
    """The canasta family's ``score_hand`` hook: verify a parsed hand record and score it."""
    rules = record.rules
    problems: list[Problem] = []
    sides = []
    for i, side in enumerate(record.sides):
        context = MeldContext(going_out=side.went_out)
        melds = tuple(check_meld(rules, cards, context) for cards in side.melds)
        table = side_tally(rules, side, melds)
        problems += _side_problems(rules, side, i, melds, table)
        sides.append(_side_result(rules, record, side, melds, table))
    problems += _hand_problems(rules, record)
    if rules.score_per == "player":
        totals = {p.name: p.total for s in sides for p in s.player_results}
    else:
        totals = {s.name: s.total for s in sides if s.total is not None}     # all of them: kept by side
    best = max(s.score for s in sides)
    over, winner = match_outcome(rules, totals, hand_number=record.hand_number) if not problems else (False, None)
    return HandResult(rules=rules, sides=tuple(sides), problems=tuple(problems),
                      hand_winner=tuple(s.name for s in sides if s.score == best), match_over=over, winner=winner,
                      totals=totals)
