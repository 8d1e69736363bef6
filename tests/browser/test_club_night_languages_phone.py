"""The club night's organiser page and screen at 360 px in Hungarian and French (issue 24), with three pairs at two
tables so one sits out: no sideways scrolling (the screen's table of tables overflowed by 73 px in Hungarian before
it became two lines a table on a phone), every control a 48 px target (Reload, the score and the tables' links were
19 px tall) and every field tied to a label. Screenshots with SCOREKEEPER_SHOTS (tests/browser/test_phone_flow.py).

Mitchell with 3 entrants at 2 tables (seating.mitchell): NS entrants 1 and 2 stay at tables 1 and 2, EW entrant 3
meets entrant 1 at table 1, so entrant 2 (Cili Tóth & Dani Nagy) sits out round 1."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from test_phone_flow import shoot
from test_touch_targets import fits_phone_width, too_small

pytestmark = pytest.mark.browser

PAIRS = [["Anna Kovácsné", "Béla Szabó"], ["Cili Tóth", "Dani Nagy"], ["Emma Horváth", "Feri Varga"]]
SITS_OUT = {"hu": "Ebben a fordulóban kimarad: Cili Tóth & Dani Nagy",
            "fr": "Ne joue pas cette manche\u00a0: Cili Tóth & Dani Nagy"}
UNLABELLED = """() => [...document.querySelectorAll('main input:not([type=hidden]), main select')]
  .filter(el => !(el.labels && el.labels.length) && !el.getAttribute('aria-label')).map(el => el.name)"""


@pytest.fixture
def browser_context_args(browser_context_args: dict[str, Any], lang: str) -> dict[str, Any]:
    """A speaker of ``lang``: the browser's locale is its Accept-Language (as test_languages_phone.py)."""
    return {**browser_context_args, "locale": {"hu": "hu-HU", "fr": "fr-FR"}[lang]}


@pytest.mark.parametrize("lang", ["hu", "fr"])
def test_the_night_page_and_screen_fit_a_360px_phone_in_hungarian_and_french(page: Page, live_server, lang):
    api = page.request
    group = api.post(f"{live_server.url}/api/v1/groups", data={"name": "Vasárnapi kanaszta klub"}).json()
    made = api.post(f"{live_server.url}/api/v1/groups/{group['edit_token']}/events", data={
        "name": "Csütörtöki klubest", "entrants": PAIRS,
        "settings": {"tables": 2, "rounds": 2, "seating": "mitchell", "variant": "international", "hands": 3}})
    assert made.status == 201, made.text()
    page.set_viewport_size({"width": 360, "height": 740})
    for path in (f"/g/{group['edit_token']}/night", f"/e/{made.json()['token']}"):
        page.goto(live_server.url + path)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(page.get_by_text(SITS_OUT[lang])).to_be_visible()
        fits_phone_width(page)
        assert too_small(page) == []
        assert page.evaluate(UNLABELLED) == []
        shoot(page, f"club-night-{lang}-{path.split('/')[1]}")
