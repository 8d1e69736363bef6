"""Samba (rules_ref/samba.toml) and Hollywood canasta (rules_ref/hollywood.toml), seed 003_a7945a279b9f9fe4.txt
l. 71 and l. 75 (shared/SEED003_DIGEST.md §4.7, §4.9). Each test is named after the seed line it proves; every
expected number is computed by hand in the test."""

import pytest

from scored import codes, items, score
from scorekeeper.rules import RecordError, check_meld, get_rules, get_variant
from scorekeeper.rules.outcome import match_outcome

# NS: a samba of hearts (5+5+5+10+10+10+10 = 55), a natural canasta of kings (70) and a group K K K 2 (50): two
# kings melds, which l. 71 allows. EW: a mixed canasta of aces (6 × 20 + 20 = 140), a sequence 8s 9s 10s (30).
NS = {"name": "NS", "players": ["N", "S"], "red_threes": 2, "out": "out", "hand": {"N": "", "S": "4 9"},
      "melds": ["5h 6h 7h 8h 9h 10h Jh", "K K K K K K K", "K K K 2"]}
EW = {"name": "EW", "players": ["E", "W"], "red_threes": 1, "hand": {"E": "JK 3s", "W": "7"},
      "melds": ["A A A A A A 2", "8s 9s 10s"]}


def test_l71_a_samba_of_seven_in_sequence_scores_1500():
    verdict = check_meld("samba", "5h 6h 7h 8h 9h 10h Jh")
    assert (verdict.legal, verdict.kind, verdict.suit, verdict.bonus, verdict.card_value) == (
        True, "samba", "h", 1500, 55)


@pytest.mark.parametrize("cards, found", [
    pytest.param("5h 6h 7h 8h 9h 10h Jh Qh", ["too_many_cards"], id="nothing may be added to a samba"),
    pytest.param("5h 6h 2 8h", ["too_many_wilds"], id="natural cards only in a sequence (S43)"),
    pytest.param("Qs Ks As 4s", ["sequence_not_consecutive"], id="ace high, never round the corner (S43)"),
    pytest.param("4c 5c 6c", [], id="a sequence of three is a meld"),
    pytest.param("K K 2 2", [], id="two wild cards with two naturals (S42)"),
    pytest.param("K K K 2 2 2", ["too_many_wilds"], id="no more than two wild cards (S42)"),
    pytest.param("K K K K K 2 2", [], id="a mixed canasta holds two wild cards at most"),
])
def test_l71_meld_limits(cards, found):
    assert codes(check_meld("samba", cards)) == found


def test_l71_a_hand_of_samba_by_hand():
    """NS: red threes 2 × 100 (two canastas: plus), natural canasta 500, samba 1500, going out 200 = 2400; melded
    55 + 70 + 50 = 175; in hand 4 and 9 = 15: 2560. Two melds of kings are legal (l. 71). EW: one red three minus
    (one canasta only), mixed canasta 300: 200; melded 170; in hand joker 50, black three 100 (l. 181), 7 5 = 155:
    215."""
    result = score("samba", NS, EW)
    assert result.ok, codes(result)
    ns, ew = result.sides
    assert items(ns) == [("red_threes", 2, 200), ("natural_canasta", 1, 500), ("samba", 1, 1500),
                         ("going_out", 1, 200)]
    assert (ns.base, ns.melded_value, ns.hand_value, ns.score) == (2400, 175, -15, 2560)
    assert items(ew) == [("red_threes", 1, -100), ("mixed_canasta", 1, 300)]
    assert (ew.base, ew.melded_value, ew.hand_value, ew.score) == (200, 170, -155, 215)


def test_l71_going_out_needs_two_canastas_and_a_samba_is_one():
    alone = dict(NS, melds=["5h 6h 7h 8h 9h 10h Jh", "K K K 2"])
    result = score("samba", alone, EW)
    assert codes(result) == ["going_out_needs_canasta"]


