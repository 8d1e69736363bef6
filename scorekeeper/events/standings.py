"""Match points -> victory points, the standings after each round, and the next round's seating (issue 24).

A table's result is the two entrants' match points (each table's match is an ordinary match; its final totals
are the match points). The event's scale turns them into VP (:meth:`VictoryScale.convert`): a tie gives both the
scale's first row (10-10 on the burraco scale). An entrant sitting out scores ``bye_vp`` and a match-point
difference of 0. A seated table without a result yet is *pending*: it scores nothing, the standings list it and
say they are provisional, and a Swiss event will not seat the next round from them (``round_unfinished``). A
table stopped by the round's time limit is not pending: its totals when time ran out are its result.

Standings order (the issue names VP first and leaves the tie-breaks to us): total VP; then total match-point
difference (for minus against, over the tables played); then head to head: the VP each tied entrant scored
against the other entrants tied with it (a mini-league when three or more are tied, a single meeting for two).
Entrants still equal after these share a rank and are listed in seed order.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.events.seating import RoundSeating, fixed, first_order, mitchell, swiss
from scorekeeper.events.settings import EventProblem, EventSettings, Seating, raise_if

POINTS_MAX = 10_000_000   # |match points| of one side at one table: scorekeeper.rules.bounds.TOTAL_MAX


@dataclass(frozen=True, kw_only=True, slots=True)
class TableResult:
    """The match points of the two entrants at ``table`` in ``round`` (negative totals happen in canasta)."""

    round: int
    table: int
    ns: int
    ew: int

    def __post_init__(self) -> None:
        problems = []
        for name in ("ns", "ew"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or abs(value) > POINTS_MAX:
                problems.append(EventProblem(code="out_of_range", field=name,
                                             values=(("least", -POINTS_MAX), ("most", POINTS_MAX))))
        raise_if(problems)


@dataclass(frozen=True, kw_only=True, slots=True)
class TableScore:
    """A played table: each side's match points and victory points."""

    round: int
    table: int
    ns: int
    ew: int
    ns_points: int
    ew_points: int
    ns_vp: int
    ew_vp: int


@dataclass(frozen=True, kw_only=True, slots=True)
class StandingLine:
    rank: int
    entrant: int
    vp: int
    points_for: int
    points_against: int
    played: int
    byes: int
    head_to_head: int

    @property
    def difference(self) -> int:
        return self.points_for - self.points_against


@dataclass(frozen=True, kw_only=True, slots=True)
class Standings:
    """After ``after_round`` rounds: one line per entrant, best first; ``pending`` (round, table) pairs."""

    after_round: int
    lines: tuple[StandingLine, ...]
    scores: tuple[TableScore, ...]
    pending: tuple[tuple[int, int], ...]

    @property
    def provisional(self) -> bool:
        return bool(self.pending)

    @property
    def order(self) -> tuple[int, ...]:
        return tuple(line.entrant for line in self.lines)


def score_tables(settings: EventSettings, rounds: tuple[RoundSeating, ...],
                 results: tuple[TableResult, ...]) -> tuple[tuple[TableScore, ...], tuple[tuple[int, int], ...]]:
    """Each seated table's score, and the tables without a result. A result for a table nobody sat at, or two
    results for one table, is a problem."""
    seated = {(r.round, t.table): t for r in rounds for t in r.tables}
    problems: list[EventProblem] = []
    by_table: dict[tuple[int, int], TableResult] = {}
    for i, result in enumerate(results):
        key = (result.round, result.table)
        if key not in seated:
            problems.append(EventProblem(code="result_for_empty_table", field=f"results[{i}]",
                                         values=(("round", result.round), ("table", result.table))))
        elif key in by_table:
            problems.append(EventProblem(code="result_twice", field=f"results[{i}]",
                                         values=(("round", result.round), ("table", result.table))))
        else:
            by_table[key] = result
    raise_if(problems)
    scores = []
    for key, seat in sorted(seated.items()):
        known = by_table.get(key)
        if known is None:
            continue
        ns_vp, ew_vp = settings.scale.convert(known.ns, known.ew)
        scores.append(TableScore(round=key[0], table=key[1], ns=seat.ns, ew=seat.ew, ns_points=known.ns,
                                 ew_points=known.ew, ns_vp=ns_vp, ew_vp=ew_vp))
    pending = tuple(key for key in sorted(seated) if key not in by_table)
    return tuple(scores), pending


