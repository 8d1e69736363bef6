"""Limits of a record (rules/bounds.py): ranges derived from the deck, sizes refused before the cards are read,
text that cannot be stored, and a chart that no accepted (or stored) total can break."""

from __future__ import annotations

import pytest

from scorekeeper.display.chart import score_race_svg
from scorekeeper.rules import RecordError, get_variant, parse_record, score_hand
from scorekeeper.rules.bounds import bad_json, decimal
from scorekeeper.rules.canasta.limits import canasta_limits
from scorekeeper.rules.keltis.limits import keltis_limits


@pytest.mark.parametrize("variant, options, expected", [
    # 2 packs + 8 jokers = 112 cards; 4 red threes; smallest canasta 7 cards; card points of the whole deck:
    # 4-7 32×5, 8-K 48×10, A 8×20, 2 8×20, jokers 8×50, black threes 4×100 (díszített) or 4×5 (international)
    ("diszitett", {}, dict(deck=112, red_threes=4, twins=56, pile_size=112, canastas=16, melds=37,
                           points=160 + 480 + 160 + 160 + 400 + 400)),
    ("international", {}, dict(deck=108, red_threes=4, twins=54, pile_size=108, canastas=15,
                               points=160 + 480 + 160 + 160 + 200 + 20)),
    ("international", {"players": "3_swedish"}, dict(deck=162, red_threes=6, canastas=23)),
])
def test_canasta_limits_follow_the_deck(variant, options, expected):
    limits = canasta_limits(get_variant(variant).rules(options))
    assert {k: getattr(limits, k) for k in expected} == expected


def test_keltis_limits_follow_the_deck():
    limits = keltis_limits(get_variant("keltis").rules())
    assert (limits.cards, limits.stones) == (5 * 18 + 11, 9)      # 101 cards besides the 9 stones


def record(**side0):
    return {"variant": "diszitett", "sides": [{"name": "A", **side0}, {"name": "B", "out": "out"}]}


@pytest.mark.parametrize("data, field", [
    (record(red_threes=5), "sides[0].red_threes"),
    (record(red_threes=-1), "sides[0].red_threes"),
    (record(twins=57), "sides[0].twins"),
    (record(out="table_clear", pile_size=10**400), "sides[0].pile_size"),
    (record(penalties=[{"code": "x", "points": 10_001}]), "sides[0].penalties[0].points"),
    (record(penalties=[{"code": "x", "points": 1, "label": "a\nb"}]), "sides[0].penalties[0].label"),
    (record(melds=["K K K"] * 38), "sides[0].melds"),                            # 112 cards make 37 melds
    (record(melds=["K K K K K K K"] * 16, hand="K"), "sides[0].hand"),           # 113 cards
    (record(melds=[["K"] * 113]), "sides[0].melds[0]"),
    (record(melds=["K" * 2001]), "sides[0].melds[0]"),
    (record(name="x" * 501), "sides[0].name"),
    (record(canastas={"red_canasta": 17}, melded_points=0), "sides[0].canastas.red_canasta"),
    (record(canastas={}, melded_points=1765), "sides[0].melded_points"),
    ({**record(), "totals_before": {"A": -10**7 - 1}}, "totals_before.A"),
    ({**record(), "sides": [{"name": f"S{i}"} for i in range(9)]}, "sides"),
    ({**record(), "options": {"x\ud800": "1"}}, "options.x\\ud800"),
])
def test_a_value_past_its_range_is_a_record_error_naming_the_field(data, field):
    with pytest.raises(RecordError) as caught:
        parse_record(data)
    assert caught.value.field == field


def test_the_largest_record_the_bounds_allow_is_read_and_scored():
    """Six sides of 162 cards each (3_swedish) is the most the bounds let through; it must score, not hang.
    Its time is measured by hand for the report, not asserted here."""
    sides = [{"name": f"S{i}", "melds": ["K K K K K K K"] * 23, "hand": "Q", "red_threes": 6, "out": "none",
              "penalties": [{"code": "x", "points": -10_000}] * 10} for i in range(3)]
    result = score_hand(parse_record({"variant": "international", "options": {"players": "3_swedish"},
                                      "sides": sides}))
    assert not result.ok and len(result.sides) == 3


@pytest.mark.parametrize("stones, field", [
    ("1 " + "9" * 4300, "sides[0].stones"), ([10**400], "sides[0].stones[0]"), (list(range(10)), "sides[0].stones"),
    ("1 ²", "sides[0].stones"),
])
def test_keltis_stones_past_their_range_are_a_record_error(stones, field):
    with pytest.raises(RecordError) as caught:
        parse_record({"variant": "keltis", "sides": [{"name": "A", "stones": stones}, {"name": "B"}]})
    assert caught.value.field == field


def test_bad_json_names_the_first_unstorable_text_and_too_deep_nesting():
    assert bad_json({"a": [{"b": "ok"}, "x\ud800"]}) == ("a[1]", "not valid UTF-8 text: a lone surrogate at "
                                                                  "character 2")
    assert bad_json({"\udc00": 1})[0] == "\\udc00"
    deep: list = []
    for _ in range(25):
        deep = [deep]
    assert "nested deeper than 20" in bad_json({"x": deep})[1]
    assert bad_json({"title": "Győző 🂡", "n": 10**400}) is None


@pytest.mark.parametrize("raw, expected", [("12", 12), ("²", None), ("٣", None), ("9" * 13, None), ("", None),
                                           ("-1", None), ("2147483648", None), ("2147483647", 2147483647)])
def test_decimal_reads_ascii_digits_only(raw, expected):
    assert decimal(raw, most=2**31 - 1) == expected


@pytest.mark.parametrize("total", [10**400, -10**400, 10**300, float("inf"), float("nan"), "x", None, True])
def test_the_chart_draws_any_total_without_raising(total):
    sheet = {"columns": ["A", "B\ud800"], "hands": [{"result": {"totals": {"A": total, "B\ud800": -5}}}],
             "target": total}
    svg = score_race_svg(sheet)
    svg.encode("utf-8")
    assert svg.startswith("<svg") and svg.endswith("</svg>")


def test_a_name_with_a_tab_from_a_match_made_before_the_limits_still_scores():
    """create_match refuses control characters now; a name stored before must not strand its match."""
    result = score_hand(parse_record(record(name="An\tna")))
    assert result.sides[0].name == "An\tna"
