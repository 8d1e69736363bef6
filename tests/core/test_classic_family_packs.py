"""mexicana, chile, escalera_sevens (162 cards) and pennies_from_heaven (216 cards), each extending classic_fr:
table-driven tests named after the seed line they prove (seed 003_a7945a279b9f9fe4.txt; shared/SEED003_DIGEST.md
§4.2, 4.4, 4.6, 4.12). Expected numbers are worked out by hand in the comments."""

from __future__ import annotations

import pytest

from scorekeeper.rules import check_meld, get_rules, score_match
from scored import codes, score

KINGS, ACES = "K K K K K K K", "A A A A A A 2"          # 70 natural, 140 mixed
EW = {"name": "EW", "players": ["E", "W"], "melds": ["Q Q Q"], "hand": {"E": "9", "W": "4"}}   # 30, −15


def side(melds, red_threes=0, out="out", hand=None, name="NS", **kw):
    return {"name": name, "players": [name[0], name[-1]], "melds": melds, "red_threes": red_threes, "out": out,
            "hand": hand if hand is not None else {name[0]: "", name[-1]: ""}, **kw}


def items(result, i=0):
    return [(b.item, b.points) for b in result.sides[i].base_items]


# --------------------------------------------------------------------------------------------- mexicana

def test_l65_every_canasta_1000_natural_or_mixed():
    """The reference's example: kings (70) and aces (140), two red threes: 200 + 1000 + 1000 + 100 = 2300;
    cards 210; 2510."""
    result = score("mexicana", side([KINGS, ACES], red_threes=2), EW)
    assert result.ok, codes(result)
    assert items(result) == [("red_threes", 200), ("natural_canasta", 1000), ("mixed_canasta", 1000),
                             ("going_out", 100)]
    assert result.sides[0].score == 2510


def test_l65_option_sevens_1000_is_the_public_rule():
    """S29 option: sevens 1000, other canastas 500/300."""
    rules = get_rules("mexicana", {"canasta_bonus": "sevens_1000"})
    assert [(check_meld(rules, c).kind, check_meld(rules, c).bonus) for c in ("7 7 7 7 7 7 2", KINGS, ACES)] == [
        ("sevens_canasta", 1000), ("natural_canasta", 500), ("mixed_canasta", 300)]


@pytest.mark.parametrize("melds, reds, options, problems", [
    pytest.param([KINGS], 0, {}, ["going_out_needs_canasta"], id="l65 two canastas needed"),
    pytest.param([KINGS, ACES], 3, {}, ["going_out_condition_not_met"], id="S30 three red threes, two canastas"),
    pytest.param([KINGS, ACES], 2, {}, [], id="S30 as many canastas as red threes"),
    pytest.param([KINGS, ACES], 1, {"going_out_red_threes": "red_threes_ge_canastas"},
                 ["going_out_condition_not_met"], id="S30 option: at least as many red threes as canastas"),
    pytest.param([KINGS, ACES], 3, {"going_out_red_threes": "ignore"}, [], id="S30 option ignore"),
])
def test_l65_going_out_needs_two_canastas_and_as_many_red_threes(melds, reds, options, problems):
    assert codes(score("mexicana", side(melds, red_threes=reds), EW, options=options)) == problems


@pytest.mark.parametrize("reds, options, points", [(5, {}, 500), (6, {}, 1000), (6, {"red_three_table": "flat_100"},
                                                                                  600)])
def test_l65_red_threes_of_three_packs(reds, options, points):
    """S31: 100 each, all six 1000 (option flat 100)."""
    result = score("mexicana", side([KINGS], red_threes=reds, out="none", hand={"N": "9", "S": "4"}), EW,
                   options=options)
    assert items(result)[0] == ("red_threes", points)


# --------------------------------------------------------------------------------------------- chile

def test_l69_sequences_and_wild_melds_both():
    """S34: the reference's example: escalera 5h … Jh (55) and queens (30), one red three: 100 + 1500 + 100 =
    1700; cards 85; 1785."""
    result = score("chile", side(["5h 6h 7h 8h 9h 10h Jh", "Q Q Q"], red_threes=1), EW)
    assert result.ok, codes(result)
    assert items(result) == [("red_threes", 100), ("escalera", 1500), ("going_out", 100)]
    assert result.sides[0].score == 1785
    assert check_meld("chile", "JK 2 2 2 2 2 2").bonus == 2500
    assert check_meld(get_rules("chile", {"wild_canasta_bonus": "2000"}), "JK 2 2 2 2 2 2").bonus == 2000


@pytest.mark.parametrize("cards, codes_", [
    pytest.param("5h 6h 7h", [], id="S34 a sequence of three"),
    pytest.param("5h 6h 7h 8h 9h 10h Jh Qh", ["too_many_cards"], id="S34 a sequence stops at seven"),
    pytest.param("5h 6h 2", ["too_many_wilds", "too_few_naturals"], id="S34 no wild card in a sequence"),
    pytest.param("JK 2 2", [], id="S34 a wild meld of three"),
    pytest.param("K " * 12, [], id="three packs: twelve kings"),
])
def test_l69_chile_meld_shapes(cards, codes_):
    assert [p.code for p in check_meld("chile", cards).problems] == codes_


