"""A scoring's cost under a table and the work one request may ask (issue 19, "no request costs more than a bounded
amount of work": a legal house table of 6 packs and 150 canasta kinds made a hand 30× dearer, so a count of
scorings bounded nothing). rules/canasta/limits.py says what one scoring under a table may cost, in units of the
heaviest shipped table; rules/work.py turns it into the hands a match holds; house rules dearer than
TABLE_COST_MAX are refused at the key that made them dear. bench/work_bench.py measures the calibration."""

from __future__ import annotations

import itertools

import pytest

from scorekeeper.rules import RecordError, bounds, describe_variants, get_variant
from scorekeeper.rules.tables.house import house_document
from scorekeeper.rules.tables.pinned import document_text, digest, rules_from_json
from scorekeeper.rules.work import HANDS_AT_LEAST, REPLAY_WORK, TABLE_COST_MAX, hands_within, scoring_cost

RED_THREES_6_PACKS = {"totals": [100 * n for n in range(13)]}     # one entry per number of red threes, 0 … 12
# The issue's table: 6 packs and 150 canasta kinds over international canasta.
ISSUE_TABLE = {"deck": {"packs": 6}, "red_threes": RED_THREES_6_PACKS,
               "canastas": {f"k{i}": {"label": f"kind {i}", "size": [7 + i % 5, 999], "bonus": 100 + i}
                            for i in range(150)}}


def _house(variant: str, house: dict):
    # Past the schema's ranges (6 packs, 150 kinds): those refuse such a table first since issue 19's house part,
    # so these tables are read as a match stored before the ranges narrowed is (bounds.relaxed), where the cost
    # cap is what bounds the work.
    with bounds.relaxed():
        text = document_text(house_document(variant, {}, house))
        return rules_from_json(text, digest(text))


def _shipped_forms():
    """Every shipped variant at its defaults and each option choice alone, and every combination of the options
    of the variants whose options change the number of sides or the deck."""
    for v in describe_variants():
        variant = get_variant(v["id"])
        names = [o["name"] for o in v["options"]]
        if v["id"] in ("international", "classic_fr", "pennies_from_heaven", "diszitett"):
            combos = [dict(zip(names, c)) for c in itertools.product(*(o["choices"] for o in v["options"]))]
        else:
            combos = [{}, *({o["name"]: c} for o in v["options"] for c in o["choices"])]
        for chosen in combos:
            yield v["id"], chosen, variant.rules(chosen)


def test_every_shipped_table_costs_at_most_one_unit_so_its_matches_hold_200_hands():
    costs = [scoring_cost(rules) for _variant, _chosen, rules in _shipped_forms()]
    assert max(costs) == pytest.approx(1.0)            # the unit is the heaviest shipped table: calibrated tight
    assert all(hands_within(rules, 200) == 200 for _v, _c, rules in _shipped_forms())


def test_the_issues_house_table_costs_more_and_its_match_holds_fewer_hands():
    """6 packs and 150 kinds: more cards a side may show, more melds, each tried against 152 kinds."""
    plain, heavy = get_variant("international").rules({}), _house("international", ISSUE_TABLE)
    assert scoring_cost(heavy) > 1.5 > 2 * scoring_cost(plain)
    assert hands_within(heavy, 200) == int(REPLAY_WORK / scoring_cost(heavy)) < 200
    assert hands_within(heavy, 200) * scoring_cost(heavy) <= REPLAY_WORK


@pytest.mark.parametrize("changed, house", [
    ("deck.packs", {"deck": {"packs": 6, "jokers": 24}, "red_threes": RED_THREES_6_PACKS,
                    "canastas": {f"k{i}": {"label": "kind", "size": [7, 8], "bonus": 1} for i in range(190)}}),
    ("melds", {"melds": {"group": {"min_size": 1}, "wild_only": {"min_size": 1}},
               "canastas": {f"k{i}": {"label": "kind", "size": [7, 8], "bonus": 1} for i in range(195)}}),
], ids=["6 packs and 190 kinds for six players", "one-card melds and 195 kinds"])
def test_house_rules_dearer_than_the_cap_are_refused_at_the_key_that_made_them_dear(changed, house):
    with pytest.raises(RecordError) as refused, bounds.relaxed():     # past the ranges too (see _house)
        house_document("diszitett", {}, house)
    said = [e for e in refused.value.every if "may cost" in str(e)]
    assert said and said[0].field.startswith(f"rules.{changed}")
    assert f"at most {TABLE_COST_MAX:g}" in str(said[0]) and f"at least {HANDS_AT_LEAST} hands" in str(said[0])


def test_the_dearest_table_the_cap_lets_through_still_holds_the_promised_hands():
    rules = _house("diszitett", {"deck": {"packs": 6, "jokers": 24}, "red_threes": RED_THREES_6_PACKS,
                                 "canastas": {f"k{i}": {"label": "kind", "size": [7, 8], "bonus": 1}
                                              for i in range(60)}})
    assert 3 < scoring_cost(rules) <= TABLE_COST_MAX
    assert hands_within(rules, 200) >= HANDS_AT_LEAST


def test_the_dearest_house_table_within_the_schemas_ranges_is_under_the_cap():
    """The ranges (issue 19: 4 packs, 12 jokers, 12 canasta kinds, one-card melds allowed) and the cost cap agree:
    the dearest table within the ranges (every number that adds to the cost at its most: about 3.4 units) holds the
    promised hands, so the cap is a second line that refuses none of them."""
    house = {"deck": {"packs": 4, "jokers": 12}, "red_threes": {"totals": [100 * n for n in range(9)]},
             "players": {"min_sides": 2, "max_sides": 6, "players_per_side": 1, "total": [2, 6]},
             "melds": {"group": {"min_size": 1}},
             "canastas": {f"k{i}": {"label": "kind", "size": [7, 8], "bonus": 1} for i in range(10)}}
    text = document_text(house_document("international", {}, house))          # strict: within the ranges
    rules = rules_from_json(text, digest(text))
    assert scoring_cost(rules) <= TABLE_COST_MAX
    assert hands_within(rules, 200) >= HANDS_AT_LEAST
