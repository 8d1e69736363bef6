"""Scoring a recorded hand (scorekeeper/rules/canasta/record.py, scorekeeper/rules/canasta/scoring.py).

Sources: seed 000_ffd5dc848dea5381.txt and digest §1 (base + card value, the three worked examples, D1, D2),
seeds 002/003/004 and digest §2 (international bonuses, red threes, penalties, player forms), and the
"What the app checks" lists of rules_ref/diszitett.md and rules_ref/international.md (hand-level problems).
"""

import pytest

from scorekeeper.rules import RecordError, get_rules, get_variant, parse_record, score_hand, score_match
from scorekeeper.rules.canasta.record import TYPOS_MAX
from scored import codes, items, score

# A díszített opponent who went out legally with a red canasta of eights: base 500, card value 70.
BELA_OUT = {"name": "Béla", "melds": ["8 8 8 8 8 8 8"], "out": "out", "hand": ""}
# A díszített opponent who did not go out: a group of three nines, a four in hand.
BELA_IN = {"name": "Béla", "melds": ["9 9 9"], "hand": "4"}
# International partnerships.
EW_IN = {"name": "EW", "players": ["E", "W"], "melds": ["Q Q Q"], "hand": {"E": "4", "W": ""}}
EW_OUT = {"name": "EW", "players": ["E", "W"], "melds": ["Q Q Q Q Q Q Q"], "out": "out", "hand": {"E": "", "W": "4"}}


# --- the seed's worked examples ------------------------------------------------------------------------------

def test_seed_example_card_value_110():
    """Seed 000: red canasta of eights, three aces, two jacks in hand -> card value 70 + 60 - 20 = 110."""
    anna = {"name": "Anna", "melds": ["8 8 8 8 8 8 8", "A A A"], "hand": "J J"}
    result = score("diszitett", anna, {"name": "Béla", "melds": ["K K K K K K K"], "out": "out"})
    assert codes(result) == []
    side = result.sides[0]
    assert (side.melded_value, side.hand_value, side.card_value) == (130, -20, 110)
    assert items(side) == [("red_canasta", 1, 400)]
    assert side.score == 510


def test_seed_example_1015_base_900_card_value_115():
    """Seed 000: black canasta (4 J + 3 deuces), red canasta of fives, 1 red three, 1 twin, an ace in hand:
    base 300 + 400 + 100 + 100 = 900 (the scan's "200" is an OCR error, digest §1), card value 40+60+35-20 = 115."""
    anna = {"name": "Anna", "melds": ["J J J J 2 2 2", "5 5 5 5 5 5 5"], "red_threes": 1, "twins": 1, "hand": "A"}
    result = score("diszitett", anna, BELA_OUT)
    assert codes(result) == []
    side = result.sides[0]
    assert sorted(items(side)) == sorted([("red_threes", 1, 100), ("twins", 1, 100), ("red_canasta", 1, 400),
                                          ("black_canasta", 1, 300)])
    assert (side.base, side.card_value, side.score) == (900, 115, 1015)
    assert [m.kind for m in side.melds] == ["black_canasta", "red_canasta"]
    assert side.canastas == 2
    assert result.hand_winner == ("Anna",)


@pytest.mark.parametrize("options, zsoli_bonus, base", [
    pytest.param({"black_zsoli_canasta_bonus": "1000"}, 1000, 2300,
                 id="D1 option 1000: base sums to the seed's 2300"),
    pytest.param({}, 200, 1500, id="D1 default 200: the same hand has base 1500"),
])
def test_seed_example_2300_base_needs_d1(options, zsoli_bonus, base):
    """Seed 000 third example: 4 red threes 800, 3 twins 300, black zsoli-canasta, out 100, from hand 100.
    It sums to 2300 only with a 1000-point black zsoli-canasta (D1)."""
    anna = {"name": "Anna", "melds": ["2 2 2 2 JK JK JK"], "red_threes": 4, "twins": 3, "out": "concealed"}
    result = score("diszitett", anna, BELA_IN, options=options)
    assert codes(result) == []
    side = result.sides[0]
    assert items(side) == [("red_threes", 4, 800), ("twins", 3, 300), ("black_zsoli_canasta", 1, zsoli_bonus),
                           ("going_out", 1, 100), ("concealed", 1, 100)]
    assert side.base == base
    assert (side.card_value, side.score) == (4 * 20 + 3 * 50, base + 230)


def test_international_reference_example_830():
    """rules_ref/international.md: out 100, natural canasta of kings 500 + 70, three fives 15, 2 red threes 200,
    partner holds a joker and a 7 (-55) -> 830."""
    ns = {"name": "NS", "players": ["N", "S"], "melds": ["K K K K K K K", "5 5 5"], "red_threes": 2, "out": "out",
          "hand": {"N": "", "S": "JK 7"}}
    result = score("international", ns, EW_IN)
    assert codes(result) == []
    side = result.sides[0]
    assert items(side) == [("red_threes", 2, 200), ("natural_canasta", 1, 500), ("going_out", 1, 100)]
    assert (side.melded_value, side.hand_value, side.score) == (85, -55, 830)


# --- bonuses ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("variant, count, points", [
    pytest.param("diszitett", 1, 100, id="díszített 1 red three 100"),
    pytest.param("diszitett", 2, 200, id="díszített 2 red threes 200"),
    pytest.param("diszitett", 3, 300, id="díszített 3 red threes 300"),
    pytest.param("diszitett", 4, 800, id="díszített all 4 red threes 800"),
    pytest.param("international", 1, 100, id="international 1 red three 100"),
    pytest.param("international", 3, 300, id="international 3 red threes 300"),
    pytest.param("international", 4, 800, id="international all 4 red threes 800"),
])
def test_red_threes_100_each_and_all_four_800(variant, count, points):
    """Seed 000 / digest §1 and seed 002 / digest §2: 1-3 red threes 100 each, all four 800."""
    if variant == "diszitett":
        result = score(variant, {**BELA_IN, "name": "Anna", "red_threes": count}, BELA_OUT)
    else:
        result = score(variant, {"name": "NS", "players": ["N", "S"], "melds": ["K K K"], "red_threes": count},
                       EW_OUT)
    assert codes(result) == []
    assert ("red_threes", count, points) in items(result.sides[0])


