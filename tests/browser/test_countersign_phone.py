"""The opponent's countersign on a 360 px phone (issue 24, optional part) in Debian's Chromium: a six-player
díszített sheet (test_touch_targets' names, the longest side choice there is), the countersign page asks once
which side this phone plays for, then a hand is confirmed by one large button; the page and the sheet with its ✓
never scroll sideways and every control is a 48 px target."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from test_phone_flow import shoot
from test_touch_targets import fits_phone_width, six_player_sheet, too_small

pytestmark = pytest.mark.browser


def test_a_phone_chooses_its_side_once_and_countersigns_a_hand_with_one_tap(page: Page, live_server):
    page.set_viewport_size({"width": 360, "height": 740})
    sheet = six_player_sheet(page, live_server.url, hands=3)
    page.goto(sheet)
    page.get_by_role("link", name="Countersign").click()
    expect(page.get_by_role("heading", name="Which side do you play for?")).to_be_visible()
    fits_phone_width(page)
    assert too_small(page) == []
    page.get_by_role("button", name="I play for Erzsébet").click()
    expect(page.get_by_text("You countersign for Erzsébet.")).to_be_visible()
    fits_phone_width(page)
    assert too_small(page) == []
    shoot(page, "countersign-360")
    page.get_by_role("button", name="Confirm hand 2").click()
    expect(page.get_by_text("Hand 2 countersigned by Erzsébet.")).to_be_visible()
    expect(page.locator("#sign-2 .countersigned")).to_contain_text("Countersigned by Erzsébet")
    expect(page.get_by_role("button", name="Confirm hand 2")).to_have_count(0)
    # the choice is remembered: the page asks no more
    page.goto(page.url.split("#")[0])
    expect(page.get_by_role("button", name="Confirm hand 3")).to_be_visible()
    page.goto(sheet)
    tag = page.locator("#hand-2 .countersigned-tag")
    expect(tag).to_have_attribute("title", "Countersigned by Erzsébet")
    expect(page.locator(".countersign-box")).to_contain_text("Not countersigned yet: 2")
    fits_phone_width(page)
    assert too_small(page) == []
    shoot(page, "countersign-sheet-360")
