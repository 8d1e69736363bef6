"""Issue 13's browser acceptance on a 390×844 phone: a díszített match started with house rules typed on the new-match
form (red canasta bonus 450 instead of 400, one opening minimum of 90 from the start instead of 50/75/90/120 by
total), a hand tapped in on the keypad, and the changed numbers on the scoresheet and in the PDF's text.

The hand is test_phone_flow's (the seed's second worked example) with the house bonus, worked out by hand:
Anna — black canasta J J J J 2 2 2 (300), red canasta of fives (house: 450), 1 red three 100, 1 twin 100,
    an ace left in hand, not out: base 950; cards 4×10 + 3×20 + 7×5 − 20 = 115; hand 1065.
Béla — red canasta of kings (450), 8 8 8, 2 red threes 200, went out 100: base 750; cards 70 + 30 = 100; 850.
Totals 1065 and 850, no tax below 5000; the next opening minimum is the house's 90 for both (the variant says 50
below 5000).
"""

from __future__ import annotations

import re
import subprocess

import pytest
from playwright.sync_api import Page, expect

from axe import describe, violations
from test_phone_flow import fits_phone_width, shoot, tap_anna_melds, tap_anna_rest, tap_bela

pytestmark = pytest.mark.browser


def start_with_house_rules(page: Page, base_url: str, tap) -> None:
    page.goto(base_url + "/")
    expect(page.get_by_label("Variant")).to_have_value("diszitett")
    page.get_by_label("Player 1", exact=True).fill("Anna")
    page.get_by_label("Player 2", exact=True).fill("Béla")
    house = page.locator("details#house")
    expect(house.locator("> summary")).to_have_text("House rules (none)")
    tap(house.locator("> summary"))
    tap(page.locator("#house-group-canastas > summary"))
    bonus = page.get_by_label("red canasta: bonus")
    expect(bonus).to_have_value("400")
    expect(page.locator("#house-canastas-red_canasta-bonus-variant")).to_have_text(re.compile(r": 400$"))
    expect(bonus).to_have_attribute("inputmode", "numeric")
    bonus.fill("450")
    tap(page.locator("#house-group-opening > summary"))
    opening = page.locator("#house-opening-minimums-field")
    expect(opening.locator(".house-start")).to_have_text("from the start")       # not editable
    expect(opening.locator("input")).to_have_count(1 + 2 * 4)                     # 50; 5000 75; 7000 90; 9000 120; a new row
    opening.locator("#house-opening-minimums-0-minimum").fill("90")
    for row in (1, 2, 3):                                                          # the other tiers left blank
        opening.locator(f"#house-opening-minimums-{row}-from").fill("")
        opening.locator(f"#house-opening-minimums-{row}-minimum").fill("")
    size = page.locator("#house-canastas-red_canasta-size-0")
    assert size.bounding_box()["height"] < 80                 # a range's inputs keep a field's height
    tap(page.locator("#house-group-taxation > summary"))
    page.locator("#house-taxation-brackets-1-from").fill("6000")                 # half tax from 6000 (no hand here
    page.get_by_label("Save these house rules as").fill("Nagymama")                # reaches it)
    fits_phone_width(page)
    found = violations(page)
    assert not found, describe({"new match with house rules": found})
    shoot(page, "house-form")
    tap(page.get_by_role("button", name="Start the match"))
    expect(page).to_have_url(re.compile(r"/m/[A-Za-z0-9_-]{22,}$"))


def tap_the_hand(page: Page, tap) -> None:
    tap_anna_melds(page, tap)
    anna = tap_anna_rest(page, tap)
    bela = tap_bela(page, tap)
    expect(anna.get_by_label("Melds", exact=True)).to_have_value("J J J J 2 2 2\n5 5 5 5 5 5 5")
    expect(bela.get_by_label("Melds", exact=True)).to_have_value("K K K K K K K\n8 8 8")
    expect(bela.get_by_role("radio", name="Went out")).to_be_checked()


def test_a_diszitett_match_with_house_rules_scores_them_on_the_sheet_and_in_the_pdf(
        page: Page, live_server, tap, tmp_path):
    start_with_house_rules(page, live_server.url, tap)
    sheet_url = page.url
    standings = page.get_by_role("region", name="Next opening minimum")
    expect(standings.get_by_role("listitem")).to_have_text(
        [re.compile(r"^\s*Anna\s+90\s+total\s+0\s*$"), re.compile(r"^\s*Béla\s+90\s+total\s+0\s*$")])

    tap(standings.get_by_role("link", name="Enter hand (cards)"))
    expect(page.get_by_role("heading", name="Hand 1")).to_be_visible()
    tap_the_hand(page, tap)
    tap(page.get_by_role("button", name="Save hand 1"))
    expect(page).to_have_url(sheet_url)

    cells = page.locator("tr#hand-1 td")
    expect(cells.nth(0).locator(".parts")).to_have_text(re.compile(r"(^|\D)950\D+115\D+=\D*1,065$"))
    expect(cells.nth(1).locator(".parts")).to_have_text(re.compile(r"(^|\D)750\D+100\D+=\D*850$"))
    standings = page.get_by_role("region", name="Next opening minimum")
    expect(standings.get_by_role("listitem")).to_have_text(
        [re.compile(r"^\s*Anna\s+90\s+total\s+1,065\s*$"), re.compile(r"^\s*Béla\s+90\s+total\s+850\s*$")])
    expect(page.get_by_text("House rules", exact=False).first).to_be_visible()     # the sheet's header says so
    fits_phone_width(page)
    shoot(page, "house-sheet")

    pdf = page.request.get(sheet_url + "/sheet.pdf")
    assert pdf.status == 200 and pdf.headers["content-type"] == "application/pdf"
    path = tmp_path / "sheet.pdf"
    path.write_bytes(pdf.body())
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout
    assert re.search(r"\b1,065\b", text) and re.search(r"\b850\b", text), text
    assert re.search(r"\b950\b", text), text            # Anna's base, with the house's 450 in it
    assert re.search(r"\b90\b", text), text             # the opening minimum the house fixed
    assert re.search(r"\b400\b.*\b450\b", text), text  # the sheet's list of changes: variant's value → house


def test_the_saved_preset_opens_on_the_phone_and_prefills_the_next_match(page: Page, live_server, tap):
    start_with_house_rules(page, live_server.url, tap)
    page.goto(live_server.url + "/")
    presets = page.get_by_role("region", name="Your house rules")
    tap(presets.get_by_role("link", name="Nagymama"))
    expect(page.get_by_role("heading", name="Nagymama")).to_be_visible()
    expect(page.locator(".house-changes li")).to_have_count(3)          # a bracket table's change wraps: no overflow
    found = violations(page)
    assert not found, describe({"preset page": found})
    fits_phone_width(page)
    shoot(page, "house-preset")
    tap(page.get_by_role("link", name="Start a match with these rules"))
    expect(page.locator("details#house > summary")).to_have_text("House rules: 3 changes")
    expect(page.locator("#house-canastas-red_canasta-bonus")).to_have_value("450")
