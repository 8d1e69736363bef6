"""Issue 23, "Say a meld", in a phone's browser at 360 px: what the keyboard's dictation types into the checker's
cards field or a hand's melds field ("trois rois et un joker") is checked as it is typed and the live verdict says
what it was understood as, in the page's language; offline too, where the phone's own Python reads the page's
language (rules/offline.py gets the page's lang from static/offline.js)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.store import matches
from tests.pyodide_files import fetched_pyodide

pytestmark = pytest.mark.browser
NARROW = {"width": 360, "height": 800}
from scorekeeper.languages import LANGUAGES as FOUR


def speak(page: Page, live_server, lang: str) -> None:
    page.context.add_cookies([{"name": "lang", "value": lang, "url": live_server.url}])


@pytest.mark.parametrize("lang, said, understood", [
    ("fr", "trois rois et un joker", "Compris comme R R R JK"),      # the keys' letters: R D V
    ("sv", "tre kungar en joker", "Uppfattat som K K K J"),         # a Swedish J is the joker
    ("hu", "három király két joker", "Így értettük: K K K NZ NZ"),
    ("en", "seven queens", "Understood as Q Q Q Q Q Q Q"),
])
def test_the_checker_s_live_verdict_says_what_a_dictated_meld_was_understood_as(page: Page, live_server, lang, said,
                                                                                 understood):
    page.set_viewport_size(NARROW)
    speak(page, live_server, lang)
    page.goto(live_server.url + "/checker?variant=diszitett")
    page.fill("#cards", said)             # as the dictation types it: no Check pressed
    expect(page.locator("#verdict .verdict-understood")).to_have_text(understood)
    expect(page.locator("#verdict .verdict-word")).to_be_visible()


def test_a_meld_dictated_into_a_swedish_hand_form_is_counted_and_said_as_understood(page: Page, live_server):
    page.set_viewport_size(NARROW)
    speak(page, live_server, "sv")
    with live_server.app.extensions["scorekeeper_sessions"]() as db:
        token = matches.create_match(db, variant="diszitett", options=None,
                                     sides=[{"name": "Anna"}, {"name": "Béla"}]).edit_token
    page.goto(f"{live_server.url}/m/{token}/hands/new")
    melds = page.locator("section.side").first.locator("textarea")
    melds.fill("tre kungar en joker")
    status = page.locator("section.side").first.locator(".meld-status li")
    expect(status).to_have_text(re.compile(r"^.*4 \w+ · uppfattat som K K K J"))
    # the Swedish keypad's jack key types Kn, which the status counts as one card, a jack
    assert page.locator("[data-keypad] button[data-card='Kn']").inner_text() == "Kn"
    assert page.locator("[data-keypad] button[data-card='JK']").inner_text() == "J"


def test_a_dictated_line_of_two_melds_gets_a_status_per_meld_as_two_typed_lines_do(page: Page, live_server):
    """A "then" word ends a meld (rules/cards.py split_melds): one dictated line is two melds, each with its own
    count, cards understood (in the page's key letters) and verdict, the red canasta named; and the same verdicts
    as the two melds typed on two lines."""
    page.set_viewport_size(NARROW)
    speak(page, live_server, "fr")
    with live_server.app.extensions["scorekeeper_sessions"]() as db:
        token = matches.create_match(db, variant="diszitett", options=None,
                                     sides=[{"name": "Anna"}, {"name": "Béla"}]).edit_token
    page.goto(f"{live_server.url}/m/{token}/hands/new")
    melds = page.locator("section.side").first.locator("textarea")
    status = page.locator("section.side").first.locator(".meld-status li")
    melds.fill("sept dames puis trois rois et un joker")
    expect(status).to_have_text([re.compile(r"7 cartes · compris comme D D D D D D D · canasta rouge ✓$"),
                                 re.compile(r"4 cartes · compris comme R R R JK · .+ ✓$")])
    dictated = status.all_inner_texts()
    melds.fill("sept dames\ntrois rois et un joker")
    expect(status).to_have_text([re.compile(r"7 cartes · compris comme D D D D D D D · canasta rouge ✓$"),
                                 re.compile(r"4 cartes · compris comme R R R JK · .+ ✓$")])
    assert status.all_inner_texts() == dictated
    # both statuses pick the one line they came from for correcting (static/keypad.js)
    status.nth(1).locator(".meld-pick").click()
    expect(status.nth(1)).to_have_class(re.compile(r"\bselected\b"))


def test_offline_the_phone_reads_the_page_s_language_too(page: Page, live_server):
    live_server.app.config["PYODIDE_DIR"] = str(fetched_pyodide())
    speak(page, live_server, "hu")
    page.goto(live_server.url + "/checker?variant=diszitett")
    page.locator("#offline-offer button").first.click()
    page.wait_for_function("() => window.ScorekeeperOffline && window.ScorekeeperOffline.ready === true",
                           timeout=90_000)
    page.context.set_offline(True)
    page.fill("#cards", "három király két joker")
    page.click("button.check-button")
    expect(page.locator("#verdict .checked-here")).to_be_visible()
    expect(page.locator("#verdict .verdict-understood")).to_have_text("Így értettük: K K K NZ NZ")
    page.context.set_offline(False)
