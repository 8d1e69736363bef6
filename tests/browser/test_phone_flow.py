"""The issue's real-browser acceptance, on a 390×844 phone viewport in Debian's Chromium: create a díszített
match, enter a full two-player hand by tapping, read the right totals and next opening minimums on the
scoresheet, and check melds live on the checker page.

Expected figures are worked out by hand from rules_ref/diszitett.md (nothing here asks the rules core):

Anna — black canasta J J J J 2 2 2, red canasta of fives, 1 red three, 1 twin, an ace left in hand, not out
(the seed's second worked example):
    base 300 + 400 + 100 + 100 = 900; card value 4×10 + 3×20 + 7×5 − 20 = 115; hand 1015.
Béla — red canasta of kings, 8 8 8, 2 red threes, went out with nothing in hand:
    base 400 + 2×100 + 100 = 700; card value 7×10 + 3×10 = 100; hand 800.
Both totals were 0 before the hand: no tax, so the totals are 1015 and 800; both are under 5000, so the next
opening minimum (by total, the default) is 50 for each. Anna scored more: she wins the hand.

Set SCOREKEEPER_SCREENSHOTS=/some/dir to keep screenshots of the entry page and the scoresheet.
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

pytestmark = pytest.mark.browser

# The issue: a two-player díszített hand enterable in under 60 s of tapping. At roughly a tap a second that is
# fewer than 60 taps, from opening the entry page to saving.
TAP_BUDGET = 60


def shoot(page: Page, name: str) -> None:
    folder = os.environ.get("SCOREKEEPER_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))
        page.screenshot(path=str(Path(folder) / f"{name}-full.png"), full_page=True)


def fits_phone_width(page: Page) -> None:
    """Nothing sticks out sideways at 390 px: the page never scrolls horizontally."""
    widths = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], f"{page.url} is {widths[0]} px wide on a {widths[1]} px screen"


def key(scope: Locator | Page, card: str) -> Locator:
    """A rank button of the page's keypad (the notation it types is in data-card). The hand form has one keypad
    for all sides, typing into the active one (issue 11 item 5): ``scope`` may be a side, the key is the page's."""
    page = scope.page if isinstance(scope, Locator) else scope
    return page.locator(f"[data-keypad] [data-card='{card}']")


def count_key(page: Page, n: int) -> Locator:
    return page.locator(f"[data-keypad] [data-count='{n}']")


def to_side(page: Page, tap, name: str) -> None:
    """The player bar's button of a side: the keypad types into that side from now on."""
    tap(page.locator("[data-player-bar]").get_by_role("button", name=name))


def chip(side: Locator, label: str, n: int) -> Locator:
    """A count's one-tap chip (red threes on the card form)."""
    return side.locator("fieldset.chips-field").filter(has_text=label).get_by_text(str(n), exact=True)


def chosen(side: Locator, label: str) -> Locator:
    """The checked chip of a count."""
    return side.get_by_role("group", name=label).locator("input:checked")


def stepper_plus(side: Locator, label: str) -> Locator:
    return side.locator(".stepper-field").filter(has_text=label).get_by_role("button", name="one more")


def tap_anna_melds(page: Page, tap) -> None:
    """Seed 000's example melds on the keypad: J ×4 with three zsoli, seven fives."""
    tap(key(page, "J"), 2)
    tap(key(page, "2"))
    tap(count_key(page, 3))
    tap(key(page, "5"))
    tap(count_key(page, 7))


def tap_anna_rest(page: Page, tap) -> Locator:
    """An ace in hand, one red three, one twin; Anna's region."""
    anna = page.get_by_role("region", name="Anna")
    tap(page.get_by_role("button", name="Cards in hand"))
    tap(key(page, "A"))
    tap(chip(anna, "Red threes", 1))
    tap(stepper_plus(anna, "Twins"))
    return anna


def tap_bela(page: Page, tap) -> Locator:
    """Béla, on the player bar: a red canasta of kings, three eights, two red threes; his region."""
    to_side(page, tap, "Béla")
    bela = page.get_by_role("region", name="Béla")
    tap(key(page, "K"))
    tap(count_key(page, 7))
    tap(key(page, "8"))
    tap(chip(bela, "Red threes", 2))
    return bela


def create_match(page: Page, base_url: str, tap, players: tuple[str, str]) -> None:
    page.goto(base_url + "/")
    expect(page.get_by_label("Variant")).to_have_value("diszitett")
    page.get_by_label("Player 1", exact=True).fill(players[0])
    page.get_by_label("Player 2", exact=True).fill(players[1])
    tap(page.get_by_role("button", name="Start the match"))
    expect(page).to_have_url(re.compile(r"/m/[A-Za-z0-9_-]{22,}$"))


