"""Scoring a Keltis game (the family's ``score_hand`` hook): every row, the grey row and the wishing stones of
each player, the deck checks across players, and the best game. Rule violations come back as problems."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Any, Mapping

from scorekeeper.rules.outcome import result_fields
from scorekeeper.rules.phrases import named, phrase
from scorekeeper.rules.problems import Problem, problem
from scorekeeper.rules.keltis.record import CLOSING, GREY, KeltisRecord, PlayerTable, _span
from scorekeeper.rules.keltis.rows import RowVerdict, check_row
from scorekeeper.rules.keltis.table import KeltisRules


@dataclass(frozen=True, kw_only=True, slots=True)
class KeltisSideResult:
    name: str
    players: tuple[str, ...]
    rows: tuple[RowVerdict, ...]        # every colour, in the table's order; a row not started scores 0
    grey: tuple[int, ...]
    grey_points: int
    stones: tuple[int, ...]
    stone_points: int
    score: int
    total_before: int
    total: int

    @property
    def rows_points(self) -> int:
        return sum(r.points for r in self.rows)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "players": list(self.players), "score": self.score,
                "total_before": self.total_before, "total": self.total,
                "rows": [r.to_dict() for r in self.rows], "rows_points": self.rows_points,
                "grey": {"cards": list(self.grey), "points": self.grey_points},
                "stones": {"held": list(self.stones), "count": len(self.stones), "points": self.stone_points}}


@dataclass(frozen=True, kw_only=True, slots=True)
class KeltisResult:
    """A scored Keltis game, with the interface every front uses for canasta hands too."""

    rules: KeltisRules
    sides: tuple[KeltisSideResult, ...]
    problems: tuple[Problem, ...]
    hand_winner: tuple[str, ...]               # best score in this game
    winner: str | tuple[str, ...] | None       # best running total after it; several on a tie (seed 001)
    totals: dict[str, int]
    match_over: bool = False                   # no target: a match is a few games added up

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_dict(self) -> dict[str, Any]:
        return result_fields(self)


def _side_result(rules: KeltisRules, record: KeltisRecord, table: PlayerTable) -> KeltisSideResult:
    rows = tuple(check_row(rules, c, table.rows.get(c, ())) for c in rules.colour_names)
    grey_points = len(table.grey) * rules.grey_card_points
    stone_points = rules.stone_score(len(table.stones))
    score = sum(r.points for r in rows) + grey_points + stone_points
    before = record.totals_before.get(table.name, 0)
    return KeltisSideResult(name=table.name, players=table.players, rows=rows, grey=table.grey,
                            grey_points=grey_points, stones=table.stones, stone_points=stone_points, score=score,
                            total_before=before, total=before + score)


def _side_problems(rules: KeltisRules, table: PlayerTable, i: int, result: KeltisSideResult) -> list[Problem]:
    out = []
    for row in result.rows:
        field = table.row_fields.get(row.colour, f"sides[{i}].rows.{row.colour}")
        out += [p.located(side=table.name, field=field) for p in row.problems]
    for stone in table.stones:
        if stone not in rules.stones:
            out.append(problem("stone_out_of_range", phrase(
                "there is no wishing stone %(stone)s; the stones are %(span)s", stone=stone,
                span=_span(rules.stones)), [f"stone {stone}"], head=named(table.name), side=table.name,
                field=f"sides[{i}].stones"))
    return out


def _game_problems(rules: KeltisRules, record: KeltisRecord) -> list[Problem]:
    out = []
    n = len(record.sides)
    if n > rules.max_sides:
        out.append(problem("too_many_players", phrase(
            "%(count)s players are recorded; Keltis is played by at most %(most)s", count=n, most=rules.max_sides),
            field="sides"))
    elif n < rules.min_sides:
        out.append(problem("too_few_players", phrase(
            "%(count)s player recorded; Keltis is played by at least %(least)s", count=n, least=rules.min_sides)
            if n == 1 else phrase(
            "%(count)s players recorded; Keltis is played by at least %(least)s", count=n, least=rules.min_sides),
            field="sides"))
    # Deck conservation across all players (digest §3): number and closing cards per colour, grey cards 0-10
    # once each whether they lie in a grey row or on a colour row.
    seen: dict[tuple[Any, ...], list[tuple[str, str]]] = defaultdict(list)
    for table in record.sides:
        for colour, cards in table.rows.items():
            for card in cards:
                key = ("grey", card.value) if card.kind == GREY else (card.kind, colour, card.value)
                seen[key].append((table.name, card.label(colour)))
        for value in table.grey:
            seen[("grey", value)].append((table.name, f"G{value}"))
    for copy, holders in seen.items():
        kind = copy[0]
        limit = (rules.grey_copies if kind == GREY else rules.closing_copies if kind == CLOSING
                 else rules.number_copies.get(copy[2], 0))
        if len(holders) <= limit:
            continue
        args = {"most": limit, "count": len(holders),
                "where": ", ".join(f"{who} {k}" for who, k in Counter(w for w, _ in holders).items())}
        if kind == GREY:
            says = (phrase("the deck holds %(most)s copy of the grey %(value)s, but the tables show %(count)s "
                           "(%(where)s)", value=copy[1], **args) if limit == 1 else
                    phrase("the deck holds %(most)s copies of the grey %(value)s, but the tables show %(count)s "
                           "(%(where)s)", value=copy[1], **args))
        elif kind == CLOSING:
            says = (phrase("the deck holds %(most)s copy of the %(colour)s closing card, but the tables show "
                           "%(count)s (%(where)s)", colour=copy[1], **args) if limit == 1 else
                    phrase("the deck holds %(most)s copies of the %(colour)s closing card, but the tables show "
                           "%(count)s (%(where)s)", colour=copy[1], **args))
        else:
            says = (phrase("the deck holds %(most)s copy of the %(colour)s %(value)s, but the tables show "
                           "%(count)s (%(where)s)", colour=copy[1], value=copy[2], **args) if limit == 1 else
                    phrase("the deck holds %(most)s copies of the %(colour)s %(value)s, but the tables show "
                           "%(count)s (%(where)s)", colour=copy[1], value=copy[2], **args))
        out.append(problem("too_many_copies", says, [label for _, label in holders], field="sides"))
    stones: dict[int, list[str]] = defaultdict(list)
    for table in record.sides:
        for stone in table.stones:
            if stone in rules.stones:
                stones[stone].append(table.name)
    for stone, names in sorted(stones.items()):
        if len(names) > 1:
            says = (phrase("there is one wishing stone %(stone)s, but %(side)s lists it %(count)s times",
                           stone=stone, side=names[0], count=len(names)) if len(set(names)) == 1 else
                    phrase("there is one wishing stone %(stone)s, but it is held by %(names)s", stone=stone,
                           names=list(dict.fromkeys(names))))
            out.append(problem("stone_held_twice", says,
                               [f"stone {stone}"] * len(names),
                               side=names[0] if len(set(names)) == 1 else None, field="sides"))
    return out


def _closed_rows_problems(rules: KeltisRules, record: KeltisRecord,
                          sides: list[KeltisSideResult]) -> list[Problem]:
    """Seed 001's end rule (l. 79-85): the game ends when the fifth row gets a closing card, all players' rows
    together, then each player may still lay two cards, so n final tables hold at most 5 + 2n closed rows (the
    numbers are the table's [end]). A closed row is one holding a closing card (two on one row count once, l. 81),
    as ``RowVerdict.closing_cards`` says. Only the end rule's bound is checked here: where the deck's closing
    cards bound the rows lower (from 3 players), a table past it already shows too_many_copies."""
    players = len(record.sides)
    most = rules.end_rule_closed_rows(players)
    closed = [(i, table, row) for i, (table, result) in enumerate(zip(record.sides, sides))
              for row in result.rows if row.closing_cards]
    if most is None or len(closed) <= most:
        return []
    args = {"count": len(closed), "players": players, "most": most, "end": rules.end_closed_rows,
            "after": rules.end_cards_after}
    says = (phrase("%(count)s rows are closed, but %(players)s player can end a game with at most %(most)s closed: "
                   "the game ends once %(end)s rows have a closing card (two closing cards on one row count once), "
                   "and then each player may still lay at most %(after)s of the cards in their hand", **args)
            if players == 1 else
            phrase("%(count)s rows are closed, but %(players)s players can end a game with at most %(most)s closed: "
                   "the game ends once %(end)s rows have a closing card (two closing cards on one row count once), "
                   "and then each player may still lay at most %(after)s of the cards in their hand", **args))
    # The cards name each closed row's closing card ("green X"), so the entry form shows the problem at every
    # closed row (web/entry/keltis.py problem_fields), and fields lists those rows for the API.
    return [problem("too_many_closed_rows", says, [f"{row.colour} X" for _, _, row in closed], field="sides",
                    fields=tuple(table.row_fields.get(row.colour, f"sides[{i}].rows.{row.colour}")
                                 for i, table, row in closed))]


def _top(scores: Mapping[str, int]) -> tuple[str, ...]:
    best = max(scores.values())
    return tuple(n for n, s in scores.items() if s == best)


def score_hand(record: KeltisRecord) -> KeltisResult:
    """The keltis family's ``score_hand`` hook: judge every table and score the game. Never raises for rule
    violations; with problems the result is still filled in, ``ok`` is false and there is no winner."""
    rules = record.rules
    sides, problems = [], []
    for i, table in enumerate(record.sides):
        result = _side_result(rules, record, table)
        problems += _side_problems(rules, table, i, result)
        sides.append(result)
    problems += _game_problems(rules, record)
    problems += _closed_rows_problems(rules, record, sides)
    totals = {s.name: s.total for s in sides}
    leaders = _top(totals)
    winner = None if problems else leaders[0] if len(leaders) == 1 else leaders    # a tie: several winners
    return KeltisResult(rules=rules, sides=tuple(sides), problems=tuple(problems),
                        hand_winner=_top({s.name: s.score for s in sides}), winner=winner, totals=totals)