@pytest.mark.parametrize("options, melds, points", [
    pytest.param({}, [], -200, id="no melds: red threes count minus"),
    pytest.param({}, ["K K K"], 200, id="one meld: red threes count plus"),
    pytest.param({"red_three_minus": "no_canasta"}, ["K K K"], -200,
                 id="French option: a meld but no canasta counts minus"),
    pytest.param({"red_three_minus": "no_canasta"}, ["K K K K K K K"], 200,
                 id="French option: a canasta counts plus"),
])
def test_international_red_threes_count_minus_for_a_side_that_has_not_melded(options, melds, points):
    """Seed 002: red threes count minus if the side melded nothing; seed 003 option: unless it has a canasta."""
    ns = {"name": "NS", "players": ["N", "S"], "melds": melds, "red_threes": 2, "hand": {"N": "5", "S": ""}}
    result = score("international", ns, EW_OUT, options=options)
    assert codes(result) == []
    assert ("red_threes", 2, points) in items(result.sides[0])


def test_diszitett_red_threes_never_count_minus():
    """Seed 000 / rules_ref/diszitett.md: red threes are base and never count minus, even without melds."""
    result = score("diszitett", {"name": "Anna", "red_threes": 2, "hand": "5"}, BELA_OUT)
    assert codes(result) == []
    assert items(result.sides[0]) == [("red_threes", 2, 200)]
    assert result.sides[0].score == 195


def test_international_red_three_left_in_hand_costs_500():
    """Seed 002 / digest §2: a red three left in hand at the end counts -500 each; it has no card value."""
    ns = {"name": "NS", "players": ["N", "S"], "melds": ["K K K"], "hand": {"N": "3h 3d 4", "S": ""}}
    result = score("international", ns, EW_OUT)
    assert codes(result) == []
    side = result.sides[0]
    assert items(side) == [("red_threes_in_hand", 2, -1000)]
    assert (side.hand_value, side.score) == (-5, 30 - 5 - 1000)


@pytest.mark.parametrize("options, hand_value", [
    pytest.param({}, -5, id="a black three in hand costs 5 by default"),
    pytest.param({"black_three_in_hand": "100"}, -100, id="option black_three_in_hand=100 makes it cost 100"),
])
def test_international_black_three_left_in_hand(options, hand_value):
    """Digest §2: black three 5; seed 003 option: -100 in hand."""
    ns = {"name": "NS", "players": ["N", "S"], "melds": ["K K K"], "hand": {"N": "3c", "S": ""}}
    result = score("international", ns, EW_OUT, options=options)
    assert codes(result) == []
    assert (result.sides[0].hand_value, result.sides[0].score) == (hand_value, 30 + hand_value)


def test_diszitett_black_three_in_hand_costs_100():
    """Seed 000: a black three is only ever in hand and counts -100."""
    result = score("diszitett", {"name": "Anna", "melds": ["K K K"], "hand": "3c 3"}, BELA_OUT)
    assert codes(result) == []
    assert (result.sides[0].hand_value, result.sides[0].score) == (-200, -170)


@pytest.mark.parametrize("variant, out, pile, expected, total", [
    pytest.param("diszitett", "out", None, [("going_out", 1, 100)], 100, id="díszített going out 100"),
    pytest.param("diszitett", "concealed", None, [("going_out", 1, 100), ("concealed", 1, 100)], 200,
                 id="díszített out from hand 100 + 100"),
    pytest.param("diszitett", "table_clear", 10,
                 [("going_out", 1, 100), ("concealed", 1, 100), ("table_clear", 1, 100)], 300,
                 id="díszített table clear with a pile of 10: 300 in all"),
    pytest.param("diszitett", "table_clear", 25,
                 [("going_out", 1, 100), ("concealed", 1, 100), ("table_clear", 1, 100)], 300,
                 id="díszített table clear with a pile of 25: 300 in all"),
    pytest.param("international", "out", None, [("going_out", 1, 100)], 100, id="international going out 100"),
    pytest.param("international", "concealed", None, [("going_out", 1, 100), ("concealed", 1, 100)], 200,
                 id="international going out concealed 200 in total"),
])
def test_going_out_bonuses(variant, out, pile, expected, total):
    """Seed 000 (kimenés 100, kézből +100, asztaltörlés +100 with a pile >= 10) / seed 002 (100, concealed 200)."""
    if variant == "diszitett":
        anna = {"name": "Anna", "melds": ["K K K K K K K"], "out": out, "hand": ""}
        if pile is not None:
            anna["pile_size"] = pile
        result = score(variant, anna, BELA_IN)
    else:
        ns = {"name": "NS", "players": ["N", "S"], "melds": ["K K K K K K K"], "out": out, "hand": {"N": "", "S": "4"}}
        result = score(variant, ns, EW_IN)
    assert codes(result) == []
    side = result.sides[0]
    going = [i for i in items(side) if i[0] in ("going_out", "concealed", "table_clear")]
    assert going == expected
    assert sum(i[2] for i in going) == total


def test_international_stock_exhausted_hand_has_no_going_out_bonus():
    """Digest §2: a hand may end with the stock exhausted; nobody gets a going-out bonus, and it is no problem."""
    ns = {"name": "NS", "players": ["N", "S"], "melds": ["K K K K K K K"], "hand": {"N": "5", "S": "4"}}
    result = score("international", ns, EW_IN)
    assert codes(result) == []
    assert items(result.sides[0]) == [("natural_canasta", 1, 500)]
    assert items(result.sides[1]) == []


@pytest.mark.parametrize("twins, points", [
    pytest.param(1, 100, id="1 twin 100"),
    pytest.param(3, 300, id="3 twins 300"),
    pytest.param(0, None, id="no twins, no base item"),
])
def test_diszitett_twins_100_each(twins, points):
    """Seed 000 bonus table: iker 100 (each)."""
    result = score("diszitett", {"name": "Anna", "melds": ["K K K"], "twins": twins, "hand": "5"}, BELA_OUT)
    assert codes(result) == []
    twin_items = [i for i in items(result.sides[0]) if i[0] == "twins"]
    assert twin_items == ([] if points is None else [("twins", twins, points)])
    assert result.sides[0].score == 30 - 5 + (points or 0)


