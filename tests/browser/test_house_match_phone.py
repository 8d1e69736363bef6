"""A house-rules match on a phone (issue 13): the sheet's header, the match's rules page and its meld checker
fit a 360 px screen with every control a 48 px target, and the match's checker, live through
``POST /api/v1/matches/<token>/check-meld``, judges by the house numbers as the cards are tapped."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from test_touch_targets import fits_phone_width, open_every_details, too_small

HOUSE = {"canastas": {"red_canasta": {"bonus": 450}}, "melds": {"group": {"max_size": 9}},
         "opening": {"minimums": [{"from": -1000000000, "minimum": 90}]}, "going_out": {"out": 200},
         "twins": {"points": 150}}


@pytest.fixture
def house_match(page: Page, live_server) -> str:
    created = page.request.post(f"{live_server.url}/api/v1/matches", data={
        "variant": "diszitett", "title": "Vasárnap", "house_name": "Nagyi szabályai", "rules": HOUSE,
        "sides": [{"name": "Anna"}, {"name": "Béla"}, {"name": "Cili"}]})
    assert created.status == 201, created.text()
    return created.json()["edit_token"]


@pytest.mark.parametrize("width", [360, 430])
def test_the_house_matchs_pages_fit_a_phone_with_48px_targets(page: Page, live_server, house_match, width):
    page.set_viewport_size({"width": width, "height": 800})
    for path, ready in ((f"/m/{house_match}", "Next opening minimum"), (f"/m/{house_match}/rules", "House rules"),
                        (f"/m/{house_match}/checker", "Meld checker")):
        page.goto(live_server.url + path)
        expect(page.get_by_role("heading", name=ready).first).to_be_visible()
        open_every_details(page)
        assert too_small(page, skip=".rules-body") == [], path
        fits_phone_width(page)


def test_the_sheet_folds_a_long_list_and_opens_it_on_a_tap(page: Page, live_server, house_match):
    page.goto(f"{live_server.url}/m/{house_match}")
    change = page.locator('li[data-key="canastas.red_canasta.bonus"]')
    expect(change).to_be_hidden()                       # five changes: folded under their count
    page.get_by_text("5 numbers changed").click()
    expect(change).to_contain_text("red canasta: bonus")
    expect(change).to_contain_text("450")


def test_the_matchs_checker_judges_live_by_the_house_rules(page: Page, live_server, house_match):
    page.goto(f"{live_server.url}/m/{house_match}/checker")
    expect(page.locator("[data-keypad]")).to_be_visible()
    for card in ["K"] * 8 + ["2"]:                    # nine cards: a group the variant caps at eight
        page.locator(f'[data-card="{card}"]').click()
    expect(page.locator("#verdict")).to_contain_text("Legal")
    expect(page.locator("#verdict")).to_contain_text("group of kings")
    page.get_by_role("button", name="Clear").click()
    for card in ["K"] * 7:
        page.locator(f'[data-card="{card}"]').click()
    expect(page.locator("#verdict")).to_contain_text("red canasta")
    expect(page.locator("#verdict")).to_contain_text("450")
