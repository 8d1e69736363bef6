"""A countersign never waits on the Wi-Fi (issue 24's countersign through issue 22's outbox, static/outbox.js), on a
360 px phone in Debian's Chromium: offline, Confirm on hand 1 is kept on the phone and its row says so; back
online it is sent by itself and stored once (a second tap and a reload send nothing twice); the sheet's row then
shows the ✓. A countersign refused when sent (the hand was corrected meanwhile) is shown, never dropped. A page
without the Confirm forms' script (static/outbox_confirm.js: the countersign page's only) still sends and ends
them."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.store.db import get_session
from scorekeeper.store.matches import find_match
from test_touch_targets import fits_phone_width, too_small

pytestmark = pytest.mark.browser

API = "/api/v1"
WAITING = "Countersigned on this phone — will send when the Wi-Fi is back"
# test_api's SUMMARY_HAND: Anna and Béla, Béla goes out
HAND = {"mode": "summary", "sides": [
    {"name": "Anna", "canastas": {"red_canasta": 1, "black_canasta": 1}, "melded_points": 135, "hand_points": 20,
     "red_threes": 1, "twins": 1},
    {"name": "Béla", "canastas": {"red_canasta": 1}, "melded_points": 70, "hand_points": 0, "out": "out"}]}


def two_hands(page: Page, base_url: str) -> str:
    """A díszített match (Anna, Béla) with two hands, through the JSON API; its edit token."""
    created = page.request.post(f"{base_url}{API}/matches",
                                data={"variant": "diszitett", "sides": [{"name": "Anna"}, {"name": "Béla"}]})
    assert created.status == 201, created.text()
    token, version = created.json()["edit_token"], 0
    for _ in range(2):
        added = page.request.post(f"{base_url}{API}/matches/{token}/hands", data={"version": version, "hand": HAND})
        assert added.status == 201, added.text()
        version = added.json()["version"]
    return token


def confirms(app, token: str) -> int:
    """How many countersigns the match's log holds (each one an event, store/countersign.py)."""
    with app.app_context():
        return sum(1 for e in find_match(get_session(), token, editable=True).events if e.action == "confirm")


def outbox(page: Page) -> list[str]:
    return page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('scorekeeper.outbox:'))")