def standings(settings: EventSettings, count: int, rounds: tuple[RoundSeating, ...],
              results: tuple[TableResult, ...]) -> Standings:
    """The standings after ``rounds`` (seatings of rounds 1..k, in order) with the ``results`` known so far."""
    for i, r in enumerate(rounds, start=1):
        if r.round != i:
            raise_if([EventProblem(code="rounds_out_of_order", field=f"rounds[{i - 1}]")])
        if r.entrants != tuple(range(1, count + 1)):
            raise_if([EventProblem(code="round_misses_entrants", field=f"rounds[{i - 1}]")])
    scores, pending = score_tables(settings, rounds, results)
    entrants = range(1, count + 1)
    vp = dict.fromkeys(entrants, 0)
    points_for = dict.fromkeys(entrants, 0)
    against = dict.fromkeys(entrants, 0)
    played = dict.fromkeys(entrants, 0)
    byes = dict.fromkeys(entrants, 0)
    for s in scores:
        for me, mine, theirs, my_vp in ((s.ns, s.ns_points, s.ew_points, s.ns_vp),
                                        (s.ew, s.ew_points, s.ns_points, s.ew_vp)):
            vp[me] += my_vp
            points_for[me] += mine
            against[me] += theirs
            played[me] += 1
    for r in rounds:
        if r.bye is not None:
            vp[r.bye] += settings.bye_vp
            byes[r.bye] += 1
    # Head to head among entrants equal on VP and difference.
    groups: dict[tuple[int, int], set[int]] = {}
    for e in entrants:
        groups.setdefault((vp[e], points_for[e] - against[e]), set()).add(e)
    head = dict.fromkeys(entrants, 0)
    for s in scores:
        group = groups[(vp[s.ns], points_for[s.ns] - against[s.ns])]
        if s.ew in group:
            head[s.ns] += s.ns_vp
            head[s.ew] += s.ew_vp

    def key(e: int) -> tuple[int, int, int]:
        return (-vp[e], -(points_for[e] - against[e]), -head[e])

    ordered = sorted(entrants, key=lambda e: (key(e), e))
    lines: list[StandingLine] = []
    for position, e in enumerate(ordered, start=1):
        rank = lines[-1].rank if lines and key(lines[-1].entrant) == key(e) else position
        lines.append(StandingLine(rank=rank, entrant=e, vp=vp[e], points_for=points_for[e],
                                  points_against=against[e], played=played[e], byes=byes[e], head_to_head=head[e]))
    return Standings(after_round=len(rounds), lines=tuple(lines), scores=scores, pending=pending)


def next_round(settings: EventSettings, count: int, rounds: tuple[RoundSeating, ...],
               results: tuple[TableResult, ...]) -> RoundSeating:
    """The seating of round ``len(rounds) + 1``: the movement's next round (Mitchell, fixed), or for a Swiss
    event the pairing by the standings, which needs every table of the rounds before finished."""
    number = len(rounds) + 1
    if number > settings.rounds:
        raise_if([EventProblem(code="event_over", field="round",
                               values=(("most", settings.rounds), ("value", number)))])
    if settings.seating is Seating.MITCHELL:
        return mitchell(settings, count, number)
    if settings.seating is Seating.FIXED:
        return fixed(settings, count, number)
    if not rounds:
        return swiss(settings, count, 1, (), first_order(settings, count))
    table = standings(settings, count, rounds, results)
    if table.pending:
        raise_if([EventProblem(code="round_unfinished", field="results",
                               values=tuple(("table", t) for _, t in table.pending))])
    return swiss(settings, count, number, rounds, table.order)
