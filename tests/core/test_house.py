"""House rules (issue 13): a partial table over a variant changes the score it should and nothing else, and a
contradictory one is refused at its key, by the checks every shipped table passes (rules/house.py,
rules/table_checks.py)."""

import json

import pytest

from scorekeeper.rules import RecordError, parse_record, score_hand
from scorekeeper.rules.tables.house import (flat, house_block, house_document, house_pin, house_rules, preset_document,
                                     read_preset, unflat)
from scorekeeper.rules.tables.pinned import canonical, pin, rules_from_json

START = -1_000_000_000

# A díszített hand: A went out with a red canasta of kings, a group of queens with a zsoli, a red three and a
# twin, from 6000 (taxed by half); B has three fives melded and an 8 and a 9 in hand, from 0.
SIDES = [{"name": "A", "out": "out", "melds": ["K K K K K K K", "Q Q Q 2"], "hand": "", "red_threes": 1,
          "twins": 1},
         {"name": "B", "melds": ["5 5 5"], "hand": "8 9"}]
TOTALS = {"A": 6000, "B": 0}
FIELDS = ("base", "melded_value", "hand_value", "card_value", "score", "taxed", "total", "next_opening_minimum")


def _result(house=None, variant="diszitett", sides=SIDES, totals=TOTALS):
    record = {"variant": variant, "sides": sides, "totals_before": totals}
    if house is not None:
        record["rules"] = house
    return score_hand(parse_record(record)).to_dict()


def _flat_result(result):
    out = {"ok": result["ok"], "match_over": result["match_over"], "winner": result["winner"]}
    for side in result["sides"]:
        out.update({f"{side['name']}.{f}": side[f] for f in FIELDS})
    return out


def test_the_plain_hand_scores_as_seed_000_says():
    """The baseline every row below changes: 100 red three + 100 twin + 400 red canasta + 100 out, taxed by half."""
    plain = _flat_result(_result())
    assert (plain["A.base"], plain["A.score"], plain["A.taxed"], plain["A.total"]) == (700, 820, 410, 6410)
    assert (plain["B.score"], plain["B.total"], plain["A.next_opening_minimum"]) == (-5, -5, 75)


@pytest.mark.parametrize("house, changed", [
    pytest.param({"card_values": {"K": 20}}, {"A.melded_value": 190, "A.card_value": 190, "A.score": 890,
                                             "A.taxed": 445, "A.total": 6445}, id="cards: kings melded count 20"),
    pytest.param({"hand_values": {"8": 50}}, {"B.hand_value": -60, "B.card_value": -45, "B.score": -45,
                                             "B.taxed": -45, "B.total": -45}, id="cards: an 8 left in hand costs 50"),
    pytest.param({"melds": {"group": {"max_wilds_by_size": {"4": 0}}}}, {"ok": False},
                 id="melds: a group of four may hold no zsoli"),
    pytest.param({"canastas": {"red_canasta": {"bonus": 450}}}, {"A.base": 750, "A.score": 870, "A.taxed": 435,
                                                                 "A.total": 6435}, id="canastas: red canasta 450"),
    pytest.param({"going_out": {"out": 200}}, {"A.base": 800, "A.score": 920, "A.taxed": 460, "A.total": 6460},
                 id="going out: 200"),
    pytest.param({"opening": {"minimums": [{"from": START, "minimum": 90}]}},
                 {"A.next_opening_minimum": 90, "B.next_opening_minimum": 90}, id="opening: a fixed minimum of 90"),
    pytest.param({"red_threes": {"totals": [0, 150, 300, 450, 1000]}},
                 {"A.base": 750, "A.score": 870, "A.taxed": 435, "A.total": 6435}, id="red threes: 150 each"),
    pytest.param({"twins": {"points": 50}}, {"A.base": 650, "A.score": 770, "A.taxed": 385, "A.total": 6385},
                 id="bonuses: a twin is 50"),
    pytest.param({"taxation": {"brackets": [{"from": START, "method": "none"}]}}, {"A.taxed": 820, "A.total": 6820},
                 id="taxation: none"),
    pytest.param({"match": {"target": 6400}}, {"match_over": True, "winner": "A"}, id="match end: game to 6400"),
])
def test_a_house_rule_changes_the_score_it_should_and_nothing_else(house, changed):
    plain, ruled = _flat_result(_result()), _flat_result(_result(house))
    assert {k: v for k, v in ruled.items() if v != plain[k]} == changed