@pytest.mark.parametrize("variant, penalty, code, points", [
    pytest.param("international", {"code": "out_of_turn_meld"}, "out_of_turn_meld", -100,
                 id="out_of_turn_meld defaults to -100"),
    pytest.param("international", {"code": "no_canasta_going_out"}, "no_canasta_going_out", -100,
                 id="no_canasta_going_out defaults to -100"),
    pytest.param("international", {"code": "illegal_pile_pickup"}, "illegal_pile_pickup", -100,
                 id="illegal_pile_pickup defaults to -100"),
    pytest.param("international", {"code": "failed_going_out"}, "failed_going_out", -100,
                 id="failed_going_out defaults to -100"),
    pytest.param("international", {"code": "insufficient_opening"}, "insufficient_opening", -100,
                 id="insufficient_opening defaults to -100"),
    pytest.param("international", {"code": "too_many_wilds_meld"}, "too_many_wilds_meld", -100,
                 id="a meld laid with more than 3 wilds costs -100 (seed 002)"),
    pytest.param("international", {"code": "out_of_turn_meld", "points": -50}, "out_of_turn_meld", -50,
                 id="explicit points override the table"),
    pytest.param("international", {"code": "excess_wilds", "points": -240}, "excess_wilds", -240,
                 id="an unknown penalty with explicit points"),
    pytest.param("diszitett", {"code": "house_rule", "points": -75}, "house_rule", -75,
                 id="díszített records a penalty with explicit points"),
])
def test_penalties_take_default_points_from_the_table_or_explicit_points(variant, penalty, code, points):
    """Seed 002 / digest §2 penalties (-100 each); explicit points for others (record.py _penalty)."""
    if variant == "diszitett":
        result = score(variant, {"name": "Anna", "melds": ["K K K"], "hand": "", "penalties": [penalty]}, BELA_OUT)
    else:
        ns = {"name": "NS", "players": ["N", "S"], "melds": ["K K K"], "hand": "", "penalties": [penalty]}
        result = score(variant, ns, EW_OUT)
    assert codes(result) == []
    side = result.sides[0]
    assert [(p.item, p.points) for p in side.penalty_items] == [(code, points)]
    assert (side.penalty, side.score) == (points, 30 + points)      # K K K melded: 30


def test_several_penalties_add_up():
    """Each recorded penalty counts (seed 002: -100 for each offence)."""
    ns = {"name": "NS", "players": ["N", "S"], "melds": ["K K K"], "hand": "",
          "penalties": [{"code": "out_of_turn_meld"}, {"code": "illegal_pile_pickup"}, {"code": "x", "points": -5}]}
    result = score("international", ns, EW_OUT)
    assert result.sides[0].penalty == -205
    assert result.sides[0].score == 30 - 205


# --- next opening minimum (D2, digest §2) ------------------------------------------------------------------

@pytest.mark.parametrize("options, total, minimum", [
    pytest.param({}, 0, 50, id="D2 by total: 0 -> 50"),
    pytest.param({}, -500, 50, id="D2 by total: negative -> 50"),
    pytest.param({}, 4999, 50, id="D2 by total: 4999 -> 50"),
    pytest.param({}, 5000, 75, id="D2 by total: 5000 -> 75"),
    pytest.param({}, 6999, 75, id="D2 by total: 6999 -> 75"),
    pytest.param({}, 7000, 90, id="D2 by total: 7000 -> 90"),
    pytest.param({}, 8999, 90, id="D2 by total: 8999 -> 90"),
    pytest.param({}, 9000, 120, id="D2 by total: 9000 -> 120"),
    pytest.param({"opening_minimum": "50"}, 9500, 50, id="D2 fixed 50 for everyone"),
    pytest.param({"opening_minimum": "75"}, 0, 75, id="D2 fixed 75 for everyone"),
    pytest.param({"opening_minimum": "90"}, 6000, 90, id="D2 fixed 90 for everyone"),
    pytest.param({"opening_minimum": "120"}, 0, 120, id="D2 fixed 120 for everyone"),
])
def test_diszitett_opening_minimum_by_total_d2(options, total, minimum):
    """D2: by each player's total in the taxation brackets (50/75/90/120), or one fixed agreed value."""
    assert get_rules("diszitett", options).opening_minimum(total) == minimum


@pytest.mark.parametrize("options, total, minimum", [
    pytest.param({}, -5, 15, id="negative -> 15"),
    pytest.param({}, 0, 50, id="0 -> 50"),
    pytest.param({}, 1495, 50, id="1495 -> 50"),
    pytest.param({}, 1500, 90, id="1500 -> 90"),
    pytest.param({}, 2995, 90, id="2995 -> 90"),
    pytest.param({}, 3000, 120, id="3000 -> 120"),
    pytest.param({}, 4995, 120, id="4995 -> 120"),
    pytest.param({"game_to": "7500"}, -5, 15, id="game to 7500: negative -> 15"),
    pytest.param({"game_to": "7500"}, 1495, 50, id="game to 7500: 1495 -> 50"),
    pytest.param({"game_to": "7500"}, 1500, 70, id="game to 7500: 1500 -> 70"),
    pytest.param({"game_to": "7500"}, 3000, 90, id="game to 7500: 3000 -> 90"),
    pytest.param({"game_to": "7500"}, 4995, 90, id="game to 7500: 4995 -> 90"),
    pytest.param({"game_to": "7500"}, 5000, 120, id="game to 7500: 5000 -> 120"),
    pytest.param({"players": "3_cutthroat"}, 1500, 70, id="cutthroat uses the 7500 table"),
])
def test_international_opening_minimum_by_side_total(options, total, minimum):
    """Digest §2: negative 15, 0-1495 50, 1500-2995 90, >= 3000 120; seed 003 game to 7500: 50/70/90/120."""
    assert get_rules("international", options).opening_minimum(total) == minimum


@pytest.mark.parametrize("before, taxed, minimum", [
    pytest.param(4000, 1015, 75, id="4000 + 1015 untaxed = 5015: next minimum 75"),
    pytest.param(3000, 1015, 50, id="3000 + 1015 = 4015: next minimum 50"),
    pytest.param(6500, 510, 90, id="6500 + 1015 halved 510 = 7010: next minimum 90"),
    pytest.param(8800, 255, 120, id="8800 + 1015 quartered 255 = 9055: next minimum 120"),
])
def test_next_opening_minimum_follows_the_total_after_the_hand(before, taxed, minimum):
    """Seed 000: the new total 'tells the next hand's minimum' (D2 default brackets)."""
    anna = {"name": "Anna", "melds": ["J J J J 2 2 2", "5 5 5 5 5 5 5"], "red_threes": 1, "twins": 1, "hand": "A"}
    result = score("diszitett", anna, BELA_OUT, totals={"Anna": before})
    side = result.sides[0]
    assert (side.score, side.taxed, side.total, side.next_opening_minimum) == (1015, taxed, before + taxed, minimum)


def test_international_next_opening_minimum_for_each_side():
    """Digest §2: each side's next minimum follows its own total (here -30 -> 15 and 1400 + 665 -> 90)."""
    ns = {"name": "NS", "players": ["N", "S"], "melds": ["K K K"], "hand": {"N": "JK 5 5", "S": ""}}
    result = score("international", ns, EW_OUT, totals={"NS": 0, "EW": 1400})
    assert [(s.total, s.next_opening_minimum) for s in result.sides] == [(-30, 15), (1400 + 665, 90)]


# --- hand-level problems -------------------------------------------------------------------------------------

def _problem(result, code):
    found = [p for p in result.problems if p.code == code]
    assert len(found) == 1, codes(result)
    return found[0]


