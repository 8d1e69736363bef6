"""Who deals each hand (scorekeeper/rules/deal.py, issue 22): the seats of a match and the deal moving round them,
one test per clause of rules_ref/README.md, "Who deals"."""

import hashlib
import json

import pytest
from hypothesis import given, strategies as st

from scorekeeper.rules import get_rules, registry
from scorekeeper.rules.deal import dealer_of, dealers, seating
from scorekeeper.rules.tables.pinned import canonical, pin, rules_from_json


def test_the_deal_moves_clockwise_one_seat_each_hand():
    seats = ["Anna", "Béla", "Cili", "Dani"]
    assert [dealer_of(n, seats) for n in range(1, 7)] == ["Anna", "Béla", "Cili", "Dani", "Anna", "Béla"]


def test_the_chosen_first_dealer_deals_hand_one_and_the_deal_moves_on_from_them():
    assert dealers(4, ["Anna", "Béla", "Cili"], "Cili") == ["Cili", "Anna", "Béla", "Cili", "Anna"]


def test_a_table_dealing_to_the_right_moves_the_deal_counterclockwise():
    assert dealers(3, ["Anna", "Béla", "Cili"], "Anna", "right") == ["Anna", "Cili", "Béla", "Anna"]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_with_two_to_six_players_everyone_deals_once_every_round(players):
    seats = [f"P{i}" for i in range(players)]
    for first in seats:
        dealt = dealers(2 * players - 1, seats, first)
        assert dealt[:players] == dealt[players:] and sorted(dealt[:players]) == seats
        assert dealt[0] == first


def test_partnership_seating_alternates_the_sides_so_partners_sit_opposite():
    # seed 002 l. 13: partners sit opposite
    assert seating([["Anna", "Cili"], ["Béla", "Dani"]]) == ["Anna", "Béla", "Cili", "Dani"]


def test_two_sides_of_three_sit_at_every_second_seat():
    # seed 002 l. 132: "minden második játékos tartozik ugyanabba a csapatba"
    seats = seating([["A1", "A2", "A3"], ["B1", "B2", "B3"]])
    assert seats == ["A1", "B1", "A2", "B2", "A3", "B3"]
    assert all(seats[i][0] != seats[(i + 1) % 6][0] for i in range(6))


def test_three_sides_of_two_give_every_player_two_opponents_as_neighbours():
    # seed 003 l. 45: "chaque joueur ait deux adversaires comme voisins"
    seats = seating([["A1", "A2"], ["B1", "B2"], ["C1", "C2"]])
    assert seats == ["A1", "B1", "C1", "A2", "B2", "C2"]
    assert all(seats[i][0] not in (seats[i - 1][0], seats[(i + 1) % 6][0]) for i in range(6))


def test_five_players_as_three_and_two_seat_the_long_sides_last_player_at_the_end():
    assert seating([["A1", "A2", "A3"], ["B1", "B2"]]) == ["A1", "B1", "A2", "B2", "A3"]


def test_players_each_for_themselves_sit_in_the_order_the_match_lists_them():
    assert seating([["Anna"], ["Béla"], ["Cili"]]) == ["Anna", "Béla", "Cili"]


@given(st.integers(2, 6), st.integers(0, 5), st.integers(1, 200))
def test_the_dealer_of_hand_n_is_the_seat_first_plus_n_minus_one(players, first, hand):
    seats = [f"P{i}" for i in range(players)]
    start = first % players
    assert dealer_of(hand, seats, seats[start]) == seats[(start + hand - 1) % players]
    assert dealer_of(hand, seats, seats[start], "right") == seats[(start - hand + 1) % players]


def test_no_first_dealer_given_means_the_first_seat():
    assert dealer_of(1, ["Anna", "Béla"], None) == "Anna"


@pytest.mark.parametrize("hand, seats, first, passes", [
    (0, ["Anna"], None, "left"), (1, [], None, "left"), (1, ["Anna"], "Zoé", "left"), (1, ["Anna"], None, "up")])
def test_an_impossible_deal_is_refused(hand, seats, first, passes):
    with pytest.raises(ValueError):
        dealer_of(hand, seats, first, passes)


def test_keltis_has_no_dealer_the_seat_the_turn_reaches_begins_the_game_clockwise():
    # seed 001 l. 12 (everyone draws their own cards) and l. 19 (the eldest begins, play goes clockwise)
    rules = get_rules("keltis")
    assert (rules.dealer_role, rules.deal_passes) == ("starts", "left")


def test_every_canasta_table_deals_to_the_left_by_the_usual_convention():
    for variant in registry().values():
        if variant.family == "canasta":
            rules = get_rules(variant.id)
            assert (rules.dealer_role, rules.deal_passes) == ("deals", "left"), variant.id


def test_rules_pinned_before_the_deal_keys_existed_deal_to_the_left():
    text, _digest = pin("international", {})
    document = json.loads(text)
    for key in ("deal_passes", "dealer_role"):
        del document["table"]["players"][key]
    old = canonical(document)
    rules = rules_from_json(old, hashlib.sha256(old.encode()).hexdigest())
    assert (rules.deal_passes, rules.dealer_role) == ("left", "deals")
