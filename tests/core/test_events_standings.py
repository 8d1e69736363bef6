"""Issue 24, club night: match points -> victory points on the burraco 0-20 scale at each row's edge, and the
standings (VP, then match-point difference, then head to head) with ties, byes and an unfinished table, worked
out by hand."""

from __future__ import annotations

import pytest

from scorekeeper.events import (Entrants, EventError, EventSettings, RoundSeating, Seating, TableResult, TableSeat,
                                burraco_scale, mitchell, next_round, preset, standings)

# (difference, VP winner, VP loser) on the 3-hand scale: each row's first and last difference (the source's
# "0-50, 55-150, ..., >1500"), and 52, between two rows, which stays in the lower one.
THREE_HANDS = [(0, 10, 10), (50, 10, 10), (52, 10, 10), (55, 11, 9), (150, 11, 9), (155, 12, 8), (250, 12, 8),
               (255, 13, 7), (350, 13, 7), (355, 14, 6), (500, 14, 6), (505, 15, 5), (650, 15, 5), (655, 16, 4),
               (800, 16, 4), (805, 17, 3), (1000, 17, 3), (1005, 18, 2), (1250, 18, 2), (1255, 19, 1),
               (1500, 19, 1), (1505, 20, 0), (9000, 20, 0)]
FOUR_HANDS = [(100, 10, 10), (105, 11, 9), (300, 11, 9), (305, 12, 8), (1700, 18, 2), (1705, 19, 1),
              (2000, 19, 1), (2005, 20, 0)]


@pytest.mark.parametrize("difference, winner, loser", THREE_HANDS)
def test_burraco_three_hand_vp_at_each_row_edge(difference: int, winner: int, loser: int) -> None:
    scale = burraco_scale()
    assert scale.convert(1000 + difference, 1000) == (winner, loser)
    assert scale.convert(-200, -200 - difference) == (winner, loser)   # negative totals: only the gap counts
    assert scale.convert(1000, 1000 + difference) == (loser, winner)   # the EW side winning


@pytest.mark.parametrize("difference, winner, loser", FOUR_HANDS)
def test_burraco_four_hand_vp_at_each_row_edge(difference: int, winner: int, loser: int) -> None:
    assert preset("burraco_4_hands").convert(difference, 0) == (winner, loser)


def _settings(tables: int, rounds: int, seating: Seating = Seating.MITCHELL) -> EventSettings:
    return EventSettings(tables=tables, rounds=rounds, entrants=Entrants.PAIRS, seating=seating,
                         variant="burraco", hands=3)


def _round(number: int, *pairs: tuple[int, int], bye: int | None = None) -> RoundSeating:
    return RoundSeating(round=number, bye=bye, tables=tuple(
        TableSeat(table=i, ns=ns, ew=ew) for i, (ns, ew) in enumerate(pairs, start=1)))


def _result(round: int, table: int, ns: int, ew: int) -> TableResult:
    return TableResult(round=round, table=table, ns=ns, ew=ew)


def _lines(table: object) -> list[tuple[int, int, int, int, int]]:
    return [(l.rank, l.entrant, l.vp, l.difference, l.head_to_head) for l in table.lines]  # type: ignore[attr-defined]


# Four pairs, a round robin of three rounds, worked out by hand on the 3-hand scale:
#   R1 T1 1-2 600:500 (100: 11-9)   T2 3-4 500:500 (tie 10-10)
#   R2 T1 1-3 500:700 (200: 8-12)   T2 2-4 800:500 (300: 13-7)
#   R3 T1 1-4 900:600 (300: 13-7)   T2 2-3 650:650 (tie 10-10)
# VP: 1 = 11+8+13 = 32, 2 = 9+13+10 = 32, 3 = 10+12+10 = 32, 4 = 10+7+7 = 24 (120 = 6 tables x 20).
# Difference: 1 = +100-200+300 = +200, 2 = -100+300+0 = +200, 3 = 0+200+0 = +200, 4 = -600.
# 1, 2 and 3 are equal on both: head to head among the three, 1 = 11+8 = 19, 2 = 9+10 = 19, 3 = 12+10 = 22.
# So 3 first; 1 and 2 still equal share second place (seed order); 4 fourth.
ROUND_ROBIN = (_round(1, (1, 2), (3, 4)), _round(2, (1, 3), (2, 4)), _round(3, (1, 4), (2, 3)))
ROUND_ROBIN_RESULTS = (_result(1, 1, 600, 500), _result(1, 2, 500, 500), _result(2, 1, 500, 700),
                       _result(2, 2, 800, 500), _result(3, 1, 900, 600), _result(3, 2, 650, 650))