def test_a_diszitett_hand_tapped_in_on_a_phone_shows_its_totals_and_next_opening_minimums(
        page: Page, live_server, tap, record_property):
    create_match(page, live_server.url, tap, ("Anna", "Béla"))
    standings = page.get_by_role("region", name="Next opening minimum")
    expect(standings.get_by_role("listitem")).to_have_text(
        [re.compile(r"^\s*Anna\s+50\s+total\s+0\s*$"), re.compile(r"^\s*Béla\s+50\s+total\s+0\s*$")])

    tap(standings.get_by_role("link", name="Enter hand (cards)"))
    expect(page).to_have_url(re.compile(r"/hands/new\?mode=cards$"))
    expect(page.get_by_role("heading", name="Hand 1")).to_be_visible()
    started, taps_before = time.perf_counter(), tap.count

    # The rank × count keypad (issue 11 item 5): J lays three jacks, one more J a fourth; 2 ×3 three zsoli; a
    # rank after a meld of another rank starts the next meld; K ×7 a canasta.
    tap_anna_melds(page, tap)
    anna = tap_anna_rest(page, tap)
    bela = tap_bela(page, tap)
    expect(bela.get_by_role("radio", name="Went out")).to_be_checked()    # Anna holds cards: Béla went out
    expect(bela.get_by_text("Chosen for you")).to_be_visible()

    # What the taps typed, before saving.
    expect(anna.get_by_label("Melds", exact=True)).to_have_value("J J J J 2 2 2\n5 5 5 5 5 5 5")
    expect(anna.get_by_label("Cards left in hand")).to_have_value("A")
    expect(chosen(anna, "Red threes")).to_have_value("1")
    expect(anna.get_by_label("Twins")).to_have_value("1")
    expect(anna.get_by_role("radio", name="Not out")).to_be_checked()
    expect(bela.get_by_label("Melds", exact=True)).to_have_value("K K K K K K K\n8 8 8")
    expect(bela.get_by_label("Cards left in hand")).to_have_value("")
    expect(chosen(bela, "Red threes")).to_have_value("2")
    expect(bela.get_by_label("Twins")).to_have_value("0")
    expect(bela.get_by_role("radio", name="Went out")).to_be_checked()
    # Each meld line gets its live verdict from the JSON API while tapping.
    expect(anna.locator(".meld-status li")).to_have_text(
        [re.compile(r"J×4 2×3 · 7 cards · black canasta"), re.compile(r"5×7 · 7 cards · red canasta")])
    expect(bela.locator(".meld-status li")).to_have_text(
        [re.compile(r"K×7 · 7 cards · red canasta"), re.compile(r"8×3 · 3 cards · .*✓")])
    fits_phone_width(page)
    shoot(page, "entry")

    tap(page.get_by_role("button", name="Save hand 1"))
    expect(page).to_have_url(re.compile(r"/m/[A-Za-z0-9_-]{22,}$"))
    expect(page.get_by_text("Hand 1 saved.")).to_be_visible()
    elapsed, taps = time.perf_counter() - started, tap.count - taps_before
    record_property("hand_entry_taps", taps)
    record_property("hand_entry_seconds", round(elapsed, 2))
    print(f"\nhand entry: {taps} taps, {elapsed:.2f} s of automated tapping (entry page open → sheet shown)")
    assert taps < TAP_BUDGET

    standings = page.get_by_role("region", name="Next opening minimum")
    expect(standings.get_by_role("listitem")).to_have_text(
        [re.compile(r"^\s*Anna\s+50\s+total\s+1,015\s*$"), re.compile(r"^\s*Béla\s+50\s+total\s+800\s*$")])

    row = page.locator("tr#hand-1")
    cells = row.locator("td")
    expect(cells).to_have_count(2)
    anna_cell, bela_cell = cells.nth(0), cells.nth(1)
    expect(anna_cell.locator(".total")).to_have_text(re.compile(r"(^|\D)1,015$"))
    expect(anna_cell.locator(".parts")).to_have_text(re.compile(r"(^|\D)900\D+115\D+=\D*1,015$"))
    expect(bela_cell.locator(".total")).to_have_text(re.compile(r"(^|\D)800$"))
    expect(bela_cell.locator(".parts")).to_have_text(re.compile(r"(^|\D)700\D+100\D+=\D*800$"))
    expect(anna_cell).to_have_class(re.compile(r"\bwon\b"))
    expect(bela_cell).not_to_have_class(re.compile(r"\bwon\b"))
    expect(row.locator(".taxed")).to_have_count(0)          # nothing taxed below 5000
    fits_phone_width(page)
    shoot(page, "sheet")


def test_the_meld_checker_gives_its_verdict_live_while_tapping(page: Page, live_server, tap):
    page.goto(live_server.url + "/checker")
    expect(page.get_by_label("Variant")).to_have_value("diszitett")
    page.evaluate("window.stillThisPage = true")          # gone if the form were submitted instead

    cards = page.get_by_label("Cards", exact=True)
    verdict = page.locator("#verdict")
    tap(key(page, "J"), 4)
    tap(key(page, "2"), 3)
    expect(cards).to_have_value("J J J J 2 2 2")
    expect(verdict.locator(".verdict-word")).to_have_text("Legal")
    expect(verdict.locator(".verdict-kind")).to_have_text("black canasta")
    expect(verdict.locator(".figures > div")).to_have_text(
        [re.compile(r"Card value\s*100"), re.compile(r"Canasta bonus\s*300")])
    shoot(page, "checker-legal")

    tap(key(page, "2"))                                    # an eighth card, and a fourth zsoli
    expect(cards).to_have_value("J J J J 2 2 2 2")
    expect(verdict.locator(".verdict-word")).to_have_text("Not legal")
    expect(verdict.locator(".problems li")).to_have_count(1)
    expect(verdict.locator(".problems li[data-code='too_many_wilds']")).to_contain_text("8")
    fits_phone_width(page)
    shoot(page, "checker-illegal")

    assert page.evaluate("window.stillThisPage === true")
    assert page.url == live_server.url + "/checker"
