"""Countersigned by an opponent (issue 24) on a 390 px phone in Debian's Chromium: Anna's phone says it plays for
Anna, saves hand 1 without Wi-Fi (the outbox keeps the form's hidden entered_by with the other fields) and, once
it is sent, the log says Anna's phone entered it; her countersign page then shows a note instead of "Confirm
hand 1", and the same phone switched to Béla's side gets the button."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.store.db import get_session
from scorekeeper.store.matches import find_match
from test_drafts import type_a_hand
from test_offline_flow import open_entry, outbox

pytestmark = pytest.mark.browser


def entered_by(app, token: str) -> list[int | None]:
    with app.app_context():
        return [e.entered_by for e in find_match(get_session(), token, editable=True).events if e.action == "add"]


def test_a_hand_saved_offline_keeps_its_phones_side_and_that_side_gets_no_confirm_button(
        page: Page, live_server, tap):
    token = open_entry(page, live_server, tap)
    page.goto(f"{live_server.url}/m/{token}/countersign")
    page.get_by_role("button", name="I play for Anna").click()
    expect(page.get_by_text("You countersign for Anna.")).to_be_visible()

    page.goto(f"{live_server.url}/m/{token}/hands/new?mode=cards")
    type_a_hand(page, tap)
    page.context.set_offline(True)
    tap(page.get_by_role("button", name="Save hand 1"))
    expect(page.get_by_role("status").filter(has_text="will send when the Wi-Fi is back")).to_be_visible()
    (waiting,) = outbox(page)
    assert '["entered_by","0"]' in page.evaluate("key => localStorage.getItem(key)", waiting)

    page.context.set_offline(False)
    expect(page.get_by_role("status").filter(has_text="Hand 1 saved.").first).to_be_visible(timeout=15000)
    assert entered_by(live_server.app, token) == [0]

    page.goto(f"{live_server.url}/m/{token}/countersign")
    row = page.locator("#sign-1")
    expect(row.get_by_text("Entered on your side's phone: an opponent confirms it.")).to_be_visible()
    expect(page.get_by_role("button", name="Confirm hand 1")).to_have_count(0)
    page.get_by_role("button", name="Change side").click()
    page.get_by_role("button", name="I play for Béla").click()
    expect(row.get_by_role("button", name="Confirm hand 1")).to_be_visible()
