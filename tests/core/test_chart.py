"""The score-race SVG: a pure function of a scoresheet, well-formed, accessible, printable in black and white."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from scorekeeper.display.chart import LABELS, nice_ticks, race_series, score_race_svg

NS = "{http://www.w3.org/2000/svg}"


def make_sheet(columns, totals_per_hand, variant="diszitett"):
    """A scoresheet shaped like matches.scoresheet(): only what the chart reads."""
    hands = [{"number": i, "result": {"totals": dict(zip(columns, totals))}}
             for i, totals in enumerate(totals_per_hand, start=1)]
    return {"match": {"variant": variant, "options": {}}, "columns": list(columns), "hands": hands}


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def polylines(root: ET.Element) -> list[ET.Element]:
    return list(root.iter(f"{NS}polyline"))


def points_of(line: ET.Element) -> list[tuple[float, float]]:
    return [tuple(map(float, p.split(","))) for p in line.get("points").split()]


def texts(root: ET.Element) -> str:
    return " ".join("".join(t.itertext()) for t in root.iter(f"{NS}text"))


@pytest.mark.parametrize("hands", [0, 1, 2, 7, 30])
def test_one_polyline_per_side_with_a_point_per_hand_plus_hand_zero(hands):
    columns = ["Anna", "Béla", "Cili"]
    sheet = make_sheet(columns, [[100 * h, 50 * h, -20 * h] for h in range(1, hands + 1)])
    lines = polylines(parse(score_race_svg(sheet)))
    assert len(lines) == len(columns)
    for line in lines:
        assert len(points_of(line)) == hands + 1


def test_every_line_starts_at_zero_at_hand_zero():
    sheet = make_sheet(["Anna", "Béla"], [[1015, 570], [510, 560]])
    lines = polylines(parse(score_race_svg(sheet)))
    starts = {points_of(line)[0] for line in lines}
    assert len(starts) == 1


def test_no_hands_says_so_and_is_still_well_formed():
    root = parse(score_race_svg(make_sheet(["Anna", "Béla"], [])))
    assert "No hands yet" in texts(root)
    assert "No hands played yet." in root.find(f"{NS}desc").text


def test_running_totals_come_from_each_hands_totals():
    sheet = make_sheet(["Anna", "Béla"], [[6690, -10], [7200, 560]])
    assert race_series(sheet) == [("Anna", [0, 6690, 7200]), ("Béla", [0, -10, 560])]


def test_higher_totals_are_drawn_higher():
    sheet = make_sheet(["Anna", "Béla"], [[3000, 1000]])
    anna, bela = (points_of(line)[-1][1] for line in polylines(parse(score_race_svg(sheet))))
    assert anna < bela            # SVG y grows downwards


def test_negative_totals_fall_below_the_zero_line():
    sheet = make_sheet(["Anna", "Béla"], [[-400, 200], [-1137, -1429]])
    root = parse(score_race_svg(sheet))
    zero_y = points_of(polylines(root)[0])[0][1]
    for line in polylines(root):
        assert points_of(line)[-1][1] > zero_y
    assert "−1429" in texts(root)         # written as the scoresheet writes its totals (a real minus)


def test_numbers_are_written_as_the_scoresheet_writes_its_totals():
    """The table prints a total as ``{{ cell['total'] }}`` (templates/_sheet_table.html): plain digits, no
    grouping. The chart's labels, axis, target line and description use that same form, never "1 015"."""
    sheet = make_sheet(["Anna", "Béla", "Cili"], [[1015, 570, -250], [10035, 1140, -1429]])
    root = parse(score_race_svg(sheet))
    words = texts(root) + " " + root.find(f"{NS}desc").text
    for total in ("10035", "1140", "−1429"):
        assert total in words
    assert "Anna 10035, Béla 1140, Cili −1429" in root.find(f"{NS}desc").text
    assert "target 10000" in words
    for tick in ("0", "5000", "10000"):                            # the axis
        assert tick in texts(root).split()
    pieces = ["".join(t.itertext()) for t in root.iter(f"{NS}text")] + [root.find(f"{NS}desc").text]
    grouped = [p for p in pieces if re.search(r"\d[\s\u00a0\u2009\u202f]\d{3}(?!\d)", p)]
    assert grouped == [] and "\u2212" in words              # the sheet's real minus (issue 23), no grouping here


