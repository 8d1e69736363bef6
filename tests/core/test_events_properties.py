"""Issue 24, club night, Hypothesis invariants: every entrant is seated exactly once per round (at a table or
sitting out), every played table hands out the scale's VP total, the standings add up, and a Swiss round has no
rematch whenever a rematch-free pairing exists (checked by brute force) and no second bye before everyone's
first."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from scorekeeper.events import (Entrants, EventSettings, RoundSeating, Seating, TableResult, meetings, next_round,
                                preset, standings)


@st.composite
def events(draw: st.DrawFn) -> tuple[EventSettings, int]:
    seating = draw(st.sampled_from(Seating))
    tables = draw(st.integers(1, 8))
    counts = [c for c in (2 * tables - 1, 2 * tables) if c >= 2 and not (seating is Seating.FIXED and c % 2)]
    count = draw(st.sampled_from(counts))
    rounds = draw(st.integers(1, tables if seating is Seating.MITCHELL else 8))
    scale = draw(st.sampled_from(["burraco_3_hands", "burraco_4_hands"]))
    return EventSettings(tables=tables, rounds=rounds, entrants=draw(st.sampled_from(Entrants)), seating=seating,
                         variant="burraco", hands=draw(st.integers(1, 20)), scale=preset(scale),
                         bye_vp=draw(st.integers(0, 20))), count


def _play(event: EventSettings, count: int, data: st.DataObject) -> tuple[tuple[RoundSeating, ...],
                                                                            tuple[TableResult, ...]]:
    rounds: tuple[RoundSeating, ...] = ()
    results: tuple[TableResult, ...] = ()
    points = st.integers(-200, 800).map(lambda n: n * 5)
    for _ in range(event.rounds):
        seating = next_round(event, count, rounds, results)
        rounds += (seating,)
        results += tuple(TableResult(round=seating.round, table=t.table, ns=data.draw(points), ew=data.draw(points))
                         for t in seating.tables)
    return rounds, results


@settings(max_examples=150, deadline=None)
@given(events(), st.data())
def test_every_entrant_is_seated_exactly_once_per_round(event: tuple[EventSettings, int], data: st.DataObject) -> None:
    settings_, count = event
    rounds, _ = _play(settings_, count, data)
    for seating in rounds:
        assert seating.entrants == tuple(range(1, count + 1))
        assert all(1 <= t.table <= settings_.tables for t in seating.tables)
        assert (seating.bye is not None) == (count % 2 == 1)


@settings(max_examples=150, deadline=None)
@given(events(), st.data())
def test_vp_per_table_equal_the_scales_sum_and_the_standings_add_up(event: tuple[EventSettings, int],
                                                                    data: st.DataObject) -> None:
    settings_, count = event
    rounds, results = _play(settings_, count, data)
    table = standings(settings_, count, rounds, results)
    assert all(s.ns_vp + s.ew_vp == settings_.scale.total for s in table.scores)
    byes = sum(1 for r in rounds if r.bye is not None)
    assert sum(line.vp for line in table.lines) == settings_.scale.total * len(table.scores) + settings_.bye_vp * byes
    assert sum(line.difference for line in table.lines) == 0
    assert sorted(line.entrant for line in table.lines) == list(range(1, count + 1))
    assert [line.rank for line in table.lines] == sorted(line.rank for line in table.lines)


def _rematch_free_exists(entrants: list[int], met: frozenset[frozenset[int]]) -> bool:
    if not entrants:
        return True
    first, rest = entrants[0], entrants[1:]
    return any(frozenset((first, p)) not in met and _rematch_free_exists([q for q in rest if q != p], met)
               for p in rest)


@settings(max_examples=150, deadline=None)
@given(st.integers(2, 9), st.integers(1, 8), st.data())
def test_swiss_avoids_rematches_when_it_can_and_rotates_byes(count: int, rounds: int, data: st.DataObject) -> None:
    event = EventSettings(tables=(count + 1) // 2, rounds=rounds, entrants=Entrants.PAIRS, seating=Seating.SWISS,
                          variant="burraco", hands=3)
    played: tuple[RoundSeating, ...] = ()
    results: tuple[TableResult, ...] = ()
    points = st.integers(0, 400).map(lambda n: n * 5)
    for _ in range(rounds):
        seating = next_round(event, count, played, results)
        met = meetings(played)
        byes = {e: sum(1 for r in played if r.bye == e) for e in range(1, count + 1)}
        if seating.bye is not None:
            assert byes[seating.bye] == min(byes.values())
        fewest = [e for e in byes if byes[e] == min(byes.values())] if count % 2 else [None]
        possible = any(_rematch_free_exists([e for e in range(1, count + 1) if e != bye], met) for bye in fewest)
        if possible:
            assert not met & meetings((seating,))
        played += (seating,)
        results += tuple(TableResult(round=seating.round, table=t.table, ns=data.draw(points), ew=data.draw(points))
                         for t in seating.tables)
    all_byes = [sum(1 for r in played if r.bye == e) for e in range(1, count + 1)]
    assert max(all_byes) - min(all_byes) <= (1 if count % 2 else 0)
