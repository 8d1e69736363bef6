"""The hand's own page lists a summary's cards counted per value group (issue 11, leftovers): the counts the
players typed, named as the form named them, with the points each group adds, in both languages."""

from __future__ import annotations

import re

import pytest

from test_entry import SUMMARY, create, post_hand, text
from test_summary_counts import BY_COUNTS

pytestmark = pytest.mark.storage


def items(html: str, side: int) -> list[str]:
    """The rows of one side's detail list, as text."""
    sides = re.findall(r'<section class="detail-side">(.*?)</section>', html, re.S)
    return [text(row).strip() for row in re.findall(r"<div[^>]*>(.*?)</div>", sides[side], re.S)]


def test_the_hand_page_shows_the_counts_under_the_totals_they_add_up_to(client, csrf):
    token = create(client, csrf)
    assert post_hand(client, csrf, token, BY_COUNTS, mode="summary").status_code == 303
    html = client.get(f"/m/{token}/hands/1").get_data(as_text=True)
    rows = items(html, 0)
    melded = rows.index("melded cards 135")                 # in the form's order, each with the points it adds
    assert rows[melded + 1:melded + 4] == ["4–7 (5 each) × 1 5", "8–K (10 each) × 11 110",
                                           "A, 2 (20 each) × 1 20"]
    held = rows.index("cards left in hand −20")
    assert rows[held + 1] == "A, 2 (20 each) × 1 −20"            # counted against the side, as its total
    assert "Entered as a summary, the cards counted by value:" in text(html)
    assert "Entered as a summary: no cards were noted." in text(html)         # Béla typed points
    view = client.get(f"/m/{token}").get_data(as_text=True)
    view_token = re.search(r'/v/([A-Za-z0-9_-]+)', view).group(1)
    assert "8–K (10 each) × 11" in text(client.get(f"/v/{view_token}/hands/1").get_data(as_text=True))


def test_the_counts_on_the_hand_page_are_in_hungarian(client, csrf):
    token = create(client, csrf)
    post_hand(client, csrf, token, BY_COUNTS, mode="summary")
    html = text(client.get(f"/m/{token}/hands/1", headers={"Accept-Language": "hu"}).get_data(as_text=True))
    assert "8–K (10 pont/lap) × 11" in html and "(10 each)" not in html
    assert "Entered as a summary" not in html


def test_a_hand_typed_as_points_shows_no_counts(client, csrf):
    token = create(client, csrf)
    post_hand(client, csrf, token, SUMMARY, mode="summary")
    html = client.get(f"/m/{token}/hands/1").get_data(as_text=True)
    assert 'class="counted"' not in html and "counted by value" not in text(html)
