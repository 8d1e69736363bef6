"""Who sits where in each round of a club night (issue 24): Mitchell movement, Swiss and fixed tables.

Entrants (pairs or individuals) are numbered 1..M in seed order. An event of N tables seats M = 2N entrants, or
2N - 1, when one entrant sits out each round (a bye, scored ``EventSettings.bye_vp``). Each round's seating is a
value: each table with the entrant sitting NS and the one sitting EW, and the entrant with the bye, if any.

Mitchell movement, as bridge clubs run it (sources: the English Bridge Union director pages,
http://esvc006636.swp0002ssl.server-secure.com/tbb/director/page03.htm, and Ian McKinnon's movement notes,
https://bridgecentral.com/Relay.htm) and burraco clubs borrowed it
(https://www.puntiburraco.it/regolamento_torneo_burraco_mitchell.html): NS pairs stay at their table all evening,
EW pairs move up one table after each round (from the last table to table 1). In round r the EW pair that
started at table k sits at table ((k - 1 + r - 1) mod N) + 1, so in N rounds each EW pair meets each NS pair
exactly once, for any N, and NS pairs never meet each other (the standings rank both lines as one field, by VP).
Bridge skips a table halfway through an even-table Mitchell (or adds a share-and-relay table) only because the
*boards* move down one table while the pairs move up: with an even N an EW pair would meet boards it has already
played. A canasta or burraco table deals its own cards, there are no boards ("nel burraco, di solito non si usano
mani pre-costruite, quindi si ruotano solo le coppie Est-Ovest", the burraco page above), so the pairs' movement
alone decides who meets whom and it never repeats within N rounds: we chose the plain movement without skip or
relay for every N, and limit a Mitchell event to at most N rounds (``EventSettings``: round N + 1 would be the
first rematch). With 2N - 1 entrants the missing entrant is EW number 2N (a "phantom pair", as in the bridge
sources' half-table Mitchell): the NS pair it would meet sits out that round, so each NS pair sits out at most
once and EW pairs never.

Swiss: round 1 pairs the entrants in seed order (1-2, 3-4, ...) or in an order shuffled by the event's seed.
Later rounds pair by the standings, adjacent pairs (1st-2nd, 3rd-4th): burraco's "sistema danese"
(https://www.puntiburraco.it/regolamento_torneo_burraco_danese.html,
http://www.eburraco.com/burraco-la-sistemazione-ai-tavoli/).
Its "modified" form forbids only the previous round's opponent; we avoid every opponent already met this
evening, which a field of a dozen pairs over a few rounds always allows: the highest-ranked entrant not yet paired
meets the next one below it it has not met, backtracking when the rest cannot be paired (and when that search
fails, a second one pairs the entrant with the fewest opponents left first, each with the nearest-ranked one it
has not met); only when no pairing without a rematch exists (a small field late in the evening) are rematches allowed, each entrant then meeting the
next free one, preferring one it has not met. With an odd count the bye goes to the lowest-ranked entrant among
those with the fewest byes so far, so byes rotate (no one sits out twice before everyone has sat out once); the
search tries each of those, lowest-ranked first, before it allows a rematch. At each table the entrant that has
sat NS fewer times sits NS (the higher-ranked one on a tie: the danese page alternates NS and EW), and table 1
seats the top pairing.

Fixed: round 1's seed-order tables every round (a match of several rounds between the same opponents); it needs
an even count, since otherwise the same entrant would sit out all evening.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from scorekeeper.events.settings import EventProblem, EventSettings, FirstRound, Seating, raise_if

#: Steps of each Swiss backtracking search before it gives up (a field of 60 entrants finds a rematch-free
#: adjacent pairing in a few hundred; the budget keeps a pathological history from taking seconds).
SEARCH_STEPS = 20_000


@dataclass(frozen=True, kw_only=True, slots=True)
class TableSeat:
    table: int
    ns: int
    ew: int

    def __post_init__(self) -> None:
        if self.ns == self.ew:
            raise_if([EventProblem(code="entrant_meets_itself", field=f"tables[{self.table}]")])


@dataclass(frozen=True, kw_only=True, slots=True)
class RoundSeating:
    """One round: ``tables`` in table order, and the entrant sitting out (``bye``), if any."""

    round: int
    tables: tuple[TableSeat, ...]
    bye: int | None = None

    def __post_init__(self) -> None:
        seen = [e for t in self.tables for e in (t.ns, t.ew)] + ([self.bye] if self.bye is not None else [])
        problems = []
        if len(seen) != len(set(seen)):
            problems.append(EventProblem(code="entrant_seated_twice", field=f"rounds[{self.round}]"))
        numbers = [t.table for t in self.tables]
        if len(numbers) != len(set(numbers)):
            problems.append(EventProblem(code="table_seated_twice", field=f"rounds[{self.round}]"))
        raise_if(problems)

    @property
    def entrants(self) -> tuple[int, ...]:
        """Everyone of the round, seated or sitting out."""
        return tuple(sorted([e for t in self.tables for e in (t.ns, t.ew)]
                            + ([self.bye] if self.bye is not None else [])))

    def opponent(self, entrant: int) -> int | None:
        for t in self.tables:
            if entrant in (t.ns, t.ew):
                return t.ew if entrant == t.ns else t.ns
        return None


def check_count(settings: EventSettings, count: int) -> None:
    """``count`` entrants fit the event: 2N, or 2N - 1 with a bye each round (at least two)."""
    most = settings.most_entrants
    if isinstance(count, bool) or not isinstance(count, int) or count < 2 or count not in (most - 1, most):
        raise_if([EventProblem(code="entrant_count", field="entrants",
                               values=(("least", max(2, most - 1)), ("most", most), ("value", count)))])
    if settings.seating is Seating.FIXED and count % 2:
        raise_if([EventProblem(code="fixed_needs_even_count", field="entrants", values=(("value", count),))])


def _check_round(settings: EventSettings, round_number: int) -> None:
    if isinstance(round_number, bool) or not isinstance(round_number, int) \
            or not 1 <= round_number <= settings.rounds:
        raise_if([EventProblem(code="round_out_of_range", field="round",
                               values=(("least", 1), ("most", settings.rounds), ("value", round_number)))])


def mitchell(settings: EventSettings, count: int, round_number: int) -> RoundSeating:
    """Round ``round_number`` of a Mitchell movement: NS entrant t stays at table t; EW entrant N + k starts at
    table k and moves up one table a round; a missing EW entrant 2N leaves its NS opponent sitting out."""
    check_count(settings, count)
    _check_round(settings, round_number)
    n = settings.tables
    tables: list[TableSeat] = []
    bye = None
    for k in range(1, n + 1):
        table = (k - 1 + round_number - 1) % n + 1
        ew = n + k
        if ew > count:
            bye = table
        else:
            tables.append(TableSeat(table=table, ns=table, ew=ew))
    return RoundSeating(round=round_number, tables=tuple(sorted(tables, key=lambda t: t.table)), bye=bye)


def fixed(settings: EventSettings, count: int, round_number: int) -> RoundSeating:
    """The same tables every round: entrants 1-2 at table 1, 3-4 at table 2, ..."""
    check_count(settings, count)
    _check_round(settings, round_number)
    return RoundSeating(round=round_number, tables=tuple(
        TableSeat(table=i // 2 + 1, ns=i + 1, ew=i + 2) for i in range(0, count, 2)))


def first_order(settings: EventSettings, count: int) -> tuple[int, ...]:
    """The ranking a Swiss event's first round pairs by: seed order, or shuffled by the event's seed."""
    order = list(range(1, count + 1))
    if settings.first_round is FirstRound.RANDOM:
        random.Random(settings.seed).shuffle(order)
    return tuple(order)


def meetings(past: tuple[RoundSeating, ...]) -> frozenset[frozenset[int]]:
    """Every pair of entrants that has met at a table."""
    return frozenset(frozenset((t.ns, t.ew)) for r in past for t in r.tables)


def _pair(order: list[int], met: frozenset[frozenset[int]], budget: list[int]) -> list[tuple[int, int]] | None:
    """Adjacent pairs of ``order`` (best first) without a rematch, by backtracking; None when none exists or the
    search budget runs out."""
    if not order:
        return []
    first, rest = order[0], order[1:]
    for i, partner in enumerate(rest):
        budget[0] -= 1
        if budget[0] < 0:
            return None
        if frozenset((first, partner)) in met:
            continue
        tail = _pair(rest[:i] + rest[i + 1:], met, budget)
        if tail is not None:
            return [(first, partner), *tail]
    return None


def _pair_constrained(order: list[int], met: frozenset[frozenset[int]],
                      budget: list[int]) -> list[tuple[int, int]] | None:
    """Pairs of ``order`` without a rematch, the entrant with the fewest opponents left first (so a block
    that has met itself is paired before its partners are taken), each with the nearest-ranked one it has not
    met; the pairs best first, the higher-ranked entrant first in each. None when none exists or the budget runs
    out."""
    rank = {e: i for i, e in enumerate(order)}

    def search(free: list[int]) -> list[tuple[int, int]] | None:
        if not free:
            return []
        options = {e: [p for p in free if p != e and frozenset((e, p)) not in met] for e in free}
        first = min(free, key=lambda e: (len(options[e]), rank[e]))
        for partner in sorted(options[first], key=lambda p: (abs(rank[p] - rank[first]), rank[p])):
            budget[0] -= 1
            if budget[0] < 0:
                return None
            tail = search([e for e in free if e not in (first, partner)])
            if tail is not None:
                return [(first, partner), *tail]
        return None

    found = search(order)
    if found is None:
        return None
    pairs = [(a, b) if rank[a] < rank[b] else (b, a) for a, b in found]
    return sorted(pairs, key=lambda pair: rank[pair[0]])


def swiss(settings: EventSettings, count: int, round_number: int, past: tuple[RoundSeating, ...],
          order: tuple[int, ...]) -> RoundSeating:
    """Round ``round_number`` of a Swiss event after the rounds ``past``, pairing by ``order`` (the standings,
    best first; :func:`first_order` for round 1)."""
    check_count(settings, count)
    _check_round(settings, round_number)
    if sorted(order) != list(range(1, count + 1)):
        raise_if([EventProblem(code="order_not_every_entrant", field="order")])
    met = meetings(past)
    byes = {e: sum(1 for r in past if r.bye == e) for e in order}
    # Bye candidates: fewest byes first, then the lowest-ranked first.
    rank = {e: i for i, e in enumerate(order)}
    candidates: list[int | None] = [None]
    if count % 2:
        # Only those with the fewest byes may sit out, the lowest-ranked first: byes rotate before rematches
        # are avoided (sitting out twice costs a whole round of play, a rematch only a known opponent).
        fewest = min(byes.values())
        candidates = [*sorted((e for e in order if byes[e] == fewest), key=lambda e: -rank[e])]
    pairs: list[tuple[int, int]] | None = None
    bye: int | None = None
    # First the adjacent pairing of the danese rule; when its search fails (or runs out of steps: a field of 60
    # whose standings kept the same blocks of 12 together all evening, every block then a round robin, needs
    # the bottom block paired across the whole field), the most constrained entrant first, each meeting the
    # nearest-ranked one it has not met.
    for search in (_pair, _pair_constrained):
        budget = [SEARCH_STEPS]
        for candidate in candidates:
            pairs = search([e for e in order if e != candidate], met, budget)
            if pairs is not None:
                bye = candidate
                break
        if pairs is not None:
            break
    if pairs is None:
        # No rematch-free pairing (or too long a search): the fewest-byes candidate sits out and each entrant
        # meets the next free one below it, preferring one it has not met.
        bye = candidates[0]
        free = [e for e in order if e != bye]
        pairs = []
        while free:
            first = free.pop(0)
            partner = next((p for p in free if frozenset((first, p)) not in met), free[0])
            free.remove(partner)
            pairs.append((first, partner))
    ns_count = {e: sum(1 for r in past for t in r.tables if t.ns == e) for e in order}
    tables = []
    for number, (high, low) in enumerate(pairs, start=1):
        ns, ew = (low, high) if ns_count[low] < ns_count[high] else (high, low)
        tables.append(TableSeat(table=number, ns=ns, ew=ew))
    return RoundSeating(round=round_number, tables=tuple(tables), bye=bye)
