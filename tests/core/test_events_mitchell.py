"""Issue 24, club night: the Mitchell movement (scorekeeper/events/seating.py cites the sources).

NS pair t stays at table t; EW pairs move up one table a round, the last table's to table 1. The tables below were
written out by hand: row r lists the EW pair at tables 1..N in round r (each row is the one above moved one table
to the right, the last pair coming round to table 1). No skip for an even number of tables: the skip exists for
duplicate boards, which a canasta table does not have.
"""

from __future__ import annotations

import itertools

import pytest

from scorekeeper.events import Entrants, EventSettings, Seating, mitchell

BY_HAND = {
    3: [(4, 5, 6),
        (6, 4, 5),
        (5, 6, 4)],
    4: [(5, 6, 7, 8),
        (8, 5, 6, 7),
        (7, 8, 5, 6),
        (6, 7, 8, 5)],
    5: [(6, 7, 8, 9, 10),
        (10, 6, 7, 8, 9),
        (9, 10, 6, 7, 8),
        (8, 9, 10, 6, 7),
        (7, 8, 9, 10, 6)],
    6: [(7, 8, 9, 10, 11, 12),
        (12, 7, 8, 9, 10, 11),
        (11, 12, 7, 8, 9, 10),
        (10, 11, 12, 7, 8, 9),
        (9, 10, 11, 12, 7, 8),
        (8, 9, 10, 11, 12, 7)],
}


def _settings(tables: int) -> EventSettings:
    return EventSettings(tables=tables, rounds=tables, entrants=Entrants.PAIRS, seating=Seating.MITCHELL,
                         variant="burraco", hands=3)


@pytest.mark.parametrize("tables", sorted(BY_HAND))
def test_ns_pairs_stay_and_ew_pairs_move_up_one_table(tables: int) -> None:
    settings = _settings(tables)
    for number, ew_row in enumerate(BY_HAND[tables], start=1):
        seating = mitchell(settings, 2 * tables, number)
        assert [(t.table, t.ns, t.ew) for t in seating.tables] == \
            [(t, t, ew) for t, ew in enumerate(ew_row, start=1)]
        assert seating.bye is None


@pytest.mark.parametrize("tables", sorted(BY_HAND))
def test_every_ew_pair_meets_every_ns_pair_once_and_no_pair_twice(tables: int) -> None:
    settings = _settings(tables)
    meetings = [frozenset((t.ns, t.ew)) for r in range(1, tables + 1) for t in mitchell(settings, 2 * tables, r).tables]
    assert len(meetings) == len(set(meetings)) == tables * tables
    assert set(meetings) == {frozenset(p) for p in itertools.product(range(1, tables + 1),
                                                                    range(tables + 1, 2 * tables + 1))}


# With 2N - 1 pairs, EW pair 2N is missing; the NS pair it would have met sits out (worked out from BY_HAND: the
# table where 2N sits in each row).
SITTING_OUT = {3: [3, 1, 2], 4: [4, 1, 2, 3], 5: [5, 1, 2, 3, 4], 6: [6, 1, 2, 3, 4, 5]}


@pytest.mark.parametrize("tables", sorted(SITTING_OUT))
def test_with_an_odd_count_the_ns_pair_facing_the_missing_pair_sits_out_once(tables: int) -> None:
    settings = _settings(tables)
    rounds = [mitchell(settings, 2 * tables - 1, r) for r in range(1, tables + 1)]
    assert [r.bye for r in rounds] == SITTING_OUT[tables]
    for r, ew_row in zip(rounds, BY_HAND[tables]):
        # Everyone else plays where the full movement seats them; the empty table is the sitting-out pair's.
        assert [(t.table, t.ns, t.ew) for t in r.tables] == \
            [(t, t, ew) for t, ew in enumerate(ew_row, start=1) if ew != 2 * tables]
        assert r.entrants == tuple(range(1, 2 * tables))


def test_a_curtailed_mitchell_is_its_first_rounds() -> None:
    short = EventSettings(tables=6, rounds=3, entrants=Entrants.PAIRS, seating=Seating.MITCHELL,
                          variant="burraco", hands=3)
    assert [mitchell(short, 12, r) for r in (1, 2, 3)] == [mitchell(_settings(6), 12, r) for r in (1, 2, 3)]


def test_one_table_is_one_meeting() -> None:
    seating = mitchell(_settings(1), 2, 1)
    assert [(t.table, t.ns, t.ew) for t in seating.tables] == [(1, 1, 2)]


def test_individuals_move_like_pairs() -> None:
    settings = EventSettings(tables=3, rounds=3, entrants=Entrants.INDIVIDUALS, seating=Seating.MITCHELL,
                             variant="burraco", hands=3)
    assert [mitchell(settings, 6, r) for r in (1, 2, 3)] == [mitchell(_settings(3), 6, r) for r in (1, 2, 3)]
