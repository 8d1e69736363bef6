"""Issue 23: the keypad's live grouping reads the page's letters as the server does. On a Swedish page a lone ``J``
is the joker (seed 004; rules/card_words.py) and the jack is ``Kn``: static/notation.js takes the letters from the
page's data-card-letters (rules/cards.py spellings), so ``J J J`` shows and groups as jokers, not as jacks."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser
NARROW = {"width": 360, "height": 800}


def new_match(page: Page, base_url: str) -> str:
    created = page.request.post(f"{base_url}/api/v1/matches",
                                data={"variant": "diszitett", "sides": [{"name": "Anna"}, {"name": "Béla"}]})
    assert created.status == 201, created.text()
    return created.json()["edit_token"]


def swedish_hand_form(page: Page, live_server) -> str:
    page.set_viewport_size(NARROW)
    token = new_match(page, live_server.url)
    page.context.add_cookies([{"name": "lang", "value": "sv", "url": live_server.url}])
    page.goto(f"{live_server.url}/m/{token}/hands/new?mode=cards")
    expect(page.locator("[data-keypad]")).to_be_visible()
    return token


def test_a_swedish_j_j_j_shows_and_groups_as_jokers_on_the_keypad(page: Page, live_server):
    swedish_hand_form(page, live_server)
    anna = page.locator("section.side").first
    melds = anna.locator("textarea").first
    assert page.evaluate("() => ['J', 'Kn', 'Jh'].map((t) => window.ScorekeeperNotation.rankOf(t))") == \
        ["JK", "J", "J"]
    melds.fill("J J")
    page.locator("[data-keypad] button[data-card='JK']").click()       # the joker key, its face "J"
    expect(melds).to_have_value("J J JK")
    expect(anna.locator(".meld-status .meld-cards")).to_have_text(["J×3"])      # three jokers, one group
    # the jack key after three jokers starts a meld of jacks: they are no jacks to add it to
    page.locator("[data-keypad] button[data-card='Kn']").click()
    expect(melds).to_have_value("J J JK\nKn Kn Kn")
    expect(anna.locator(".meld-status .meld-cards")).to_have_text(["J×3", "Kn×3"])


def test_an_english_page_still_reads_j_as_the_jack(page: Page, live_server):
    page.set_viewport_size(NARROW)
    token = new_match(page, live_server.url)
    page.goto(f"{live_server.url}/m/{token}/hands/new?mode=cards")
    assert page.evaluate("() => window.ScorekeeperNotation.rankOf('J')") == "J"
    melds = page.locator("section.side").first.locator("textarea").first
    melds.fill("J J")
    page.locator("[data-keypad] button[data-card='J']").click()
    expect(melds).to_have_value("J J J")