@pytest.mark.parametrize("reds, canastas, points", [
    pytest.param(5, {"natural_canasta": 1, "samba": 1}, 1000, id="five red threes 1000 with two canastas"),
    pytest.param(6, {"natural_canasta": 2}, 1000, id="the sixth adds nothing (S38)"),
    pytest.param(5, {"samba": 1}, -1000, id="five with one canasta: 1000 minus"),
    pytest.param(4, {}, -400, id="four with no canasta: 100 each, minus (S39)"),
])
def test_l71_the_set_of_five_red_threes(reds, canastas, points):
    side = {"name": "NS", "players": ["N", "S"], "red_threes": reds, "canastas": canastas,
            "melded_points": 300, "hand_points": 0}
    other = dict(EW, red_threes=0)
    result = score("samba", side, other)
    assert result.sides[0].base_items[0].points == points


@pytest.mark.parametrize("reds, points", [(5, 500), (6, 1000)])
def test_s38_all_six_option(reds, points):
    side = {"name": "NS", "players": ["N", "S"], "red_threes": reds, "canastas": {"natural_canasta": 2},
            "melded_points": 300, "hand_points": 0}
    result = score("samba", side, dict(EW, red_threes=0), options={"red_three_set": "all_six"})
    assert result.sides[0].base_items[0].points == points


def test_l71_going_out_200_no_concealed_bonus_no_double_ending_reward():
    """Concealed: still 200 (S40); a double ending is legal but worth 0 ("pas de récompense pour doubler")."""
    out = dict(NS, out="concealed", hand={"N": "", "S": ""}, double_out=True)
    result = score("samba", out, EW)
    assert result.ok, codes(result)
    assert items(result.sides[0])[-3:] == [("going_out", 1, 200), ("concealed", 1, 0), ("double_out", 1, 0)]
    concealed = score("samba", out, EW, options={"concealed_bonus": "100"})
    assert ("concealed", 1, 100) in items(concealed.sides[0])


@pytest.mark.parametrize("total, minimum", [(-5, 15), (0, 50), (1495, 50), (1500, 90), (3000, 120), (6995, 120),
                                            (7000, 160)])
def test_s41_opening_minimums(total, minimum):
    assert get_rules("samba").opening_minimum(total) == minimum
    assert get_rules("samba").opening_canasta(total) is None


def test_s41_opening_150_option():
    assert get_rules("samba", {"opening_top": "150"}).opening_minimum(7000) == 150


def test_l71_next_opening_in_the_result():
    """NS scored 2560 on 5000: 7560, so it opens with 160 next; EW 215 on 1400: 1615, 90."""
    result = score("samba", NS, EW, totals={"NS": 5000, "EW": 1400})
    assert [(s.total, s.next_opening_minimum, s.next_opening_canasta) for s in result.sides] == [
        (7560, 160, None), (1615, 90, None)]


@pytest.mark.parametrize("option, choice", [("game_to", "7000"), ("players", "6"), ("joker_canasta", "100"),
                                            ("one_meld_per_rank", "yes"), ("canastas_to_go_out", "1")])
def test_l71_fixes_what_the_traditional_options_choose(option, choice):
    """Samba extends classic_fr but l. 71 fixes the deck, the players, the melds, going out and the length: those
    options of the traditional game are dropped, so choosing one is an error naming it."""
    assert choice in get_variant("classic_fr").option(option).choices
    with pytest.raises(RecordError, match=f"unknown option '{option}'"):
        get_rules("samba", {option: choice})


def test_l71_game_to_10000():
    rules = get_rules("samba")
    assert match_outcome(rules, {"NS": 9995, "EW": 3000}) == (False, None)
    assert match_outcome(rules, {"NS": 10000, "EW": 3000}) == (True, "NS")