def test_l69_one_canasta_to_go_out_an_escalera_counts():
    assert score("chile", side(["5h 6h 7h 8h 9h 10h Jh"]), EW).ok
    assert codes(score("chile", side(["5h 6h 7h"]), EW)) == ["going_out_needs_canasta"]


# --------------------------------------------------------------------------------------------- escalera_sevens

def _keeping(melds, red_threes=0, hand=None, name="NS", **kw):
    return side(melds, red_threes=red_threes, out="none", hand=hand or {name[0]: "4", name[-1]: "9"}, name=name, **kw)


def test_l49_l58_the_reference_example_bolivia_sevens_and_six_red_threes():
    """Bolivia (200) and natural sevens (35), six red threes, holding 7 and 4 (−500 − 5): base 600 + 1500 + 2000
    + 1400 = 5500; cards 235 − 505; 5230."""
    ns = _keeping(["JK JK 2 2 2 2 2", "7 7 7 7 7 7 7"], red_threes=6, hand={"N": "7", "S": "4"})
    result = score("escalera_sevens", ns, dict(EW, red_threes=0))
    assert result.ok, codes(result)
    assert items(result) == [("red_threes", 600), ("natural_sevens", 1500), ("bolivia", 2000),
                             ("six_red_threes", 1400)]
    assert (result.sides[0].hand_value, result.sides[0].score) == (-505, 5230)


@pytest.mark.parametrize("melds, options, points", [
    pytest.param([KINGS], {}, [("red_threes", 600), ("natural_canasta", 500)], id="S19 without: six singles"),
    pytest.param(["Q Q Q"], {}, [("red_threes", -600)], id="S19 without a canasta: six singles minus"),
    pytest.param([KINGS], {"six_red_threes_without": "minus_2000"},
                 [("red_threes", 600), ("natural_canasta", 500), ("six_red_threes_minus", -2600)],
                 id="S19 option: -2000 in all with a canasta"),
    pytest.param(["Q Q Q"], {"six_red_threes_without": "minus_2000"},
                 [("red_threes", -600), ("six_red_threes_bare", -1400)], id="S19 option: -2000 in all without"),
    pytest.param(["5h 6h 7h 8h 9h 10h Jh"], {}, [("red_threes", 600), ("escalator", 1500), ("six_red_threes", 1400)],
                 id="l49 an escalator makes the six 2000"),
])
def test_l49_six_red_threes_2000_only_with_a_bolivia_an_escalator_or_natural_sevens(melds, options, points):
    result = score("escalera_sevens", _keeping(melds, red_threes=6), _keeping(["Q Q Q"], name="EW"),
                   options=options)
    assert result.ok, codes(result)
    assert items(result) == points


@pytest.mark.parametrize("cards, kind, bonus", [
    pytest.param("7 7 7 7 7 7 7", "natural_sevens", 1500, id="l55 cana rouge de sept 1500"),
    pytest.param("7 7 7 7 7 2 2", "mixed_sevens", 1000, id="l54 cana noir de sept 1000"),
    pytest.param("K K K K K K 2", "mixed_canasta", 300, id="l52 ordinary mixed 300"),
    pytest.param("Kh Ah Qh Jh 10h 9h 8h", "escalator", 1500, id="l49 escalator of seven (S17)"),
    pytest.param("JK JK JK 2 2 2 2", "bolivia", 2000, id="l56 Bolivia 2000"),
])
def test_l52_l56_canasta_bonuses(cards, kind, bonus):
    verdict = check_meld("escalera_sevens", cards)
    assert (verdict.legal, verdict.kind, verdict.bonus) == (True, kind, bonus)


@pytest.mark.parametrize("cards, codes_", [
    pytest.param("K K K 2 2 2", ["too_many_wilds"], id="S16 at most two wild cards"),
    pytest.param("K K 2 2", [], id="S16 two wild cards, half"),
    pytest.param("3s 3c 3s", [], id="S21 black threes at any time"),
    pytest.param("3s 3c 3s 2", ["wilds_with_black_threes"], id="S21 no wild card with black threes"),
])
def test_l49_meld_limits(cards, codes_):
    assert [p.code for p in check_meld("escalera_sevens", cards).problems] == codes_


@pytest.mark.parametrize("ns, problem", [
    pytest.param(side([KINGS]), "going_out_not_in_variant", id="S22 nobody goes out"),
    pytest.param(_keeping([KINGS], hand={"N": "4", "S": ""}), "last_card_kept", id="S22 a player with no card"),
    pytest.param(_keeping([KINGS], hand="4"), "last_card_kept", id="S22 a combined hand of one card for two"),
])
def test_l49_it_is_forbidden_to_get_rid_of_the_last_card(ns, problem):
    assert problem in codes(score("escalera_sevens", ns, _keeping(["Q Q Q"], name="EW")))


def test_l49_black_three_in_hand_200_and_l58_a_seven_in_hand_500():
    result = score("escalera_sevens", _keeping([KINGS], hand={"N": "3s 7", "S": "7 3c"}),
                   _keeping(["Q Q Q"], name="EW"))
    assert result.ok and result.sides[0].hand_value == -(200 + 500 + 500 + 200)


