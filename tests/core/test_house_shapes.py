"""Issue 19, "House rules that pass the checks must never break a match": every shape the rules later index, unpack
or hash is the schema's to refuse (pairs are pairs, words are strings, number keys are numbers, lists and maps
have a most), at its dotted key and in a sentence of the app, never as a Python exception; and ranges are those a
real table reaches, so a house table cannot multiply what scoring costs (rules_ref/README.md, "Ranges")."""

from __future__ import annotations

import pytest

from scorekeeper.rules import RecordError, bounds, parse_record, score_hand
from scorekeeper.rules.tables.house import house_document, unflat
from scorekeeper.rules.tables.schema import Int, ListOf, MapOf, Pair, located

# Each was accepted, or raised IndexError / ValueError / TypeError, before issue 19 (the API answered 201 or 500).
BAD_SHAPES = [
    # black canasta with jokers [0]: accepted, then every black-canasta hand raised in CanastaKind.matches
    ({"canastas": {"black_canasta": {"jokers": [0]}}}, "canastas.black_canasta.jokers"),
    ({"canastas": {"red_canasta": {"wilds": [0]}}}, "canastas.red_canasta.wilds"),
    ({"canastas": {"red_canasta": {"wilds": [0, 1, 2]}}}, "canastas.red_canasta.wilds"),
    ({"canastas": {"red_canasta": {"size": [7]}}}, "canastas.red_canasta.size"),
    ({"canastas": {"red_canasta": {"size": 7}}}, "canastas.red_canasta.size"),
    ({"canastas": {"red_canasta": {"deuces": [3, 1]}}}, "canastas.red_canasta.deuces"),
    ({"players": {"total": [2]}}, "players.total"),
    # a word looked up in a set: a list is unhashable (TypeError)
    ({"taxation": {"negative": []}}, "taxation.negative"),
    ({"match": {"compare": {"a": 1}}}, "match.compare"),
    # keys the rules turn into numbers (int("x") raised ValueError, quoted as Python's text)
    ({"match": {"targets_by_sides": {"x": 5000}}}, "match.targets_by_sides.x"),
    ({"melds": {"group": {"max_wilds_by_size": {"x": 1}}}}, "melds.group.max_wilds_by_size.x"),
    # a bracket without its from or its value (KeyError, quoted as Python's text)
    ({"taxation": {"brackets": [{"method": "half"}]}}, "taxation.brackets[0]"),
    ({"opening": {"minimums": [{"from": -1_000_000_000}]}}, "opening.minimums[0]"),
    # a condition summing no count at all
    ({"canastas": {"red_canasta": {"when": [{"count": [], "at_least": 1}]}}}, "canastas.red_canasta.when[0].count"),
    # numbers JSON reads as floats: 1e999 is infinity, which canonical JSON cannot write (ValueError)
    ({"twins": {"points": float("inf")}}, "twins.points"),
    ({"twins": {"points": float("-inf")}}, "twins.points"),
    ({"twins": {"points": float("nan")}}, "twins.points"),
    ({"twins": {"points": 100.0}}, "twins.points"),
]


@pytest.mark.parametrize("house, key", BAD_SHAPES, ids=[k for _h, k in BAD_SHAPES])
def test_a_value_of_the_wrong_shape_is_refused_at_its_key_in_the_apps_words(house, key):
    with pytest.raises(RecordError) as caught:
        house_document("diszitett", None, house)
    fields = [e.field for e in caught.value.every]
    assert any(f == f"rules.{key}" or f.startswith((f"rules.{key}[", f"rules.{key}.")) for f in fields), fields
    for error in caught.value.every:
        text = str(error)
        assert "Error" not in text and "(" not in text.split(":")[0], text     # no KeyError('from'), no inf


# The map keys a house rule may add are names: a space, a dash or a dot would read back as another dotted key, so
# a match created with {"penalties": {"k k": ...}} could not be rematched (its house rules are carried by key).
@pytest.mark.parametrize("key", ["k k", "k-1", "a.b", "", "x" * 41, "kő"])
def test_a_new_entry_is_named_with_letters_digits_and_underscores(key):
    house = {"penalties": {key: {"label": "late", "points": -100}}}
    with pytest.raises(RecordError) as caught:
        house_document("diszitett", None, house)
    assert caught.value.field == f"rules.penalties.{key}"