@pytest.mark.parametrize("variant, sides, options, code, side, field", [
    pytest.param("diszitett", [{"name": "Anna", "melds": ["K K K", "K K K K K K K"], "out": "out"}, BELA_IN], {},
                 "duplicate_rank_meld", "Anna", "sides[0].melds", id="díszített two groups of kings"),
    pytest.param("international", [{"name": "NS", "players": ["N", "S"], "melds": ["5 5 5", "5 5 2", "K K K K K K K"],
                                    "out": "out"}, EW_IN], {},
                 "duplicate_rank_meld", "NS", "sides[0].melds", id="international two melds of fives"),
    pytest.param("diszitett", [{"name": "Anna", "players": ["Anna", "Cili"], "melds": ["K K K K K K K"], "out": "out"},
                               BELA_IN], {},
                 "too_many_players", "Anna", "sides[0].players", id="díszített has no partnerships"),
    pytest.param("international", [{"name": "NS", "players": ["N", "S", "X"], "melds": ["K K K K K K K"],
                                    "out": "out"}, EW_IN], {},
                 "too_many_players", "NS", "sides[0].players", id="international 4: 3 players on a side"),
    pytest.param("international", [{"name": "A", "players": ["A1", "A2"], "melds": ["K K K K K K K"], "out": "out"},
                                   {"name": "B", "hand": "4"}], {"players": "2"},
                 "too_many_players", "A", "sides[0].players", id="international 2: each plays alone"),
    pytest.param("international", [{"name": "NS", "players": ["N", "S"], "melds": ["K K K K K K K"], "twins": 1,
                                    "out": "out"}, EW_IN], {},
                 "twins_not_in_variant", "NS", "sides[0].twins", id="international has no twins"),
    pytest.param("diszitett", [{"name": "Anna", "melds": ["K K K"], "hand": "3h"}, BELA_OUT], {},
                 "red_three_in_hand", "Anna", "sides[0].hand", id="díszített red three left in hand"),
    pytest.param("diszitett", [{"name": "Anna", "melds": ["K K K K K K"], "out": "out"}, BELA_IN], {},
                 "going_out_needs_canasta", "Anna", "sides[0].out", id="díszített going out without a canasta"),
    pytest.param("diszitett", [{"name": "Anna", "melds": ["K K K K K K K 2"], "out": "out"}, BELA_IN], {},
                 "going_out_needs_canasta", "Anna", "sides[0].out",
                 id="díszített an illegal 8-card group is no canasta to go out with"),
    pytest.param("international", [{"name": "NS", "players": ["N", "S"], "melds": ["K K K K K K"], "out": "out"},
                                   EW_IN], {},
                 "going_out_needs_canasta", "NS", "sides[0].out", id="international going out without a canasta"),
    pytest.param("international", [{"name": "A", "melds": ["K K K K K K K"], "out": "out"},
                                   {"name": "B", "hand": "4"}], {"players": "2"},
                 "going_out_needs_canasta", "A", "sides[0].out", id="2-player international needs 2 canastas"),
    pytest.param("international", [{"name": "A", "melds": ["K K K K K K K"], "out": "out"},
                                   {"name": "B", "hand": "4"}, {"name": "C", "hand": "5"}], {"players": "3_swedish"},
                 "going_out_needs_canasta", "A", "sides[0].out", id="3_swedish needs 2 canastas"),
    pytest.param("diszitett", [{"name": "Anna", "melds": ["K K K K K K K"], "out": "out", "hand": "5"}, BELA_IN], {},
                 "cards_in_hand_after_going_out", "Anna", "sides[0].hand", id="díszített out with a card in hand"),
    pytest.param("international", [{"name": "NS", "players": ["N", "S"], "melds": ["K K K K K K K"], "out": "out",
                                    "hand": {"N": "5", "S": "6"}}, EW_IN], {},
                 "cards_in_hand_after_going_out", "NS", "sides[0].hand",
                 id="international out but both partners hold cards"),
    pytest.param("international", [{"name": "NS", "players": ["N", "S"], "melds": ["K K K K K K K"],
                                    "out": "table_clear", "pile_size": 12}, EW_IN], {},
                 "table_clear_not_in_variant", "NS", "sides[0].out", id="international has no table clear"),
    pytest.param("diszitett", [{"name": "Anna", "melds": ["K K K K K K K"], "out": "table_clear"}, BELA_IN], {},
                 "pile_size_missing", "Anna", "sides[0].pile_size", id="díszített table clear without pile size"),
    pytest.param("diszitett", [{"name": "Anna", "melds": ["K K K K K K K"], "out": "table_clear", "pile_size": 9},
                               BELA_IN], {},
                 "table_clear_pile_too_small", "Anna", "sides[0].pile_size",
                 id="díszített table clear with a pile of 9"),
])
def test_side_level_problem_codes(variant, sides, options, code, side, field):
    """rules_ref 'What the app checks': each side-level rule gives its code, side and field."""
    result = score(variant, *sides, options=options)
    found = _problem(result, code)
    assert (found.side, found.field) == (side, field)
    assert found.message.startswith(side)
    assert result.ok is False and (result.match_over, result.winner) == (False, None)


def test_duplicate_rank_meld_names_the_cards_of_both_melds():
    """One meld per rank per side (seed 002; díszített option one_group_per_rank)."""
    result = score("diszitett", {"name": "Anna", "melds": ["K K K", "K K 2", "8 8 8 8 8 8 8"], "out": "out"}, BELA_IN)
    assert codes(result) == ["duplicate_rank_meld"]
    assert list(result.problems[0].cards) == ["K", "K", "K", "K", "K", "2"]


@pytest.mark.parametrize("variant, options, melds", [
    pytest.param("diszitett", {"one_group_per_rank": "no"}, ["K K K", "K K 2", "8 8 8 8 8 8 8"],
                 id="díszített option one_group_per_rank=no allows two groups of kings"),
    pytest.param("diszitett", {}, ["2 2 JK", "2 JK JK", "8 8 8 8 8 8 8"],
                 id="díszített all-zsoli groups may be several"),
    pytest.param("diszitett", {}, ["2 2 2 2 2 2 2", "JK JK JK JK JK JK JK"],
                 id="díszített two red zsoli-canastas may be held together"),
])
def test_several_groups_allowed_where_the_rules_allow_them(variant, options, melds):
    """rules_ref/diszitett.md: one group per rank per player unless one_group_per_rank=no; zsoli groups exempt."""
    result = score(variant, {"name": "Anna", "melds": melds, "out": "out"}, BELA_IN, options=options)
    assert codes(result) == []