def test_l58_the_match_is_decided_only_after_a_full_round_of_four_deals():
    """S20: past the target after the 3rd deal: not over; after the 4th: over. hand_number in a record says the
    same for a hand scored alone; option any_hand ends it at once."""
    rules = get_rules("escalera_sevens")
    ns, ew = _keeping([KINGS]), _keeping(["Q Q Q"], name="EW")       # NS scores 500 + 70 − 15 = 555 a hand
    hands = [{"sides": [ns, ew]}] * 4
    results = score_match(rules, hands, {"NS": 9000, "EW": 0})
    assert [(r.totals["NS"], r.match_over) for r in results] == [(9555, False), (10110, False), (10665, False),
                                                                  (11220, True)]
    assert results[-1].winner == "NS"
    alone = [score("escalera_sevens", ns, ew, totals={"NS": 9900, "EW": 0}, **extra).match_over
             for extra in ({}, {"hand_number": 3}, {"hand_number": 8})]
    assert alone == [False, False, True]
    assert score("escalera_sevens", ns, ew, totals={"NS": 9900, "EW": 0},
                 options={"match_end": "any_hand"}).match_over


# --------------------------------------------------------------------------------------------- pennies_from_heaven

def three(name, melds, red_threes=0, out="none", hand="4 9 9"):
    return {"name": name, "players": [f"{name}1", f"{name}2", f"{name}3"], "melds": melds, "red_threes": red_threes,
            "out": out, "hand": hand}


PENNIES_OUT = ["7 7 7 7 7 7 7", "JK JK 2 2 2 2 2", KINGS, ACES]


def test_l81_the_reference_example_going_out_with_the_four_canastas():
    """Sevens (35), wild (200), kings (70), aces (140), two red threes: 200 + 1500 + 1000 + 500 + 300 + 100 = 3600;
    cards 445; 4045."""
    result = score("pennies_from_heaven", three("A", PENNIES_OUT, red_threes=2, out="out", hand=""),
                   three("B", ["Q Q Q"]))
    assert result.ok, codes(result)
    assert items(result) == [("red_threes", 200), ("natural_canasta", 500), ("mixed_canasta", 300),
                             ("sevens_canasta", 1500), ("wild_canasta", 1000), ("going_out", 100)]
    assert result.sides[0].score == 4045


@pytest.mark.parametrize("missing, instead", [(0, "Q Q Q Q Q Q Q"), (1, "Q Q Q Q Q Q Q"), (2, "Q Q Q Q Q Q 2"),
                                              (3, "Q Q Q Q Q Q Q")])
def test_l81_going_out_needs_a_sevens_a_wild_a_natural_and_a_mixed_canasta(missing, instead):
    """S66: four canastas, but one of the four kinds replaced by another canasta: not enough."""
    melds = [m for k, m in enumerate(PENNIES_OUT) if k != missing] + [instead]
    result = score("pennies_from_heaven", three("A", melds, out="out", hand=""), three("B", ["J J J"]))
    assert "going_out_condition_not_met" in codes(result)


@pytest.mark.parametrize("melds, reds, points", [
    pytest.param(["7 7 7 7 7 7 2"], 3, 300, id="l81 a mixed sevens canasta: plus"),
    pytest.param([KINGS], 3, -300, id="l81 no sevens canasta: minus"),
    pytest.param(["7 7 7 7 7 7 7"], 8, 1000, id="l81 all eight 1000"),
])
def test_l81_red_threes_minus_without_a_canasta_of_sevens(melds, reds, points):
    result = score("pennies_from_heaven", three("A", melds, red_threes=reds), three("B", ["Q Q Q"]))
    assert result.ok, codes(result)
    assert items(result)[0] == ("red_threes", points)


def test_l81_four_packs_every_meld_capped_at_seven_and_two_sides_of_three():
    rules = get_rules("pennies_from_heaven")
    assert (rules.packs * 52 + rules.jokers, rules.red_threes_in_deck, rules.target) == (216, 8, 20000)
    assert [p.code for p in check_meld(rules, "K K K K K K K K").problems] == ["too_many_cards"]
    assert [p.code for p in check_meld(rules, "5h 5h 5h 5h 5h").problems] == ["more_copies_than_deck"]  # 4 packs
    assert check_meld(rules, "5h 5h 5h 5h").legal
    pairs = [side(["Q Q Q"], out="none", hand="4 9", name=n) for n in ("AB", "CD", "EF")]
    assert codes(score("pennies_from_heaven", *pairs)) == ["wrong_number_of_sides"]
    assert score("pennies_from_heaven", *pairs, options={"sides": "three_of_two"}).ok


@pytest.mark.parametrize("options, total, minimum", [({}, 495, 50), ({}, 500, 90), ({}, 1000, 120), ({}, 1500, 150),
                                                     ({"opening": "classic"}, 1500, 90)])
def test_s67_pennies_opening_table(options, total, minimum):
    assert get_rules("pennies_from_heaven", options).opening_minimum(total) == minimum
