"""Touch targets on a 390×844 phone in Debian's Chromium: every link, button, input, select and summary on the
home page, the meld checker and a six-player scoresheet is at least 48 px tall (and 48 px wide, or sits in a
label that is), measured from the laid-out bounding boxes with every <details> opened.

Also the six-player scoresheet itself: the page never scrolls sideways, the table scrolls inside its box with
the hand numbers and the names staying in view, and each hand's controls stay reachable.
"""

from __future__ import annotations

import re

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
    expect(page.get_by_role("link", name=re.compile("Revisions"))).to_be_visible()
    assert too_small(page) == []
    open_every_details(page)
    assert too_small(page) == []
    fits_phone_width(page)


def test_the_language_switch_is_a_pair_of_48px_buttons_beside_the_brand(page: Page, live_server):
    page.goto(live_server.url + "/")
    brand = page.locator(".top .brand").bounding_box()
    for label in ("Magyar", "English"):
        button = page.get_by_role("button", name=label).bounding_box()
        assert button["height"] >= TAP and button["width"] >= TAP
        assert abs((button["y"] + button["height"] / 2) - (brand["y"] + brand["height"] / 2)) < 2   # one row
    header = page.locator("header.top").bounding_box()
    assert header["height"] <= 2 * TAP + 24                          # two rows: brand + languages, then links


def test_a_six_player_sheet_keeps_the_hand_numbers_and_names_in_view_while_it_scrolls(page: Page, live_server):
    page.goto(six_player_sheet(page, live_server.url, hands=20))
    fits_phone_width(page)                                           # the table scrolls in its box, not the page
    box = page.locator(".sheet-scroll")
    box.scroll_into_view_if_needed()
    page.evaluate("window.scrollTo(0, document.querySelector('.sheet-scroll').getBoundingClientRect().top"
                  " + window.scrollY)")
    size = box.evaluate("b => ({cw: b.clientWidth, sw: b.scrollWidth, ch: b.clientHeight, sh: b.scrollHeight})")
    assert size["sw"] > size["cw"], "six columns should scroll sideways on a 390 px phone"
    assert size["sh"] > size["ch"], "twenty hands should scroll inside the box, under a header that stays put"
    assert size["ch"] <= 844

    before = box.bounding_box()
    box.evaluate("b => { b.scrollLeft = 200; b.scrollTop = 600; }")
    page.wait_for_timeout(100)
    corner = page.locator("table.sheet thead th").first.bounding_box()
    name = page.locator("table.sheet thead th").nth(3).bounding_box()
    assert abs(corner["x"] - before["x"]) < 2 and abs(corner["y"] - before["y"]) < 2     # "Hand" stays at top left
    assert abs(name["y"] - before["y"]) < 2                          # the names stay on top …
    assert name["x"] < corner["x"] + 200                             # … and scroll sideways with their columns
    visible_rows = page.evaluate(
        """(() => { const box = document.querySelector('.sheet-scroll').getBoundingClientRect();
             return [...document.querySelectorAll('table.sheet tr.hand > th')].filter(th => {
               const r = th.getBoundingClientRect(); return r.top >= box.top + 30 && r.bottom <= box.bottom; })
             .map(th => [Math.round(th.getBoundingClientRect().left), th.querySelector('.number').textContent]); })()""")
    assert visible_rows, "no hand row in view"
    assert {left for left, _number in visible_rows} == {round(before["x"])}   # hand numbers stay at the left edge
    # Every visible hand's Edit button stays inside the visible part of the box.
    for edit in page.locator("tr.hand-extra .button").all():
        b = edit.bounding_box()
        if before["y"] + 40 <= b["y"] and b["y"] + b["height"] <= before["y"] + before["height"]:
            assert before["x"] <= b["x"] and b["x"] + b["width"] <= before["x"] + before["width"] + 1
    # Readable: the totals keep a legible size and never wrap.
    total = page.locator("table.sheet .cell .total").first
    assert float(total.evaluate("el => parseFloat(getComputedStyle(el).fontSize)")) >= 16
    assert total.evaluate("el => getComputedStyle(el).whiteSpace") == "nowrap"


@pytest.mark.parametrize("path", ["/rules", "/rules/diszitett", "/rules/international", "/rules/keltis"])
def test_every_control_of_the_rules_pages_is_a_48px_target(page: Page, live_server, path):
    page.goto(live_server.url + path)
    open_every_details(page)
    assert too_small(page, skip=".rules-body") == []
    fits_phone_width(page)
