"""classic_fr (rules_ref/classic_fr.toml): seed 003's own classic canasta, each test named after the seed line it
proves (seed 003_a7945a279b9f9fe4.txt; shared/SEED003_DIGEST.md §2–3, decisions S1–S12). Expected numbers are
worked out by hand in the comments."""

from __future__ import annotations

import pytest

from scorekeeper.rules import RecordError, check_meld, get_rules, parse_record, score_hand, score_match
from scorekeeper.rules.melds.verdict import MeldContext

# Natural canasta of kings (7 × 10 = 70) and a mixed canasta of aces with one 2 (6 × 20 + 20 = 140).
KINGS, ACES = "K K K K K K K", "A A A A A A 2"


def score(*sides, options=None, totals=None, variant="classic_fr", **top):
    record = {"variant": variant, "options": options or {}, "sides": list(sides), **top}
    if totals:
        record["totals_before"] = totals
    return score_hand(parse_record(record))


def ns(**kw):
    side = {"name": "NS", "players": ["N", "S"], "melds": [KINGS, ACES], "red_threes": 2, "out": "out",
            "hand": {"N": "", "S": ""}}
    return {**side, **kw}


def ew(**kw):
    # a group of queens (3 × 10 = 30), no canasta; in hand 9 4 (10 + 5 = 15)
    side = {"name": "EW", "players": ["E", "W"], "melds": ["Q Q Q"], "red_threes": 0, "hand": {"E": "9", "W": "4"}}
    return {**side, **kw}


def items(side):
    return [(b.item, b.points) for b in side.base_items]


def codes(result):
    return [p.code for p in result.problems]


def test_l155_l168_double_ending_adds_100_on_top_of_going_out():
    """l. 168 "100 points - pour double terminaison en plus": red threes 200 (a canasta), natural 500, mixed 300,
    going out 100, double ending 100 = 1200; cards 70 + 140 = 210; score 1410 (the reference's example)."""
    result = score(ns(double_out=True), ew())
    assert result.ok, codes(result)
    side = result.sides[0]
    assert items(side) == [("red_threes", 200), ("natural_canasta", 500), ("mixed_canasta", 300),
                           ("going_out", 100), ("double_out", 100)]
    assert (side.base, side.card_value, side.score) == (1200, 210, 1410)
    assert result.sides[1].score == 30 - 15


def test_l169_concealed_with_a_double_ending_is_300_for_going_out():
    """l. 167–169: going out 100, double ending 100 more, concealed ("avec une main supplémentaire") 100 more."""
    result = score(ns(out="concealed", double_out=True), ew())
    assert result.ok, codes(result)
    assert [p for i, p in items(result.sides[0]) if i in ("going_out", "concealed", "double_out")] == [100, 100, 100]


@pytest.mark.parametrize("side, options, code", [
    pytest.param(ns(double_out=True, hand={"N": "", "S": "9"}), {}, "double_out_cards_in_hand",
                 id="S7 the partner still holds a card"),
    pytest.param(ns(double_out=True, hand="9"), {}, "double_out_cards_in_hand", id="S7 a combined hand with a card"),
    pytest.param(ns(double_out=True, out="none"), {}, "double_out_without_going_out", id="S7 the side did not go out"),
])
def test_l155_double_ending_only_when_both_partners_emptied_their_hands(side, options, code):
    assert code in codes(score(side, ew(), options=options))


def test_l155_double_ending_needs_a_partner_and_international_has_none():
    alone = {"name": "N", "melds": [KINGS, ACES], "out": "out", "double_out": True}
    result = score(alone, {"name": "E", "melds": ["Q Q Q"], "hand": "9"}, options={"players": "2",
                                                                                   "two_player_canastas": "1"})
    assert codes(result) == ["double_out_needs_partners"]
    assert codes(score(ns(double_out=True), ew(), variant="international")) == ["double_out_not_in_variant"]


def test_double_out_must_be_true_or_false():
    with pytest.raises(RecordError) as err:
        parse_record({"variant": "classic_fr", "sides": [ns(double_out="yes"), ew()]})
    assert err.value.field == "sides[0].double_out"


