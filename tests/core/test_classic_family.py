"""canasta_libre, uruguay and cuban (rules_ref/<id>.toml, each extending classic_fr): table-driven tests named after
the seed line they prove (seed 003_a7945a279b9f9fe4.txt; shared/SEED003_DIGEST.md §4.1, 4.3, 4.5). Expected numbers
are worked out by hand in the comments."""

from __future__ import annotations

import pytest

from scorekeeper.rules import RecordError, check_meld, get_rules, get_variant, parse_record

from scored import codes, score

EW = {"name": "EW", "players": ["E", "W"], "melds": ["Q Q Q"], "hand": {"E": "9", "W": "4"}}   # 30, −15


def side(melds, red_threes=0, out="out", hand=None, **kw):
    return {"name": "NS", "players": ["N", "S"], "melds": melds, "red_threes": red_threes, "out": out,
            "hand": hand or {"N": "", "S": ""}, **kw}


def items(result, i=0):
    return [(b.item, b.points) for b in result.sides[i].base_items]


# --------------------------------------------------------------------------------------------- canasta_libre

@pytest.mark.parametrize("cards, kind, bonus", [
    pytest.param("K K K K K K 2", "mixed_canasta", 400, id="l47 one wild card 400"),
    pytest.param("K K K K K 2 2", "mixed_two_wilds", 300, id="l47 two wild cards 300"),
    pytest.param("K K K K 2 2 JK", "mixed_three_wilds", 200, id="l47 three wild cards 200"),
    pytest.param("K K K K K K K K 2 2", "mixed_two_wilds", 300, id="l47 the grade is by wild cards, not length"),
    pytest.param("K K K K K K K", "natural_canasta", 500, id="l47 natural unchanged"),
    pytest.param("JK JK 2 2 2 2 2", "free_canasta", 1000, id="l47 the free canasta 1000"),
])
def test_l47_mixed_canastas_graded_by_wild_cards_and_the_free_canasta(cards, kind, bonus):
    verdict = check_meld("canasta_libre", cards)
    assert (verdict.legal, verdict.kind, verdict.bonus) == (True, kind, bonus)


@pytest.mark.parametrize("cards, options, codes_", [
    pytest.param("JK 2 2", {}, [], id="S13 a meld of three wild cards"),
    pytest.param("JK JK 2 2 2 2 2 2", {}, ["too_many_cards"], id="S13 capped at seven"),
    pytest.param("JK 2 2", {"wild_melds": "complete_7"}, ["too_few_cards"], id="S13 option: only all seven"),
])
def test_l47_melds_of_wild_cards_are_collected_from_three_to_seven(cards, options, codes_):
    rules = get_rules("canasta_libre", options)
    assert [p.code for p in check_meld(rules, cards).problems] == codes_


def test_l47_the_free_canasta_counts_for_going_out_and_red_threes():
    """The reference's example: free canasta (200 in cards), mixed kings with two 2s (90), one red three.
    Base 100 + 300 + 1000 + 100 = 1500; cards 290; 1790. S14: the free canasta alone allows going out."""
    result = score("canasta_libre", side(["JK JK 2 2 2 2 2", "K K K K K 2 2"], red_threes=1), EW)
    assert result.ok, codes(result)
    assert items(result) == [("red_threes", 100), ("mixed_two_wilds", 300), ("free_canasta", 1000),
                             ("going_out", 100)]
    assert result.sides[0].score == 1790
    alone = score("canasta_libre", side(["JK JK 2 2 2 2 2", "K K K"], red_threes=2), EW)
    assert alone.ok and items(alone)[0] == ("red_threes", 200)


def test_l47_canasta_libre_keeps_the_base_rules():
    """Everything l. 47 does not change is classic_fr's: black three in hand 100, double ending, 5000."""
    rules, base = get_rules("canasta_libre"), get_rules("classic_fr")
    assert (rules.hand_values, rules.double_out_bonus, rules.target, rules.opening_minimums) == (
        base.hand_values, base.double_out_bonus, base.target, base.opening_minimums)
    assert "joker_canasta" not in [o.name for o in get_variant("canasta_libre").options]


# --------------------------------------------------------------------------------------------- uruguay

def test_l67_uruguay_wild_canasta_2000():
    """The reference's example: wild canasta JK + six 2s (170), nines (30), two red threes.
    Base 200 + 2000 + 100 = 2300; cards 200; 2500."""
    result = score("uruguay", side(["JK 2 2 2 2 2 2", "9 9 9"], red_threes=2), EW)
    assert result.ok, codes(result)
    assert items(result) == [("red_threes", 200), ("wild_canasta", 2000), ("going_out", 100)]
    assert result.sides[0].score == 2500


@pytest.mark.parametrize("cards, options, codes_", [
    pytest.param("JK 2 2", {}, [], id="S33 wild melds from three"),
    pytest.param("JK 2 2 2 2 2 2 2", {}, ["too_many_cards"], id="S33 wild melds stop at seven"),
    pytest.param("K K K K K K K K", {}, [], id="S33 groups uncapped"),
    pytest.param("K K K K K K K K", {"meld_cap": "7"}, ["too_many_cards"], id="S33 option: every meld 3 to 7"),
])
def test_l67_a_canasta_of_3_to_7_cards_read_as_wild_melds_of_3_to_7(cards, options, codes_):
    assert [p.code for p in check_meld(get_rules("uruguay", options), cards).problems] == codes_