@pytest.mark.parametrize("house, field, words", [
    pytest.param({"canastas": {"red_canasta": {"size": [2, 2]}}}, "rules.canastas.red_canasta.size",
                 "smaller than the smallest meld", id="a canasta smaller than the minimum meld"),
    pytest.param({"melds": {"group": {"min_size": 8}}}, "rules.melds.group.min_size",
                 "smaller than the smallest meld (8 cards)", id="a minimum meld larger than the canastas: told there"),
    pytest.param({"opening": {"minimums": [{"from": START, "minimum": 50}, {"from": 7000, "minimum": 90},
                                           {"from": 5000, "minimum": 75}]}}, "rules.opening.minimums[2].from",
                 "brackets must rise", id="an opening tier table out of order"),
    pytest.param({"opening": {"minimums": [{"from": 0, "minimum": 90}]}}, "rules.opening.minimums[0].from",
                 "must start from the lowest total", id="a tier table that leaves negative totals without a tier"),
    pytest.param({"melds": {"group": {"min_naturals": 8}}}, "rules.melds.group.min_naturals",
                 "wild-card limits of melds forbid", id="a wild limit that forbids every canasta"),
    pytest.param({"melds": {"group": {"max_wilds": 0}}}, "rules.melds.group.max_wilds",
                 "forbid 1 wild cards in a meld of 7 cards", id="a wild limit that forbids the black canasta"),
    pytest.param({"canastas": {"red_canasta": {"size": [8, 7]}}}, "rules.canastas.red_canasta.size",
                 "is more than the most", id="a size range upside down"),
    pytest.param({"canastas": {"red_canasta": {"bonus": 20000}}}, "rules.canastas.red_canasta.bonus",
                 "between -10000 and 10000", id="a bonus no table reaches"),
    pytest.param({"canastas": {"red_canasta": {"bonus": "450"}}}, "rules.canastas.red_canasta.bonus",
                 "must be an integer", id="a number as text"),
    pytest.param({"canastas": {"red_canasta": {"bonsu": 450}}}, "rules.canastas.red_canasta.bonsu",
                 "unknown key", id="a misspelt key"),
    pytest.param({"id": "grandma"}, "rules.id", "names the variant", id="the variant's identity"),
    pytest.param({"canastas": {"blue_canasta": None}}, "rules.canastas.blue_canasta", "there is no",
                 id="removing a kind the table lacks"),
    pytest.param({"deck": {"packs": 3}}, "rules.deck.packs", "red-three totals need 7 entries",
                 id="a third pack without a red-three total for each"),
    pytest.param({"going_out": {"allowed": False}}, "rules.going_out.allowed", "nobody may go out",
                 id="nobody may go out in a game that ends by going out"),
    pytest.param({"match": {"deals": 0}}, "rules.match.deals", "between 1 and 200", id="a match of no deals"),
    pytest.param([1, 2], "rules", "must be an object", id="not an object"),
])
def test_a_contradictory_set_is_refused_naming_the_field(house, field, words):
    with pytest.raises(RecordError) as caught:
        house_document("diszitett", None, house)
    assert caught.value.field == field
    assert words in str(caught.value)
    assert all(e.field.startswith("rules") for e in caught.value.every)


def test_every_problem_of_a_set_is_listed_each_at_its_key():
    with pytest.raises(RecordError) as caught:
        house_document("diszitett", None, {"canastas": {"red_canasta": {"bonus": 20000}}, "match": {"deals": 0}})
    assert [e.field for e in caught.value.every] == ["rules.canastas.red_canasta.bonus", "rules.match.deals"]
    assert all(e.says is not None for e in caught.value.every)      # translatable at the field


def test_a_house_rule_that_changes_nothing_pins_the_plain_variant():
    assert house_pin("diszitett", None, {"canastas": {"red_canasta": {"bonus": 400}}}) == pin("diszitett")
    assert house_block(pin("diszitett")[0]) is None


