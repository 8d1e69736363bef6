"""Italian canasta (rules_ref/italian.toml), seed 003_a7945a279b9f9fe4.txt l. 73 (shared/SEED003_DIGEST.md §4.8,
decisions S44–S50). Each test is named after the seed line or decision it proves; numbers computed by hand."""

import pytest

from scored import codes, items, score
from scorekeeper import service
from scorekeeper.rules import check_meld, get_rules
from scorekeeper.rules.outcome import match_outcome

# NS goes out with seven 2s (7 × 20 = 140), a natural canasta of kings (70) and a samba of hearts (55), four red
# threes. EW melded five 2s and two jokers (100 + 100 = 200) and Q Q Q JK (80), two red threes, a 4 in hand.
NS = {"name": "NS", "players": ["N", "S"], "red_threes": 4, "out": "out", "hand": {"N": "", "S": ""},
      "melds": ["2 2 2 2 2 2 2", "K K K K K K K", "5h 6h 7h 8h 9h 10h Jh"]}
EW = {"name": "EW", "players": ["E", "W"], "red_threes": 2, "hand": {"E": "4", "W": ""},
      "melds": ["2 2 2 2 2 JK JK", "Q Q Q JK"]}


@pytest.mark.parametrize("cards, kind, legal", [
    pytest.param("2 2 2", "group", True, id="2s form a meld of their own"),
    pytest.param("2 2 2 2 2 2 2", "deuce_canasta", True, id="seven 2s: a canasta of 2s"),
    pytest.param("2 2 2 2 2 JK JK", "mixed_deuce_canasta", True, id="2s with jokers: a mixed canasta of 2s"),
    pytest.param("2 2 2 2 2 2 2 2", "group", False, id="S45 eight 2s are too many"),
    pytest.param("K K JK", "group", True, id="jokers are wild cards"),
    pytest.param("JK JK JK", "wild_group", False, id="S45 jokers alone are no meld"),
    pytest.param("5h 6h 7h 8h 9h 10h Jh", "samba", True, id="S44 Samba's sequences"),
])
def test_l73_two_can_form_melds_of_their_own(cards, kind, legal):
    verdict = check_meld("italian", cards)
    assert (verdict.kind, verdict.legal) == (kind, legal)


def test_l73_a_hand_of_italian_by_hand():
    """NS: four red threes 4 × 200 = 800 (two canastas that count to go out: plus), natural 500, samba 1500, seven
    2s 3000 (the side went out), out 300 = 6100; melded 140 + 70 + 55 = 265: 6365. EW did not go out: its mixed
    canasta of 2s earns nothing, its cards count 200 + 80 (l. 73 "conformément aux valeurs de ces cartes"); its
    two red threes count minus (no canasta that counts to go out): -200 + 280 - 5 = 75."""
    result = score("italian", NS, EW)
    assert result.ok, codes(result)
    assert items(result.sides[0]) == [("red_threes", 4, 800), ("natural_canasta", 1, 500), ("samba", 1, 1500),
                                      ("deuce_canasta", 1, 3000), ("going_out", 1, 300)]
    assert items(result.sides[1]) == [("red_threes", 2, -200)]
    assert [s.score for s in result.sides] == [6365, 75]


def test_l73_a_canasta_of_2s_is_not_one_of_the_two_to_go_out():
    deuces = dict(NS, melds=["2 2 2 2 2 2 2", "K K K K K K K"])
    result = score("italian", deuces, EW)
    assert codes(result) == ["going_out_needs_canasta"]
    assert result.sides[0].base_items[0].points == -800        # and its red threes count minus (S49)


@pytest.mark.parametrize("reds, points", [(1, 100), (3, 300), (4, 800), (5, 1000), (6, 1200)])
def test_l73_red_threes_100_each_then_200_each_from_four(reds, points):
    side = {"name": "NS", "players": ["N", "S"], "red_threes": reds, "canastas": {"natural_canasta": 2},
            "melded_points": 200, "hand_points": 0}
    assert score("italian", side, dict(EW, red_threes=0)).sides[0].base_items[0].points == points


def _counted(canastas, options=None):
    side = {"name": "NS", "players": ["N", "S"], "red_threes": 0, "canastas": canastas, "melded_points": 1500,
            "hand_points": 0}
    result = score("italian", side, dict(EW, red_threes=0, melds=["Q Q Q JK"]), options=options)
    assert result.ok, codes(result)
    return [(b.item, b.points) for b in result.sides[0].base_items
            if b.item in ("five_pure", "five_mixed", "ten_canastas")]