# --------------------------------------------------------------------------------------------- cuban

@pytest.mark.parametrize("cards, kind, bonus", [
    pytest.param("2 2 2 2 2 2 2", "seven_deuces", 4000, id="l63 seven 2s 4000"),
    pytest.param("JK JK JK JK 2 2 2", "four_jokers_three_deuces", 3000, id="l63 four jokers and three 2s 3000"),
    pytest.param("JK 2 2 2 2 2 2", "wild_canasta", 2000, id="l63 any other seven wild cards 2000"),
    pytest.param("JK JK JK 2 2 2 2", "wild_canasta", 2000, id="l63 three jokers and four 2s 2000"),
])
def test_l63_wild_canastas_by_composition(cards, kind, bonus):
    verdict = check_meld("cuban", cards)
    assert (verdict.legal, verdict.kind, verdict.bonus) == (True, kind, bonus)


def test_l63_no_meld_holds_more_than_seven_cards():
    assert [p.code for p in check_meld("cuban", "K K K K K K K K").problems] == ["too_many_cards"]
    assert check_meld("cuban", "K K K K K K K").kind == "natural_canasta"
    assert [p.code for p in check_meld("cuban", "5h 6h 7h").problems] == ["mixed_ranks"]    # no sequences


@pytest.mark.parametrize("reds, options, points", [
    (1, {}, 100), (2, {}, 300), (3, {}, 500), (4, {}, 1000),
    (2, {"red_three_table": "each"}, 600), (4, {"red_three_table": "each"}, 4000),
])
def test_l63_red_threes_100_300_500_1000(reds, options, points):
    """S24: totals by default; the literal "chacun" (each) as an option."""
    result = score("cuban", side(["K K K K K K K"], red_threes=reds), EW, options=options)
    assert items(result)[0] == ("red_threes", points)
    minus = score("cuban", side(["K K K"], red_threes=reds, out="none", hand={"N": "9", "S": ""}), EW,
                  options=options)
    assert items(minus)[0] == ("red_threes", -points)                  # l. 63 "écrits en moins"


def test_l63_cuban_example_black_threes_set_aside_and_no_concealed_bonus():
    """The reference's example: seven 2s (140) and kings (30), one red three, two black threes set aside:
    base 100 + 4000 + 100 + 10 = 4210; cards 170; 4380. Concealed adds nothing (S26); the double ending 100."""
    result = score("cuban", side(["2 2 2 2 2 2 2", "K K K"], red_threes=1, black_threes_taken=2), EW)
    assert result.ok, codes(result)
    assert items(result) == [("red_threes", 100), ("seven_deuces", 4000), ("going_out", 100),
                             ("black_threes_taken", 10)]
    assert result.sides[0].score == 4380
    concealed = score("cuban", side(["2 2 2 2 2 2 2", "K K K"], out="concealed", double_out=True), EW)
    assert items(concealed)[-3:] == [("going_out", 100), ("concealed", 0), ("double_out", 100)]
    assert score("cuban", side(["2 2 2 2 2 2 2", "K K K"], out="concealed"), EW,
                 options={"concealed_bonus": "100"}).sides[0].base == 4000 + 100 + 100


@pytest.mark.parametrize("taken, melded, points", [
    pytest.param(4, None, [("black_threes_taken", 20), ("four_black_threes", 80)], id="four set aside: 100"),
    pytest.param(1, "3s 3c 3s", [("black_threes_taken", 5), ("four_black_threes", 80)],
                 id="one set aside, three melded going out: 5 + 15 + 80 = 100"),
    pytest.param(3, None, [("black_threes_taken", 15)], id="three set aside: 15"),
])
def test_l63_black_threes_taken_5_each_and_all_four_count_100(taken, melded, points):
    melds = ["K K K K K K K"] + ([melded] if melded else [])
    result = score("cuban", side(melds, black_threes_taken=taken), EW)
    assert result.ok, codes(result)
    assert items(result)[2:] == points


def test_l63_black_threes_taken_count_among_the_decks_four():
    """S25: a side that set four aside while three more are melded holds seven of the deck's four."""
    result = score("cuban", side(["K K K K K K K", "3s 3c 3s"], black_threes_taken=4), EW)
    assert "too_many_copies" in codes(result)


def test_black_threes_taken_only_where_the_table_sets_them_aside_and_never_negative():
    assert codes(score("classic_fr", side(["K K K K K K K"], black_threes_taken=1), EW)) == [
        "black_threes_taken_not_in_variant"]
    with pytest.raises(RecordError) as err:
        parse_record({"variant": "cuban", "sides": [side([], black_threes_taken=-1), EW]})
    assert err.value.field == "sides[0].black_threes_taken"


@pytest.mark.parametrize("options, total, minimum", [({}, 4995, 120), ({}, 5000, 150),
                                                     ({"opening": "classic"}, 5000, 120)])
def test_l63_opening_150_from_5000_and_game_to_7500(options, total, minimum):
    rules = get_rules("cuban", options)
    assert (rules.opening_minimum(total), rules.target) == (minimum, 7500)
    assert "game_to" not in [o.name for o in get_variant("cuban").options]