def test_standings_rank_by_vp_then_difference_then_head_to_head_and_share_a_full_tie() -> None:
    table = standings(_settings(2, 3, Seating.SWISS), 4, ROUND_ROBIN, ROUND_ROBIN_RESULTS)
    assert _lines(table) == [(1, 3, 32, 200, 22), (2, 1, 32, 200, 19), (2, 2, 32, 200, 19), (4, 4, 24, -600, 0)]
    assert not table.provisional and table.after_round == 3 and table.order == (3, 1, 2, 4)
    line = table.lines[1]
    assert (line.points_for, line.points_against, line.played, line.byes) == (2000, 1800, 3, 0)


@pytest.mark.parametrize("second_table, expected", [
    # 1 and 3 both win 11-9 by 100: equal, never met, share first place
    ((700, 600), [(1, 1, 11, 100, 0), (1, 3, 11, 100, 0), (3, 2, 9, -100, 0), (3, 4, 9, -100, 0)]),
    # 3 wins 11-9 by 150: same VP as 1, a larger difference
    ((750, 600), [(1, 3, 11, 150, 0), (2, 1, 11, 100, 0), (3, 2, 9, -100, 0), (4, 4, 9, -150, 0)]),
])
def test_equal_vp_are_ranked_by_match_point_difference(second_table: tuple[int, int],
                                                       expected: list[tuple[int, int, int, int, int]]) -> None:
    rounds = (_round(1, (1, 2), (3, 4)),)
    results = (_result(1, 1, 1000, 900), _result(1, 2, *second_table))
    assert _lines(standings(_settings(2, 1, Seating.SWISS), 4, rounds, results)) == expected


def test_a_bye_scores_the_bye_vp_and_no_difference() -> None:
    settings = _settings(2, 2)
    rounds = (mitchell(settings, 3, 1),)        # 1 meets 3 at table 1; 2 would meet the missing 4: sits out
    assert rounds[0].bye == 2
    table = standings(settings, 3, rounds, (_result(1, 1, 500, 400),))
    assert _lines(table) == [(1, 2, 12, 0, 0), (2, 1, 11, 100, 0), (3, 3, 9, -100, 0)]
    assert (table.lines[0].played, table.lines[0].byes) == (0, 1)


def test_an_unfinished_table_scores_nothing_and_makes_the_standings_provisional() -> None:
    settings = _settings(2, 2, Seating.SWISS)
    rounds = (_round(1, (1, 2), (3, 4)),)
    table = standings(settings, 4, rounds, (_result(1, 1, 900, 300),))
    assert table.pending == ((1, 2),) and table.provisional
    # 1-2 by 600: 15-5; 3 and 4 have nothing yet and share third place
    assert _lines(table) == [(1, 1, 15, 600, 0), (2, 2, 5, -600, 0), (3, 3, 0, 0, 0), (3, 4, 0, 0, 0)]
    assert [line.played for line in table.lines] == [1, 1, 0, 0]
    with pytest.raises(EventError) as caught:
        next_round(settings, 4, rounds, (_result(1, 1, 900, 300),))
    assert [(p.field, p.code, p.values) for p in caught.value.problems] == \
        [("results", "round_unfinished", (("table", 2),))]


def test_a_mitchell_moves_on_whatever_the_results() -> None:
    settings = _settings(2, 2)
    rounds = (mitchell(settings, 4, 1),)
    assert next_round(settings, 4, rounds, ()) == mitchell(settings, 4, 2)


def test_the_next_swiss_round_comes_from_the_standings() -> None:
    settings = _settings(2, 2, Seating.SWISS)
    first = next_round(settings, 4, (), ())
    assert [(t.ns, t.ew) for t in first.tables] == [(1, 2), (3, 4)]
    # 4 and 2 win: standings 4 (20), 2 (14), 1 (6), 3 (0); 4-2 and 1-3 have not met
    results = (_result(1, 1, 500, 900), _result(1, 2, 0, 1600))
    second = next_round(settings, 4, (first,), results)
    assert [(t.table, t.ns, t.ew) for t in second.tables] == [(1, 4, 2), (2, 1, 3)]
    with pytest.raises(EventError) as caught:
        next_round(settings, 4, (first, second), results)
    assert caught.value.problems[0].code == "event_over"


@pytest.mark.parametrize("results, code", [
    ((_result(1, 3, 1, 0),), "result_for_empty_table"),
    ((_result(2, 1, 1, 0),), "result_for_empty_table"),
    ((_result(1, 1, 1, 0), _result(1, 1, 2, 0)), "result_twice"),
])
def test_a_result_must_belong_to_one_seated_table(results: tuple[TableResult, ...], code: str) -> None:
    with pytest.raises(EventError) as caught:
        standings(_settings(2, 2, Seating.SWISS), 4, (_round(1, (1, 2), (3, 4)),), results)
    assert caught.value.problems[0].code == code


def test_match_points_past_any_real_total_are_refused() -> None:
    with pytest.raises(EventError) as caught:
        TableResult(round=1, table=1, ns=10**8, ew=0)
    assert caught.value.problems[0].field == "ns"
