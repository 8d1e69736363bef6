"""Taxation (adó) of díszített kanaszta (scorekeeper/rules/canasta/taxation.py).

Source: seed 000_ffd5dc848dea5381.txt, section on "adó", and digest §1 "Taxation". The tax depends on the total
*before* the hand: < 5000 unchanged, 5000-6999 ÷2, 7000-8999 ÷4, >= 9000 ÷10. Rounding as the seed does it in
the head: ÷2 rounds a score ending in 5 up first; ÷4 is that twice; ÷10 drops the last digit, then 0-4 down,
5-9 up to the nearest ten. D3: a negative hand score is untaxed unless option negative_tax=taxed.
"""

import pytest

from scorekeeper.rules import get_rules, parse_record, score_hand, tax
from scorekeeper.rules.canasta.taxation import halve, quarter, tax_method, tenth

DISZ = get_rules("diszitett")
TAXED_NEGATIVE = get_rules("diszitett", {"negative_tax": "taxed"})
INTL = get_rules("international")


@pytest.mark.parametrize("total_before, method, taxed", [
    pytest.param(0, "none", 545, id="0 before: 545 unchanged"),
    pytest.param(-300, "none", 545, id="a negative total is below 5000: unchanged"),
    pytest.param(4999, "none", 545, id="4999 before: unchanged"),
    pytest.param(5000, "half", 275, id="5000 before (reached): halved"),
    pytest.param(6999, "half", 275, id="6999 before: halved"),
    pytest.param(7000, "quarter", 140, id="7000 before (reached): quartered"),
    pytest.param(8999, "quarter", 140, id="8999 before: quartered"),
    pytest.param(9000, "tenth", 50, id="9000 before (reached): divided by ten, 545 -> 54 -> 50"),
    pytest.param(12000, "tenth", 50, id="far above 9000: divided by ten"),
])
def test_tax_bracket_is_chosen_by_the_total_before_the_hand(total_before, method, taxed):
    """Seed 000: 'eléri az 5000-et, de nem éri el a 7000-et' etc.; the edges belong to the higher bracket."""
    assert tax_method(DISZ, total_before) == method
    assert tax(DISZ, 545, total_before) == taxed


@pytest.mark.parametrize("score, halved", [
    pytest.param(545, 275, id="545 -> 550 -> 275 (seed example)"),
    pytest.param(550, 275, id="550 -> 275"),
    pytest.param(540, 270, id="540 -> 270"),
    pytest.param(555, 280, id="555 -> 560 -> 280"),
    pytest.param(1015, 510, id="1015 -> 1020 -> 510"),
    pytest.param(2375, 1190, id="2375 -> 2380 -> 1190"),
    pytest.param(2370, 1185, id="2370 -> 1185 (ends in 0: no rounding)"),
    pytest.param(15, 10, id="15 -> 20 -> 10"),
    pytest.param(5, 5, id="5 -> 10 -> 5"),
    pytest.param(0, 0, id="0 -> 0"),
])
def test_halving_rounds_a_score_ending_in_5_up_first(score, halved):
    """Seed 000: 'Kettővel való osztás előtt az 5-re végződő pontszámot felfelé kerekítjük'."""
    assert halve(score) == halved
    assert tax(DISZ, score, 5000) == halved


@pytest.mark.parametrize("score, quartered", [
    pytest.param(545, 140, id="545 -> 275 -> 280 -> 140 (seed example)"),
    pytest.param(550, 140, id="550 -> 275 -> 280 -> 140"),
    pytest.param(540, 135, id="540 -> 270 -> 135"),
    pytest.param(1015, 255, id="1015 -> 510 -> 255"),
    pytest.param(2375, 595, id="2375 -> 1190 -> 595"),
    pytest.param(2370, 595, id="2370 -> 1185 -> 1190 -> 595"),
    pytest.param(100, 25, id="100 -> 50 -> 25"),
    pytest.param(30, 10, id="30 -> 15 -> 20 -> 10"),
])
def test_quartering_halves_twice_rounding_each_time(score, quartered):
    """Seed 000: 'Néggyel való osztásnál először ... kettővel ..., majd ismét kerekítünk és kettővel'."""
    assert quarter(score) == quartered
    assert tax(DISZ, score, 7000) == quartered


@pytest.mark.parametrize("score, tenth_of", [
    pytest.param(2375, 240, id="2375 -> 237 -> 240 (seed example)"),
    pytest.param(2345, 230, id="2345 -> 234 -> 230"),
    pytest.param(2355, 240, id="2355 -> 235 -> 240"),
    pytest.param(2340, 230, id="2340 -> 234 -> 230"),
    pytest.param(2350, 240, id="2350 -> 235 -> 240"),
    pytest.param(2395, 240, id="2395 -> 239 -> 240"),
    pytest.param(2400, 240, id="2400 -> 240 -> 240"),
    pytest.param(1015, 100, id="1015 -> 101 -> 100"),
    pytest.param(1055, 110, id="1055 -> 105 -> 110"),
    pytest.param(995, 100, id="995 -> 99 -> 100"),
    pytest.param(545, 50, id="545 -> 54 -> 50"),
    pytest.param(50, 10, id="50 -> 5 -> 10"),
    pytest.param(45, 0, id="45 -> 4 -> 0"),
    pytest.param(5, 0, id="5 -> 0 -> 0"),
])
def test_tenth_drops_the_last_digit_then_rounds_to_the_nearest_ten(score, tenth_of):
    """Seed 000: 'az utolsó jegyet elhagyjuk, majd ... 0 és 4 között lefelé, 5 és 9 között felfelé'."""
    assert tenth(score) == tenth_of
    assert tax(DISZ, score, 9000) == tenth_of


