"""The toy rummy scored: each meld judged a group (one rank, at least ``min_size`` cards of different suits) or a
run (one suit, ranks in a row), then points for cards, melded plus and left in hand minus. Rule violations come
back as :class:`~scorekeeper.rules.problems.Problem` values and the result is still filled in."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Mapping

from scorekeeper.rules.cards import Card
from scorekeeper.rules.outcome import match_outcome, result_fields
from scorekeeper.rules.phrases import phrase
from scorekeeper.rules.problems import Problem, problem
from tests.toy_rummy.record import ToyRecord, ToySide
from tests.toy_rummy.rules import ORDER, ToyRules


@dataclass(frozen=True, kw_only=True, slots=True)
class ToySideResult:
    name: str
    players: tuple[str, ...]
    melded: int
    in_hand: int
    score: int
    total_before: int
    total: int

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "players": list(self.players), "melded": self.melded, "in_hand": self.in_hand,
                "score": self.score, "total_before": self.total_before, "total": self.total}


@dataclass(frozen=True, kw_only=True, slots=True)
class ToyResult:
    rules: ToyRules
    sides: tuple[ToySideResult, ...]
    problems: tuple[Problem, ...]
    hand_winner: tuple[str, ...]
    match_over: bool
    winner: str | tuple[str, ...] | None

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def totals(self) -> Mapping[str, int]:
        return {s.name: s.total for s in self.sides}

    def to_dict(self) -> dict[str, Any]:
        return result_fields(self)


def meld_shape(rules: ToyRules, cards: tuple[Card, ...]) -> str | None:
    """``"group"``, ``"run"`` or None (not a meld under these rules)."""
    if len(cards) < rules.min_size or any(c.suit is None or c.rank not in ORDER for c in cards):
        return None
    if len({c.rank for c in cards}) == 1 and len({c.suit for c in cards}) == len(cards):
        return "group"
    places = sorted(rules.position(c.rank) for c in cards)
    if len({c.suit for c in cards}) == 1 and places == list(range(places[0], places[0] + len(cards))):
        return "run"
    return None


def _meld_problems(rules: ToyRules, side: ToySide, index: int) -> list[Problem]:
    found = []
    for k, cards in enumerate(side.melds):
        if meld_shape(rules, cards) is None:
            found.append(problem("not_a_meld", phrase(
                "not a group (one rank, %(size)s or more cards of different suits) nor a run (one suit, ranks in "
                "a row)", size=rules.min_size), cards).located(side=side.name, field=f"sides[{index}].melds[{k}]"))
    return found


def _deck_problems(record: ToyRecord) -> list[Problem]:
    """One pack: a card shown twice (in any side's melds or hand), or without the suit that tells which, is a typo."""
    shown = [c for s in record.sides for cards in (*s.melds, s.hand) for c in cards]
    found = [problem("card_without_suit", phrase("every card needs its suit in rummy, e.g. 7h"), [c])
             for c in dict.fromkeys(c for c in shown if c.suit is None)]
    found += [problem("card_twice", phrase("one pack holds this card once, it is shown %(count)s times", count=n),
                      [c]) for c, n in Counter(c for c in shown if c.suit is not None).items() if n > 1]
    return found


def _side_result(rules: ToyRules, record: ToyRecord, side: ToySide) -> ToySideResult:
    melded = sum(rules.value(c.rank) for cards in side.melds for c in cards if c.rank in ORDER)
    in_hand = sum(rules.value(c.rank) for c in side.hand if c.rank in ORDER)
    before = record.totals_before.get(side.name, 0)
    return ToySideResult(name=side.name, players=side.players, melded=melded, in_hand=in_hand,
                         score=melded - in_hand, total_before=before, total=before + melded - in_hand)


def score_hand(record: ToyRecord) -> ToyResult:
    """The toy family's ``score_hand`` hook."""
    rules = record.rules
    problems = [p for i, s in enumerate(record.sides) for p in _meld_problems(rules, s, i)] + _deck_problems(record)
    if not rules.min_sides <= len(record.sides) <= rules.max_sides:
        problems.append(problem("side_count", phrase("%(name)s is played by %(least)s to %(most)s sides",
                                                     name=rules.name, least=rules.min_sides, most=rules.max_sides)))
    sides = tuple(_side_result(rules, record, s) for s in record.sides)
    top = max(s.score for s in sides)
    over, winner = match_outcome(rules, {s.name: s.total for s in sides}) if not problems else (False, None)
    return ToyResult(rules=rules, sides=sides, problems=tuple(problems), match_over=over, winner=winner,
                     hand_winner=tuple(s.name for s in sides if s.score == top))
