"""Issue 22, "Play offline on this phone": on the live server (127.0.0.1 is a secure context) the checker page
offers the offline scorer, downloads Pyodide and the rules core in a Web Worker, and once it is ready a meld
checked with the network switched off gets the verdict the server gives, marked as checked on the phone.

Prints what it measured (load time, bytes the page downloaded for it, one check's time) for the issue's report."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from tests.pyodide_files import fetched_pyodide

pytestmark = pytest.mark.browser


@pytest.fixture
def offline_server(live_server):
    live_server.app.config["PYODIDE_DIR"] = str(fetched_pyodide())
    return live_server


def verdict_of(page) -> dict:
    return page.locator("#verdict").evaluate("""v => ({
        word: v.querySelector('.verdict-word')?.textContent,
        kind: v.querySelector('.verdict-kind')?.textContent,
        figures: Array.from(v.querySelectorAll('.figures dd')).map(d => d.textContent),
        problems: Array.from(v.querySelectorAll('.problems li')).map(li => li.dataset.code)})""")


def check(page, cards: str, *, verdict: bool = True) -> None:
    """Types the cards and presses the check button, and waits for a verdict drawn after that (the one shown is
    marked old first: under load the answer took over the fixed wait, and the previous cards' verdict was read as
    this one's); then waits out the typing pause's own request. Unreadable cards (``verdict=False``) draw none."""
    page.locator("#verdict").evaluate("v => v.querySelectorAll('.verdict-box').forEach(b => b.dataset.old = '1')")
    page.fill("#cards", cards)
    page.click("button.check-button")
    if verdict:
        expect(page.locator("#verdict .verdict-box:not([data-old])")).to_have_count(1, timeout=30_000)
    page.wait_for_timeout(700)


def test_a_meld_checked_offline_gets_the_verdict_the_server_gives(page, offline_server):
    downloaded = []
    page.on("response", lambda r: downloaded.append(r) if "/offline/" in r.url else None)
    page.goto(offline_server.url + "/checker?variant=diszitett")
    offer = page.locator("#offline-offer")
    expect(offer).to_be_visible()
    started = time.monotonic()
    offer.get_by_role("button", name="Play offline on this phone").click()
    expect(offer.locator(".offline-status")).to_have_text("Ready for offline use", timeout=60_000)
    load_seconds = time.monotonic() - started
    assert page.evaluate("window.ScorekeeperOffline.ready") is True
    assert page.evaluate("localStorage.getItem('scorekeeper.offline')") == "on"

    online = {}
    for cards in ("K K K 2", "J J J J 2 2 2", "2 2 JK", "K K 3"):
        check(page, cards)
        expect(page.locator("#verdict .verdict-word")).to_be_visible()
        online[cards] = verdict_of(page)
        assert page.locator("#verdict .checked-here").count() == 0

    page.context.set_offline(True)
    for cards, server_said in online.items():
        check(page, cards)
        expect(page.locator("#verdict .checked-here")).to_have_text("(checked on this phone)")
        assert verdict_of(page) == server_said, cards
    check(page, "K K X", verdict=False)
    expect(page.locator("#cards-error")).to_contain_text("X")
    page.context.set_offline(False)          # the page is checked with axe once more when the test ends

    sizes = sum(int(r.headers.get("content-length") or 0) for r in downloaded)
    print(f"\noffline scorer: ready in {load_seconds:.1f} s (worker: {page.evaluate('ScorekeeperOffline.loadMs')} ms)"
          f", {sizes / 1e6:.2f} MB over the wire in {len(downloaded)} responses, one check "
          f"{page.evaluate('ScorekeeperOffline.lastMs')} ms in Python")
