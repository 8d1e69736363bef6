"""Finding and sharing a match on a 390×844 phone (issue 11, item 3): the home page lists a match opened
earlier with its totals, the sheet's Copy puts the link on the clipboard, each link has a QR code that fits the
screen, and Rematch lands on a new match with the same players.

Set SCOREKEEPER_SCREENSHOTS=/some/dir to keep screenshots of the home page and the share box.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from test_phone_flow import create_match, fits_phone_width, shoot

pytestmark = pytest.mark.browser


def test_the_home_page_lists_a_match_opened_earlier_and_the_sheet_shares_it(page: Page, live_server, tap):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    create_match(page, live_server.url, tap, ("Anna", "Béla"))
    edit_url = page.url

    box = page.get_by_role("region", name="Share this match")
    copy = box.locator("[data-copy='edit-link']")
    expect(copy).to_be_visible()                                         # shown by share.js
    tap(copy)
    expect(box.locator("#edit-link-copied")).to_have_text("Copied.")
    assert page.evaluate("navigator.clipboard.readText()") == edit_url
    # Share appears only where the browser has the Web Share API.
    has_share = page.evaluate("typeof navigator.share === 'function'")
    expect(box.locator("[data-share='edit-link']")).to_be_visible(visible=has_share)

    for link in ("view-link", "edit-link"):
        details = box.locator("details:has(svg)").nth(0 if link == "view-link" else 1)
        tap(details.locator("summary"))
        qr = details.locator("svg.qr-code")
        expect(qr).to_be_visible()
        width = qr.bounding_box()["width"]
        assert 150 <= width <= 390 - 2 * 16, width                       # big enough for a camera, on screen
    fits_phone_width(page)
    shoot(page, "share-box")

    page.goto(live_server.url + "/")
    listed = page.get_by_role("region", name="Matches on this phone")
    expect(listed.get_by_role("link")).to_have_count(1)
    expect(listed.get_by_role("link")).to_contain_text(re.compile(r"Anna\s+0.*Béla\s+0", re.S))
    fits_phone_width(page)
    shoot(page, "home-list")
    tap(listed.get_by_role("link"))
    expect(page).to_have_url(edit_url)

    tap(page.get_by_role("button", name="Rematch"))
    expect(page).to_have_url(re.compile(r"/m/[A-Za-z0-9_-]{22,}$"))
    assert page.url != edit_url
    expect(page.locator(".sheet-head")).to_contain_text("Anna, Béla")
    page.goto(live_server.url + "/")
    expect(page.get_by_role("region", name="Matches on this phone").get_by_role("link")).to_have_count(2)


def test_the_read_only_page_shares_only_its_own_link(page: Page, live_server, tap):
    create_match(page, live_server.url, tap, ("Cili", "Dani"))
    view_url = page.locator("#view-link").input_value()
    page.goto(view_url)
    box = page.get_by_role("region", name="Share this match")
    expect(box.locator("input")).to_have_count(1)
    expect(box.locator("input")).to_have_value(view_url)
    expect(box.locator("svg.qr-code")).to_have_count(1)
    expect(page.get_by_role("button", name="Rematch")).to_have_count(0)


def test_without_scripting_the_links_are_text_and_the_qr_codes_open(browser, browser_context_args, live_server):
    """No Copy or Share button that cannot work (style.css's button display must not beat ``hidden``); the QR
    codes open by their disclosure and the match list needs no script."""
    context = browser.new_context(**{**browser_context_args, "java_script_enabled": False})
    page = context.new_page()
    try:
        page.goto(live_server.url + "/")
        page.get_by_label("Player 1", exact=True).fill("Anna")
        page.get_by_label("Player 2", exact=True).fill("Béla")
        page.get_by_role("button", name="Start the match").click()
        box = page.get_by_role("region", name="Share this match")
        expect(box.locator("[data-copy], [data-share]")).to_have_count(4)
        for button in box.locator("[data-copy], [data-share]").all():
            expect(button).to_be_hidden()
        expect(box.locator("#edit-link")).to_have_value(page.url)
        box.locator("summary").first.click()
        expect(box.locator("svg.qr-code").first).to_be_visible()
        page.goto(live_server.url + "/")
        expect(page.get_by_role("region", name="Matches on this phone").get_by_role("link")).to_have_count(1)
    finally:
        context.close()


def test_the_match_list_dates_each_match_in_the_phone_s_time_zone(browser, browser_context_args, live_server, tap):
    """Started 23:30 UTC on 1 March: on a phone at UTC+14 that is 2 March, and the list says so."""
    from datetime import datetime

    from scorekeeper.store.db import get_session
    from scorekeeper.store.matches import find_match

    context = browser.new_context(**{**browser_context_args, "timezone_id": "Pacific/Kiritimati"})
    page = context.new_page()
    try:
        create_match(page, live_server.url, tap, ("Anna", "Béla"))
        token = page.url.rsplit("/", 1)[1]
        with live_server.app.app_context():
            session = get_session()
            find_match(session, token, editable=True).created_at = datetime(2026, 3, 1, 23, 30)
            session.commit()
        page.goto(live_server.url + "/")
        when = page.get_by_role("region", name="Matches on this phone").locator("time")
        expect(when).to_have_text("Mar 2, 2026")                   # the server wrote Mar 1, 2026 (UTC)
        expect(page.locator(".recent-when")).to_contain_text("started")
        fits_phone_width(page)
    finally:
        context.close()