@pytest.mark.parametrize("rules, score, total_before, taxed", [
    pytest.param(DISZ, -545, 4999, -545, id="D3 default: negative below 5000 unchanged"),
    pytest.param(DISZ, -545, 5000, -545, id="D3 default: negative not halved"),
    pytest.param(DISZ, -545, 7000, -545, id="D3 default: negative not quartered"),
    pytest.param(DISZ, -2375, 9725, -2375, id="D3 default: negative not divided by ten"),
    pytest.param(TAXED_NEGATIVE, -545, 4999, -545, id="D3 taxed: below 5000 unchanged"),
    pytest.param(TAXED_NEGATIVE, -545, 5000, -275, id="D3 taxed: -545 halved to -275"),
    pytest.param(TAXED_NEGATIVE, -545, 7000, -140, id="D3 taxed: -545 quartered to -140"),
    pytest.param(TAXED_NEGATIVE, -2375, 9725, -240, id="D3 taxed: -2375 divided by ten to -240"),
    pytest.param(TAXED_NEGATIVE, 545, 5000, 275, id="D3 taxed leaves positive taxation as it was"),
    pytest.param(DISZ, 0, 9000, 0, id="a zero hand stays zero"),
])
def test_negative_hand_score_is_untaxed_by_default_d3(rules, score, total_before, taxed):
    """D3 (digest §1): only positive hand scores are taxed; option negative_tax=taxed shrinks the magnitude."""
    assert tax(rules, score, total_before) == taxed


@pytest.mark.parametrize("total_before", [
    pytest.param(0, id="0"), pytest.param(5000, id="5000"), pytest.param(9725, id="9725"),
])
def test_international_canasta_has_no_taxation(total_before):
    """Digest §2: taxation is a díszített rule; international hand scores go on the sheet as they are."""
    assert tax_method(INTL, total_before) == "none"
    assert tax(INTL, 2375, total_before) == 2375


def _hand(score_side, totals_before, options=None):
    return parse_record({
        "variant": "diszitett", "options": options or {}, "totals_before": totals_before,
        "sides": [score_side, {"name": "Béla", "melds": ["8 8 8 8 8 8 8"], "out": "out", "hand": ""}]})


# Anna: 4 red threes 800, 2 twins 200, gold canasta of aces 600, red canasta of sevens 400 -> base 2000;
# card value 8 aces 160 + 7 sevens 35 + 6 queens, 6 kings, 6 jacks 60 each = 375; hand score 2375.
_ANNA_2375 = {"name": "Anna", "melds": ["A A A A A A A A", "7 7 7 7 7 7 7", "Q Q Q Q Q Q", "K K K K K K",
                                        "J J J J J J"], "red_threes": 4, "twins": 2, "hand": ""}


def test_seed_example_9725_plus_2375_gives_9965_via_tax():
    """Seed 000 worked example: total 9725, hand 2375 -> 237 -> 240 -> new total 9965."""
    assert 9725 + tax(DISZ, 2375, 9725) == 9965


def test_seed_example_9725_plus_2375_gives_9965_via_score_hand():
    """Seed 000 worked example, through a whole recorded hand with totals_before."""
    result = score_hand(_hand(_ANNA_2375, {"Anna": 9725, "Béla": 0}))
    assert result.problems == ()
    anna, bela = result.sides
    assert (anna.base, anna.card_value, anna.score) == (2000, 375, 2375)
    assert (anna.total_before, anna.taxed, anna.total) == (9725, 240, 9965)
    assert (bela.total_before, bela.score, bela.taxed, bela.total) == (0, 570, 570, 570)
    assert result.totals == {"Anna": 9965, "Béla": 570}
    assert (result.match_over, result.winner) == (False, None)


@pytest.mark.parametrize("options, before, taxed", [
    pytest.param({}, 6000, -465, id="D3 default: a -465 hand at 6000 stays -465"),
    pytest.param({"negative_tax": "taxed"}, 6000, -235, id="D3 taxed: a -465 hand at 6000 becomes -235"),
    pytest.param({"negative_tax": "taxed"}, 7000, -120, id="D3 taxed: a -465 hand at 7000 becomes -120"),
    pytest.param({"negative_tax": "taxed"}, 4000, -465, id="D3 taxed: a -465 hand at 4000 is below the brackets"),
])
def test_negative_hand_through_score_hand_d3(options, before, taxed):
    """D3 through a recorded hand: Anna melds K K K (30) and is caught with 495 points in hand."""
    anna = {"name": "Anna", "melds": ["K K K"], "hand": "JK 3c 3s A A A A A A A A 2 2 2 2 5"}
    result = score_hand(_hand(anna, {"Anna": before}, options))
    assert result.problems == ()
    side = result.sides[0]
    assert (side.melded_value, side.hand_value, side.score) == (30, -(50 + 200 + 160 + 80 + 5), -465)
    assert (side.taxed, side.total) == (taxed, before + taxed)