@pytest.mark.parametrize("canastas, options, bonuses", [
    pytest.param({"natural_canasta": 3, "samba": 2}, None, [("five_pure", 2000)], id="five pure 2000"),
    pytest.param({"natural_canasta": 4, "mixed_canasta": 1}, None, [("five_mixed", 1000)], id="five with a mixed"),
    pytest.param({"natural_canasta": 5, "mixed_canasta": 1}, None, [("five_pure", 2000)], id="five pure win over"),
    pytest.param({"natural_canasta": 2, "mixed_canasta": 3}, None, [("five_mixed", 1000)], id="any of them mixed"),
    pytest.param({"natural_canasta": 2, "mixed_canasta": 3}, {"five_mixed": "four_pure_one_mixed"}, [],
                 id="S47 option: four pure and one mixed only"),
    pytest.param({"natural_canasta": 6, "mixed_canasta": 4}, None, [("five_pure", 2000), ("ten_canastas", 2000)],
                 id="ten canastas 2000 more"),
    pytest.param({"natural_canasta": 4}, None, [], id="four are not five"),
])
def test_l73_count_bonuses(canastas, options, bonuses):
    assert _counted(canastas, options) == bonuses


@pytest.mark.parametrize("cards, options, found", [
    pytest.param("K K K JK", None, ["opening_with_wilds"], id="S48 no wild card in the opening"),
    pytest.param("K K K | Q Q Q", None, [], id="S48 naturals reach 50"),
    pytest.param("K K K | Q Q JK", None, ["opening_with_wilds"], id="S48 nor in any meld of several"),
    pytest.param("K K K JK", {"opening": "samba"}, [], id="S48 option: Samba's opening"),
])
def test_s48_an_opening_without_wild_cards(cards, options, found):
    verdict = service.check("italian", cards, options=options, opening_minimum=50)
    assert [p["code"] for p in verdict["problems"]] == found


def test_s48_opening_table_and_l73_game_to_12000():
    rules = get_rules("italian")
    assert [rules.opening_minimum(t) for t in (-5, 0, 1500, 3000, 5000, 7500, 10000)] == [
        15, 50, 90, 120, 160, 180, 200]
    assert match_outcome(rules, {"NS": 11995, "EW": 0}) == (False, None)
    assert match_outcome(rules, {"NS": 12000, "EW": 0}) == (True, "NS")


def test_s44_s45_options():
    assert codes(check_meld(get_rules("italian", {"sequences": "no"}), "5h 6h 7h")) == ["mixed_ranks"]
    assert [k.kind for k in get_rules("italian", {"sequences": "no"}).canastas if k.shape == "sequence"] == []
    eight = check_meld(get_rules("italian", {"deuce_meld_cap": "none"}), "2 2 2 2 2 2 2 2")
    assert (eight.legal, eight.kind, eight.bonus) == (True, "deuce_canasta", 3000)


def test_l73_a_summary_side_counts_its_canastas_of_2s_apart_too():
    """Entered as totals: a canasta of 2s and a natural canasta are one canasta towards going out (l. 73), and the
    four red threes count minus (S49); with two natural canastas both hold."""
    side = {"name": "NS", "players": ["N", "S"], "red_threes": 4, "out": "out", "melded_points": 300,
            "hand_points": 0, "canastas": {"deuce_canasta": 1, "natural_canasta": 1}}
    result = score("italian", side, dict(EW, red_threes=0))
    assert codes(result) == ["going_out_needs_canasta"]
    assert result.sides[0].base_items[0].points == -800
    both = score("italian", dict(side, canastas={"deuce_canasta": 1, "natural_canasta": 2}), dict(EW, red_threes=0))
    assert both.ok, codes(both)
    assert items(both.sides[0])[:2] == [("red_threes", 4, 800), ("natural_canasta", 2, 1000)]


# --- issue 21: seed 003 l. 73 "Parmi les deux, vous pouvez faire des combinaisons indépendantes à la fois avec l'aide
# de jokers et sans cartes libres. Avant de gérer la canasta sur deux, le camp qui a montré une combinaison de deux
# n'a pas le droit de les utiliser comme cartes gratuites dans d'autres combinaisons." A 2 is a wild card (Samba's,
# under its limits) and a rank of its own: 2s alone or with jokers are a meld of 2s (digest §4.8, S45, S50).

@pytest.mark.parametrize("cards, kind, legal, wilds", [
    pytest.param("K K K 2", "group", True, 1, id="a 2 beside kings is their wild card"),
    pytest.param("K K 2", "group", True, 1, id="one 2 and two naturals: at most half wild"),
    pytest.param("K K 2 2 2", "group", False, 3, id="three wild cards are too many"),
    pytest.param("K K K K K 2 2", "mixed_canasta", True, 2, id="five kings and two 2s: a mixed canasta"),
    pytest.param("K K K K K 2 JK", "mixed_canasta", True, 2, id="a 2 and a joker: both wild"),
    pytest.param("Kh Qh Jh 2", "sequence", False, 1, id="a 2 in a sequence is wild, and sequences take none"),
])
def test_seed003_l73_a_2_is_a_wild_card_in_a_meld_of_another_rank(cards, kind, legal, wilds):
    verdict = check_meld("italian", cards)
    assert (verdict.kind, verdict.legal, verdict.wilds) == (kind, legal, wilds)


