"""Issue 24's club night on a screen and a phone: an event of 2 tables x 2 rounds (international pairs, Swiss)
through the JSON API; its standings page at 360 px and at 1600 px without scrolling sideways, refreshed by
static/live.js when a table's hand is saved (no reload), and the group's club-night form at 360 px.

By hand (rules_ref/events/victory_points.toml, burraco_3_hands): a table's winners score the summary hand 2,200
(2 natural canastas 1,000 + going out 100 + a red three 100 + 1,000 melded) and its losers 50 (100 melded - 50
in hand); the difference 2,150 reaches the last row [1505, 20, 0]: 20 VP to 0."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from test_phone_flow import shoot

from test_touch_targets import fits_phone_width

pytestmark = pytest.mark.browser

WIN = {"canastas": {"natural_canasta": 2}, "melded_points": 1000, "out": "out", "hand_points": 0, "red_threes": 1}
LOSE = {"canastas": {}, "melded_points": 100, "hand_points": 50}
PAIRS = [["Anna", "Béla"], ["Cili", "Dani"], ["Emma", "Feri"], ["Gabi", "Hédi"]]


def new_event(api, url: str, **round_length) -> tuple[str, dict]:
    """A Thursday club night of the four PAIRS: 2 tables, 2 Swiss rounds of international canasta, each round
    ``hands=…`` or ``minutes=…``; made through the API: the group's edit token and the event with its edit links."""
    group = api.post(f"{url}/api/v1/groups", data={"name": "Thursday club"}).json()["edit_token"]
    made = api.post(f"{url}/api/v1/groups/{group}/events", data={
        "name": "Thursday", "entrants": PAIRS,
        "settings": {"tables": 2, "rounds": 2, "seating": "swiss", "variant": "international", **round_length}})
    assert made.status == 201, made.text()
    return group, made.json()


def test_the_standings_screen_fits_a_phone_and_a_wide_screen_and_follows_a_saved_hand(page: Page, live_server):
    api = page.request
    group, event = new_event(api, live_server.url, hands=1)
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server.url}/e/{event['token']}")
    expect(page.locator("h1")).to_have_text("Thursday")
    expect(page.locator(".event-round")).to_have_text("Round 1 of 2")
    fits_phone_width(page)
    table = event["rounds"][0]["tables"][0]
    sides = [{"name": " & ".join(table["ns_players"]), **WIN}, {"name": " & ".join(table["ew_players"]), **LOSE}]
    saved = api.post(f"{live_server.url}/api/v1/matches/{table['match_edit_token']}/hands",
                     data={"version": 0, "hand": {"mode": "summary", "sides": sides}})
    assert saved.status == 201, saved.text()
    # live.js polls every 3 s and puts the fresh standings in place: Anna & Béla first with 20 VP
    page.wait_for_function("() => document.querySelector('.event-standings tbody tr td:nth-child(3)')"
                           " && document.querySelector('.event-standings tbody tr td:nth-child(3)')"
                           ".textContent.trim() === '20'", timeout=15000)
    expect(page.locator(".event-standings tbody tr").first.locator("th")).to_have_text("Anna & Béla")
    fits_phone_width(page)
    shoot(page, "club-night-360")
    page.set_viewport_size({"width": 1600, "height": 900})
    fits_phone_width(page)
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server.url}/g/{group}/night")
    fits_phone_width(page)