@pytest.mark.parametrize("options, melds", [
    pytest.param({"players": "2", "two_player_canastas": "1"}, ["K K K K K K K"],
                 id="2-player international with two_player_canastas=1 goes out with 1 canasta"),
    pytest.param({"players": "2"}, ["K K K K K K K", "Q Q Q Q 2 2 JK"],
                 id="2-player international goes out with 2 canastas"),
])
def test_two_player_international_going_out(options, melds):
    """Seed 002 says 2 canastas to go out with 2 players, seed 004 says 1 (option two_player_canastas)."""
    result = score("international", {"name": "A", "melds": melds, "out": "out"}, {"name": "B", "hand": "4"},
                   options=options)
    assert codes(result) == []


def test_swedish_three_player_goes_out_with_two_canastas():
    """Seed 004: the 3-player Swedish form needs 2 canastas to go out."""
    result = score("international", {"name": "A", "melds": ["K K K K K K K", "Q Q Q Q Q Q Q"], "out": "out"},
                   {"name": "B", "hand": "4"}, {"name": "C", "hand": "5"}, options={"players": "3_swedish"})
    assert codes(result) == []


def test_partner_of_the_player_who_went_out_may_hold_cards():
    """Seed 002: only the player who went out has an empty hand; the partner's cards count minus."""
    ns = {"name": "NS", "players": ["N", "S"], "melds": ["K K K K K K K"], "out": "out", "hand": {"N": "", "S": "A"}}
    result = score("international", ns, EW_IN)
    assert codes(result) == []
    assert result.sides[0].hand_value == -20


def test_meld_problems_are_located_at_their_side_and_meld():
    """scoring.py: a bad meld in a record reports its side and the field sides[i].melds[j]."""
    result = score("diszitett", BELA_IN | {"name": "Anna", "melds": ["9 9 9", "K K 2 2"]}, BELA_OUT)
    meld = _problem(result, "too_many_wilds")
    assert (meld.side, meld.field, list(meld.cards)) == ("Anna", "sides[0].melds[1]", ["2", "2"])
    assert meld.message.startswith("Anna: ")


@pytest.mark.parametrize("variant, sides, options, code, offending", [
    pytest.param("diszitett", [{"name": "Anna", "melds": ["K K K K K K K"], "out": "out"}], {},
                 "wrong_number_of_sides", [], id="díszített needs 2 players"),
    pytest.param("diszitett", [{"name": f"P{i}", "hand": "4"} for i in range(6)] +
                 [{"name": "P6", "melds": ["K K K K K K K"], "out": "out"}], {},
                 "wrong_number_of_sides", [], id="díszített allows at most 6 players"),
    pytest.param("international", [{"name": "NS", "players": ["N", "S"]}, EW_IN, {"name": "X", "hand": "5"}], {},
                 "wrong_number_of_sides", [], id="international 4 is played by 2 sides"),
    pytest.param("international", [{"name": "A", "hand": "4"}, {"name": "B", "hand": "5"}], {"players": "3"},
                 "wrong_number_of_sides", [], id="international 3 is played by 3 sides"),
    pytest.param("diszitett", [{"name": "Anna", "melds": ["K K K K K K K"], "out": "out"}, BELA_OUT], {},
                 "several_went_out", [], id="díszített two players out"),
    pytest.param("international", [{"name": "NS", "players": ["N", "S"], "melds": ["K K K K K K K"], "out": "out"},
                                   EW_OUT], {},
                 "several_went_out", [], id="international both sides out"),
    pytest.param("diszitett", [{"name": "Anna", "melds": ["K K K"], "hand": "5"}, BELA_IN], {},
                 "nobody_went_out", [], id="díszített hand ends only when someone goes out"),
    pytest.param("diszitett", [{"name": "Anna", "red_threes": 3, "hand": "5"}, BELA_OUT | {"red_threes": 2}], {},
                 "too_many_red_threes", [], id="díszített 5 red threes recorded"),
    pytest.param("diszitett", [{"name": "Anna", "red_threes": 4, "hand": "3h"}, BELA_OUT], {},
                 "too_many_red_threes", [], id="díszített a red three in hand counts toward the 4"),
    pytest.param("international", [{"name": "NS", "players": ["N", "S"], "red_threes": 3, "hand": {"N": "3h 3d"}},
                                   EW_OUT], {},
                 "too_many_red_threes", [], id="international 3 laid and 2 in hand"),
    pytest.param("international", [{"name": "A", "red_threes": 4, "hand": "5"},
                                   {"name": "B", "red_threes": 3, "hand": "5"},
                                   {"name": "C", "melds": ["K K K K K K K", "Q Q Q Q Q Q Q"], "out": "out"}],
                 {"players": "3_swedish"}, "too_many_red_threes", [], id="3_swedish 7 red threes"),
    pytest.param("diszitett", [{"name": "Anna", "melds": ["A A A A A A A"], "hand": "A A"}, BELA_OUT], {},
                 "too_many_copies", ["A"] * 9, id="díszített 9 aces"),
    pytest.param("diszitett", [{"name": "Anna", "melds": ["JK JK JK JK JK JK JK", "JK 2 2"], "hand": "JK"},
                               BELA_OUT], {},
                 "too_many_copies", ["JK"] * 9, id="díszített 9 jokers (the deck has 8)"),
    pytest.param("diszitett", [{"name": "Anna", "melds": ["K K K"], "hand": "3c 3s 3"}, BELA_OUT | {"hand": ""},
                               {"name": "Cili", "hand": "3 3c"}], {},
                 "too_many_copies", ["3c", "3s", "3", "3", "3c"], id="díszített 5 black threes"),
    pytest.param("diszitett", [{"name": "Anna", "melds": ["2 2 2 2 2 2 2"], "hand": "2"}, BELA_OUT,
                               {"name": "Cili", "melds": ["K K 2"], "hand": ""}], {},
                 "too_many_copies", ["2"] * 9, id="díszített 9 deuces across players"),
    pytest.param("international", [{"name": "NS", "players": ["N", "S"], "melds": ["K K K K JK JK JK"],
                                    "hand": {"N": "JK", "S": "JK"}}, EW_OUT], {},
                 "too_many_copies", ["JK"] * 5, id="international 5 jokers (the deck has 4)"),
    pytest.param("international", [{"name": "A", "melds": ["JK JK JK K K K K"], "hand": "JK JK"},
                                   {"name": "B", "melds": ["Q Q Q Q Q Q Q", "5 5 5 5 5 5 5"], "out": "out"},
                                   {"name": "C", "hand": "JK JK"}], {"players": "3_swedish"},
                 "too_many_copies", ["JK"] * 7, id="3_swedish 7 jokers (the deck has 6)"),
])
def test_hand_level_problem_codes(variant, sides, options, code, offending):
    """rules_ref 'What the app checks': side count, one player out, nobody out, deck conservation."""
    result = score(variant, *sides, options=options)
    found = _problem(result, code)
    assert found.field == "sides"
    assert list(found.cards) == offending
    assert (result.ok, result.match_over, result.winner) == (False, False, None)