def test_all_points_stay_inside_the_drawing():
    sheet = make_sheet(["Anna", "Béla"], [[-5000, 12000], [-9000, 15000]])
    root = parse(score_race_svg(sheet, width=400, height=250))
    for line in polylines(root):
        for x, y in points_of(line):
            assert 0 <= x <= 400 and 0 <= y <= 250


@pytest.mark.parametrize("variant, target", [("diszitett", "10000"), ("international", "5000")])
def test_the_target_line_comes_from_the_variant_rules(variant, target):
    root = parse(score_race_svg(make_sheet(["A", "B"], [[100, 200]], variant=variant)))
    assert f"target {target}" in texts(root)


def test_an_unknown_variant_only_loses_the_target_line():
    root = parse(score_race_svg(make_sheet(["A", "B"], [[100, 200]], variant="no-such-game")))
    assert "target" not in texts(root)
    assert len(polylines(root)) == 2


def test_sides_differ_in_colour_and_in_dash_pattern_for_black_and_white_print():
    columns = [f"P{i}" for i in range(6)]
    root = parse(score_race_svg(make_sheet(columns, [list(range(6))])))
    lines = polylines(root)
    assert len({line.get("stroke") for line in lines}) == 6
    assert len({line.get("stroke-dasharray") for line in lines}) == 6


@pytest.mark.parametrize("name", ['<script>alert("x")</script>', "Anna & <Béla>", "O'Brien \"the hat\""])
def test_player_names_are_escaped(name):
    svg = score_race_svg(make_sheet([name, "Béla"], [[100, 50]]))
    assert "<script>" not in svg and "<Béla>" not in svg
    root = parse(svg)
    titles = [t.text for t in root.iter(f"{NS}title")]
    assert name in titles                                   # the full name, unescaped once parsed
    assert name in root.find(f"{NS}desc").text


def test_characters_xml_cannot_hold_are_dropped_not_fatal():
    root = parse(score_race_svg(make_sheet(["An\x00na\x1b", "Béla"], [[100, 50]])))
    assert "Anna" in [t.text for t in root.iter(f"{NS}title")]


def test_long_names_are_shortened_on_the_chart_but_complete_in_the_title():
    name = "Bartholomew-Maximilian"
    root = parse(score_race_svg(make_sheet([name, "B"], [[10, 20]])))
    assert name not in texts(root)
    assert name in [t.text for t in root.iter(f"{NS}title")]


def test_standalone_and_accessible():
    svg = score_race_svg(make_sheet(["A", "B"], [[1, 2]]), width=500, height=260, id_prefix="pdf")
    root = parse(svg)
    assert root.tag == f"{NS}svg"
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("500", "260", "0 0 500 260")
    assert root.get("role") == "img"
    ids = {el.get("id") for el in root.iter() if el.get("id")}
    assert set(root.get("aria-labelledby").split()) == {"pdf-title", "pdf-desc"} <= ids


def test_no_style_attributes_fonts_or_external_references():
    """The site's CSP blocks inline styles, and the PDF renderer must not fetch anything."""
    svg = score_race_svg(make_sheet(["A", "B"], [[1, 2], [3, -4]]))
    for forbidden in ("style=", "<style", "href", "url(", "@import", "@font-face"):
        assert forbidden not in svg


def test_labels_can_be_translated():
    hungarian = {"title": "Pontverseny", "axis": "leosztás", "target": "cél %(points)s",
                 "empty": "Még nincs leosztás", "desc_empty": "Még nincs leosztás."}
    root = parse(score_race_svg(make_sheet(["A", "B"], []), labels=hungarian))
    assert root.find(f"{NS}title").text == "Pontverseny"
    assert "cél 10000" in texts(root) and "leosztás" in texts(root)
    assert set(hungarian) <= set(LABELS)


@pytest.mark.parametrize("low, high, expected", [
    (0, 10000, [0, 2500, 5000, 7500, 10000]),
    (0, 5000, [0, 1000, 2000, 3000, 4000, 5000]),
    (-1429, 10000, [-2500, 0, 2500, 5000, 7500, 10000]),
    (0, 100, [0, 25, 50, 75, 100]),
    (0, 0, [0, 1]),
])
def test_ticks_are_round_numbers(low, high, expected):
    assert nice_ticks(low, high) == expected
