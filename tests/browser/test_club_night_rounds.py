"""Issue 24's acceptance for a club night at phone size (360 px): an event of 2 tables x 2 rounds (international
pairs, Swiss, 1 hand a round) whose screen follows both tables' round-1 hands live, shows round 2 once the
organiser seats it with the night page's button, follows round 2, and links the standings PDF that prints the
final standings.

By hand, with test_club_night_screen's summary hands (a table's winners 2,200, its losers 50: a difference of
2,150 reaches burraco_3_hands' last row [1505, 20, 0], so 20 VP to 0):
  Round 1 (Swiss, seed order): table 1 pair 1 (Anna & Béla) v pair 2 (Cili & Dani), pair 1 wins;
                               table 2 pair 3 (Emma & Feri) v pair 4 (Gabi & Hédi), pair 4 wins.
  Standings: pairs 1 and 4 20 VP (+2,150), pairs 2 and 3 0 VP; the tied pairs share a rank, seed order.
  Round 2 (Swiss, scorekeeper/events/seating.swiss: adjacent in the standings 1, 4, 2, 3 and nobody meets
  again): pair 1 v pair 4 and pair 2 v pair 3. Pair 1 wins, pair 3 wins.
  Final: pair 1 40 VP (+4,300); pairs 4 and 3 20 VP, difference 0 both: head to head pair 4 beat pair 3 in
  round 1, so pair 4 second; pair 2 0 VP (-4,300) last.
"""

from __future__ import annotations

import io

import pytest
from playwright.sync_api import Page, expect
from pypdf import PdfReader

from test_club_night_screen import LOSE, WIN, new_event
from test_touch_targets import fits_phone_width

pytestmark = pytest.mark.browser


def save_hand(api, url: str, table: dict, ns_wins: bool) -> None:
    ns, ew = " & ".join(table["ns_players"]), " & ".join(table["ew_players"])
    sides = [{"name": ns, **(WIN if ns_wins else LOSE)}, {"name": ew, **(LOSE if ns_wins else WIN)}]
    saved = api.post(f"{url}/api/v1/matches/{table['match_edit_token']}/hands",
                     data={"version": 0, "hand": {"mode": "summary", "sides": sides}})
    assert saved.status == 201, saved.text()


def table_of(event: dict, round_number: int, entrant: int) -> tuple[dict, bool]:
    for t in event["rounds"][round_number - 1]["tables"]:
        if entrant in (t["ns"], t["ew"]):
            return t, t["ns"] == entrant
    raise AssertionError(entrant)


def standings_are(page: Page, vps: list[str]) -> None:
    """Wait until live.js has put in standings whose VP column reads ``vps`` top to bottom."""
    page.wait_for_function("(vps) => { const cells = [...document.querySelectorAll("
                           "'.event-standings tbody tr td:nth-child(3)')].map((c) => c.textContent.trim());"
                           " return cells.join(' ') === vps.join(' '); }", arg=vps, timeout=15000)


def test_two_rounds_on_the_screen_seated_from_the_night_page_and_the_final_standings_pdf(page: Page, live_server):
    url, api = live_server.url, page.request
    group, event = new_event(api, url, hands=1)
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{url}/e/{event['token']}")
    expect(page.locator(".event-round")).to_have_text("Round 1 of 2")
    save_hand(api, url, table_of(event, 1, 1)[0], ns_wins=True)
    save_hand(api, url, table_of(event, 1, 4)[0], ns_wins=False)
    standings_are(page, ["20", "20", "0", "0"])                  # live, no reload
    expect(page.locator(".event-standings tbody th")).to_have_text(
        ["Anna & Béla", "Gabi & Hédi", "Cili & Dani", "Emma & Feri"])

    organiser = page.context.new_page()
    organiser.set_viewport_size({"width": 360, "height": 740})
    organiser.goto(f"{url}/g/{group}/night")
    organiser.get_by_role("button", name="Seat the next round").click()
    expect(organiser.get_by_text("Round 2 of 2")).to_be_visible()
    fits_phone_width(organiser)
    organiser.close()

    # The screen shows round 2's seating by itself: pair 1 v pair 4 and pair 2 v pair 3.
    expect(page.locator(".event-round")).to_have_text("Round 2 of 2", timeout=15000)
    event = api.get(f"{url}/api/v1/events/{event['edit_token']}").json()
    shown = [sorted([row.locator("td").nth(0).inner_text(), row.locator("td").nth(1).inner_text()])
             for row in page.locator(".event-tables tbody tr").all()]
    assert sorted(shown) == [["Anna & Béla", "Gabi & Hédi"], ["Cili & Dani", "Emma & Feri"]]
    for winner in (1, 3):
        table, ns = table_of(event, 2, winner)
        save_hand(api, url, table, ns_wins=ns)
    standings_are(page, ["40", "20", "20", "0"])
    expect(page.locator(".event-standings tbody th")).to_have_text(
        ["Anna & Béla", "Gabi & Hédi", "Emma & Feri", "Cili & Dani"])
    fits_phone_width(page)

    # The standings PDF from the screen's own link.
    link = page.get_by_role("link", name="Standings (PDF)")
    fetched = api.get(url + link.get_attribute("href"))
    assert fetched.status == 200 and fetched.headers["content-type"] == "application/pdf"
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(fetched.body())).pages).split())
    text = text.replace("\u2212", "-")
    rows = ["1 Anna & Béla 40 4,400 100 4,300 2 0", "2 Gabi & Hédi 20 2,250 2,250 0 2 0",
            "3 Emma & Feri 20 2,250 2,250 0 2 0", "4 Cili & Dani 0 100 4,400 -4,300 2 0"]
    assert all(row in text for row in rows), text[:600]
    assert [text.index(row) for row in rows] == sorted(text.index(row) for row in rows)
    assert "Provisional" not in text
