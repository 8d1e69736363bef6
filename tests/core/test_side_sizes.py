"""Each side of an even form holds its share of the players (scorekeeper/rules/variants.side_size): seed 003
003_a7945a279b9f9fe4.txt l. 45 "Soit 2 équipes de 3 … soit 3 équipes de 2" and l. 81 "six contre trois" seat six
as 3 + 3 or 2 + 2 + 2, never 3 + 2 + 1; the uneven forms (5 as 3 + 2, cutthroat's 2 + 1) stay uneven."""

import pytest

from scorekeeper import service
from scorekeeper.rules import get_variant
from scorekeeper.rules.tables.variants import side_size


def _sides(*sizes):
    return [{"name": f"S{i}", "players": [f"p{i}{k}" for k in range(n)], "hand": ""} for i, n in enumerate(sizes)]


@pytest.mark.parametrize("variant, options, sides, size", [
    ("classic_fr", {"players": "6"}, 2, 3),
    ("classic_fr", {"players": "6"}, 3, 2),
    ("pennies_from_heaven", {}, 2, 3),
    ("pennies_from_heaven", {"sides": "three_of_two"}, 3, 2),
    ("international", {}, 2, 2),
    ("international", {"players": "5"}, 2, None),
    ("international", {"players": "3_cutthroat"}, 2, None),
    ("classic_fr", {"players": "5"}, 2, None),
])
def test_side_size_of_each_form(variant, options, sides, size):
    assert side_size(get_variant(variant).rules(options), sides) == size


def test_l45_six_as_three_two_one_is_a_problem_naming_each_bad_side():
    result = service.score({"variant": "classic_fr", "options": {"players": "6"}, "sides": _sides(3, 2, 1)})
    found = [(p["field"], p["message"]) for p in result["problems"] if p["code"] == "wrong_number_of_players"]
    assert found == [
        ("sides[0].players", "Classic canasta (French) in this form is played by 3 sides of 2 players; side 'S0' has 3"),
        ("sides[2].players", "Classic canasta (French) in this form is played by 3 sides of 2 players; side 'S2' has 1"),
    ]
    assert not result["ok"]


@pytest.mark.parametrize("variant, options, sizes", [
    ("classic_fr", {"players": "6"}, (3, 3)),
    ("classic_fr", {"players": "6"}, (2, 2, 2)),
    ("classic_fr", {"players": "5"}, (3, 2)),
    ("pennies_from_heaven", {"sides": "three_of_two"}, (2, 2, 2)),
    ("international", {"players": "3_cutthroat"}, (2, 1)),
])
def test_even_and_uneven_forms_seat_their_players(variant, options, sizes):
    result = service.score({"variant": variant, "options": options, "sides": _sides(*sizes)})
    assert not [p for p in result["problems"] if p["code"] == "wrong_number_of_players"], result["problems"]
