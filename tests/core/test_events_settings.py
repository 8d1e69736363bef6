"""Issue 24, club night: an event's settings check themselves and name the wrong field (codes, no sentences)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.events import (Entrants, EventError, EventSettings, FirstRound, Seating, VictoryScale,
                                burraco_scale, preset)

BASE = dict(tables=4, rounds=4, entrants=Entrants.PAIRS, seating=Seating.SWISS, variant="burraco", hands=3)


def _problems(**changes: object) -> list[tuple[str, str]]:
    with pytest.raises(EventError) as caught:
        EventSettings(**{**BASE, **changes})  # type: ignore[arg-type]
    return [(p.field, p.code) for p in caught.value.problems]


def test_a_club_night_within_the_ranges_is_accepted() -> None:
    settings = EventSettings(**BASE)  # type: ignore[arg-type]
    assert settings.most_entrants == 8 and settings.scale == burraco_scale() and settings.bye_vp == 12
    assert EventSettings(**{**BASE, "hands": None, "minutes": 45}).minutes == 45  # type: ignore[arg-type]


@pytest.mark.parametrize("changes", [
    {"tables": 1}, {"tables": 30}, {"rounds": 1}, {"rounds": 12}, {"hands": 1}, {"hands": 20},
    {"hands": None, "minutes": 5}, {"hands": None, "minutes": 240}, {"bye_vp": 0}, {"bye_vp": 20},
])
def test_each_range_edge_a_club_reaches_is_accepted(changes: dict[str, object]) -> None:
    settings = EventSettings(**{**BASE, **changes})  # type: ignore[arg-type]
    assert all(getattr(settings, name) == value for name, value in changes.items())


@pytest.mark.parametrize("changes, expected", [
    ({"tables": 0}, [("tables", "out_of_range")]),
    ({"tables": 31}, [("tables", "out_of_range")]),
    ({"rounds": 13}, [("rounds", "out_of_range")]),
    ({"rounds": 0}, [("rounds", "out_of_range")]),
    ({"hands": 21}, [("hands", "out_of_range")]),
    ({"hands": 0}, [("hands", "out_of_range")]),
    ({"hands": None}, [("hands", "hands_or_minutes")]),
    ({"minutes": 30}, [("hands", "hands_or_minutes")]),
    ({"hands": None, "minutes": 241}, [("minutes", "out_of_range")]),
    ({"tables": True}, [("tables", "not_an_integer")]),
    ({"seating": "mitchell"}, [("seating", "unknown_word")]),
    ({"first_round": "random"}, [("first_round", "unknown_word")]),
    ({"variant": ""}, [("variant", "variant_name")]),
    ({"bye_vp": 21}, [("bye_vp", "out_of_range")]),
    ({"seed": -1}, [("seed", "out_of_range")]),
    ({"tables": 0, "rounds": 99}, [("tables", "out_of_range"), ("rounds", "out_of_range")]),
])
def test_each_wrong_setting_names_its_field(changes: dict[str, object], expected: list[tuple[str, str]]) -> None:
    assert _problems(**changes) == expected


def test_a_mitchell_event_has_at_most_as_many_rounds_as_tables() -> None:
    assert _problems(seating=Seating.MITCHELL, tables=3, rounds=4) == [("rounds", "mitchell_rounds_above_tables")]
    full = {**BASE, "seating": Seating.MITCHELL, "tables": 3, "rounds": 3}
    assert EventSettings(**full).rounds == 3  # type: ignore[arg-type]


def test_the_range_problem_carries_its_bounds_and_value() -> None:
    with pytest.raises(EventError) as caught:
        EventSettings(**{**BASE, "tables": 40})  # type: ignore[arg-type]
    assert dict(caught.value.problems[0].values) == {"least": 1, "most": 30, "value": 40}


@pytest.mark.parametrize("rows, expected", [
    ([(5, 10, 10), (100, 12, 8)], ("scale.rows[0].least", "scale_starts_above_zero")),
    ([(0, 11, 9)], ("scale.rows[0]", "scale_tie_unequal")),
    ([(0, 10, 10), (100, 12, 8), (100, 14, 6)], ("scale.rows[2].least", "scale_not_rising")),
    ([(0, 10, 10), (100, 14, 6), (200, 12, 8)], ("scale.rows[2].winner", "scale_winner_falls")),
    ([(0, 10, 10), (100, 12, 9)], ("scale.rows[1]", "scale_sum_differs")),
    ([(0, 10, 10), (100, 101, 0)], ("scale.rows[1].winner", "out_of_range")),
    ([], ("scale.rows", "scale_size")),
])
def test_a_scale_that_cannot_convert_fairly_is_refused(rows: list[tuple[int, int, int]],
                                                        expected: tuple[str, str]) -> None:
    with pytest.raises(EventError) as caught:
        VictoryScale.of(rows)
    assert expected in [(p.field, p.code) for p in caught.value.problems]


def test_the_burraco_presets_are_data_in_rules_ref() -> None:
    three, four = preset("burraco_3_hands"), preset("burraco_4_hands")
    assert len(three.rows) == len(four.rows) == 11 and three.total == four.total == 20
    assert (three.rows[-1].least, four.rows[-1].least) == (1505, 2005)
    with pytest.raises(EventError) as caught:
        preset("bridge_imps")
    assert caught.value.problems[0].code == "unknown_scale"


def test_a_preset_is_read_from_the_folder_given(tmp_path: Path) -> None:
    (tmp_path / "events").mkdir()
    (tmp_path / "events" / "victory_points.toml").write_text("[flat]\nrows = [[0, 1, 1]]\n", encoding="utf-8")
    assert preset("flat", tmp_path).total == 2


def test_a_random_first_round_keeps_its_seed() -> None:
    settings = EventSettings(**{**BASE, "first_round": FirstRound.RANDOM, "seed": 7})  # type: ignore[arg-type]
    assert settings.seed == 7
