"""The blank pad prints the red-three table as the rules table gives it (issue 10). It used to take the points of
one red three and print "100 each, all 4: 1000", a linear table with a different last entry — wrong for a
Cuban-like 100/300/500/1000 (two are 300, not 200) and for Swedish canasta's 3 packs (five are 1000)."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from flask import render_template
from pypdf import PdfReader

from scorekeeper.pdf import canasta, html_to_pdf
from scorekeeper.rules import get_rules

CUBAN_LIKE = (0, 100, 300, 500, 1000)


def _pad(app, rules, lang="en") -> dict:
    with app.test_request_context(headers={"Accept-Language": lang}):
        context = canasta.pad_context(rules, 4)
    # A pair ("2: 300") is kept on one line by no-break spaces.
    return {**context, "red_threes": context["red_threes"].replace("\u00a0", " ")}


@pytest.mark.parametrize("variant, options, printed", [
    ("diszitett", None, "100 each, all 4: 800"),                        # 0/100/200/300/800: as before
    ("international", None, "100 each, all 4: 800"),
    ("international", {"players": "3_swedish"}, "1: 100, 2: 200, 3: 300, 4: 400, 5: 1,000, 6: 1,200"),
])
def test_the_pad_prints_the_tables_red_threes(app, variant, options, printed):
    assert _pad(app, get_rules(variant, options))["red_threes"] == printed


def test_a_non_linear_red_three_table_is_printed_count_by_count(app):
    rules = replace(get_rules("diszitett"), red_three_totals=CUBAN_LIKE)
    assert _pad(app, rules)["red_threes"] == "1: 100, 2: 300, 3: 500, 4: 1,000"
    assert _pad(app, rules, "hu")["red_threes"] == "1 db: 100, 2 db: 300, 3 db: 500, 4 db: 1000"     # Hungarian groups from five digits (CLDR)
    linear = replace(rules, red_three_totals=(0, 150, 300, 450, 600))
    assert _pad(app, linear)["red_threes"] == "150 each"


def test_the_printed_pad_shows_every_total_of_a_non_linear_table(app):
    rules = replace(get_rules("diszitett"), red_three_totals=CUBAN_LIKE)
    with app.test_request_context():
        context = canasta.pad_context(rules, 4)
        body = html_to_pdf(render_template(context["template"], **context))
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages)
    squeezed = " ".join(text.split())
    assert "1: 100, 2: 300, 3: 500, 4: 1,000" in squeezed, squeezed[:600]
    assert "all 4" not in squeezed
