"""Counts of cards per value group across the sides of one hand (issue 11, leftovers): a summary entered by
counts may not hold, on all sides together, more cards of a group than the deck (díszített: 8 jokers, 16 aces
and deuces, …; rules_ref/*.toml ``[deck]``). The problem names every side's share at its field, like
too_many_copies does for cards ("…; 5 in Anna's melds; 4 in Béla's hand")."""

from __future__ import annotations

import pytest

from scorekeeper.rules import parse_record, score_hand
from scorekeeper.rules.canasta.value_groups import value_groups
from scorekeeper.rules.tables.variants import get_variant


def problems(variant, anna, bela, options=None):
    record = {"variant": variant, "sides": [{"name": "Anna", **anna}, {"name": "Béla", **bela}]}
    if options:
        record["options"] = options
    return {p.code: p for p in score_hand(parse_record(record)).problems}


def groups(variant, options=None):
    rules = get_variant(variant).rules(options)
    return ({g.key: g.copies for g in value_groups(rules)},
            {g.key: g.copies for g in value_groups(rules, in_hand=True)})


CASES = [(variant, options, key) for variant, options in (("diszitett", None), ("international", None),
                                                          ("international", {"players": "3_swedish"}))
         for key in groups(variant, options)[1]]


@pytest.mark.parametrize("variant, options, key", CASES, ids=[f"{v}-{o['players'] if o else 'default'}-{k}"
                                                            for v, o, k in CASES])
def test_one_card_past_the_deck_across_two_sides_is_a_problem_at_every_field_involved(variant, options, key):
    table, hand = groups(variant, options)
    most = hand[key]
    if key in table:            # on Anna's table and in Béla's hand
        first, second = most // 2 + 1, most - most // 2
        anna, bela = {"melded_counts": {key: first}}, {"hand_counts": {key: second}}
        fields = (f"sides[0].melded_counts.{key}", f"sides[1].hand_counts.{key}")
        where = f"{first} in Anna's melds; {second} in Béla's hand"
    else:                       # a group only ever in hand (díszített's black threes)
        first, second = most // 2 + 1, most - most // 2
        anna, bela = {"hand_counts": {key: first}}, {"hand_counts": {key: second}}
        fields = (f"sides[0].hand_counts.{key}", f"sides[1].hand_counts.{key}")
        where = f"{first} in Anna's hand; {second} in Béla's hand"
    found = problems(variant, anna, bela, options)["counted_cards_exceed_deck"]
    assert found.fields == fields and found.field == "sides"
    assert found.message.endswith(f": {most + 1} counted on the table and in hands, the deck holds {most}; {where}")
    # exactly the deck is fine
    if key in table:
        anna, bela = {"melded_counts": {key: most // 2}}, {"hand_counts": {key: most - most // 2}}
    else:
        anna, bela = {"hand_counts": {key: most // 2}}, {"hand_counts": {key: most - most // 2}}
    assert "counted_cards_exceed_deck" not in problems(variant, anna, bela, options)


def test_the_group_is_named_as_the_form_names_it():
    found = problems("diszitett", {"melded_counts": {"JK": 5}}, {"melded_counts": {"JK": 4}})
    assert found["counted_cards_exceed_deck"].message.startswith("jokers: 9 counted")
    found = problems("diszitett", {"melded_counts": {"A-2": 9}}, {"melded_counts": {"A-2": 8}})
    assert found["counted_cards_exceed_deck"].message.startswith("A, 2: 17 counted")
    found = problems("diszitett", {"melded_counts": {"8-K": 40}}, {"hand_counts": {"8-K": 9}})
    assert found["counted_cards_exceed_deck"].message.startswith("8–K: 49 counted")


def test_cards_noted_one_by_one_on_another_side_count_too():
    found = problems("diszitett", {"melds": ["K K K K K K K"], "hand": "JK JK JK JK JK"},
                     {"melded_counts": {"JK": 4}})["counted_cards_exceed_deck"]
    assert found.fields == ("sides[0].hand", "sides[1].melded_counts.JK")
    assert "5 in Anna's hand; 4 in Béla's melds" in found.message


def test_cards_alone_are_the_card_check_s_and_said_once():
    found = problems("diszitett", {"melds": ["K K K K K K K"], "hand": "JK JK JK JK JK"}, {"hand": "JK JK JK JK"})
    assert "too_many_copies" in found and "counted_cards_exceed_deck" not in found


def test_black_threes_melded_going_out_and_held_count_together_in_international():
    found = problems("international", {"melded_counts": {"black3": 3}}, {"hand_counts": {"black3": 2}})
    assert found["counted_cards_exceed_deck"].fields == ("sides[0].melded_counts.black3",
                                                         "sides[1].hand_counts.black3")
    assert found["counted_cards_exceed_deck"].message.startswith("black threes: 5 counted")
