"""The keypad shows once its script has bound the keys (static/entry.css, data-keypad-ready set by
static/keypad.js): on a slow phone a key tapped before the script ran did nothing, and a player's first meld was
lost without a word (a loaded test run lost "K K K K K K K" that way). Here keypad.js is held back: the keys
keep their place but cannot be seen or tapped until then, and the first tap after lands in the field."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Route, expect

from tap_hands import PLAYERS, create_match, key

pytestmark = pytest.mark.browser


def test_the_keys_show_only_once_they_work_and_the_first_tap_lands(browser, browser_context_args, live_server):
    # no service worker: it would answer keypad.js from this phone's cache, where the late route cannot reach
    context = browser.new_context(**browser_context_args, service_workers="block")
    page = context.new_page()
    url = create_match(page, live_server.url)

    held: list[Route] = []
    page.route(re.compile(r"/static/keypad\.js"), lambda route: held.append(route))   # held until let go
    page.goto(f"{url}/hands/new?mode=cards", wait_until="commit")
    page.locator("[data-keypad]").wait_for(state="attached")
    king = key(page, "K")
    expect(page.locator("[data-keypad]")).not_to_have_attribute("data-keypad-ready", "")
    expect(king).to_be_hidden()
    box = page.locator("[data-keypad]").bounding_box()
    assert box and box["height"] > 100                    # its room is kept: nothing moves when the keys show
    assert len(held) == 1
    held[0].continue_()
    expect(page.locator("[data-keypad][data-keypad-ready]")).to_have_count(1, timeout=15000)
    expect(king).to_be_visible()
    king.tap()
    # a natural rank lays three cards on a table of groups (keypad.deck_spec().meld_start, díszített)
    expect(page.get_by_role("region", name=PLAYERS[0]).get_by_label("Melds", exact=True)).to_have_value("K K K")
    context.close()
