"""Bolivia (rules_ref/bolivia.toml) and Brazilian canasta (rules_ref/brazilian.toml), seed
003_a7945a279b9f9fe4.txt l. 77 and l. 79 (shared/SEED003_DIGEST.md §4.10, §4.11). Each test is named after the
seed line or decision it proves; every expected number is computed by hand in the test."""

import pytest

from scored import codes, items, score
from scorekeeper import service
from scorekeeper.rules import check_meld, get_rules
from scorekeeper.rules.melds.verdict import MeldContext
from scorekeeper.rules.outcome import match_outcome

# Bolivia: NS goes out with a bolivia (JK JK 2 2 2 2 2: 200), an escalera of diamonds (4d…10d: 5 × 4 + 10 × 3 =
# 50) and Q Q Q (30), all six red threes. EW melded 8 8 8 2 (50) and holds two black threes and a 5.
BOL_NS = {"name": "NS", "players": ["N", "S"], "red_threes": 6, "out": "out", "hand": {"N": "", "S": ""},
          "melds": ["JK JK 2 2 2 2 2", "4d 5d 6d 7d 8d 9d 10d", "Q Q Q"]}
BOL_EW = {"name": "EW", "players": ["E", "W"], "hand": {"E": "3c 3s", "W": "5"}, "melds": ["8 8 8 2"]}


@pytest.mark.parametrize("cards, kind, bonus, found", [
    pytest.param("2 2 JK", "wild_group", 0, [], id="three wild cards are a meld"),
    pytest.param("JK JK 2 2 2 2 2", "bolivia", 2500, [], id="seven wild cards: a bolivia 2500"),
    pytest.param("JK JK 2 2 2 2 2 2", "wild_group", 0, ["too_many_cards"], id="nothing added to a bolivia"),
    pytest.param("4d 5d 6d 7d 8d 9d 10d", "samba", 1500, [], id="a sequence canasta: escalera 1500"),
])
def test_l77_wild_melds_and_the_bolivia(cards, kind, bonus, found):
    verdict = check_meld("bolivia", cards)
    assert (verdict.kind, verdict.bonus, codes(verdict)) == (kind, bonus, found)
    assert get_rules("bolivia").canastas[2].label == "escalera"


def test_l77_a_hand_of_bolivia_by_hand():
    """NS: six red threes 1000 (S56, two canastas: plus), escalera 1500, bolivia 2500, out 200 = 5200; melded 200 +
    50 + 30 = 280: 5480. EW: melded 50, in hand two black threes at 100 each (l. 77) and a 5: 50 - 205 = -155."""
    result = score("bolivia", BOL_NS, BOL_EW)
    assert result.ok, codes(result)
    assert items(result.sides[0]) == [("red_threes", 6, 1000), ("samba", 1, 1500), ("bolivia", 1, 2500),
                                      ("going_out", 1, 200)]
    assert [s.score for s in result.sides] == [5480, -155]


def test_s56_five_red_threes_are_500_in_bolivia():
    side = {"name": "NS", "players": ["N", "S"], "red_threes": 5, "canastas": {"bolivia": 1, "samba": 1},
            "melded_points": 300, "hand_points": 0}
    assert score("bolivia", side, BOL_EW).sides[0].base_items[0].points == 500


def test_s58_going_out_needs_an_escalera():
    no_escalera = dict(BOL_NS, melds=["JK JK 2 2 2 2 2", "Q Q Q Q Q Q Q"])
    assert codes(score("bolivia", no_escalera, BOL_EW)) == ["going_out_condition_not_met"]
    assert score("bolivia", no_escalera, BOL_EW, options={"going_out": "any_two"}).ok


def test_s57_opening_150_from_7000_and_l77_game_to_15000():
    rules = get_rules("bolivia")
    assert [rules.opening_minimum(t) for t in (6995, 7000)] == [120, 150]
    assert match_outcome(rules, {"NS": 14995, "EW": 0}) == (False, None)
    assert match_outcome(rules, {"NS": 15000, "EW": 0}) == (True, "NS")


def test_s55_traditional_base_option():
    """The literal l. 77: 108 cards (eight kings at most), no sequences, still the bolivia 2500, one canasta to go
    out, 100 for it, game to 15 000."""
    rules = get_rules("bolivia", {"base": "traditional"})
    assert (rules.packs * 52 + rules.jokers, rules.canastas_required, rules.out_bonus, rules.target) == (
        108, 1, 100, 15000)
    assert codes(check_meld(rules, "5h 6h 7h")) == ["mixed_ranks"]
    assert codes(check_meld(rules, "K K K K K K K K K")) == ["more_copies_than_deck"]
    assert check_meld(rules, "JK JK 2 2 2 2 2").bonus == 2500


# --- Brazilian canasta (l. 79) ----------------------------------------------------------------------------------

# NS goes out with an escalera of nine hearts (4h…Qh: 5 × 4 + 10 × 5 = 70), a sequence 5c…9c (35) and a wild
# canasta (200), five red threes. EW: a sequence of four spades (20), eight kings (80), one red three, a 9 in hand.
BRA_NS = {"name": "NS", "players": ["N", "S"], "red_threes": 5, "out": "out", "hand": {"N": "", "S": ""},
          "melds": ["4h 5h 6h 7h 8h 9h 10h Jh Qh", "5c 6c 7c 8c 9c", "JK JK 2 2 2 2 2"]}
BRA_EW = {"name": "EW", "players": ["E", "W"], "red_threes": 1, "hand": {"E": "9", "W": ""},
          "melds": ["4s 5s 6s 7s", "K K K K K K K K"]}


