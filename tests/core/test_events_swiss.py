"""Issue 24, club night: Swiss pairing (adjacent pairs by the standings, no rematch when avoidable, rotating
byes) and fixed tables; scorekeeper/events/seating.py documents the rules."""

from __future__ import annotations

import pytest

from scorekeeper.events import (Entrants, EventError, EventSettings, FirstRound, RoundSeating, Seating, TableResult,
                                TableSeat, first_order, fixed, meetings, next_round, swiss)


def _settings(tables: int = 3, rounds: int = 5, **more: object) -> EventSettings:
    return EventSettings(**{"tables": tables, "rounds": rounds, "entrants": Entrants.PAIRS,  # type: ignore[arg-type]
                            "seating": Seating.SWISS, "variant": "burraco", "hands": 3, **more})


def _round(number: int, *pairs: tuple[int, int], bye: int | None = None) -> RoundSeating:
    return RoundSeating(round=number, bye=bye, tables=tuple(
        TableSeat(table=i, ns=ns, ew=ew) for i, (ns, ew) in enumerate(pairs, start=1)))


def _pairs(seating: RoundSeating) -> list[tuple[int, int]]:
    return [(t.ns, t.ew) for t in seating.tables]


def test_round_one_pairs_adjacent_seeds() -> None:
    seating = swiss(_settings(), 6, 1, (), first_order(_settings(), 6))
    assert _pairs(seating) == [(1, 2), (3, 4), (5, 6)] and seating.bye is None


def test_a_random_first_round_is_the_same_for_the_same_seed() -> None:
    one = first_order(_settings(tables=4, first_round=FirstRound.RANDOM, seed=11), 8)
    assert one == first_order(_settings(tables=4, first_round=FirstRound.RANDOM, seed=11), 8)
    assert sorted(one) == list(range(1, 9))
    assert one != first_order(_settings(tables=4, first_round=FirstRound.RANDOM, seed=12), 8)
    assert first_order(_settings(tables=4), 8) == tuple(range(1, 9))