def test_the_house_block_lists_every_changed_value_with_the_variants():
    document = house_document("diszitett", {"top_tie": "play_on"},
                              {"canastas": {"red_canasta": {"bonus": 450}, "black_canasta": None}}, name="Nagyi")
    assert document["options"]["top_tie"] == "play_on"
    assert document["house"]["name"] == "Nagyi"
    changes = document["house"]["changes"]
    assert changes[0] == {"key": "canastas.red_canasta.bonus", "variant": 400, "house": 450}
    assert changes[1]["key"] == "canastas.black_canasta" and changes[1]["house"] is None
    rules = rules_from_json(canonical(document))
    assert "black_canasta" not in [k.kind for k in rules.canastas]


def test_a_stored_house_block_that_does_not_match_its_table_is_refused():
    document = house_document("diszitett", None, {"canastas": {"red_canasta": {"bonus": 450}}})
    document["house"]["changes"][0]["house"] = 500          # the list says 500, the table scores 450
    with pytest.raises(RecordError) as caught:
        rules_from_json(canonical(document))
    assert caught.value.field == "rules.house.changes[0]"


def test_hand_records_may_carry_house_rules():
    rules = house_rules("diszitett", None, {"canastas": {"red_canasta": {"bonus": 450}}})
    assert [k.bonus for k in rules.canastas if k.kind == "red_canasta"] == [450]
    with pytest.raises(RecordError) as caught:
        parse_record({"variant": "diszitett", "rules": {"twins": {"points": True}}, "sides": SIDES})
    assert caught.value.field == "rules.twins.points"


def test_flat_and_nested_are_the_same_house_rules():
    nested = {"canastas": {"red_canasta": {"bonus": 450}}, "opening": {"minimums": [{"from": START, "minimum": 90}]}}
    assert flat(nested) == {"canastas.red_canasta.bonus": 450,
                            "opening.minimums": [{"from": START, "minimum": 90}]}
    assert unflat(flat(nested)) == nested
    with pytest.raises(RecordError) as caught:
        unflat({"twins": 1, "twins.points": 50})
    assert caught.value.field == "rules.twins.points"


def test_a_preset_round_trips_through_its_file():
    preset = preset_document(name="Nagyi szabályai", variant="diszitett", options={"top_tie": "play_on"},
                             house={"canastas": {"red_canasta": {"bonus": 450, "size": [7, 7]}}})
    assert preset["rules"] == {"canastas": {"red_canasta": {"bonus": 450}}}     # only what changes
    again = read_preset(json.loads(json.dumps(preset, ensure_ascii=False)))
    assert again == preset


@pytest.mark.parametrize("change, field", [
    pytest.param(lambda p: p.update(format="other"), "format", id="not a house-rules file"),
    pytest.param(lambda p: p.update(name=""), "name", id="no name"),
    pytest.param(lambda p: p.update(name="x" * 81), "name", id="a name too long"),
    pytest.param(lambda p: p.update(variant="rummy"), "variant", id="a variant we do not have"),
    pytest.param(lambda p: p.update(options={"top_tie": "coin"}), "options.top_tie", id="an option's bad choice"),
    pytest.param(lambda p: p["rules"]["canastas"]["red_canasta"].update(size=[2, 2]),
                 "rules.canastas.red_canasta.size", id="a contradiction inside"),
    pytest.param(lambda p: p.update(extra=1), "extra", id="an unknown field"),
])
def test_a_bad_preset_file_is_refused_naming_the_field(change, field):
    preset = preset_document(name="N", variant="diszitett", options=None,
                             house={"canastas": {"red_canasta": {"bonus": 450}}})
    change(preset)
    with pytest.raises(RecordError) as caught:
        read_preset(preset)
    assert caught.value.field == field


def test_a_new_canasta_kind_is_told_each_key_it_lacks():
    """A kind a house rule adds without its label is refused at that key, not with the build's KeyError."""
    with pytest.raises(RecordError) as caught:
        house_document("diszitett", None, {"canastas": {"aces": {"rank": "A", "size": [7, 8], "bonus": 1000}}})
    assert caught.value.field == "rules.canastas.aces.label"
    assert "needs label" in str(caught.value)
    document = house_document("diszitett", None, {"canastas": {"aces": {"label": "aces canasta", "rank": "A",
                                                                        "size": [7, 8], "bonus": 1000}}})
    assert document["house"]["changes"][-1]["key"] == "canastas.aces"