@pytest.mark.parametrize("variant, sides, options", [
    pytest.param("diszitett", [{"name": "Anna", "melds": ["JK JK JK JK JK JK JK", "JK 2 2"], "hand": ""},
                               {"name": "Béla", "melds": ["8 8 8 8 8 8 8"], "out": "out", "hand": ""}], {},
                 id="díszített 8 jokers are fine"),
    pytest.param("diszitett", [{"name": "Anna", "melds": ["A A A A A A A"], "hand": "A", "red_threes": 2},
                               BELA_OUT | {"red_threes": 2}], {},
                 id="díszített 8 aces and 4 red threes are fine"),
    pytest.param("international", [{"name": "NS", "players": ["N", "S"], "melds": ["K K K K JK JK JK"],
                                    "hand": {"N": "JK"}, "red_threes": 4}, EW_OUT], {},
                 id="international 4 jokers and 4 red threes are fine"),
    pytest.param("international", [{"name": "A", "melds": ["JK JK JK K K K K"], "hand": "JK JK", "red_threes": 6},
                                   {"name": "B", "melds": ["Q Q Q Q Q Q Q", "K K K K K K K"], "out": "out"},
                                   {"name": "C", "hand": "JK K"}], {"players": "3_swedish"},
                 id="3_swedish 6 jokers, 12 kings and 6 red threes are fine"),
    pytest.param("international", [{"name": "NS", "players": ["N", "S"], "melds": ["K K K"], "hand": {"N": "5"}},
                                   EW_IN], {},
                 id="international hand may end with nobody out"),
])
def test_full_deck_limits_are_no_problem(variant, sides, options):
    """Deck conservation allows exactly what the deck holds (digest §1: 8 jokers; §2: 4 jokers; seed 004: 6)."""
    assert codes(score(variant, *sides, options=options)) == []


@pytest.mark.parametrize("variant, sides, options, where, code, offending", [
    pytest.param("international", [{"name": "NS", "players": ["N", "S"], "melds": ["K K K K K K K K K"],
                                    "out": "out", "hand": {"N": "", "S": "4"}}, EW_IN], {},
                 "sides[0].melds[0]", "more_copies_than_deck", ["K"] * 9,
                 id="international 9 kings in one meld: with that meld, once"),
    pytest.param("diszitett", [{"name": "Anna", "melds": ["5h 5h 5h 5 5 5 5"], "hand": "4"}, BELA_OUT], {},
                 "sides[0].melds[0]", "more_copies_than_deck", ["5h"] * 3,
                 id="díszített 3 fives of hearts in a meld"),
    pytest.param("international", [{"name": "NS", "players": ["N", "S"], "melds": ["Kh Kh K K K K K"],
                                    "out": "out", "hand": {"N": "", "S": "Kh"}}, EW_IN], {},
                 "sides", "too_many_copies", ["Kh"] * 3, id="international a third king of hearts in a hand"),
    pytest.param("diszitett", [{"name": "Anna", "melds": ["JK JK JK JK JK JK JK"], "hand": "4"},
                               {"name": "Béla", "melds": ["8 8 8 8 8 8 8", "Q Q Q JK JK"], "out": "out"}], {},
                 "sides", "too_many_copies", ["JK"] * 9, id="díszített 9 jokers in two sides' melds"),
])
def test_a_hand_holds_no_more_copies_of_a_card_than_the_deck(variant, sides, options, where, code, offending):
    """The melds of a hand are judged with check_meld, so a meld over the deck is a problem of that meld (said
    once); over the whole hand, suited cards count by the packs too (seed 002_7cd961f2d9c875a7.txt: 2 packs)."""
    result = score(variant, *sides, options=options)
    copies = [p for p in result.problems if p.code in ("more_copies_than_deck", "too_many_copies")]
    assert [(p.code, p.field, list(p.cards)) for p in copies] == [(code, where, offending)]
    assert (result.ok, result.match_over) == (False, False)


def seated(*sizes):
    """Sides S1, S2, ... of these sizes (players P1, P2, ...): the first went out with a canasta of kings, the
    others hold a 4. A size of 0 is a side given by its name only."""
    names = iter(f"P{n}" for n in range(1, 20))
    sides = []
    for i, size in enumerate(sizes):
        players = [next(names) for _ in range(size)] or [f"S{i + 1}"]
        side = {"name": f"S{i + 1}", "players": players, "hand": {players[0]: "" if i == 0 else "4"}}
        sides.append(side | ({"melds": ["K K K K K K K"], "out": "out"} if i == 0 else {"melds": ["Q Q Q"]}))
    return sides


# Seed 002_7cd961f2d9c875a7.txt, "Kanaszta hármasban / ötösben / hatosban": in cutthroat the first to take the
# pile plays alone and "a másik két játékos egymás partnerévé válik" (until then everyone is alone); "Ötösben az
# egyik fél három játékosból áll" (3 + 2, one of the three sits out each hand); six play 3 + 3.
@pytest.mark.parametrize("form, sizes, fits", [
    pytest.param("3_cutthroat", (1, 2), True, id="cutthroat: one alone against two"),
    pytest.param("3_cutthroat", (2, 1), True, id="cutthroat: two against one"),
    pytest.param("3_cutthroat", (1, 1, 1), True, id="cutthroat: everyone alone (nobody took the pile)"),
    pytest.param("3_cutthroat", (2, 2), False, id="cutthroat: 2 + 2 is four players"),
    pytest.param("3_cutthroat", (1, 1), False, id="cutthroat: 1 + 1 is two players"),
    pytest.param("5", (3, 2), True, id="five: a side of three and a side of two"),
    pytest.param("5", (2, 3), True, id="five: two and three"),
    pytest.param("5", (3, 3), False, id="five: 3 + 3 is six players"),
    pytest.param("5", (2, 2), False, id="five: 2 + 2 is four players"),
    pytest.param("6", (3, 3), True, id="six: 3 + 3"),
    pytest.param("6", (3, 2), False, id="six: 3 + 2 is five players"),
    pytest.param("4", (2, 2), True, id="four: two partnerships"),
    pytest.param("4", (2, 1), False, id="four: 2 + 1 is three players"),
    pytest.param("6", (3, 0), True, id="six: three and a side named only"),
    # A partnership named only says nothing of its players (a match created with side names only).
    pytest.param("4", (0, 0), True, id="four: partnerships given by their names only"),
    pytest.param("5", (3, 0), True, id="five: three and a side named only"),
    pytest.param("3_cutthroat", (0, 0), False, id="cutthroat: two sides named only are two players"),
])
def test_every_form_seats_its_number_of_players_in_all(form, sizes, fits):
    """Only the cap per side was checked: cutthroat took 2 + 2 and 1 + 1, the five-player form 3 + 3."""
    result = score("international", *seated(*sizes), options={"players": form})
    if fits:
        assert codes(result) == []
    else:
        [found] = [p for p in result.problems if p.code == "wrong_number_of_players"]
        assert found.field == "sides"
        assert f"the record lists {sum(max(size, 1) for size in sizes)}" in found.message
        assert (result.ok, result.match_over) == (False, False)


