"""An event's settings (issue 24, "Club night"): tables, rounds, round length, entrants, seating and the VP scale.

Standard library only and typed for ``mypy --strict`` like :mod:`scorekeeper.rules`. Every value checks itself when
it is built; a wrong value raises :class:`EventError` holding every problem found at once, each a code and the
field it concerns (no English sentence: the pages that come later say them in the page's language).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path

from scorekeeper.rules.tables.shipped import shipped

# Ranges a real club night reaches, with room to spare (issue 24 brief): a club hall rarely holds more than
# 30 card tables, an evening holds at most a dozen rounds, a round at most 20 hands or 4 hours.
TABLES = (1, 30)
ROUNDS = (1, 12)
HANDS = (1, 20)
MINUTES = (5, 240)
VP_MAX = 100           # VP of one side at one table; the burraco scale's is 20
SCALE_ROWS_MAX = 50    # rows of one scale; the burraco scales have 11
DIFFERENCE_MAX = 10_000_000   # a row's least difference: scorekeeper.rules.bounds.TOTAL_MAX


@dataclass(frozen=True, kw_only=True, slots=True)
class EventProblem:
    """Something wrong with an event's settings or results: a stable ``code``, the ``field`` it concerns and the
    numbers a sentence needs (``values``: name -> number or word)."""

    code: str
    field: str
    values: tuple[tuple[str, int | str], ...] = ()


class EventError(ValueError):
    """Every problem of one value at once (a form shows each next to its field)."""

    def __init__(self, problems: tuple[EventProblem, ...]) -> None:
        self.problems = problems
        super().__init__("; ".join(f"{p.field}: {p.code}" for p in problems))


def _in_range(problems: list[EventProblem], name: str, value: int, bounds: tuple[int, int]) -> None:
    least, most = bounds
    if isinstance(value, bool) or not isinstance(value, int):
        problems.append(EventProblem(code="not_an_integer", field=name))
    elif not least <= value <= most:
        problems.append(EventProblem(code="out_of_range", field=name,
                                     values=(("least", least), ("most", most), ("value", value))))


def raise_if(problems: list[EventProblem]) -> None:
    if problems:
        raise EventError(tuple(problems))


class Entrants(Enum):
    """Who is scored: a partnership (burraco and canasta pairs) or one player (the two-handed game).

    Either way a table seats two entrants, one NS and one EW (a pair sits N and S; an individual sits N facing
    S). Individual movements where partners change each round are not built (the issue is silent; none of the
    sources seats them)."""

    PAIRS = "pairs"
    INDIVIDUALS = "individuals"


class Seating(Enum):
    MITCHELL = "mitchell"
    SWISS = "swiss"
    FIXED = "fixed"


class FirstRound(Enum):
    """How a Swiss event seats its first round, before there are standings."""

    SEED_ORDER = "seed_order"
    RANDOM = "random"


@dataclass(frozen=True, kw_only=True, slots=True)
class ScaleRow:
    """From a match-point difference of ``least`` on (until the next row), the winner gets ``winner`` VP and
    the loser ``loser``."""

    least: int
    winner: int
    loser: int


@dataclass(frozen=True, kw_only=True, slots=True)
class VictoryScale:
    """A conversion table match points -> victory points, rows by rising ``least`` difference.

    Checked: the first row starts at a difference of 0 and gives both sides the same VP (a tie has no winner);
    differences rise strictly; the winner's VP never falls and is never below the loser's; every row sums to the
    same total, so a table hands out the same VP whatever its result (the Hypothesis test relies on it)."""

    rows: tuple[ScaleRow, ...]

    def __post_init__(self) -> None:
        problems: list[EventProblem] = []
        if not 1 <= len(self.rows) <= SCALE_ROWS_MAX:
            problems.append(EventProblem(code="scale_size", field="scale.rows",
                                         values=(("least", 1), ("most", SCALE_ROWS_MAX))))
            raise_if(problems)
        for i, row in enumerate(self.rows):
            where = f"scale.rows[{i}]"
            _in_range(problems, f"{where}.least", row.least, (0, DIFFERENCE_MAX))
            _in_range(problems, f"{where}.winner", row.winner, (0, VP_MAX))
            _in_range(problems, f"{where}.loser", row.loser, (0, VP_MAX))
        raise_if(problems)
        first = self.rows[0]
        if first.least != 0:
            problems.append(EventProblem(code="scale_starts_above_zero", field="scale.rows[0].least"))
        if first.winner != first.loser:
            problems.append(EventProblem(code="scale_tie_unequal", field="scale.rows[0]"))
        total = first.winner + first.loser
        for i, (before, row) in enumerate(zip(self.rows, self.rows[1:]), start=1):
            if row.least <= before.least:
                problems.append(EventProblem(code="scale_not_rising", field=f"scale.rows[{i}].least"))
            if row.winner < before.winner:
                problems.append(EventProblem(code="scale_winner_falls", field=f"scale.rows[{i}].winner"))
        for i, row in enumerate(self.rows):
            if row.winner < row.loser:
                problems.append(EventProblem(code="scale_loser_above_winner", field=f"scale.rows[{i}]"))
            if row.winner + row.loser != total:
                problems.append(EventProblem(code="scale_sum_differs", field=f"scale.rows[{i}]",
                                             values=(("total", total), ("value", row.winner + row.loser))))
        raise_if(problems)

    @property
    def total(self) -> int:
        """The VP one table hands out, whatever its result."""
        return self.rows[0].winner + self.rows[0].loser

    def convert(self, first: int, second: int) -> tuple[int, int]:
        """The VP of two sides that scored ``first`` and ``second`` match points.

        The row is the last whose least difference the difference reaches (burraco's "0-50, 55-150": 52 stays at
        10-10)."""
        difference = abs(first - second)
        row = self.rows[0]
        for candidate in self.rows:
            if candidate.least <= difference:
                row = candidate
        return (row.winner, row.loser) if first >= second else (row.loser, row.winner)

    @classmethod
    def of(cls, rows: list[tuple[int, int, int]] | tuple[tuple[int, int, int], ...]) -> "VictoryScale":
        return cls(rows=tuple(ScaleRow(least=least, winner=w, loser=lo) for least, w, lo in rows))


def preset(name: str, folder: Path | None = None) -> VictoryScale:
    """A scale kept as data in ``rules_ref/events/victory_points.toml`` (``burraco_3_hands``, ``burraco_4_hands``)."""
    path = (folder or shipped("rules_ref")) / "events" / "victory_points.toml"
    with path.open("rb") as handle:
        scales = tomllib.load(handle)
    if name not in scales:
        raise EventError((EventProblem(code="unknown_scale", field="scale", values=(("value", name),)),))
    return VictoryScale.of([(int(a), int(b), int(c)) for a, b, c in scales[name]["rows"]])


def burraco_scale() -> VictoryScale:
    """The burraco-style 0-20 preset: the 3-hand table, the usual club-night round (issue 24)."""
    return preset("burraco_3_hands")


@dataclass(frozen=True, kw_only=True, slots=True)
class EventSettings:
    """What the organiser chooses before the first round.

    A round lasts ``hands`` hands or ``minutes`` minutes, exactly one of them. ``bye_vp`` is what an entrant
    sitting out scores (a bye, an odd count): 12 by default, between a draw (10) and a clear win on the
    burraco scale, so a bye neither punishes nor beats a real win — the issue is silent and clubs differ, hence
    a setting; a bye's match-point difference is 0, so it never moves the first tie-break. ``seed`` drives a
    random first Swiss round, so the same settings always seat the same way."""

    tables: int
    rounds: int
    entrants: Entrants
    seating: Seating
    variant: str
    scale: VictoryScale = field(default_factory=burraco_scale)
    hands: int | None = None
    minutes: int | None = None
    first_round: FirstRound = FirstRound.SEED_ORDER
    seed: int = 0
    bye_vp: int = 12

    def __post_init__(self) -> None:
        problems: list[EventProblem] = []
        _in_range(problems, "tables", self.tables, TABLES)
        _in_range(problems, "rounds", self.rounds, ROUNDS)
        if (self.hands is None) == (self.minutes is None):
            problems.append(EventProblem(code="hands_or_minutes", field="hands"))
        if self.hands is not None:
            _in_range(problems, "hands", self.hands, HANDS)
        if self.minutes is not None:
            _in_range(problems, "minutes", self.minutes, MINUTES)
        for name, value, kind in (("entrants", self.entrants, Entrants), ("seating", self.seating, Seating),
                                  ("first_round", self.first_round, FirstRound)):
            if not isinstance(value, kind):
                problems.append(EventProblem(code="unknown_word", field=name))
        if not isinstance(self.variant, str) or not 1 <= len(self.variant) <= 80:
            problems.append(EventProblem(code="variant_name", field="variant"))
        if not isinstance(self.scale, VictoryScale):
            problems.append(EventProblem(code="unknown_word", field="scale"))
        else:
            _in_range(problems, "bye_vp", self.bye_vp, (0, self.scale.total))
        _in_range(problems, "seed", self.seed, (0, 2**63 - 1))
        raise_if(problems)
        # Mitchell: EW entrant e meets NS entrant (e + round) mod N, so after N rounds every EW has met every NS
        # once and round N + 1 would be a rematch (see seating.mitchell).
        if self.seating is Seating.MITCHELL and self.rounds > self.tables:
            problems.append(EventProblem(code="mitchell_rounds_above_tables", field="rounds",
                                         values=(("most", self.tables), ("value", self.rounds))))
        raise_if(problems)

    @property
    def most_entrants(self) -> int:
        """Two entrants per table; one fewer (2N - 1) is allowed too, and one sits out each round."""
        return 2 * self.tables
