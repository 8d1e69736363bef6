"""Issue 24's round of minutes in Chromium: the screen counts down to the round's end (static/countdown.js, at
360 px without scrolling sideways), says "Time!" by itself once the organiser calls time (live.js puts the new
part in place), and the organiser's "Close the round" button (a plain form) closes it; the screen then says the
round is closed. No script error and no CSP refusal on the way."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from test_club_night_screen import new_event
from test_touch_targets import fits_phone_width

pytestmark = pytest.mark.browser

def test_the_screen_counts_down_says_time_when_called_and_the_organiser_closes_the_round(page: Page, live_server):
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    api = page.request
    group, event = new_event(api, live_server.url, minutes=45)
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server.url}/e/{event['token']}")
    clock = page.locator("[data-countdown]")
    # 45 minutes from the seating, counted by the script: "44:59 left" or so, never the no-script "ends at"
    expect(clock).to_have_text(re.compile(r"^(45:00|44:[0-5]\d) left$"))
    fits_phone_width(page)
    called = api.post(f"{live_server.url}/api/v1/events/{event['edit_token']}/rounds/1/time", data={})
    assert called.status == 200, called.text()
    expect(page.locator(".event-called")).to_have_text("Time! Finish the hand you are playing", timeout=15000)
    expect(page.locator("[data-countdown]")).to_have_count(0)
    organiser = page.context.new_page()
    organiser.goto(f"{live_server.url}/g/{group}/night")
    organiser.get_by_role("button", name="Close the round").click()
    expect(organiser.get_by_text("Round closed")).to_be_visible()
    expect(page.locator(".event-closed")).to_have_text("Round closed", timeout=15000)
    assert errors == []