@pytest.mark.parametrize("cards, kind, legal, wilds", [
    pytest.param("2 2 2", "group", True, 0, id="three 2s: a meld of 2s without wild cards"),
    pytest.param("2 2 JK", "group", True, 1, id="2s with a joker: the joker is its wild card"),
    pytest.param("2 2 JK JK", "group", True, 2, id="two jokers, no more than the 2s"),
    pytest.param("2 JK JK", "group", False, 2, id="more jokers than 2s"),
    pytest.param("2 2 2 2 2 2 2", "deuce_canasta", True, 0, id="seven 2s: the canasta of 2s"),
    pytest.param("2 2 2 2 2 JK JK", "mixed_deuce_canasta", True, 2, id="five 2s and two jokers: mixed canasta of 2s"),
    pytest.param("JK JK JK", "wild_group", False, 3, id="jokers alone are no meld"),
])
def test_seed003_l73_2s_alone_or_with_jokers_are_a_meld_of_their_own(cards, kind, legal, wilds):
    verdict = check_meld("italian", cards)
    assert (verdict.kind, verdict.legal, verdict.wilds) == (kind, legal, wilds)
    assert verdict.rank == (None if kind == "wild_group" else "2")


def test_seed003_l73_the_checker_says_why_a_2_is_wild_here():
    """K K 2 2 2: the reason names the limits and says a 2 beside another rank is wild, 2s alone a meld."""
    verdict = check_meld("italian", "K K 2 2 2")
    assert codes(verdict) == ["too_many_wilds"]
    assert verdict.problems[0].cards == ("2", "2", "2")
    assert "a 2 in a meld of another rank is a wild card; 2s alone, or with jokers, make a meld of their own" \
        in verdict.problems[0].message
    # Samba's 2s are only wild: no word about melds of 2s there
    assert "meld of their own" not in check_meld("samba", "K K 2 2 2").problems[0].message


def test_seed003_l73_a_mixed_canasta_of_kings_holding_two_2s_scores_as_mixed():
    """NS goes out with K K K K K 2 2 (mixed canasta: 5 × 10 + 2 × 20 = 90 in cards, bonus 300) and seven queens
    (natural, 70, bonus 500), no red threes: 300 + 500 + out 300 = 1100, cards 160: 1260. EW: J J J (30), a 4 in
    hand: 30 − 5 = 25. Before issue 21 the 2s were no wild card and the hand could not be entered at all."""
    ns = {"name": "NS", "players": ["N", "S"], "red_threes": 0, "out": "out", "hand": {"N": "", "S": ""},
          "melds": ["K K K K K 2 2", "Q Q Q Q Q Q Q"]}
    ew = {"name": "EW", "players": ["E", "W"], "red_threes": 0, "hand": {"E": "4", "W": ""}, "melds": ["J J J"]}
    result = score("italian", ns, ew)
    assert result.ok, codes(result)
    assert [(i, n, p) for i, n, p in items(result.sides[0]) if p] == [
        ("natural_canasta", 1, 500), ("mixed_canasta", 1, 300), ("going_out", 1, 300)]
    assert [s.score for s in result.sides] == [1260, 25]


@pytest.mark.parametrize("cards, found", [
    pytest.param("K K K 2", ["opening_with_wilds"], id="a 2 used as a wild card is a wild card in the opening"),
    pytest.param("2 2 2 | K K K", [], id="a meld of 2s alone is natural: it opens"),
    pytest.param("2 2 2 2", [], id="2s alone reach 50 on their own"),
    pytest.param("2 2 JK", ["opening_with_wilds"], id="the joker of a meld of 2s is its wild card"),
])
def test_seed003_l73_s48_an_opening_holds_no_2_used_as_a_wild_card(cards, found):
    verdict = service.check("italian", cards, opening_minimum=50)
    assert [p["code"] for p in verdict["problems"]] == found
    if found:
        assert verdict["problems"][0]["cards"] == (["JK"] if "JK" in cards else ["2"])


def test_seed003_l73_a_summary_counts_a_canasta_of_2s_at_the_2s_value_and_from_the_wild_cards():
    """Entered as totals, a canasta of 2s holds seven 2s (7 × 20 = 140 in cards), and the deck's 2s and jokers
    (12 + 6 = 18) hold two such canastas, not three."""
    side = {"name": "NS", "players": ["N", "S"], "red_threes": 0, "melded_points": 100, "hand_points": 0,
            "canastas": {"deuce_canasta": 1}}
    assert "melded_points_too_low" in codes(score("italian", side, dict(EW, red_threes=0)))
    assert score("italian", dict(side, melded_points=140), dict(EW, red_threes=0)).ok
    three = dict(side, canastas={"deuce_canasta": 3}, melded_points=420)
    assert "canastas_exceed_deck" in codes(score("italian", three, dict(EW, red_threes=0)))


@pytest.mark.parametrize("deck, message", [
    pytest.param('wilds = ["2", "JK"]\nalso_rank = ["JK"]', "deck.also_rank", id="a joker has no rank"),
    pytest.param('wilds = ["JK"]\nalso_rank = ["2"]', "deck.also_rank", id="a rank too only where it is wild"),
])
def test_seed003_l73_also_rank_names_a_wild_2_only(write_table, deck, message):
    from scorekeeper.rules import VariantError
    body = f'extends = "italian"\nid = "italian_probe"\nname = "Italian probe"\n[deck]\n{deck}\n'
    with pytest.raises(VariantError, match=message):
        write_table("italian_probe", body)