# --- cutthroat (players=3_cutthroat) -------------------------------------------------------------------------

def test_cutthroat_partners_share_the_side_score_but_keep_their_own_red_threes():
    """Seed 002 cutthroat: partners each get the side's score, but red threes count for who laid them."""
    ann = {"name": "Ann", "melds": ["K K K K K K K"], "red_threes": 1, "out": "out"}
    bc = {"name": "BC", "players": ["Bob", "Cid"], "melds": ["Q Q Q"], "red_threes": {"Bob": 1, "Cid": 2},
          "hand": {"Bob": "4", "Cid": "5 5"}}
    result = score("international", ann, bc, options={"players": "3_cutthroat"},
                   totals={"Ann": 1000, "Bob": 2000, "Cid": 3000})
    assert codes(result) == []
    ann_side, bc_side = result.sides
    assert (ann_side.score, bc_side.score) == (100 + 500 + 100 + 70, 300 + 30 - 15)
    assert [(p.name, p.score, p.total, p.next_opening_minimum) for p in ann_side.player_results] == \
        [("Ann", 770, 1770, 70)]
    # side without red threes: 15; Bob adds his 1 red three (100), Cid her 2 (200)
    assert [(p.name, p.score, p.total, p.next_opening_minimum) for p in bc_side.player_results] == \
        [("Bob", 115, 2115, 70), ("Cid", 215, 3215, 90)]
    assert result.totals == {"Ann": 1770, "Bob": 2115, "Cid": 3215}


def test_cutthroat_red_threes_of_a_side_without_melds_count_minus_for_their_owner():
    """Seed 002: red threes count minus for a side that melded nothing; in cutthroat each for its owner."""
    ann = {"name": "Ann", "melds": ["K K K K K K K"], "out": "out"}
    bc = {"name": "BC", "players": ["Bob", "Cid"], "red_threes": {"Cid": 3}, "hand": {"Bob": "4", "Cid": ""}}
    result = score("international", ann, bc, options={"players": "3_cutthroat"})
    assert codes(result) == []
    assert [(p.name, p.score) for p in result.sides[1].player_results] == [("Bob", -5), ("Cid", -305)]


# --- record errors -------------------------------------------------------------------------------------------

_GOOD = {"variant": "diszitett", "sides": [{"name": "Anna", "melds": ["K K K"], "hand": "5"}, BELA_OUT]}


def _with(path_value):
    import copy
    record = copy.deepcopy(_GOOD)
    for path, value in path_value:
        node = record
        *parents, last = path
        for key in parents:
            node = node[key]
        node[last] = value
    return record


@pytest.mark.parametrize("record, field", [
    pytest.param(_with([(("variant",), "rummy")]), "variant", id="unknown variant"),
    pytest.param(_with([(("variant",), None)]), "variant", id="missing variant"),
    pytest.param(_with([(("options",), {"colour": "red"})]), "options.colour", id="unknown option"),
    pytest.param(_with([(("options",), {"top_tie": "coin"})]), "options.top_tie", id="unknown option choice"),
    pytest.param(_with([(("options",), ["top_tie"])]), "options", id="options not an object"),
    pytest.param(_with([(("sides", 1, "melds"), ["8 8 8 8 8 8 8", "K Q X"])]), "sides[1].melds[1]",
                 id="bad card in sides[1].melds[1]"),
    pytest.param(_with([(("sides", 1, "melds"), ["8 8 8 8 8 8 8 1"])]), "sides[1].melds[0]",
                 id="bad card in sides[1].melds[0]"),
    pytest.param(_with([(("sides", 0, "hand"), "5 y")]), "sides[0].hand", id="bad card in a hand"),
    pytest.param(_with([(("sides", 0, "melds"), [""])]), "sides[0].melds[0]", id="an empty meld"),
    pytest.param(_with([(("sides", 0, "melds"), "K K K")]), "sides[0].melds", id="melds not a list"),
    pytest.param(_with([(("sides", 0, "melds"), [7])]), "sides[0].melds[0]", id="a meld that is not text"),
    pytest.param(_with([(("sides", 0, "twins"), -1)]), "sides[0].twins", id="negative twins"),
    pytest.param(_with([(("sides", 0, "twins"), True)]), "sides[0].twins", id="bool where int (twins)"),
    pytest.param(_with([(("sides", 0, "red_threes"), 1.0)]), "sides[0].red_threes", id="float where int"),
    pytest.param(_with([(("sides", 0, "red_threes"), False)]), "sides[0].red_threes", id="bool where int (red threes)"),
    pytest.param(_with([(("sides", 0, "pile_size"), "ten")]), "sides[0].pile_size", id="pile size as text"),
    pytest.param(_with([(("sides", 0, "colour"), "red")]), "sides[0].colour", id="unknown side field"),
    pytest.param(_with([(("comment",), "x")]), "comment", id="unknown top-level field"),
    pytest.param(_with([(("sides", 0, "out"), "yes")]), "sides[0].out", id="unknown way to end"),
    pytest.param(_with([(("sides", 0, "name"), " ")]), "sides[0].name", id="blank side name"),
    pytest.param(_with([(("sides", 0, "players"), ["Anna", "Anna"])]), "sides[0].players", id="a player listed twice"),
    pytest.param(_with([(("sides", 0, "hand"), {"Zoli": "5"})]), "sides[0].hand.Zoli",
                 id="hand of someone not on the side"),
    pytest.param(_with([(("sides", 0, "penalties"), [{"code": "house_rule"}])]), "sides[0].penalties[0].points",
                 id="unknown penalty without points"),
    pytest.param(_with([(("sides", 0, "penalties"), [{"points": -100}])]), "sides[0].penalties[0].code",
                 id="penalty without a code"),
    pytest.param(_with([(("sides", 0, "penalties"), [{"code": "x", "points": "-100"}])]),
                 "sides[0].penalties[0].points", id="penalty points as text"),
    pytest.param(_with([(("sides", 0, "penalties"), [{"code": "x", "points": -1, "why": "?"}])]),
                 "sides[0].penalties[0].why", id="unknown penalty field"),
    pytest.param(_with([(("sides",), [])]), "sides", id="no sides"),
    pytest.param(_with([(("sides", 1, "name"), "Anna")]), "sides", id="two sides share a name"),
    pytest.param(_with([(("totals_before",), {"Zoli": 100})]), "totals_before.Zoli", id="total of a stranger"),
    pytest.param(_with([(("totals_before",), {"Anna": True})]), "totals_before.Anna", id="bool where int (total)"),
    pytest.param(_with([(("totals_before",), [100])]), "totals_before", id="totals not an object"),
    pytest.param(["not", "an", "object"], "", id="record not an object"),
])
def test_malformed_record_raises_record_error_with_field_path(record, field):
    """record.py: malformed input raises RecordError whose field is a path into the record."""
    with pytest.raises(RecordError) as caught:
        parse_record(record)
    assert caught.value.field == field