def as_bela(page: Page, base_url: str, token: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{base_url}/m/{token}/countersign")
    page.get_by_role("button", name="I play for Béla").click()
    expect(page.get_by_text("You countersign for Béla.")).to_be_visible()


def test_a_countersign_tapped_offline_waits_on_the_phone_and_is_stored_once_when_the_wifi_is_back(
        page: Page, live_server):
    token = two_hands(page, live_server.url)
    as_bela(page, live_server.url, token)
    row = page.locator("#sign-1")

    page.context.set_offline(True)
    row.get_by_role("button", name="Confirm hand 1").click()
    # no error page: still the countersign page, the row says its countersign waits here, its button is gone
    expect(row.get_by_role("status")).to_have_text(WAITING)
    expect(page.get_by_role("button", name="Confirm hand 1")).to_have_count(0)
    expect(page.get_by_role("button", name="Confirm hand 2")).to_be_visible()
    fits_phone_width(page)
    assert too_small(page) == []
    assert len(outbox(page)) == 1 and confirms(live_server.app, token) == 0
    # a second tap on the same form (submitted again while waiting) keeps one countersign on the phone
    row.locator("form").evaluate("form => form.requestSubmit()")
    assert len(outbox(page)) == 1

    page.context.set_offline(False)
    expect(page.get_by_role("status").filter(has_text="Hand 1 countersigned by Béla.")).to_be_visible(timeout=15000)
    # the server's row now: ✓ and who signed, no button
    expect(row.locator(".countersigned")).to_contain_text("Countersigned by Béla")
    expect(row.get_by_role("status")).to_have_count(0)
    assert outbox(page) == []
    (first, second) = page.request.get(f"{live_server.url}{API}/matches/{token}").json()["hands"]
    assert [b["name"] for b in first["confirmed_by"]] == ["Béla"] and second["confirmed_by"] == []
    assert confirms(live_server.app, token) == 1

    page.reload()                                          # nothing is sent a second time
    expect(page.get_by_role("button", name="Confirm hand 2")).to_be_visible()
    expect(page.get_by_role("button", name="Confirm hand 1")).to_have_count(0)
    page.wait_for_timeout(1000)
    assert confirms(live_server.app, token) == 1

    page.goto(f"{live_server.url}/m/{token}")
    expect(page.locator("#hand-1 .countersigned-tag")).to_have_attribute("title", "Countersigned by Béla")
    expect(page.locator("#hand-2 .countersigned-tag")).to_have_count(0)
    fits_phone_width(page)


def test_online_a_confirm_is_stored_at_once_and_its_row_shows_the_tick_without_leaving_the_page(
        page: Page, live_server):
    token = two_hands(page, live_server.url)
    as_bela(page, live_server.url, token)
    page.get_by_role("button", name="Confirm hand 2").click()
    expect(page.get_by_role("status").filter(has_text="Hand 2 countersigned by Béla.")).to_be_visible()
    expect(page.locator("#sign-2 .countersigned")).to_contain_text("Countersigned by Béla")
    expect(page.get_by_role("button", name="Confirm hand 1")).to_be_visible()
    assert outbox(page) == [] and confirms(live_server.app, token) == 1


def test_a_waiting_countersign_of_a_hand_corrected_meanwhile_is_shown_not_dropped_and_not_stored(
        page: Page, live_server):
    token = two_hands(page, live_server.url)
    as_bela(page, live_server.url, token)
    page.context.set_offline(True)
    page.get_by_role("button", name="Confirm hand 1").click()
    expect(page.locator("#sign-1").get_by_role("status")).to_have_text(WAITING)

    with live_server.app.test_client() as scorer:              # meanwhile the scorer corrects hand 1
        version = scorer.get(f"{API}/matches/{token}").json["match"]["version"]
        corrected = {**HAND, "sides": [{**HAND["sides"][0], "melded_points": 140}, HAND["sides"][1]]}
        edited = scorer.put(f"{API}/matches/{token}/hands/1", json={"version": version, "hand": corrected})
        assert edited.status_code == 200, edited.json

    page.context.set_offline(False)
    refused = page.get_by_role("status").filter(has_text="A countersign waiting on this phone was not accepted.")
    expect(refused).to_be_visible(timeout=15000)
    assert confirms(live_server.app, token) == 0
    assert len(outbox(page)) == 1                              # kept, out of the queue
    expect(page.locator("#sign-1").get_by_role("status")).to_have_count(0)
    page.wait_for_timeout(2500)                                # and not sent again by itself
    assert confirms(live_server.app, token) == 0
    refused.get_by_role("link", name="Open it").click()        # the server's page says why
    expect(page.get_by_text("Hand 1 was corrected since (it is now at revision 2)")).to_be_visible()
    assert outbox(page) == []


def test_countersigns_waiting_are_sent_from_the_sheet_too_which_has_no_countersign_script(page: Page, live_server):
    # The Confirm forms' script (static/outbox_confirm.js) is the countersign page's only; the queue
    # (static/outbox.js) runs on every page and ends a countersign there by itself: stored, with the server's
    # message; refused (hand 2 corrected meanwhile), kept and shown with the countersign's own words.
    token = two_hands(page, live_server.url)
    as_bela(page, live_server.url, token)
    page.context.set_offline(True)
    for number in (1, 2):
        page.get_by_role("button", name=f"Confirm hand {number}").click()
        expect(page.locator(f"#sign-{number}").get_by_role("status")).to_have_text(WAITING)
    assert len(outbox(page)) == 2
    page.goto("about:blank")                                   # the countersign page is left while offline

    with live_server.app.test_client() as scorer:              # meanwhile the scorer corrects hand 2
        version = scorer.get(f"{API}/matches/{token}").json["match"]["version"]
        corrected = {**HAND, "sides": [{**HAND["sides"][0], "melded_points": 140}, HAND["sides"][1]]}
        edited = scorer.put(f"{API}/matches/{token}/hands/2", json={"version": version, "hand": corrected})
        assert edited.status_code == 200, edited.json

    page.context.set_offline(False)
    page.goto(f"{live_server.url}/m/{token}")
    assert page.evaluate("() => document.querySelector('script[src*=\"outbox_confirm.js\"]') === null")
    expect(page.get_by_role("status").filter(has_text="Hand 1 countersigned by Béla.")).to_be_visible(timeout=15000)
    refused = page.get_by_role("status").filter(has_text="A countersign waiting on this phone was not accepted.")
    expect(refused).to_be_visible(timeout=15000)
    expect(refused.get_by_role("link", name="Open it")).to_be_visible()
    assert len(outbox(page)) == 1 and confirms(live_server.app, token) == 1      # hand 2's kept, out of the queue
    (first, second) = page.request.get(f"{live_server.url}{API}/matches/{token}").json()["hands"]
    assert [b["name"] for b in first["confirmed_by"]] == ["Béla"] and second["confirmed_by"] == []
