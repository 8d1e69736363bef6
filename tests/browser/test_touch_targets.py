"""Touch targets on a 390×844 phone in Debian's Chromium: every link, button, input, select and summary on the
home page, the meld checker and a six-player scoresheet is at least 48 px tall (and 48 px wide, or sits in a
label that is), measured from the laid-out bounding boxes with every <details> opened.

Also the six-player scoresheet itself: the page never scrolls sideways and the names stay in view while a long
match scrolls by (tests/browser/test_sheet_phone.py: every total in view at 390 and 360 px).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

TAP = 48
SIX = ["Anna", "Béla", "Cili", "Dániel", "Erzsébet", "Ferenc"]

# Every visible control of the page: its box, and for a checkbox or radio the box of the label around it (the
# whole label toggles it, so the label is the target). Hidden and not-rendered controls are left out.
MEASURE = """(skip) => {
  const selector = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex="-1"])';
  const box = el => { const r = el.getBoundingClientRect(); return {width: r.width, height: r.height}; };
  return [...document.querySelectorAll(selector)].filter(el => {
    if (skip && el.closest(skip)) return false;
    const r = el.getBoundingClientRect(), style = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && style.visibility !== 'hidden';
  }).map(el => {
    const label = ['checkbox', 'radio'].includes(el.type) ? el.closest('label') : null;
    const name = (el.getAttribute('aria-label') || el.textContent || el.value || el.name || '').replace(/\\s+/g, ' ');
    return {what: `<${el.tagName.toLowerCase()}${el.id ? ' id=' + el.id : ''}${el.className ? ' class="' +
                   el.className + '"' : ''}> ${name.trim().slice(0, 40)}`,
            own: box(el), target: label ? box(label) : box(el)};
  });
}"""


def open_every_details(page: Page) -> None:
    page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")


def too_small(page: Page, skip: str | None = None) -> list[str]:
    """The controls under 48 px: their own height, or the width of the target (the control or its label).
    ``skip``: a container whose links are words inside running text (WCAG 2.5.8's inline exception)."""
    found = page.evaluate(MEASURE, skip)
    assert len(found) > 5, "nothing measured: the selector found no controls"
    small = []
    for c in found:
        if c["own"]["height"] < TAP - 0.5 or c["target"]["width"] < TAP - 0.5 or c["target"]["height"] < TAP - 0.5:
            small.append(f'{c["what"]}: {c["own"]["width"]:.0f}×{c["own"]["height"]:.0f} px'
                         f' (target {c["target"]["width"]:.0f}×{c["target"]["height"]:.0f})')
    return small


def fits_phone_width(page: Page) -> None:
    widths = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], f"{page.url} is {widths[0]} px wide on a {widths[1]} px screen"


def six_player_sheet(page: Page, base_url: str, hands: int) -> str:
    """A díszített match of six through the JSON API (summary hands, one player out each time), hand 2 corrected
    once so it has a revisions link. Returns the sheet's URL."""
    api = page.request
    created = api.post(f"{base_url}/api/v1/matches",
                       data={"variant": "diszitett", "sides": [{"name": n} for n in SIX]})
    assert created.status == 201, created.text()
    token, version = created.json()["edit_token"], 0
    sides = []
    for h in range(hands):
        sides = []
        for i, name in enumerate(SIX):
            side = {"name": name, "canastas": {"red_canasta": (i + h) % 3, "black_canasta": (i * h) % 2},
                    "melded_points": 150 + 5 * ((i + 3 * h) % 30), "hand_points": 5 * ((7 * i + h) % 9)}
            if i == h % len(SIX):
                side.update(out="out", hand_points=0)
                side["canastas"]["red_canasta"] = max(1, side["canastas"]["red_canasta"])
            sides.append(side)
        added = api.post(f"{base_url}/api/v1/matches/{token}/hands",
                         data={"version": version, "hand": {"mode": "summary", "sides": sides}})
        assert added.status == 201, added.text()
        version = added.json()["version"]
    edited = api.put(f"{base_url}/api/v1/matches/{token}/hands/2",
                     data={"version": version, "hand": {"mode": "summary", "sides": sides}})
    assert edited.status == 200, edited.text()
    return f"{base_url}/m/{token}"


@pytest.mark.parametrize("path", ["/", "/?variant=international", "/?variant=international&players=2",
                                  "/?variant=keltis"])