@pytest.mark.parametrize("past, order, expected", [
    # the leaders met in round 1: 1 takes the next one it has not met
    ([_round(1, (1, 2), (3, 4))], (1, 2, 3, 4), [(1, 3), (2, 4)]),
    # no rematch in the plain adjacent pairing: it stands
    ([_round(1, (1, 2), (3, 4))], (1, 3, 2, 4), [(1, 3), (2, 4)]),
    # greedy 1-4, 2-3 would leave 5-6, who met: the search goes back and pairs 2-6, 3-5
    ([_round(1, (1, 2), (3, 4), (5, 6)), _round(2, (1, 3), (2, 5), (4, 6))], (1, 2, 3, 4, 5, 6),
     [(1, 4), (2, 6), (3, 5)]),
])
def test_swiss_pairs_adjacent_entrants_avoiding_rematches(past: list[RoundSeating], order: tuple[int, ...],
                                                          expected: list[tuple[int, int]]) -> None:
    seating = swiss(_settings(tables=(len(order) + 1) // 2), len(order), len(past) + 1, tuple(past), order)
    assert sorted(tuple(sorted(p)) for p in _pairs(seating)) == expected
    assert not meetings(tuple(past)) & meetings((seating,))


def test_a_rematch_is_allowed_only_when_nobody_is_left_to_meet() -> None:
    past = (_round(1, (1, 2), (3, 4)), _round(2, (1, 3), (2, 4)), _round(3, (1, 4), (2, 3)))
    seating = swiss(_settings(tables=2), 4, 4, past, (1, 2, 3, 4))
    assert sorted(tuple(sorted(p)) for p in _pairs(seating)) == [(1, 2), (3, 4)]


def test_the_bye_goes_to_the_lowest_ranked_and_then_rotates() -> None:
    settings = _settings(tables=3, rounds=5)
    rounds: tuple[RoundSeating, ...] = ()
    results: tuple[TableResult, ...] = ()
    for _ in range(5):
        seating = next_round(settings, 5, rounds, results)
        rounds += (seating,)
        # every table a draw: the standings are byes first, then seed order
        results += tuple(TableResult(round=seating.round, table=t.table, ns=500, ew=500) for t in seating.tables)
    assert rounds[0].bye == 5
    assert sorted(r.bye for r in rounds if r.bye is not None) == [1, 2, 3, 4, 5]
    # five entrants, five rounds of two tables: every pair meets exactly once
    assert len(meetings(rounds)) == 10


def test_the_entrant_that_sat_ew_more_often_sits_ns() -> None:
    past = (_round(1, (1, 2), (4, 3)),)
    seating = swiss(_settings(tables=2), 4, 2, past, (1, 2, 3, 4))
    # 3 and 2 sat EW in round 1, 1 and 4 NS: 3 and 2 sit NS now
    assert _pairs(seating) == [(3, 1), (2, 4)]
    # 1 and 3 both sat NS once: the higher-ranked sits NS
    tied = swiss(_settings(tables=2), 4, 2, (_round(1, (1, 2), (3, 4)),), (1, 2, 3, 4))
    assert _pairs(tied) == [(1, 3), (2, 4)]


def test_swiss_needs_the_whole_order() -> None:
    with pytest.raises(EventError) as caught:
        swiss(_settings(tables=2), 4, 1, (), (1, 2, 3))
    assert caught.value.problems[0].code == "order_not_every_entrant"


@pytest.mark.parametrize("count, code", [(3, "entrant_count"), (9, "entrant_count"), (1, "entrant_count")])
def test_the_entrant_count_fits_the_tables(count: int, code: str) -> None:
    with pytest.raises(EventError) as caught:
        swiss(_settings(tables=4), count, 1, (), tuple(range(1, count + 1)))
    assert [(p.field, p.code) for p in caught.value.problems] == [("entrants", code)]


def test_fixed_tables_seat_the_same_opponents_every_round() -> None:
    settings = _settings(tables=3, rounds=4, seating=Seating.FIXED)
    rounds = [fixed(settings, 6, r) for r in range(1, 5)]
    assert all(_pairs(r) == [(1, 2), (3, 4), (5, 6)] for r in rounds)
    assert [r.round for r in rounds] == [1, 2, 3, 4]


def test_fixed_tables_refuse_an_odd_count() -> None:
    with pytest.raises(EventError) as caught:
        fixed(_settings(tables=3, seating=Seating.FIXED), 5, 1)
    assert caught.value.problems[0].code == "fixed_needs_even_count"


def test_a_round_beyond_the_event_is_refused() -> None:
    with pytest.raises(EventError) as caught:
        fixed(_settings(tables=1, rounds=2, seating=Seating.FIXED), 2, 3)
    assert caught.value.problems[0].code == "round_out_of_range"


def test_a_round_seating_an_entrant_twice_is_refused() -> None:
    with pytest.raises(EventError) as caught:
        _round(1, (1, 2), (2, 3))
    assert caught.value.problems[0].code == "entrant_seated_twice"


@pytest.mark.parametrize("count", [60, 59, 12])
def test_a_field_of_draws_never_rematches_even_when_blocks_have_met_themselves(count: int) -> None:
    # All draws keep the standings in seed order, so the adjacent rule plays blocks of 12 as round robins; round
    # 12 must pair every block across the field (the constrained search after the adjacent one gives up).
    settings = _settings(tables=(count + 1) // 2, rounds=12 if count > 12 else 11)
    rounds: tuple[RoundSeating, ...] = ()
    results: tuple[TableResult, ...] = ()
    for _ in range(settings.rounds):
        seating = next_round(settings, count, rounds, results)
        rounds += (seating,)
        results += tuple(TableResult(round=seating.round, table=t.table, ns=0, ew=0) for t in seating.tables)
    assert len(meetings(rounds)) == sum(len(r.tables) for r in rounds)
    for seating in rounds:
        assert [t.table for t in seating.tables] == list(range(1, len(seating.tables) + 1))
