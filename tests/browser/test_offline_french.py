"""Issue 23: the offline checker answers in the page's language. On a French checker page the offline scorer (issue
22) downloads the French phrasebook with Pyodide and the rules core, and with the network switched off a meld is
judged on the phone with every problem sentence and the reason of unreadable cards in French, word for word as the
server said them while it could be reached."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from test_offline_scoring import check
from tests.pyodide_files import fetched_pyodide

pytestmark = pytest.mark.browser


@pytest.fixture
def french_offline(live_server, page):
    live_server.app.config["PYODIDE_DIR"] = str(fetched_pyodide())
    page.context.add_cookies([{"name": "lang", "value": "fr", "url": live_server.url}])
    return live_server


def said(page) -> dict:
    return page.locator("#verdict").evaluate("""v => ({
        word: v.querySelector('.verdict-word')?.textContent,
        problems: Array.from(v.querySelectorAll('.problems li')).map(li => [li.dataset.code, li.textContent])})""")


def test_the_offline_checker_on_a_french_page_answers_in_french(page, french_offline):
    words = []
    page.on("response", lambda r: words.append(r.url) if "/offline/words-fr-" in r.url else None)
    page.goto(french_offline.url + "/checker?variant=diszitett")
    assert page.evaluate("document.documentElement.lang") == "fr"
    offer = page.locator("#offline-offer")
    expect(offer).to_be_visible()
    offer.locator("button").click()
    expect(offer).to_have_class(re.compile(r"\bis-ready\b"), timeout=60_000)
    assert page.evaluate("window.ScorekeeperOffline.lang") == "fr" and words, "the French phrasebook was fetched"

    online = {}
    for cards in ("K K", "K K 2 2 2", "K Q J"):
        check(page, cards)
        expect(page.locator("#verdict .problems li").first).to_be_visible()
        online[cards] = said(page)
        assert page.locator("#verdict .checked-here").count() == 0
    check(page, "K K X", verdict=False)
    expect(page.locator("#cards-error")).not_to_be_empty()
    online_error = page.locator("#cards-error").text_content()

    page.context.set_offline(True)
    for cards, server_said in online.items():
        check(page, cards)
        expect(page.locator("#verdict .checked-here")).to_be_visible()
        assert said(page) == server_said, cards
    # the sentences are French, not the core's English ("a meld needs …")
    assert all(not re.search(r"\b(meld|needs|cards|this has)\b", text) for text in
               (t for v in online.values() for _, t in v["problems"]))
    check(page, "K K X", verdict=False)
    expect(page.locator("#cards-error")).to_have_text(online_error)
    page.context.set_offline(False)