@pytest.mark.parametrize("reds, points", [(1, -100), (3, -300), (4, -800)])
def test_l171_l175_red_threes_count_minus_for_a_side_without_a_canasta(reds, points):
    """l. 171 "100 points (moins) - pour chaque rouge trois, s'il n'y a pas de canasta disposé"; l. 175 the set
    of four −800. EW melded (queens) but has no canasta: minus all the same (S2)."""
    result = score(ns(red_threes=0), ew(red_threes=reds))
    assert result.ok, codes(result)
    assert items(result.sides[1]) == [("red_threes", points)]


def test_l89_option_went_out_red_threes_minus_for_the_side_that_lost_the_deal():
    """l. 89 "100 points en plus si la paire de joueurs ferme en premier … ou 100 points en moins si le tirage est
    perdu": EW has a canasta but did not go out, so its two red threes are −200; NS went out: +200."""
    options = {"red_three_sign": "went_out"}
    result = score(ns(), ew(melds=["Q Q Q Q Q Q Q"], red_threes=2), options=options)
    assert result.ok, codes(result)
    assert items(result.sides[0])[0] == ("red_threes", 200)
    assert items(result.sides[1]) == [("red_threes", -200), ("natural_canasta", 500)]
    # a hand ended on the stock: nobody won the deal, both count minus
    both = score(ns(out="none", hand={"N": "5", "S": ""}), ew(red_threes=1), options=options)
    assert [items(s)[0] for s in both.sides] == [("red_threes", -200), ("red_threes", -100)]


def test_l181_black_three_in_hand_costs_100_and_a_red_three_500():
    """l. 181 "Pour chaque trois noir - 100 moins, pour chaque rouge … - 500 points": EW holds 3s 3c 7 and a red
    three: hand −(100 + 100 + 5) = −205, the red three a −500 base item."""
    result = score(ns(), ew(hand={"E": "3s 3c", "W": "7 3h"}))
    assert result.ok, codes(result)
    ew_side = result.sides[1]
    assert (ew_side.hand_value, items(ew_side)) == (-205, [("red_threes_in_hand", -500)])
    five = score(ns(), ew(hand={"E": "3s 3c", "W": "7"}), options={"black_three_in_hand": "5"})
    assert five.sides[1].hand_value == -15                            # S3 option: 5 + 5 + 5


@pytest.mark.parametrize("cards, options, legal", [
    pytest.param("K K 2 2", {}, True, id="l107 two wilds with two naturals: half"),
    pytest.param("K K 2 2 2", {}, False, id="l107 three wilds with two naturals: more than half"),
    pytest.param("K K K 2 2 2", {}, True, id="l117 three wilds with three naturals"),
    pytest.param("K K K K 2 2 2 2", {}, False, id="l117 at most three wild cards"),
    pytest.param("K K 2 2 2", {"wild_limit": "international"}, True, id="S5 option international"),
])
def test_l107_no_more_wild_cards_than_natural_cards(cards, options, legal):
    assert check_meld(get_rules("classic_fr", options), cards).legal is legal


@pytest.mark.parametrize("options, total, minimum", [
    ({}, -20, 15), ({}, 0, 50), ({}, 1495, 50), ({}, 1500, 90), ({}, 3000, 120), ({}, 4995, 120),
    ({"game_to": "7000"}, 1500, 70), ({"game_to": "7000"}, 3000, 90), ({"game_to": "7000"}, 5000, 120),
    ({"game_to": "7500"}, 4995, 90), ({"game_to": "7500"}, 5000, 0),
    ({"game_to": "7500", "opening_7500_top": "120"}, 5000, 120),
    ({"game_to": "10000"}, 9000, 120),
])
def test_l91_l111_l113_l189_opening_minimum_by_the_sides_total(options, total, minimum):
    """l. 91, 111/113 the 5000 game; l. 91 the 7000 game (50/70/90/120); l. 189 the 7500 game: a canasta from 5000
    (S8: no points needed; option 120)."""
    assert get_rules("classic_fr", options).opening_minimum(total) == minimum


