"""Conditions over a side's tally, as data (scorekeeper/rules/canasta/tally.py, canasta_rules.Condition, bonuses.py): bonuses
by counts, going-out requirements, the red-three sign, bonuses only for the side that went out, named hooks, and
the match that ends after a number of deals (outcome.py). Each probe table extends international with what a
seed-003 variant needs (seed 003_a7945a279b9f9fe4.txt; shared/SEED003_DIGEST.md section and decision per test)."""

import textwrap

import pytest

from scorekeeper.rules import VariantError, get_rules, match_outcome, parse_record, score_hand, score_match
from scorekeeper.rules.canasta import hooks
from scorekeeper.rules.canasta.rules import Condition
from scorekeeper.rules.canasta.tally import side_tally

HEAD = 'extends = "international"\nid = "{id}"\nname = "{id}"\n'
SEQUENCES = """
[melds.sequence]
max_size = 7
max_wilds = 0
min_naturals = 3

[canastas.escalera]
label = "escalera"
shape = "sequence"
size = [7, 7]
wilds = [0, 0]
bonus = 1500
"""


@pytest.fixture
def probe(write_table):
    return lambda table_id, body: write_table(table_id, HEAD.format(id=table_id) + textwrap.dedent(body))


def _side(name, melds, **more):
    players = [name + "1", name + "2"]
    return {"name": name, "players": players, "melds": melds, "hand": {players[0]: "", players[1]: "4"}, **more}


def _score(variant, *sides):
    return score_hand(parse_record({"variant": variant, "sides": list(sides)}))


def _items(side):
    return [(b.item, b.points) for b in side.base_items]


# --- a condition, row by row ------------------------------------------------------------------------------------

@pytest.mark.parametrize("condition, tally, holds", [
    pytest.param(Condition(count=("canastas",), at_least=2), {"canastas": 2}, True, id="two canastas: at least 2"),
    pytest.param(Condition(count=("canastas",), at_least=2), {"canastas": 1}, False, id="one canasta: not 2"),
    pytest.param(Condition(count=("canastas",), at_least_count_of=("red_threes",)), {"canastas": 2, "red_threes": 3},
                 False, id="S30 fewer canastas than red threes"),
    pytest.param(Condition(count=("canastas",), at_least_count_of=("red_threes",)), {"canastas": 2}, True,
                 id="S30 no red threes: any canastas do"),
    pytest.param(Condition(count=("natural_canasta", "samba"), at_least=2), {"natural_canasta": 1, "samba": 1,
                 "wild_canasta": 3}, True, id="S46 a list is summed, other kinds left out"),
    pytest.param(Condition(count=("went_out",), at_most=0), {}, True, id="a missing count is 0"),
])
def test_a_condition_compares_counts_of_the_tally(condition, tally, holds):
    assert condition.holds(tally) is holds


def test_a_side_is_tallied_once_by_shape_kind_and_rank(probe):
    rules = probe("tally_probe", SEQUENCES)
    record = parse_record({"variant": "tally_probe", "sides": [
        _side("NS", ["4h 5h 6h 7h 8h 9h 10h", "K K K K K K 2", "7 7 7 7 7 7 7", "Qs Ks As"], red_threes=2,
              out="concealed"),
        _side("EW", ["5 5 5"])]})
    side = record.sides[0]
    melds = score_hand(record).sides[0].melds
    counts = side_tally(rules, side, melds).counts
    assert {k: counts.get(k, 0) for k in ("canastas", "escalera", "natural_canastas", "mixed_canastas",
            "sequence_canastas", "group_canastas", "canastas_of_7", "melds", "sequence_melds", "red_threes",
            "went_out", "concealed", "cards_in_hand")} == {
        "canastas": 3, "escalera": 1, "natural_canastas": 2, "mixed_canastas": 1, "sequence_canastas": 1,
        "group_canastas": 2, "canastas_of_7": 1, "melds": 4, "sequence_melds": 2, "red_threes": 2, "went_out": 1,
        "concealed": 1, "cards_in_hand": 1}


# --- going out ------------------------------------------------------------------------------------------------

