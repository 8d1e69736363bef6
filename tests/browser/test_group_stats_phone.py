"""Issue 24's acceptance on a phone: a group, three matches of the same four players entered through the JSON API,
the group's statistics page and its win rate chart at 360 px without the page scrolling sideways, every control
a 48 px touch target, and the season sheet PDF's text.

The matches, worked out by hand (international canasta, game to 5,000; rules_ref/international.md): the winning
side's hand is 2 natural canastas (2 × 500) + going out 100 + a red three 100 + 1,000 melded = 2,200; the other
side's 100 melded − 50 left in hand = 50. Three such hands end a match (6,600 ≥ 5,000 after 4,400). Anna & Cili
win matches 1 and 3, Béla & Dani match 2. So Anna: 3 matches, 2 wins (67 %), 9 hands of 6 × 2,200 + 3 × 50 =
13,350 points, average 1,483, best 2,200 (match 1, hand 1: the earliest keeps a tie); Béla: 1 win (33 %)."""

from __future__ import annotations

import io
import time

import pytest
from playwright.sync_api import Page, expect

from test_touch_targets import fits_phone_width, too_small

pytestmark = pytest.mark.browser

WIN = {"canastas": {"natural_canasta": 2}, "melded_points": 1000, "out": "out", "hand_points": 0, "red_threes": 1}
LOSE = {"canastas": {}, "melded_points": 100, "hand_points": 50}
SIDES = [{"name": "Anna & Cili", "players": ["Anna", "Cili"]}, {"name": "Béla & Dani", "players": ["Béla", "Dani"]}]


def club_with_three_matches(page: Page, base_url: str) -> str:
    """The group's edit token, after three matches of Anna & Cili against Béla & Dani through the API."""
    api = page.request
    made = api.post(f"{base_url}/api/v1/groups", data={"name": "Thursday club"})
    assert made.status == 201, made.text()
    group = made.json()["edit_token"]
    for winner in (0, 1, 0):
        started = api.post(f"{base_url}/api/v1/groups/{group}/matches/new",
                           data={"variant": "international", "sides": SIDES})
        assert started.status == 201, started.text()
        token, version = started.json()["edit_token"], 0
        for _ in range(3):
            sides = [{"name": s["name"], **(WIN if i == winner else LOSE)} for i, s in enumerate(SIDES)]
            added = api.post(f"{base_url}/api/v1/matches/{token}/hands",
                             data={"version": version, "hand": {"mode": "summary", "sides": sides}})
            assert added.status == 201, added.text()
            version = added.json()["version"]
        assert added.json()["match_over"] is True
    return group


def test_the_group_statistics_and_chart_fit_a_360_px_phone(page: Page, live_server):
    page.set_viewport_size({"width": 360, "height": 740})
    group = club_with_three_matches(page, live_server.url)
    page.goto(f"{live_server.url}/g/{group}")
    page.locator("#group-stats").click()
    expect(page.locator("h1")).to_contain_text("Thursday club")
    anna = page.locator("#players-table tbody tr", has=page.locator("th", has_text="Anna"))
    expect(anna.locator("td[data-label='Matches']")).to_have_text("3")
    expect(anna.locator("td[data-label='Wins']")).to_have_text("2")
    expect(anna.locator("td[data-label='Win rate']")).to_have_text("67%")
    expect(anna.locator("td[data-label='Average hand']")).to_have_text("1,483")
    expect(anna.locator("td[data-label='Best hand']")).to_contain_text("2,200")
    chart = page.locator("#stats-chart svg")
    chart.scroll_into_view_if_needed()
    expect(chart).to_be_visible()
    box = chart.bounding_box()
    width = page.evaluate("window.innerWidth")
    assert box["x"] >= 0 and box["x"] + box["width"] <= width and box["height"] > 100, box
    assert "Anna 67%" in chart.locator("desc").text_content()
    fits_phone_width(page)
    assert not too_small(page), too_small(page)
    page.wait_for_function("() => document.querySelectorAll('#players-table tbody tr').length === 4")

    pdf_url = page.locator("#season-pdf").get_attribute("href")
    for _ in range(5):              # the page and the PDF share the statistics' limit of one a second
        response = page.request.get(f"{live_server.url}{pdf_url}")
        if response.status != 429:
            break
        time.sleep(int(response.headers.get("retry-after", "1")))
    assert response.status == 200 and response.headers["content-type"] == "application/pdf"
    from pypdf import PdfReader

    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(response.body())).pages)
    for words in ("Statistics of Thursday club", "Anna", "Béla", "1,483", "67%", "Win rate over time",
                  "Anna & Cili", "Records of the group"):
        assert words in text, words
