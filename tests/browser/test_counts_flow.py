"""Summary entry by counts of cards per value group (issue 11, item 11) on a 390×844 touch phone: tapping the
counts shows the card points they add up to at once, and the hand saved from counts scores as by points."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.store.db import get_session
from scorekeeper.store.matches import find_match, scoresheet
from test_phone_flow import create_match, shoot, stepper_plus

pytestmark = pytest.mark.browser


def test_counts_show_their_card_points_as_they_are_tapped_and_save_as_counts(page: Page, live_server, tap):
    create_match(page, live_server.url, tap, ("Anna", "Béla"))
    token = page.url.rsplit("/", 1)[1]
    page.goto(f"{live_server.url}/m/{token}/hands/new?mode=summary")
    anna, bela = page.get_by_role("region", name="Anna"), page.get_by_role("region", name="Béla")
    tap(anna.get_by_text("Or count the cards by value"))
    melded = anna.locator("fieldset[data-counts]").first
    tap(stepper_plus(melded, "Jokers"), 1)
    melded.get_by_label("8–K (10 each)").fill("7")
    expect(melded.locator("output")).to_have_text("120")          # 1 × 50 + 7 × 10, before any save
    tap(stepper_plus(anna.locator(".canastas"), "Red canasta"))
    tap(anna.get_by_text("Went out", exact=True))
    bela.get_by_label("Card points left in hand").fill("15")
    shoot(page, "summary-counts")
    tap(page.get_by_role("button", name="Save hand 1"))
    expect(page).to_have_url(re.compile(r"/m/[A-Za-z0-9_-]{22,}$"))
    with live_server.app.app_context():
        sheet = scoresheet(find_match(get_session(), token, editable=True))
    assert sheet["totals"] == {"Anna": 500 + 120, "Béla": -15}
