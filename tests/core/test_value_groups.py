"""Summary entry by counts of cards per value group (issue 11, item 11): counts score exactly as the points they
add up to, the groups follow the variant's card values, and a count past the deck is an error naming its field.

Source: card values of rules_ref/diszitett.toml and rules_ref/international.toml ([card_values], [hand_values],
option black_three_in_hand).
"""

import pytest

from scorekeeper.rules import RecordError, get_variant, parse_record, score_hand
from scorekeeper.rules.canasta.value_groups import value_groups


def hand(variant="diszitett", options=None, **sides):
    return {"variant": variant, "options": options or {},
            "sides": [{"name": n, **s} for n, s in sides.items()]}


def score(record):
    result = score_hand(parse_record(record))
    return [(s.base, s.card_value, s.score) for s in result.sides], result.problems


def test_groups_follow_the_card_values_in_table_order():
    groups = value_groups(get_variant("diszitett").rules())
    assert [(g.key, g.value, g.copies) for g in groups] == [
        ("4-7", 5, 32), ("8-K", 10, 48), ("A-2", 20, 16), ("JK", 50, 8)]       # black threes are never melded
    black = value_groups(get_variant("diszitett").rules(), in_hand=True)[-1]
    assert (black.key, black.value, black.copies) == ("black3", 100, 4)
    intl = get_variant("international").rules()
    assert [(g.key, g.value, g.copies) for g in value_groups(intl)] == [
        ("4-7", 5, 32), ("8-K", 10, 48), ("A-2", 20, 16), ("JK", 50, 4), ("black3", 5, 4)]
    french = get_variant("international").rules({"black_three_in_hand": "100"})
    assert value_groups(french, in_hand=True)[-1].value == 100


@pytest.mark.parametrize("variant, options, counts, points", [
    ("diszitett", None, {"melded_counts": {"8-K": 7, "A-2": 1, "JK": 1}, "hand_counts": {"4-7": 2, "JK": 1}},
     {"melded_points": 140, "hand_points": 60}),
    ("diszitett", None, {"melded_counts": {"4-7": 3, "8-K": 12, "A-2": 5, "JK": 2}, "hand_counts": {}},
     {"melded_points": 335, "hand_points": 0}),
    ("diszitett", None, {"melded_counts": {"8-K": 7}, "hand_counts": {"black3": 1, "A-2": 2}},
     {"melded_points": 70, "hand_points": 140}),
    ("international", None, {"melded_counts": {"8-K": 7, "black3": 3}, "hand_counts": {"black3": 1}},
     {"melded_points": 85, "hand_points": 5}),
    ("international", {"black_three_in_hand": "100"}, {"melded_counts": {"8-K": 7},
                                                     "hand_counts": {"black3": 1, "4-7": 1}},
     {"melded_points": 70, "hand_points": 105}),
])
def test_counts_score_like_the_points_they_add_up_to(variant, options, counts, points):
    canasta = {"diszitett": "red_canasta", "international": "natural_canasta"}[variant]
    other = {"melded_points": 250, "out": "out", "canastas": {canasta: 1}}
    by_counts = score(hand(variant, options, A={"canastas": {canasta: 1}, **counts}, B=other))
    by_points = score(hand(variant, options, A={"canastas": {canasta: 1}, **points}, B=other))
    assert by_counts == by_points
    assert by_counts[0][0][1] == points["melded_points"] - points["hand_points"]


def test_the_parsed_side_keeps_the_counts_for_the_hand_page():
    side = parse_record(hand(A={"melded_counts": {"JK": 2}}, B={"out": "out"})).sides[0]
    assert (dict(side.summary.melded_counts), side.summary.melded_points, side.summary.hand_counts) == (
        {"JK": 2}, 100, None)


@pytest.mark.parametrize("side, field", [
    ({"melded_counts": {"JK": 9}}, "sides[0].melded_counts.JK"),            # díszített has 8 jokers
    ({"hand_counts": {"black3": 5}}, "sides[0].hand_counts.black3"),         # and 4 black threes
    ({"melded_counts": {"JK": -1}}, "sides[0].melded_counts.JK"),
    ({"melded_counts": {"red3": 1}}, "sides[0].melded_counts.red3"),         # red threes are counted on their own
    ({"melded_counts": {"Q": 1}}, "sides[0].melded_counts.Q"),
    ({"melded_counts": {"black3": 1}}, "sides[0].melded_counts.black3"),    # not meldable in díszített
    ({"melded_counts": [1, 2]}, "sides[0].melded_counts"),
    ({"melded_counts": {"JK": 5}, "hand_counts": {"JK": 4}}, "sides[0].hand_counts.JK"),
    ({"melded_counts": {"JK": 1}, "melded_points": 50}, "sides[0].melded_points"),
])
def test_a_count_past_the_deck_or_an_unknown_group_is_an_error_naming_the_field(side, field):
    with pytest.raises(RecordError) as caught:
        parse_record(hand(A=side, B={"out": "out"}))
    assert caught.value.field == field


@pytest.mark.parametrize("counts", [{"JK": 1e20}, {"JK": None}, {"JK": True}, {"JK": "2"}, {"JK": [1]}, "JK", None,
                                    {"JK": 1.5}])
def test_a_count_of_any_other_json_shape_is_a_record_error(counts):
    for key in ("melded_counts", "hand_counts"):
        with pytest.raises(RecordError) as caught:
            parse_record(hand(A={key: counts}, B={"out": "out"}))
        assert caught.value.field.startswith(f"sides[0].{key}")


def test_too_few_melded_cards_for_the_canastas_are_reported_at_the_counts_they_were_entered_as():
    result = score_hand(parse_record(hand(A={"canastas": {"red_canasta": 2}, "melded_counts": {"8-K": 6},
                                             "out": "out"}, B={})))
    assert [(p.code, p.field) for p in result.problems] == [("melded_points_too_low", "sides[0].melded_counts")]