def test_l189_next_opening_minimum_in_the_result():
    """A side that reaches 5000 in the 7500 game opens next with a canasta: its next_opening_minimum is 0."""
    result = score(ns(), ew(), options={"game_to": "7500"}, totals={"NS": 3800, "EW": 100})
    assert [(s.next_opening_minimum, s.next_opening_canasta) for s in result.sides] == [
        (0, "any"), (50, None)]                                          # 3800 + 1310 = 5110; 100 + 15
    top = score(ns(), ew(), options={"game_to": "7500", "opening_7500_top": "120"}, totals={"NS": 3800})
    assert (top.sides[0].next_opening_minimum, top.sides[0].next_opening_canasta) == (120, None)


def test_l189_an_opening_at_5000_in_the_7500_game_must_hold_a_canasta():
    """l. 189 "l'ouverture minimale est un canast, quelle que soit la valeur des cartes": seven 4s (35) open;
    a meld of three aces (60), worth more, does not."""
    rules = get_rules("classic_fr", {"game_to": "7500"})
    context = MeldContext(opening_minimum=rules.opening_minimum(5000), opening_canasta=rules.opening_canasta(5000))
    assert check_meld(rules, "4 4 4 4 4 4 4", context).legal
    assert [p.code for p in check_meld(rules, "A A A", context).problems] == ["opening_needs_canasta"]


def test_l179_joker_canasta_is_seven_wild_cards_laid_at_once():
    """l. 179 "une boîte de jokers (une combinaison de sept jokers, réels ou faux) … 100 points bonus … sept
    jokers doivent être immédiatement disposés": seven wilds in any mix are a canasta; three are no meld."""
    rules = get_rules("classic_fr", {"joker_canasta": "100"})
    seven = check_meld(rules, "JK JK 2 2 2 2 2")
    assert (seven.legal, seven.kind, seven.bonus, seven.card_value) == (True, "joker_canasta", 100, 200)
    assert [p.code for p in check_meld(rules, "JK 2 2").problems] == ["too_few_cards"]
    assert [p.code for p in check_meld(rules, "JK JK 2 2 2 2 2 2").problems] == ["too_many_cards"]
    assert [p.code for p in check_meld("classic_fr", "JK JK 2 2 2 2 2").problems] == ["wild_only_not_allowed"]
    assert check_meld(get_rules("classic_fr", {"joker_canasta": "1000"}), "JK 2 2 2 2 2 2").bonus == 1000


def test_l179_a_joker_canasta_is_a_canasta_for_going_out_and_red_threes():
    """S9: NS goes out with the joker canasta only: going out legal, red threes plus.
    Base 200 + 100 + 100 = 400; cards JK JK (100) + five 2s (100) = 200."""
    result = score(ns(melds=["JK JK 2 2 2 2 2", "Q Q Q"]), ew(melds=["Q Q Q"]), options={"joker_canasta": "100"})
    assert result.ok, codes(result)
    assert items(result.sides[0]) == [("red_threes", 200), ("joker_canasta", 100), ("going_out", 100)]
    assert result.sides[0].score == 400 + 230


def test_l133_going_out_needs_a_canasta_and_l191_two_by_agreement():
    assert codes(score(ns(melds=["K K K"]), ew())) == ["going_out_needs_canasta"]
    assert score(ns(), ew()).ok                                        # KINGS and ACES: two canastas
    assert codes(score(ns(melds=[KINGS, "A A A"]), ew(), options={"canastas_to_go_out": "2"})) == [
        "going_out_needs_canasta"]


def test_l185_stock_exhausted_no_going_out_bonus():
    """l. 185 "sans accumuler de bonus pour terminer le jeu": nobody went out; canastas and red threes count."""
    result = score(ns(out="none", hand={"N": "9", "S": ""}), ew())
    assert result.ok, codes(result)
    assert items(result.sides[0]) == [("red_threes", 200), ("natural_canasta", 500), ("mixed_canasta", 300)]


