"""Issue 23's polish: a negative score prints with the typographic minus (U+2212) wherever a person reads it, by
the one points formatting (display/numbers.py points / signed_points): the hand page's cards in hand and card
value wrote "-20" with a hyphen-minus (or no filter at all) where the sheet and the PDF write "−20"."""

from __future__ import annotations

import re
from html import unescape

import pytest
from test_entry import create, post_hand

from scorekeeper.pdf.ledger import num

MINUS = "\u2212"


def a_hand_with_an_ace_left(client, csrf) -> str:
    """Anna melds nothing and holds an ace (−20: card value −20), Béla goes out with a red canasta."""
    token = create(client, csrf)
    hand = {"side0-melds": "", "side0-red_threes": "0", "side0-twins": "0", "side0-out": "none", "side0-hand": "A",
            "side1-melds": "K K K K K K K", "side1-red_threes": "0", "side1-twins": "0", "side1-out": "out",
            "side1-hand": ""}
    assert post_hand(client, csrf, token, hand).status_code == 303
    return token


@pytest.mark.parametrize("lang", ["en", "fr", "sv", "hu"])
def test_the_hand_page_writes_a_negative_card_value_with_the_minus_sign(client, csrf, lang):
    token = a_hand_with_an_ace_left(client, csrf)
    client.set_cookie("lang", lang)
    html = unescape(client.get(f"/m/{token}/hands/1").get_data(as_text=True))
    detail = html[html.index('class="hand-detail"'):]
    figures = re.findall(r"<dd>([^<]*)</dd>", detail)
    assert f"{MINUS}20" in figures, figures                 # cards in hand, card value, the hand's score
    assert not [f for f in figures if re.search(r"-\d", f)], figures


def test_the_sheet_writes_a_negative_total_with_the_minus_sign(client, csrf):
    token = a_hand_with_an_ace_left(client, csrf)
    html = unescape(client.get(f"/m/{token}").get_data(as_text=True))
    totals = re.findall(r'<strong class="total">(?:<span[^>]*>[^<]*</span>)?([^<]*)</strong>', html)
    assert f"{MINUS}20" in totals, totals


def test_the_pdf_and_the_pages_write_a_negative_alike(app):
    with app.test_request_context(headers={"Accept-Language": "fr"}):
        from scorekeeper.display.numbers import points
        assert num(-12500) == points(-12500) == MINUS + "12\u202f500"