def test_every_accepted_house_key_reads_back_through_its_dotted_form():
    """What a rematch does (web/match/share.py): the changes' dotted keys rebuilt into a partial, checked again."""
    house = {"penalties": {"late_2": {"label": "late", "points": -100}},
             "canastas": {"big_one": {"label": "big", "size": [8, 8], "bonus": 900}}}
    document = house_document("diszitett", None, house)
    again = unflat({c["key"]: c["house"] for c in document["house"]["changes"]})
    assert house_document("diszitett", None, again)["table"] == document["table"]


# --- ranges a real table reaches (item 3) ----------------------------------------------------------------------

def _kinds(n: int) -> dict:
    return {f"k{i}": {"label": f"k{i}", "size": [7, 99], "bonus": 100} for i in range(n)}


@pytest.mark.parametrize("house, key", [
    ({"deck": {"packs": 5}, "red_threes": {"totals": [0] * 11}}, "deck.packs"),   # the tables play up to 4 packs
    ({"deck": {"jokers": 24}}, "deck.jokers"),
    ({"canastas": _kinds(20)}, "canastas"),                                   # the tables have up to 6 kinds
    ({"canastas": {"red_canasta": {"size": [7, 999]}}}, "canastas.red_canasta.size[1]"),
    ({"melds": {"group": {"min_size": 40}}}, "melds.group.min_size"),
    ({"penalties": {f"p{i}": {"label": "p", "points": -1} for i in range(20)}}, "penalties"),
    ({"bonuses": {f"b{i}": {"label": "b", "points": 1} for i in range(10)}}, "bonuses"),
    ({"opening": {"minimums": [{"from": -1_000_000_000 + i, "minimum": 50} for i in range(11)]}},
     "opening.minimums"),
    ({"canastas": {"red_canasta": {"when": [{"count": "canastas", "at_least": 0}] * 9}}},
     "canastas.red_canasta.when"),
])
def test_house_ranges_stop_where_a_real_table_does(house, key):
    with pytest.raises(RecordError) as caught:
        house_document("diszitett", None, house)
    assert f"rules.{key}" in [e.field for e in caught.value.every]


def test_a_house_table_at_the_largest_deck_the_ranges_allow_scores_a_hand():
    """The bounds leave a real table's choices: four packs, every joker, more canasta kinds than any table has."""
    house = {"deck": {"packs": 4, "jokers": 12},
             "red_threes": {"totals": [0, 100, 200, 300, 400, 500, 600, 700, 800]},
             "canastas": {f"k{i}": {"label": f"k{i}", "size": [7, 7 + i], "bonus": 100 + i} for i in range(7)}}
    record = {"variant": "diszitett", "rules": house, "totals_before": {"A": 0, "B": 0},
              "sides": [{"name": "A", "out": "out", "melds": ["K K K K K K K", "Q Q Q 2"], "hand": ""},
                        {"name": "B", "melds": ["5 5 5"], "hand": "8 9"}]}
    assert score_hand(parse_record(record)).ok


# --- the schema language itself --------------------------------------------------------------------------------

def _said(value, schema):
    return [(key, says.render()) for key, says in located(value, schema, "x")]


def test_a_pair_is_two_items_the_least_first():
    assert _said([3, 5], Pair(Int(0, 9))) == []
    assert _said([5], Pair(Int(0, 9))) == [("x", "x must be a pair [least, most], not [5]")]
    assert _said([5, 3], Pair(Int(0, 9))) == [("x", "x: the least (5) is more than the most (3)")]
    assert _said([5, 30], Pair(Int(0, 9))) == [("x[1]", "x[1] must be between 0 and 9, not 30")]


def test_a_list_and_a_map_have_a_most_and_a_map_its_kind_of_key():
    assert _said([1, 2, 3], ListOf(int, most=2)) == [("x", "x must have 0 to 2 entries, not 3")]
    assert _said({"3": 1, "k": 2}, MapOf(int, keys=Int(1, 9))) == [
        ("x.k", "x.k: the key must be a whole number, not 'k'")]
    assert _said({"30": 1}, MapOf(int, keys=Int(1, 9))) == [
        ("x.30", "x.30: the key must be between 1 and 9, not 30")]
    assert _said({"a b": 1}, MapOf(int))[0][0] == "x.a b"


def test_a_stored_table_keeps_the_ranges_of_the_day_it_was_made():
    """A match stored before the ranges narrowed (deck.packs 6) is read with its shapes checked, not its ranges."""
    assert _said({"30": 1}, MapOf(int, keys=Int(1, 9))) != []
    with bounds.relaxed():
        assert _said({"30": 1}, MapOf(int, keys=Int(1, 9))) == []
        assert _said([5], Pair(Int(0, 9))) != []                    # a shape is never relaxed