# International partnership (tests/web/test_sheet.py): NS natural canasta 500 + out 100 + 7 kings 70, S holds a
# 4 (-5) -> 665; EW 3 queens 30 - 4 - A 20 -> 5.
NS_665 = {"name": "NS", "players": ["N", "S"], "melds": ["K K K K K K K"], "out": "out", "hand": {"N": "", "S": "4"}}
EW_5 = {"name": "EW", "players": ["E", "W"], "melds": ["Q Q Q"], "hand": {"E": "4", "W": "A"}}
# Cutthroat (seed 002_7cd961f2d9c875a7.txt): Ann alone against Bob and Cid, totals kept per player.
ANN_ALONE = {"name": "Ann", "melds": ["K K K K K K K"], "out": "out"}
BOB_CID = {"name": "Bob+Cid", "players": ["Bob", "Cid"], "melds": ["Q Q Q"], "hand": {"Bob": "4", "Cid": "5"}}


@pytest.mark.parametrize("options, sides, totals, refused", [
    pytest.param({}, [NS_665, EW_5], {"N": 4900}, "totals_before.N", id="a partner's name in a partnership game"),
    pytest.param({}, [NS_665, EW_5], {"NS": 4900, "W": 10}, "totals_before.W", id="a side and a partner's name"),
    pytest.param({"players": "3_cutthroat"}, [ANN_ALONE, BOB_CID], {"Bob+Cid": 300}, "totals_before.Bob+Cid",
                 id="a side's name where each player is scored (cutthroat)"),
])
def test_totals_before_names_only_what_the_variant_scores(options, sides, totals, refused):
    """A total under a name the variant does not score was read and never looked up: {"N": 4900} in a
    partnership game scored 665 instead of 5565 and the game did not end. Totals are kept per side, or per
    player only where the variant scores each player (score_per = "player": cutthroat, seed 002)."""
    with pytest.raises(RecordError) as caught:
        score("international", *sides, options=options, totals=totals)
    assert caught.value.field == refused
    assert repr(refused.split(".", 1)[1]) in str(caught.value)


@pytest.mark.parametrize("options, sides, totals, expected, winner", [
    pytest.param({}, [NS_665, EW_5], {"NS": 4900}, {"NS": 5565, "EW": 5}, "NS", id="by side: 4900 + 665 ends it"),
    pytest.param({"players": "3_cutthroat"}, [ANN_ALONE, BOB_CID], {"Ann": 7000, "Cid": 40},
                 {"Ann": 7670, "Bob": 20, "Cid": 60}, "Ann", id="by player in cutthroat: 7000 + 670 ends it"),
])
def test_totals_before_by_the_names_the_variant_scores_count(options, sides, totals, expected, winner):
    result = score("international", *sides, options=options, totals=totals)
    assert codes(result) == []
    assert (result.totals, result.match_over, result.winner) == (expected, True, winner)


def test_bad_card_record_error_names_the_token_and_position():
    """A notation error inside a record keeps the token and position in its message (cards.py contract), in the
    player's words (issue 11: the notation is said once after all of them, not as a lecture per card)."""
    with pytest.raises(RecordError) as caught:
        parse_record(_with([(("sides", 1, "melds"), ["8 8 8 8 8 8 8", "K Q X"])]))
    assert str(caught.value).startswith("sides[1].melds[1]: 'X' (card 3) is not a card (cards are 4–10")
    assert [(e.field, e.reason) for e in caught.value.every] == [("sides[1].melds[1]", "'X' (card 3) is not a card")]


def test_every_unreadable_card_of_a_record_is_reported_at_once_each_at_its_field():
    """Issue 11: the record is read to its end, so three typos in three fields (two in one meld) are four errors
    in one RecordError, in the order typed; the notation help is said once; a record of typos is bounded."""
    record = _with([(("sides", 0, "melds"), ["K K X", "Q Q Q"]), (("sides", 0, "hand"), "4 ?"),
                    (("sides", 1, "melds"), ["8 8 8 8 8 8 8", "9 H 9 W"])])
    with pytest.raises(RecordError) as caught:
        parse_record(record)
    assert [(e.field, e.reason) for e in caught.value.every] == [
        ("sides[0].melds[0]", "'X' (card 3) is not a card"), ("sides[0].hand", "'?' (card 2) is not a card"),
        ("sides[1].melds[1]", "'H' (card 2) is not a card"), ("sides[1].melds[1]", "'W' (card 4) is not a card")]
    assert str(caught.value).count("cards are 4–10") == 1
    assert caught.value.field == "sides[0].melds[0]"
    many = _with([(("sides", 0, "melds"), ["X " * 30])])
    with pytest.raises(RecordError) as caught:
        parse_record(many)
    assert len(caught.value.every) == TYPOS_MAX == 20


def test_unreadable_cards_keep_their_fields_in_a_match():
    """score_match moves every collected error under its hand (hands[n].), not only the first."""
    hand = _with([(("sides", 0, "melds"), ["K K X"]), (("sides", 1, "hand"), "Y")])
    with pytest.raises(RecordError) as caught:
        score_match(get_variant("diszitett").rules(), [hand, hand])
    assert [e.field for e in caught.value.every] == ["hands[0].sides[0].melds[0]", "hands[0].sides[1].hand"]


def test_unknown_option_choice_lists_the_choices():
    """A RecordError for an option names the choices a player can pick from."""
    with pytest.raises(RecordError, match="choose one of: shared, play_on"):
        parse_record(_with([(("options",), {"top_tie": "coin"})]))


def test_a_good_record_parses():
    """Control for the malformed-record cases: the unmodified record parses and scores without problems."""
    record = parse_record(_GOOD)
    assert [s.name for s in record.sides] == ["Anna", "Béla"]
    assert codes(score_hand(record)) == []