def test_l97_black_threes_melded_only_when_going_out_and_one_meld_of_them():
    """l. 97 "Ceci n'est permis que lorsque toutes les cartes sont défaussées"; S6 one such meld per side (two
    melds of three need the 162-card deck of the 6-player form)."""
    assert [p.code for p in check_meld("classic_fr", "3s 3c 3s").problems] == ["black_threes_only_going_out"]
    assert check_meld("classic_fr", "3s 3c 3s", MeldContext(going_out=True)).legal
    six = {"players": "6"}
    result = score(ns(melds=[KINGS, ACES, "3s 3s 3c", "3c 3s 3c"]), ew(), options=six)
    assert "duplicate_rank_meld" in codes(result)


def test_l37_three_players_each_alone_need_two_canastas():
    sides = [{"name": "A", "melds": [KINGS], "out": "out"}, {"name": "B", "hand": "9"}, {"name": "C", "hand": "4"}]
    assert codes(score(*sides, options={"players": "3"})) == ["going_out_needs_canasta"]
    sides[0]["melds"] = [KINGS, ACES]
    assert score(*sides, options={"players": "3"}).ok


def _pair(name, total_melds=("Q Q Q",)):
    return {"name": name, "players": [name + "1", name + "2"], "melds": list(total_melds), "hand": "9"}


def test_l45_six_players_three_sides_of_two_play_to_7500_two_sides_of_three_to_10000():
    """l. 45 "Soit 2 équipes de 3 joueurs … soit 3 équipes de 2" with 3 packs and 6 jokers; target by the number
    of sides (S11): three sides 7500, two sides 10 000."""
    rules = get_rules("classic_fr", {"players": "6"})
    assert (rules.packs, rules.jokers, rules.red_threes_in_deck) == (3, 6, 6)
    three = score(_pair("A"), _pair("B"), _pair("C"), options={"players": "6"},
                  totals={"A": 7490, "B": 100, "C": 0})
    assert three.ok, codes(three)
    assert (three.sides[0].total, three.match_over, three.winner) == (7490 + 30 - 10, True, "A")
    two_sides = [{"name": n, "players": [n + "1", n + "2", n + "3"], "melds": ["Q Q Q"], "hand": "9"}
                 for n in ("A", "B")]
    two = score(*two_sides, options={"players": "6"}, totals={"A": 7490, "B": 0})
    assert two.ok and not two.match_over
    twelve = check_meld(rules, "K " * 12)                               # a 162-card deck holds 12 kings
    assert twelve.legal and not check_meld("classic_fr", "K " * 9).legal


@pytest.mark.parametrize("reds, points", [(4, 400), (5, 1000), (6, 1200)])
def test_l45_six_players_red_threes_five_1000_six_1200(reds, points):
    sides = [dict(_pair("A", (KINGS,)), red_threes=reds), _pair("B"), _pair("C")]
    assert items(score(*sides, options={"players": "6"}).sides[0])[0] == ("red_threes", points)


def test_l183_l187_match_to_5000_checked_after_the_hand_without_a_victory_bonus():
    """l. 183 the last deal is played out; l. 187 no bonus for winning: the winner's total is its score."""
    results = score_match(get_rules("classic_fr"), [{"sides": [ns(), ew()]}], {"NS": 3700, "EW": 4900})  # NS scores 1310
    last = results[-1]
    assert (last.totals, last.match_over, last.winner) == ({"NS": 5010, "EW": 4915}, True, "NS")


def test_l91_an_opening_that_holds_a_canasta_needs_no_minimum():
    """l. 91 "S'il y a un canast sous la main, il est permis de l'étaler dans tous les cas": seven 4s (35) open
    against a minimum of 120, alone or with other melds; three aces (60) do not. International keeps its rule."""
    from scorekeeper.rules.melds.verdict import check_opening
    context = MeldContext(opening_minimum=120)
    assert check_meld("classic_fr", "4 4 4 4 4 4 4", context).legal
    assert check_opening("classic_fr", ["4 4 4 4 4 4 4", "5 5 5"], context).legal
    assert [p.code for p in check_meld("classic_fr", "A A A", context).problems] == ["opening_minimum_not_reached"]
    assert [p.code for p in check_meld("international", "4 4 4 4 4 4 4", context).problems] == [
        "opening_minimum_not_reached"]