def test_l79_a_hand_of_brazilian_by_hand():
    """NS: five red threes 1000 (l. 79), escalera 1500, wild canasta 2000 (l. 79), out 200, two sequences of five
    or more 2 × 1000 (S59) = 6700; melded 70 + 35 + 200 = 305: 7005. EW: one red three plus (a canasta is enough,
    l. 79) 100, natural canasta 500; melded 20 + 80; in hand 10: 690."""
    result = score("brazilian", BRA_NS, BRA_EW)
    assert result.ok, codes(result)
    assert items(result.sides[0]) == [("red_threes", 5, 1000), ("samba", 1, 1500), ("bolivia", 1, 2000),
                                      ("going_out", 1, 200), ("long_sequence", 2, 2000)]
    assert items(result.sides[1]) == [("red_threes", 1, 100), ("natural_canasta", 1, 500)]
    assert [s.score for s in result.sides] == [7005, 690]


def test_s59_short_sequences_cost_1000_instead():
    """Option short_minus_1000: NS has no sequence under five (6700 - 2000 = 4700, + 305 = 5005); EW's four
    spades cost 1000 (600 - 1000 + 100 - 10 = -310)."""
    result = score("brazilian", BRA_NS, BRA_EW, options={"sequence_bonus": "short_minus_1000"})
    assert result.ok, codes(result)
    assert [s.score for s in result.sides] == [5005, -310]
    assert ("long_sequence", 1, -1000) in items(result.sides[1])


def test_s60_an_escalera_longer_than_seven_only_for_the_side_that_went_out():
    assert check_meld("brazilian", "4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah", MeldContext(going_out=True)).kind == "samba"
    assert codes(check_meld("brazilian", "4h 5h 6h 7h 8h 9h 10h Jh")) == ["too_many_cards"]
    ew = dict(BRA_EW, melds=["4s 5s 6s 7s 8s 9s 10s Js", "K K K K K K K K"])
    assert "too_many_cards" in codes(score("brazilian", BRA_NS, ew))
    assert codes(check_meld("bolivia", "4h 5h 6h 7h 8h 9h 10h Jh", MeldContext(going_out=True))) == [
        "too_many_cards"]


@pytest.mark.parametrize("reds, canastas, points", [
    pytest.param(4, {"samba": 1}, 400, id="four red threes 100 each"),
    pytest.param(5, {"samba": 1}, 1000, id="five 1000"),
    pytest.param(6, {"natural_canasta": 1}, 1200, id="six 1200"),
    pytest.param(6, {}, -1200, id="minus without a canasta"),
])
def test_l79_red_threes(reds, canastas, points):
    side = {"name": "NS", "players": ["N", "S"], "red_threes": reds, "canastas": canastas,
            "melded_points": 300, "hand_points": 0}
    assert score("brazilian", side, dict(BRA_EW, red_threes=0)).sides[0].base_items[0].points == points


def test_s61_any_two_canastas_go_out():
    groups = dict(BRA_NS, melds=["K K K K K K K", "JK JK 2 2 2 2 2"], red_threes=0)
    assert score("brazilian", groups, dict(BRA_EW, melds=["4s 5s 6s 7s"])).ok
    assert codes(score("brazilian", groups, dict(BRA_EW, melds=["4s 5s 6s 7s"]),
                       options={"going_out": "with_escalera"})) == ["going_out_condition_not_met"]


@pytest.mark.parametrize("total, minimum, canasta", [
    (6995, 120, None), (7000, 0, "any"), (7995, 0, "any"), (8000, 200, "any"), (8995, 200, "any"),
    (9000, 0, "natural"), (12000, 0, "natural"),
])
def test_s62_opening_tiers(total, minimum, canasta):
    rules = get_rules("brazilian")
    assert (rules.opening_minimum(total), rules.opening_canasta(total)) == (minimum, canasta)


def test_s62_next_opening_in_the_result():
    """NS 7005 on 1000: 8005, a canasta and 200 in all; EW 690 on 8500: 9190, a natural canasta."""
    result = score("brazilian", BRA_NS, BRA_EW, totals={"NS": 1000, "EW": 8500})
    assert [(s.total, s.next_opening_minimum, s.next_opening_canasta) for s in result.sides] == [
        (8005, 200, "any"), (9190, 0, "natural")]
    assert result.to_dict()["sides"][1]["next_opening_canasta"] == "natural"


@pytest.mark.parametrize("cards, minimum, canasta, found", [
    pytest.param("K K K", 0, "any", ["opening_needs_canasta"], id="7000: a meld is not enough"),
    pytest.param("K K K K K K 2", 0, "any", [], id="7000: a mixed canasta opens"),
    pytest.param("K K K K K K 2", 200, "any", ["opening_minimum_not_reached"], id="8000: 80 is short of 200"),
    pytest.param("K K K K K K 2 | A A A A A A A", 200, "any", [], id="8000: 80 + 140 with a canasta"),
    pytest.param("K K K K K K 2", 0, "natural", ["opening_needs_canasta"], id="9000: a mixed one is not natural"),
    pytest.param("K K K K K K 2 | 4h 5h 6h 7h 8h 9h 10h", 0, "natural", [], id="9000: an escalera is natural"),
    pytest.param("JK JK 2 2 2 2 2", 0, "natural", [], id="9000: a wild canasta counts as natural"),
])
def test_s62_check_meld_judges_the_canasta_an_opening_must_hold(cards, minimum, canasta, found):
    verdict = service.check("brazilian", cards, opening_minimum=minimum, opening_canasta=canasta)
    assert [p["code"] for p in verdict["problems"]] == found
    assert verdict["legal"] == (not found)


def test_s62_opening_canasta_must_be_a_known_word():
    with pytest.raises(ValueError, match="opening_canasta|any, natural"):
        service.check("brazilian", "K K K", opening_canasta="mixed")
