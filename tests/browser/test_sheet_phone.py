"""Issue 11 item 8: the scoresheet on a phone. Every player's total in view at once, at 390×844 and at 360 px,
for six players in díszített and four in Hungarian, without the page (or a box in it) scrolling sideways; the
newest hand first; a hand's detail one tap away on its number."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from test_touch_targets import TAP, fits_phone_width, six_player_sheet, too_small

pytestmark = pytest.mark.browser

FOUR = ["Annamária", "Béla", "Cili", "Dániel"]


def four_player_sheet(page: Page, base_url: str, hands: int) -> str:
    api = page.request
    created = api.post(f"{base_url}/api/v1/matches", data={"variant": "diszitett",
                                                            "sides": [{"name": n} for n in FOUR]})
    assert created.status == 201, created.text()
    token, version = created.json()["edit_token"], 0
    for h in range(hands):
        sides = [{"name": n, "canastas": {"red_canasta": 1} if i == h % 4 else {}, "out": "out" if i == h % 4
                  else "none", "melded_points": 1000 + 5 * i, "hand_points": 0 if i == h % 4 else 35}
                 for i, n in enumerate(FOUR)]
        added = api.post(f"{base_url}/api/v1/matches/{token}/hands",
                         data={"version": version, "hand": {"mode": "summary", "sides": sides}})
        assert added.status == 201, added.text()
        version = added.json()["version"]
    return f"{base_url}/m/{token}"


def every_total_in_view(page: Page, columns: int) -> list[str]:
    """The newest row's totals, after checking each is inside the screen's width and not cut by its cell."""
    width = page.evaluate("window.innerWidth")
    row = page.locator("table.sheet tbody tr.hand").first
    row.scroll_into_view_if_needed()
    cells = row.locator("td.cell")
    expect(cells).to_have_count(columns)
    totals = []
    for k in range(columns):
        total = cells.nth(k).locator(".total")
        box = total.bounding_box()
        assert 0 <= box["x"] and box["x"] + box["width"] <= width, (k, box, width)
        assert total.evaluate("el => el.scrollWidth <= el.clientWidth"), f"total {k} is cut"
        assert total.evaluate("el => el.closest('td').scrollWidth <= el.closest('td').clientWidth + 1")
        totals.append(re.findall(r"[−-]?\d+(?:[,\u00a0\u202f]\d{3})*", total.inner_text())[-1])   # after its label; grouped
    for th in page.locator("table.sheet thead th").all():
        box = th.bounding_box()
        assert box["x"] + box["width"] <= width + 0.5
        assert th.evaluate("el => el.scrollWidth <= el.clientWidth + 1"), th.inner_text()
    fits_phone_width(page)
    return totals


@pytest.mark.parametrize("width", [390, 360])
def test_a_six_player_diszitett_sheet_shows_all_six_totals_at_once(page: Page, live_server, width):
    page.set_viewport_size({"width": width, "height": 844})
    page.goto(six_player_sheet(page, live_server.url, hands=12))
    totals = every_total_in_view(page, 6)
    standings = page.locator(".minimums .running strong").all_inner_texts()
    assert totals == standings                                          # the newest row holds the totals
    expect(page.locator("table.sheet tbody tr.hand").first).to_have_attribute("id", "hand-12")
    names = page.locator("table.sheet thead th")
    expect(names.nth(5)).to_have_attribute("title", "Erzsébet")          # cut to fit, whole in its title
    expect(names.nth(5)).to_have_accessible_name("Erzsébet")
    assert page.locator("tr.hand-extra").count() == 0                    # no tall row under every hand
    link = page.get_by_role("link", name="Hand 12 in detail")
    box = link.bounding_box()
    assert box["width"] >= TAP - 0.5 and box["height"] >= TAP - 0.5
    assert too_small(page) == []
    link.tap()
    expect(page.locator("h1")).to_have_text("Hand 12 in detail")          # the detail: one tap away
    expect(page.get_by_role("link", name="Edit")).to_be_visible()


@pytest.mark.parametrize("width", [390, 360])
def test_a_four_player_hungarian_sheet_shows_all_four_totals_at_once(browser, browser_context_args, live_server,
                                                                      width):
    context = browser.new_context(**{**browser_context_args, "viewport": {"width": width, "height": 844},
                                     "locale": "hu-HU", "extra_http_headers": {"Accept-Language": "hu"}})
    page = context.new_page()
    try:
        page.goto(four_player_sheet(page, live_server.url, hands=9))
        expect(page.locator("html")).to_have_attribute("lang", "hu")
        totals = every_total_in_view(page, 4)
        standings = page.locator(".minimums .running strong").all_inner_texts()
        assert totals == standings and len(set(totals)) > 1
        expect(page.locator("table.sheet tbody tr.hand").first).to_have_attribute("id", "hand-9")
        expect(page.get_by_role("link", name="9. leosztás részletesen")).to_be_visible()
    finally:
        context.close()
