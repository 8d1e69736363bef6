"""After a Wi-Fi blip the live parts of a page come back by themselves (issue 22: "After one Wi-Fi blip the meld
checker stops for the rest of the page … and the player bar shows stale numbers exactly like real ones"), on a
390×844 touch phone: the meld checker page's verdict, the entry page's score preview and player bar, and the
entry page's meld checks. Meanwhile what could not be refreshed is marked "not updated" in words; no reload,
no further input, no browser error page.

The blip is Playwright's offline switch (which also fires the page's offline/online events) or a route that
aborts the first requests (a flaky connection the browser still thinks is up: only the backoff brings it back).
Figures as in test_preview_flow.py: J J J J 2 2 2 + seven fives = 700 + 135 for Anna.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, Route, expect

from test_phone_flow import create_match, fits_phone_width, key, shoot

pytestmark = pytest.mark.browser
N = "\u202f"


def flaky(page: Page, pattern: str, failures: int) -> list[str]:
    """Requests matching ``pattern`` fail at the network for the first ``failures`` times, then go through."""
    seen: list[str] = []

    def handle(route: Route) -> None:
        seen.append(route.request.url)
        if len(seen) <= failures:
            route.abort("internetdisconnected")
        else:
            route.continue_()
    page.route(pattern, handle)
    return seen


def entry_page(page: Page, live_server, tap) -> str:
    create_match(page, live_server.url, tap, ("Anna", "Béla"))
    token = page.url.rsplit("/", 1)[1]
    return f"{live_server.url}/m/{token}/hands/new?mode=cards"


def test_the_checker_page_gives_a_verdict_again_after_a_blip_without_reload(page: Page, live_server, tap):
    page.goto(live_server.url + "/checker")
    page.evaluate("window.stillThisPage = true")          # gone on a reload or a form post
    cards, verdict = page.get_by_label("Cards", exact=True), page.locator("#verdict")
    tap(key(page, "J"), 4)
    tap(key(page, "2"), 3)
    expect(verdict.locator(".verdict-word")).to_have_text("Legal")

    page.context.set_offline(True)
    tap(key(page, "2"))                                    # a fourth zsoli: no longer legal, but nobody can say so
    note = verdict.locator(".not-updated")
    expect(note).to_have_text("Not updated: no connection. Checking again by itself.")
    expect(verdict).to_have_class(re.compile(r"\bverdict-not-updated\b"))
    expect(verdict.locator(".verdict-word")).to_have_text("Legal")     # the old verdict, dimmed under the note
    expect(cards).not_to_have_attribute("aria-invalid", "true")         # the cards are fine: the Wi-Fi is not
    fits_phone_width(page)
    shoot(page, "blip-checker-offline")

    page.context.set_offline(False)                        # no tap: the page asks again by itself
    expect(verdict.locator(".verdict-word")).to_have_text("Not legal")
    expect(note).to_have_count(0)
    expect(verdict).not_to_have_class(re.compile(r"\bverdict-not-updated\b"))

    # A second blip later in the same page: still recovers (before, the first one was the last).
    page.context.set_offline(True)
    tap(page.locator("[data-keypad] [data-action='back']"))
    expect(note).to_be_visible()
    page.context.set_offline(False)
    expect(verdict.locator(".verdict-word")).to_have_text("Legal")
    assert page.evaluate("window.stillThisPage === true")


def test_the_checker_page_asks_again_with_backoff_when_requests_fail_while_the_browser_thinks_it_is_online(
        page: Page, live_server, tap):
    page.goto(live_server.url + "/checker")
    seen = flaky(page, "**/api/v1/check-meld", failures=2)
    verdict = page.locator("#verdict")
    tap(key(page, "K"), 3)
    expect(verdict.locator(".not-updated")).to_be_visible()
    # the first pauses are 1 s and 2 s: the third request is the first to go through
    expect(verdict.locator(".verdict-word")).to_have_text("Legal", timeout=8000)
    expect(verdict.locator(".not-updated")).to_have_count(0)
    assert len(seen) == 3


def test_the_preview_and_player_bar_are_marked_not_updated_in_a_blip_and_come_back_by_themselves(
        page: Page, live_server, tap):
    page.goto(entry_page(page, live_server, tap))
    anna = page.get_by_role("region", name="Anna")
    anna_says = anna.locator("h2 output")
    bar_anna = page.locator("[data-player-bar] [data-side-button='0']")
    expect(anna_says).to_have_text(f"0 +{N}0 = 0 · total 0 · so far")

    page.context.set_offline(True)
    anna.get_by_label("Melds", exact=True).fill("J J J J 2 2 2\n5 5 5 5 5 5 5")
    # the old numbers, dimmed and said to be old: on the heading in words (its live region says them), on the bar
    # as a small sign whose words are its title and, hidden, its text
    expect(anna_says).to_have_text(f"0 +{N}0 = 0 · total 0 · so far not updated")
    expect(anna_says).to_have_class(re.compile(r"\bpreview-stale\b"))
    expect(bar_anna.locator("output .not-updated")).to_be_visible()
    expect(bar_anna.locator("output .not-updated")).to_have_attribute("title", "not updated")
    expect(bar_anna.locator("output")).to_have_text("+0 → 0 not updated")
    fits_phone_width(page)
    shoot(page, "blip-preview-offline")

    page.context.set_offline(False)                        # nothing typed: the page asks again by itself
    expect(anna_says).to_have_text(f"700 +{N}135 = 835 · total 835 · so far")
    expect(bar_anna.locator("output")).to_have_text("+835 → 835")
    expect(page.locator("[data-preview-side] .not-updated")).to_have_count(0)
    expect(anna_says).not_to_have_class(re.compile(r"\bpreview-stale\b"))
    assert "/hands/new" in page.url


def test_the_player_bar_shows_a_dash_never_zeros_when_the_first_preview_gets_no_answer(
        page: Page, live_server, tap):
    url = entry_page(page, live_server, tap)
    seen = flaky(page, "**/hands/preview**", failures=1)
    page.goto(url)
    bar_bela = page.locator("[data-player-bar] [data-side-button='1'] output")
    expect(bar_bela).to_have_text("— not updated")
    expect(bar_bela).not_to_contain_text("0")
    # the retry after a second brings the real numbers of an empty hand, unmarked
    expect(bar_bela).to_have_text("+0 → 0", timeout=5000)
    assert len(seen) == 2


def test_a_preview_request_that_hangs_is_given_up_and_asked_again(page: Page, live_server, tap):
    url = entry_page(page, live_server, tap)
    held: list[Route] = []

    def hang_first(route: Route) -> None:
        if not held:
            held.append(route)                            # never answered: a request lost on bad Wi-Fi
        else:
            route.continue_()
    page.route("**/hands/preview**", hang_first)
    page.goto(url)
    anna_says = page.get_by_role("region", name="Anna").locator("h2 output")
    # 8 s timeout, then the retry a second later
    expect(anna_says).to_have_text(f"0 +{N}0 = 0 · total 0 · so far", timeout=15000)
    assert len(held) == 1


def test_the_entry_pages_meld_checks_come_back_after_a_blip(page: Page, live_server, tap):
    page.goto(entry_page(page, live_server, tap))
    anna = page.get_by_role("region", name="Anna")
    status = anna.locator(".meld-status > li")

    page.context.set_offline(True)
    anna.get_by_label("Melds", exact=True).fill("J J J J 2 2 2\n5 5 5 5 5 5 5")
    expect(status).to_have_count(2)
    expect(status.first).to_contain_text("7 cards · not checked yet")
    shoot(page, "blip-meld-checks-offline")

    page.context.set_offline(False)
    expect(status.first).to_contain_text("✓")
    expect(status.nth(1)).to_contain_text("✓")
    expect(anna.locator(".meld-status")).not_to_contain_text("not checked")

    # later melds are checked too: the checks did not give up for the rest of the page
    page.context.set_offline(True)
    anna.get_by_label("Melds", exact=True).fill("J J J J 2 2 2\n5 5 5 5 5 5 5\n9 9 9")
    expect(status.nth(2)).to_contain_text("not checked yet")
    page.context.set_offline(False)
    expect(status.nth(2)).to_contain_text("✓")
