"""Issue 5 in a real browser, on a 390×844 phone viewport in Debian's Chromium: create a two-player Keltis match,
enter a whole game by tapping the keypads and stone toggles (no typing), watch the running scores, and read the
right totals on the scoresheet.

Expected figures are worked out by hand from rules_ref/keltis.md with the default options (K1: every card of a
row counts toward its length; K2: a grey card on a row scores only as length); nothing here asks the rules core.
Row points by length: 1 → −4, 2 → −3, 3 → −2, 4 → 1, 5 → 2, 6 → 3, 7 → 6, 8 → 7, 9+ → 10; stones held:
0 → −4, 1 → −1, 2 → 0, 3 → 4, 4 → 6, 5+ → 10; 1 point per card of the grey row.

Anna — green 0 1 2 3 3 4 5 X (8 cards: 7), red 10 9 8 G8 7 (5 cards with the grey 8: 2), grey row 3 5 2 (3),
stones 1 2 3 (three: 4) → rows 9, game 16.
Béla — yellow 3 3 6 G6 8 X X (7 cards: 6), blue 9 7 7 4 (4 cards: 1), no grey row (0), stones 4 9 (two: 0)
→ rows 7, game 7. Both start at 0, so the totals are 16 and 7; Anna has the best game.

Set SCOREKEEPER_SCREENSHOTS=/some/dir to keep screenshots of the entry page and the scoresheet.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from test_phone_flow import fits_phone_width, shoot

pytestmark = pytest.mark.browser

# (row chosen with its colour button, keys tapped in the order the cards were laid; "G" makes the next a grey card)
ANNA = [("green", "0 1 2 3 3 4 5 X"), ("red", "10 9 8 G 8 7"), ("Grey row", "3 5 2")]
BELA = [("yellow", "3 3 6 G 6 8 X X"), ("blue", "9 7 7 4")]


def tap_rows(side: Locator, tap, rows: list[tuple[str, str]]) -> None:
    for row, keys in rows:
        tap(side.get_by_role("button", name=row, exact=True))
        for value in keys.split():
            tap(side.locator("[data-kpad] [data-grey]") if value == "G"
                else side.locator(f"[data-kpad] [data-value='{value}']"))


def tap_stones(side: Locator, tap, stones: tuple[int, ...]) -> None:
    for stone in stones:
        tap(side.locator("label.stone").nth(stone - 1))
        expect(side.get_by_role("checkbox", name=str(stone), exact=True)).to_be_checked()


def start_keltis_match(page: Page, base_url: str, tap) -> str:
    """Anna and Béla's Keltis match started from the home page, as a phone does; its edit token."""
    page.goto(base_url + "/")
    page.get_by_label("Variant").select_option("keltis")             # submits itself: the Keltis form
    expect(page).to_have_url(re.compile(r"variant=keltis"))
    page.get_by_label("Player 1", exact=True).fill("Anna")
    page.get_by_label("Player 2", exact=True).fill("Béla")
    tap(page.get_by_role("button", name="Start the match"))
    expect(page).to_have_url(re.compile(r"/m/[A-Za-z0-9_-]{22,}$"))
    return page.url.rsplit("/", 1)[1]