BOLIVIA = SEQUENCES + """
[going_out]
canastas_required = 2
requires = [{ count = "sequence_canastas", at_least = 1 }]
"""
MEXICANA = """
[going_out]
canastas_required = 2
requires = [{ count = "canastas", at_least_count_of = "red_threes" }]
"""
ITALIAN = """
[melds.wild_only]
max_size = 7
[canastas.wild_canasta]
label = "wild canasta"
shape = "wild_only"
size = [7, 7]
bonus = 2000
[going_out]
canastas_required = 0
requires = [{ count = ["natural_canasta", "mixed_canasta"], at_least = 2 }]
"""
K7, Q7, ESC = "K K K K K K K", "Q Q Q Q Q Q 2", "4h 5h 6h 7h 8h 9h 10h"


@pytest.mark.parametrize("table, melds, red_threes, codes", [
    pytest.param(BOLIVIA, [K7, ESC], 0, [], id="S58 Bolivia: two canastas, one an escalera"),
    pytest.param(BOLIVIA, [K7, Q7], 0, ["going_out_condition_not_met"], id="S58 Bolivia: two canastas, no escalera"),
    pytest.param(BOLIVIA, [ESC], 0, ["going_out_needs_canasta"], id="S58 Bolivia: an escalera alone is one"),
    pytest.param(MEXICANA, [K7, Q7], 2, [], id="S30 Mexicana: two canastas, two red threes"),
    pytest.param(MEXICANA, [K7, Q7], 3, ["going_out_condition_not_met"], id="S30 Mexicana: three red threes"),
    pytest.param(ITALIAN, [K7, Q7], 0, [], id="S46 Italian: two group canastas"),
    pytest.param(ITALIAN, [K7, "JK JK 2 2 2 2 2"], 0, ["going_out_condition_not_met"],
                 id="S46 Italian: a wild canasta is not one of the two"),
])
def test_going_out_requirements_as_conditions(probe, table, melds, red_threes, codes):
    probe("going_out_probe", table)
    result = _score("going_out_probe", _side("NS", melds, red_threes=red_threes, out="out"), _side("EW", ["5 5 5"]))
    assert [p.code for p in result.problems] == codes


# --- red-three sign and bonuses -------------------------------------------------------------------------------

SAMBA_SIGN = '[red_threes]\nplus_when = [{ count = "canastas", at_least = 2 }]\n'


@pytest.mark.parametrize("table, melds, red_threes, points", [
    pytest.param("", ["5 5 5"], 2, 200, id="seed 002: plus with a meld"),
    pytest.param("", [], 2, -200, id="seed 002: minus without a meld"),
    pytest.param(SAMBA_SIGN, [K7, Q7], 2, 200, id="S39 Samba: plus with two canastas"),
    pytest.param(SAMBA_SIGN, [K7, "5 5 5"], 2, -200, id="S39 Samba: minus with one canasta"),
])
def test_red_three_sign_by_condition(probe, table, melds, red_threes, points):
    probe("sign_probe", table)
    result = _score("sign_probe", _side("NS", melds, red_threes=red_threes), _side("EW", ["6 6 6"]))
    assert _items(result.sides[0])[0] == ("red_threes", points)


COUNT_BONUSES = """
[canastas.deuce_canasta]
label = "canasta of deuces"
shape = "wild_only"
size = [7, 7]
bonus = 3000
when = [{ went_out = true }]
[melds.wild_only]
max_size = 7
[bonuses.five_natural]
label = "five natural canastas"
points = 2000
when = [{ count = "natural_canastas", at_least = 5 }]
[bonuses.black_three_melds]
label = "black-three melds"
per = "black_three_melds"
points = 100
"""
FIVE = ["4 4 4 4 4 4 4", "5 5 5 5 5 5 5", "6 6 6 6 6 6 6", "7 7 7 7 7 7 7", "8 8 8 8 8 8 8"]


@pytest.mark.parametrize("melds, out, expected", [
    pytest.param(FIVE, "none", [("natural_canasta", 2500), ("five_natural", 2000)],
                 id="S47 five natural canastas 2000"),
    pytest.param(FIVE[:4] + ["8 8 8 8 8 8 2"], "none", [("natural_canasta", 2000), ("mixed_canasta", 300)],
                 id="S47 four natural and a mixed: no count bonus"),
    pytest.param(["2 2 2 2 2 2 2", "K K K"], "out", [("deuce_canasta", 3000), ("going_out", 100)],
                 id="S46 the deuce canasta bonus for the side that went out"),
    pytest.param(["2 2 2 2 2 2 2", "K K K"], "none", [], id="S46 no deuce canasta bonus without going out"),
    pytest.param(["K K K", "3c 3s 3c"], "out", [("going_out", 100), ("black_three_melds", 100)],
                 id="a bonus per count: black-three melds"),
])
def test_bonuses_fold_over_the_table(probe, melds, out, expected):
    probe("bonus_probe", COUNT_BONUSES)
    result = _score("bonus_probe", _side("NS", melds, out=out), _side("EW", ["6 6 6"]))
    assert _items(result.sides[0]) == expected