def test_every_control_of_the_home_page_is_a_48px_target(page: Page, live_server, path):
    page.goto(live_server.url + path)
    expect(page.get_by_role("button", name="Start the match")).to_be_visible()
    open_every_details(page)
    assert too_small(page) == []
    fits_phone_width(page)


def test_every_control_of_the_checker_is_a_48px_target(page: Page, live_server):
    page.goto(live_server.url + "/checker")
    expect(page.locator("[data-keypad]")).to_be_visible()          # the script has shown the keypad
    open_every_details(page)
    assert too_small(page) == []
    page.get_by_label("Cards").fill("J J J J 2 2")                   # and with a verdict on the page
    expect(page.locator("#verdict")).to_contain_text("Legal")
    assert too_small(page) == []
    fits_phone_width(page)


def test_every_control_of_a_six_player_scoresheet_is_a_48px_target(page: Page, live_server):
    page.goto(six_player_sheet(page, live_server.url, hands=4))
    expect(page.get_by_role("link", name="Hand 2 in detail")).to_be_visible()
    assert too_small(page) == []
    open_every_details(page)
    assert too_small(page) == []
    fits_phone_width(page)


def test_the_language_switch_sits_beside_the_brand_and_opens_on_four_48px_buttons(page: Page, live_server):
    """Issue 23: four languages, each in its own name; the page's language on the brand's row keeps the header to
    two rows on a 360 px phone, and the opened list lies over the page (nothing under it moves)."""
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(live_server.url + "/")
    brand = page.locator(".top .brand").bounding_box()
    summary = page.locator(".lang > summary")
    expect(summary).to_have_text("English")
    box = summary.bounding_box()
    assert box["height"] >= TAP and box["width"] >= TAP
    assert box["y"] < brand["y"] + brand["height"] and brand["y"] < box["y"] + box["height"]    # one row
    header = page.locator("header.top").bounding_box()
    assert header["height"] <= 2 * TAP + 24                          # two rows: brand + language, then links
    heading = page.locator("main h1").bounding_box()
    summary.click()
    for label in ("English", "Magyar", "Français", "Svenska"):
        button = page.get_by_role("button", name=label).bounding_box()
        assert button["height"] >= TAP and button["width"] >= TAP
        assert button["x"] >= 0 and button["x"] + button["width"] <= 360
    assert page.locator("main h1").bounding_box() == heading         # the list covers the page, nothing moves
    fits_phone_width(page)
    page.get_by_role("button", name="Svenska").click()
    expect(page.locator("html")).to_have_attribute("lang", "sv")
    expect(page.locator(".lang > summary")).to_have_text("Svenska")


def test_a_six_player_sheet_keeps_the_names_on_top_while_a_long_match_scrolls_by(page: Page, live_server):
    """Twenty hands: the page scrolls (no box of its own, issue 11), the names stay on top, the hand numbers at
    the left edge, and the totals keep a legible size on one line."""
    page.goto(six_player_sheet(page, live_server.url, hands=20))
    fits_phone_width(page)
    assert page.evaluate("document.querySelector('table.sheet').parentElement.scrollHeight"
                         " <= document.querySelector('table.sheet').parentElement.clientHeight + 1")
    table = page.locator("table.sheet")
    page.evaluate("window.scrollTo(0, document.querySelector('table.sheet').getBoundingClientRect().top"
                  " + window.scrollY + 600)")
    page.wait_for_timeout(100)
    name = page.locator("table.sheet thead th").nth(3).bounding_box()
    assert abs(name["y"]) < 2, "the names stay at the top of the screen"
    lefts = {round(b["x"]) for b in (th.bounding_box() for th in page.locator("table.sheet tr.hand > th").all())}
    assert lefts == {round(table.bounding_box()["x"])}
    total = page.locator("table.sheet .cell .total").first
    assert float(total.evaluate("el => parseFloat(getComputedStyle(el).fontSize)")) >= 15
    assert total.evaluate("el => getComputedStyle(el).whiteSpace") == "nowrap"


@pytest.mark.parametrize("path", ["/rules", "/rules/diszitett", "/rules/international", "/rules/keltis"])
def test_every_control_of_the_rules_pages_is_a_48px_target(page: Page, live_server, path):
    page.goto(live_server.url + path)
    open_every_details(page)
    assert too_small(page, skip=".rules-body") == []
    fits_phone_width(page)
