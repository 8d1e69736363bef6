"""Summary entry (issue 3): a side recorded as counts, checked for plausibility against the deck.

Source: digest sections 1–2 for the bonuses; the bounds follow from the deck (seed 000: 112 cards, 8 jokers;
seed 002: 108 cards, 4 jokers) and the card values (every value is a multiple of 5).
"""

import pytest

from scorekeeper.rules import RecordError, parse_record, score_hand


def hand(variant="diszitett", **sides):
    return {"variant": variant, "sides": [{"name": n, **s} for n, s in sides.items()]}


def score(record):
    return score_hand(parse_record(record))


@pytest.mark.parametrize("side, base, card_value", [
    pytest.param({"canastas": {"red_canasta": 1}, "melded_points": 120, "red_threes": 2, "out": "out"},
                 400 + 200 + 100, 120, id="red canasta, two red threes and going out: base 700 in díszített"),
    pytest.param({"canastas": {"black_canasta": 1, "gold_canasta": 1}, "melded_points": 300, "twins": 2,
                  "out": "concealed"}, 300 + 600 + 200 + 200, 300, id="gold and black canasta, twins, from hand"),
    pytest.param({"canastas": {"black_zsoli_canasta": 1}, "melded_points": 170, "red_threes": 4,
                  "twins": 3, "out": "concealed"}, 800 + 300 + 200 + 200, 170,
                 id="seed 000 third example as a summary: base 1500 with D1 default"),
])
def test_summary_side_scores_like_the_same_cards(side, base, card_value):
    result = score(hand(Anna=side, Bela={"melded_points": 30, "hand_points": 45}))
    assert result.ok, result.problems
    anna = result.sides[0]
    assert (anna.base, anna.card_value, anna.score) == (base, card_value, base + card_value)
    assert result.sides[1].card_value == -15


def test_summary_and_card_sides_mix_in_one_hand():
    result = score(hand(Anna={"melds": ["8 8 8 8 8 8 8", "A A A"], "hand": "J J"},
                        Bela={"canastas": {"red_canasta": 1}, "melded_points": 70, "out": "out"}))
    assert result.ok
    assert result.sides[0].card_value == 110          # seed 000 example
    assert result.sides[1].score == 400 + 100 + 70


@pytest.mark.parametrize("anna, codes", [
    pytest.param({"canastas": {"red_canasta": 1}, "melded_points": 72, "out": "out"}, {"not_multiple_of_five"},
                 id="melded points are a multiple of 5"),
    pytest.param({"canastas": {"red_canasta": 1}, "melded_points": 70, "hand_points": 12, "out": "none"},
                 {"not_multiple_of_five", "nobody_went_out"}, id="hand points are a multiple of 5"),
    pytest.param({"canastas": {"red_canasta": 2}, "melded_points": 60, "out": "out"}, {"melded_points_too_low"},
                 id="two red canastas hold at least 70 points of cards"),
    pytest.param({"canastas": {}, "melded_points": 60, "out": "out"}, {"going_out_needs_canasta"},
                 id="going out still needs a canasta"),
    pytest.param({"canastas": {"red_canasta": 1}, "melded_points": 70, "hand_points": 10, "out": "out"},
                 {"cards_in_hand_after_going_out"}, id="who went out holds no cards"),
    pytest.param({"canastas": {"red_zsoli_canasta": 3}, "melded_points": 420, "out": "out"},
                 {"canastas_exceed_deck"}, id="three zsoli-canastas need 21 wild cards, the deck has 16"),
])
def test_summary_plausibility_problems(anna, codes):
    result = score(hand(Anna=anna, Bela={"melded_points": 0, "hand_points": 0}))
    assert {p.code for p in result.problems} == codes


def test_red_threes_of_all_sides_are_still_at_most_the_decks():
    """One side's count over the deck's 4 is unreadable (bounds); 3 + 2 over two sides is a problem."""
    result = score(hand(Anna={"canastas": {"red_canasta": 1}, "melded_points": 70, "red_threes": 3, "out": "out"},
                        Bela={"melded_points": 0, "hand_points": 0, "red_threes": 2}))
    assert {p.code for p in result.problems} == {"too_many_red_threes"}


def test_international_summary_red_threes_count_minus_without_melds():
    # Seed 002: red threes count minus for a side that melded nothing.
    result = score(hand("international", NS={"red_threes": 2, "melded_points": 0, "hand_points": 30},
                        EW={"canastas": {"natural_canasta": 1}, "melded_points": 80, "out": "out"}))
    assert result.ok
    assert result.sides[0].score == -200 - 30


@pytest.mark.parametrize("side, field", [
    pytest.param({"canastas": {"gold_canasta": 1}, "melded_points": 80}, "sides[0].canastas.gold_canasta",
                 id="international has no gold canasta"),
    pytest.param({"canastas": {"natural_canasta": -1}}, "sides[0].canastas.natural_canasta",
                 id="counts are not negative"),
    pytest.param({"canastas": [], "melded_points": 0}, "sides[0].canastas", id="canastas is an object"),
    pytest.param({"melded_points": 10, "melds": ["K K K"]}, "sides[0].melds",
                 id="a side is either card by card or a summary"),
    pytest.param({"melded_points": "ten"}, "sides[0].melded_points", id="points are whole numbers"),
])
def test_malformed_summary_names_the_field(side, field):
    with pytest.raises(RecordError) as err:
        parse_record(hand("international", NS=side, EW={}))
    assert err.value.field == field