# --- hooks and load errors ------------------------------------------------------------------------------------

def test_a_named_hook_scores_what_data_cannot(probe, monkeypatch):
    """The only Python a table reaches: a function registered by name (here: 50 per red three over 2)."""
    def over_two(tally, rules):
        return 50 * max(tally.get("red_threes", 0) - 2, 0)
    monkeypatch.setitem(hooks.HOOKS, "red_threes_over_two", over_two)       # removed again after the test
    assert hooks.hook("red_threes_over_two")(over_two) is over_two           # registering the same one again is fine
    with pytest.raises(ValueError, match="already registered"):
        hooks.hook("red_threes_over_two")(lambda tally, rules: 0)
    probe("hook_probe", '[bonuses.extra]\nlabel = "extra red threes"\nhook = "red_threes_over_two"\n')
    result = _score("hook_probe", _side("NS", ["5 5 5"], red_threes=3), _side("EW", ["6 6 6"], red_threes=1))
    assert _items(result.sides[0]) == [("red_threes", 300), ("extra", 50)]
    assert _items(result.sides[1]) == [("red_threes", 100)]


@pytest.mark.parametrize("body, message", [
    pytest.param('[red_threes]\nplus_when = [{ count = "canastaz", at_least = 2 }]\n',
                 r"red_threes.plus_when\[0\]: unknown count 'canastaz'", id="a misspelt count"),
    pytest.param('[going_out]\nrequires = [{ at_least = 2 }]\n', r"going_out.requires\[0\] needs a count",
                 id="a condition without a count"),
    pytest.param('[bonuses.x]\nlabel = "x"\nhook = "nope"\n', "bonuses.x.hook: no hook named 'nope'",
                 id="an unknown hook"),
    pytest.param('[bonuses.x]\nlabel = "x"\nper = "melz"\n', "bonuses.x.per: unknown count 'melz'",
                 id="a bonus per an unknown count"),
    pytest.param('[match]\ndeals = 0\n', "match.deals must be between 1 and 200", id="a match of no deals"),
])
def test_a_condition_the_tally_cannot_answer_fails_to_load(probe, body, message):
    with pytest.raises(VariantError, match=message):
        probe("broken_probe", body)


# --- match end by number of deals -----------------------------------------------------------------------------

@pytest.mark.parametrize("totals, deals_played, outcome", [
    pytest.param({"A": 900, "B": 800}, 3, (False, None), id="before the last deal: on"),
    pytest.param({"A": 900, "B": 800}, 4, (True, "A"), id="after the fourth deal: highest total wins"),
    pytest.param({"A": 900, "B": 900}, 4, (True, ("A", "B")), id="a tie on top after the last deal is shared"),
    pytest.param({"A": 5100, "B": 800}, 2, (True, "A"), id="the target still ends it earlier"),
    pytest.param({"A": 900, "B": 800}, None, (False, None), id="a hand scored alone knows no deal number"),
])
def test_match_ends_by_target_or_by_number_of_deals(probe, totals, deals_played, outcome):
    rules = probe("deals_probe", "[match]\ndeals = 4\n")
    assert match_outcome(rules, totals, deals_played) == outcome


def test_score_match_ends_after_the_tables_number_of_deals(probe):
    """S20-style: a table with ``match.deals`` ends after that many deals; score_match tells each hand its number."""
    probe("deals_probe", "[match]\ndeals = 2\n")
    hand = {"sides": [_side("NS", ["K K K"]), _side("EW", ["5 5 5"])]}
    results = score_match(get_rules("deals_probe"), [hand, hand])
    assert [(r.match_over, r.winner) for r in results] == [(False, None), (True, "NS")]
    assert [(r.match_over, r.winner) for r in score_match(get_rules("international"), [hand, hand])] == [(False, None)] * 2
