"""Issue 22, "Play offline on this phone" on the entry page: once the offline scorer is ready, a hand typed with the
network switched off gets the preview line the server gave for the same hand online, said to come from the phone
("(on this phone)"), worked out by the server's own preview function under Pyodide with the match's
/m/<token>/offline.json. A phone whose scorer is not ready, or a form typed on a version it has no state of, keeps
the "not updated" mark of static/preview.js instead of numbers it cannot vouch for."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from test_offline_scoring import offline_server  # noqa: F401  (the live server with Pyodide fetched, a fixture)
from test_phone_flow import chip, create_match, fits_phone_width, shoot, stepper_plus

pytestmark = pytest.mark.browser
HERE = " (on this phone)"


def type_hand(anna, bela, tap, *, anna_hand: str) -> None:
    """test_preview_flow.py's hand: Anna 1015 with an ace in hand, Béla 800 going out; ``anna_hand`` varies it."""
    anna.get_by_label("Melds", exact=True).fill("J J J J 2 2 2\n5 5 5 5 5 5 5")
    anna.get_by_label("Cards left in hand").fill(anna_hand)
    bela.get_by_label("Melds", exact=True).fill("K K K K K K K\n8 8 8")


def test_a_hand_typed_offline_previews_as_the_server_previewed_it_online(page, offline_server, tap):  # noqa: F811
    create_match(page, offline_server.url, tap, ("Anna", "Béla"))
    token = page.url.rsplit("/", 1)[1]
    page.goto(f"{offline_server.url}/m/{token}/hands/new?mode=cards")
    anna, bela = page.get_by_role("region", name="Anna"), page.get_by_role("region", name="Béla")
    anna_says, bela_says = anna.locator("h2 output"), bela.locator("h2 output")
    bar_anna = page.locator("[data-player-bar] [data-side-button='0'] output[data-preview-short]")
    offer = page.locator("#offline-offer")
    expect(offer).to_be_visible()
    offer.get_by_role("button", name="Play offline on this phone").click()
    expect(offer.locator(".offline-status")).to_have_text("Ready for offline use", timeout=60_000)

    tap(chip(anna, "Red threes", 1))
    tap(stepper_plus(anna, "Twins"))
    tap(chip(bela, "Red threes", 2))
    online = {}
    for hand, so_far in (("A", True), ("A 4", True), ("A H", False)):
        type_hand(anna, bela, tap, anna_hand=hand)
        if hand == "A 4":
            tap(bela.get_by_text("Went out", exact=True))
        page.wait_for_timeout(1200)                   # the paced request and its answer
        online[hand] = (anna_says.text_content(), bela_says.text_content(), bar_anna.text_content())
    assert online["A 4"][0] == "900 +\u202f110 = 1,010 · total 1,010"
    assert online["A"][0].endswith("· so far")                 # nobody out yet when it was asked
    assert online["A H"][0].startswith("— ")                    # a typo: the last numbers, dimmed
    shoot(page, "offline-preview-online")

    page.context.set_offline(True)
    type_hand(anna, bela, tap, anna_hand="A")
    tap(bela.get_by_text("Not out", exact=True))        # after the melds: the keypad presumes who went out
    expect(anna_says).to_have_text(online["A"][0] + HERE, timeout=15_000)
    expect(bela_says).to_have_text(online["A"][1] + HERE)
    expect(bar_anna).to_have_text(online["A"][2])            # the short form has no room for the words
    tap(bela.get_by_text("Went out", exact=True))
    type_hand(anna, bela, tap, anna_hand="A 4")
    expect(anna_says).to_have_text(online["A 4"][0] + HERE)
    expect(bela_says).to_have_text(online["A 4"][1] + HERE)
    expect(anna_says).not_to_have_class("preview-not-updated")
    fits_phone_width(page)
    shoot(page, "offline-preview-phone")
    type_hand(anna, bela, tap, anna_hand="A H")                 # the typo: a dash before the phone's last numbers
    expect(anna_says).to_have_text("— " + online["A 4"][0] + HERE)
    page.context.set_offline(False)


def test_without_the_scorer_an_offline_preview_is_only_marked_not_updated(page, offline_server, tap):  # noqa: F811
    create_match(page, offline_server.url, tap, ("Anna", "Béla"))
    token = page.url.rsplit("/", 1)[1]
    page.goto(f"{offline_server.url}/m/{token}/hands/new?mode=cards")
    anna = page.get_by_role("region", name="Anna")
    anna_says = anna.locator("h2 output")
    expect(anna_says).to_have_text("0 +\u202f0 = 0 · total 0 · so far")
    page.context.set_offline(True)
    anna.get_by_label("Melds", exact=True).fill("K K K K K K K")
    expect(anna_says).to_have_text("0 +\u202f0 = 0 · total 0 · so far not updated")
    page.context.set_offline(False)