@pytest.mark.parametrize("cards, found", [
    pytest.param("K K K K K K K K K K K K", [], id="twelve kings: three packs"),
    pytest.param("K K K K K K K K K K K K K", ["more_copies_than_deck"], id="thirteen kings"),
    pytest.param("5h 5h 5h", [], id="three copies of a suited card"),
    pytest.param("5h 5h 5h 5h", ["more_copies_than_deck"], id="a fourth 5h: one per pack"),
])
def test_l71_a_deck_of_162_cards(cards, found):
    rules = get_rules("samba")
    assert (rules.packs, rules.jokers, rules.packs * 52 + rules.jokers) == (3, 6, 162)
    assert codes(check_meld(rules, cards)) == found


def test_l71_a_fourth_suited_card_across_the_table_is_too_many():
    """Three 7c in NS's sequences and one in EW's hand: the deck has three (one per pack)."""
    ns = dict(NS, melds=["5c 6c 7c", "6c 7c 8c", "7c 8c 9c", "K K K K K K K", "Q Q Q Q Q Q Q"], out="none",
              hand={"N": "4", "S": ""})
    ew = dict(EW, hand={"E": "7c", "W": ""})
    assert "too_many_copies" in codes(score("samba", ns, ew))


# --- Hollywood (l. 75) ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("cards, kind, bonus, found", [
    pytest.param("4h 5h 6h 7h 8h 9h 10h", "samba", 1500, [], id="natural sequence canasta 1500"),
    pytest.param("4h 5h 6h JK 8h 9h 10h", "mixed_sequence", 1000, [], id="one wild: mixed sequence canasta 1000"),
    pytest.param("4h 5h 2 JK 8h 9h 10h", "sequence", 0, ["too_many_wilds"], id="a single wild in a sequence"),
    pytest.param("7c 8c 2", "sequence", 0, ["too_few_naturals"], id="three naturals in a sequence too (S53)"),
    pytest.param("K K 2", "group", 0, ["too_few_naturals"], id="every meld at least three naturals"),
    pytest.param("K K K K K 2 2", "mixed_canasta", 300, [], id="a mixed group canasta 300"),
    pytest.param("K K K K K K K K", "group", 0, ["too_many_cards"], id="no canasta beyond seven cards"),
    pytest.param("4h 5h 6h 7h 8h 9h 10h Jh", "sequence", 0, ["too_many_cards"], id="nor a sequence"),
])
def test_l75_hollywood_melds(cards, kind, bonus, found):
    verdict = check_meld("hollywood", cards)
    assert (verdict.kind, verdict.bonus, codes(verdict)) == (kind, bonus, found)


def test_s52_natural_sequence_2000_option():
    assert check_meld(get_rules("hollywood", {"natural_sequence_bonus": "2000"}), "4h 5h 6h 7h 8h 9h 10h").bonus == 2000


def test_l75_a_hand_of_hollywood_by_hand():
    """NS goes out with a mixed sequence canasta (4h…10h with a joker for the 7: 5 × 3 + 50 + 10 × 3 = 95) and a
    natural canasta of queens (70): red threes 2 × 100, natural 500, mixed sequence 1000, out 200 = 1900; + 165 =
    2065. EW: a sequence 8s 9s 10s (30) and one red three minus (no canasta): -100 + 30 - (4: 5) = -75."""
    ns = {"name": "NS", "players": ["N", "S"], "red_threes": 2, "out": "out", "hand": {"N": "", "S": ""},
          "melds": ["4h 5h 6h JK 8h 9h 10h", "Q Q Q Q Q Q Q"]}
    ew = {"name": "EW", "players": ["E", "W"], "red_threes": 1, "hand": {"E": "4", "W": ""}, "melds": ["8s 9s 10s"]}
    result = score("hollywood", ns, ew)
    assert result.ok, codes(result)
    assert items(result.sides[0]) == [("red_threes", 2, 200), ("natural_canasta", 1, 500),
                                      ("mixed_sequence", 1, 1000), ("going_out", 1, 200)]
    assert [s.score for s in result.sides] == [2065, -75]