def test_a_keltis_game_tapped_in_on_a_phone_shows_its_scores_and_totals(page: Page, live_server, tap):
    start_keltis_match(page, live_server.url, tap)

    tap(page.get_by_role("link", name="Enter game 1"))
    expect(page.get_by_role("heading", name="Game 1")).to_be_visible()
    expect(page.get_by_role("navigation", name="Back").get_by_role("link")).to_have_count(1)   # no mode switch
    taps_before = tap.count

    anna = page.get_by_role("region", name="Anna")
    tap_rows(anna, tap, ANNA)
    tap_stones(anna, tap, (1, 2, 3))
    bela = page.get_by_role("region", name="Béla")
    tap_rows(bela, tap, BELA)
    tap_stones(bela, tap, (4, 9))

    # What the taps typed, and the running scores, before saving.
    expect(anna.get_by_label("green", exact=True)).to_have_value("0 1 2 3 3 4 5 X")
    expect(anna.get_by_label("red", exact=True)).to_have_value("10 9 8 G8 7")
    expect(anna.get_by_label("Grey row", exact=True)).to_have_value("3 5 2")
    expect(anna.get_by_label("yellow", exact=True)).to_have_value("")
    expect(bela.get_by_label("yellow", exact=True)).to_have_value("3 3 6 G6 8 X X")
    expect(bela.get_by_label("blue", exact=True)).to_have_value("9 7 7 4")
    expect(anna.locator("[data-score-for='side0-rows-green']")).to_have_text(re.compile(r"^\+7\s*8 cards$"))
    expect(anna.locator("[data-score-for='side0-rows-red']")).to_have_text(re.compile(r"^\+2\s*5 cards$"))
    expect(anna.locator("[data-score-for='side0-grey']")).to_have_text(re.compile(r"^\+3\s*3 cards$"))
    expect(bela.locator("[data-score-for='side1-rows-yellow']")).to_have_text(re.compile(r"^\+6\s*7 cards$"))
    expect(anna.locator("[data-stones-score]")).to_have_text("+4")
    expect(bela.locator("[data-stones-score]")).to_have_text("0")
    expect(anna.locator("[data-player-score]")).to_have_text("Game score: 16")
    expect(bela.locator("[data-player-score]")).to_have_text("Game score: 7")
    fits_phone_width(page)
    for target in page.locator("[data-kpad] button, label.stone span, .pick").all():
        box = target.bounding_box()
        assert box and box["width"] >= 47.5 and box["height"] >= 47.5, (target.inner_text(), box)
    shoot(page, "keltis-entry")

    tap(page.get_by_role("button", name="Save game 1"))
    expect(page).to_have_url(re.compile(r"/m/[A-Za-z0-9_-]{22,}$"))
    expect(page.get_by_text("Game 1 saved.")).to_be_visible()
    assert tap.count - taps_before < 60

    row = page.locator("tr#hand-1")
    cells = row.locator("td")
    expect(cells).to_have_count(2)
    anna_cell, bela_cell = cells.nth(0), cells.nth(1)
    expect(anna_cell.locator(".total")).to_have_text(re.compile(r"(^|\D)16$"))
    expect(anna_cell.locator(".parts")).to_have_text(re.compile(r"(^|\D)9\D+3\D+4\D+=\D*16$"))
    expect(bela_cell.locator(".total")).to_have_text(re.compile(r"(^|\D)7$"))
    expect(bela_cell.locator(".parts")).to_have_text(re.compile(r"(^|\D)7\D+0\D+0\D+=\D*7$"))
    expect(anna_cell).to_have_class(re.compile(r"\bwon\b"))
    expect(bela_cell).not_to_have_class(re.compile(r"\bwon\b"))

    tap(page.get_by_role("link", name="Game 1 in detail"))
    detail = page.locator(".keltis-detail .detail-side").filter(has_text="Anna")
    expect(detail.locator("tr.colour-green")).to_have_text(re.compile(r"green\s*0 1 2 3 3 4 5 X\s*8\s*\+\s*7"))
    expect(detail.locator(".items .sum").last).to_have_text(re.compile(r"game score\s*16"))
    fits_phone_width(page)
    shoot(page, "keltis-sheet")


def test_with_scripting_off_the_rows_are_typed_and_the_stones_ticked(browser, browser_context_args, live_server):
    """The same game without JavaScript: no keypads or live scores, the row fields and stone boxes do the work."""
    context = browser.new_context(**{**browser_context_args, "java_script_enabled": False})
    page = context.new_page()
    try:
        page.goto(live_server.url + "/?variant=keltis")
        page.get_by_label("Player 1", exact=True).fill("Anna")
        page.get_by_label("Player 2", exact=True).fill("Béla")
        page.get_by_role("button", name="Start the match").tap()
        page.get_by_role("link", name="Enter game 1").tap()
        anna, bela = page.get_by_role("region", name="Anna"), page.get_by_role("region", name="Béla")
        expect(anna.locator("[data-kpad]")).to_be_hidden()
        expect(anna.locator(".pick").first).to_be_hidden()
        for side, rows, stones in ((anna, ANNA, (1, 2, 3)), (bela, BELA, (4, 9))):
            for row, keys in rows:
                side.get_by_label(row, exact=True).fill(keys.replace("G ", "G"))
            for stone in stones:
                side.locator("label.stone").nth(stone - 1).tap()       # the label ticks its box, no script needed
        fits_phone_width(page)
        page.get_by_role("button", name="Save game 1").tap()
        cells = page.locator("tr#hand-1 td")
        expect(cells.nth(0).locator(".total")).to_have_text(re.compile(r"(^|\D)16$"))
        expect(cells.nth(1).locator(".total")).to_have_text(re.compile(r"(^|\D)7$"))
    finally:
        context.close()
