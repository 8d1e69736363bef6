"""A player's typed work survives (issue 11, items 1 and 2), on a 390×844 touch phone in Chromium: a draft of the
hand outlives a reload, the switch between card-by-card and summary entry and the browser's Back; a second
phone that saved the same hand first makes this phone say so, keep its input and ask before storing it again.

Set SCOREKEEPER_SCREENSHOTS=/some/dir to keep screenshots of the restored draft and of the clash.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from typing import Iterator

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.store.db import get_session
from scorekeeper.store.matches import current_entries, find_match
from test_phone_flow import chip, chosen, count_key, create_match, key, shoot, stepper_plus, to_side

pytestmark = pytest.mark.browser


def hands_stored(app, token: str) -> int:
    with app.app_context():
        return len(current_entries(find_match(get_session(), token, editable=True)))


def drafts(page: Page) -> list[str]:
    return page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('scorekeeper.draft:')).sort()")


def type_a_hand(page: Page, tap) -> None:
    """Anna: a red canasta of kings, 2 red threes, out; Béla: 7 7 7, not out."""
    anna = page.get_by_role("region", name="Anna")
    tap(key(page, "K"))
    tap(count_key(page, 7))
    tap(chip(anna, "Red threes", 2))
    to_side(page, tap, "Béla")
    tap(key(page, "7"))
    tap(anna.get_by_text("Went out", exact=True))


def test_a_draft_survives_a_reload_the_mode_switch_and_back_and_is_gone_once_saved(page: Page, live_server, tap):
    page.on("dialog", lambda dialog: dialog.accept())        # the "leave the page?" question
    create_match(page, live_server.url, tap, ("Anna", "Béla"))
    token = page.url.rsplit("/", 1)[1]
    page.goto(f"{live_server.url}/m/{token}/hands/new?mode=cards")
    type_a_hand(page, tap)
    anna, bela = page.get_by_role("region", name="Anna"), page.get_by_role("region", name="Béla")
    note = page.get_by_role("status").filter(has_text="Restored what you typed")
    expect(note).to_be_hidden()

    page.reload()                                             # the draft is written as the page is left
    expect(note).to_be_visible()
    expect(anna.get_by_label("Melds")).to_have_value("K K K K K K K")
    expect(chosen(anna, "Red threes")).to_have_value("2")
    expect(anna.get_by_label("Went out", exact=True)).to_be_checked()
    shoot(page, "draft-restored")

    tap(page.get_by_role("link", name="Summary"))            # the shared fields cross over
    expect(page).to_have_url(re.compile(r"mode=summary$"))
    expect(anna.get_by_label("Red threes")).to_have_value("2")
    expect(anna.get_by_label("Went out", exact=True)).to_be_checked()
    tap(stepper_plus(bela, "Twins"))
    tap(page.get_by_role("link", name="Card by card"))       # and back, with what was changed in the summary
    expect(anna.get_by_label("Melds")).to_have_value("K K K K K K K")
    expect(bela.get_by_label("Twins")).to_have_value("1")

    tap(page.get_by_role("link", name="Back to the scoresheet"))
    expect(page).to_have_url(re.compile(rf"/m/{token}$"))
    page.go_back()
    expect(anna.get_by_label("Melds")).to_have_value("K K K K K K K")
    expect(bela.get_by_label("Melds")).to_have_value("7 7 7")

    tap(page.get_by_role("button", name="Save hand 1"))
    expect(page).to_have_url(re.compile(rf"/m/{token}$"))
    assert hands_stored(live_server.app, token) == 1
    page.goto(f"{live_server.url}/m/{token}/hands/new?mode=cards")          # hand 2 starts empty
    expect(page.get_by_role("region", name="Anna").get_by_label("Melds")).to_have_value("")
    expect(note).to_be_hidden()
    assert drafts(page) == []                                 # hand 1's drafts went with its save


def test_discard_empties_the_form_and_forgets_the_draft(page: Page, live_server, tap):
    page.on("dialog", lambda dialog: dialog.accept())
    create_match(page, live_server.url, tap, ("Anna", "Béla"))
    token = page.url.rsplit("/", 1)[1]
    page.goto(f"{live_server.url}/m/{token}/hands/new?mode=cards")
    type_a_hand(page, tap)
    page.reload()
    tap(page.get_by_role("button", name="Discard"))
    anna = page.get_by_role("region", name="Anna")
    expect(anna.get_by_label("Melds")).to_have_value("")
    expect(chosen(anna, "Red threes")).to_have_value("0")
    page.reload()
    expect(anna.get_by_label("Melds")).to_have_value("")
    expect(page.get_by_role("status").filter(has_text="Restored what you typed")).to_be_hidden()


def test_leaving_a_form_with_unsaved_input_asks_first(page: Page, live_server, tap):
    create_match(page, live_server.url, tap, ("Anna", "Béla"))
    token = page.url.rsplit("/", 1)[1]
    page.goto(f"{live_server.url}/m/{token}/hands/new?mode=cards")
    asked = []
    page.on("dialog", lambda dialog: (asked.append(dialog.type), dialog.dismiss()))
    tap(page.get_by_role("link", name="Back to the scoresheet"))       # nothing typed: no question
    expect(page).to_have_url(re.compile(rf"/m/{token}$"))
    assert asked == []
    page.go_back()
    tap(key(page, "K"))                                                  # K lays three kings
    tap(page.get_by_role("link", name="Back to the scoresheet"))       # typed: asked, and staying keeps it
    expect(page.get_by_role("region", name="Anna").get_by_label("Melds")).to_have_value("K K K")
    assert asked == ["beforeunload"]


@contextmanager
def hand_1_saved_while_phone_b_types_it(page: Page, browser, browser_context_args, live_server,
                                        tap) -> Iterator[tuple[str, Page, list[str]]]:
    """Two phones open hand 1 of a new match and phone A (``page``) saves it; yields the match's token, phone B
    (still on its hand 1 form) and the kinds of the dialogs B's page raised (each accepted)."""
    create_match(page, live_server.url, tap, ("Anna", "Béla"))
    token = page.url.rsplit("/", 1)[1]
    entry = f"{live_server.url}/m/{token}/hands/new?mode=cards"
    phone_b = browser.new_context(**browser_context_args).new_page()
    try:
        asked: list[str] = []
        phone_b.on("dialog", lambda dialog: (asked.append(dialog.type), dialog.accept()))
        page.goto(entry)
        phone_b.goto(entry)                                   # both phones open hand 1
        type_a_hand(page, tap)
        tap(page.get_by_role("button", name="Save hand 1"))    # A saves
        expect(page).to_have_url(re.compile(rf"/m/{token}$"))
        yield token, phone_b, asked
    finally:
        phone_b.context.close()


def test_two_phones_saving_one_hand_store_it_once_and_the_second_gets_its_input_back(
        page: Page, browser, browser_context_args, live_server, tap):
    with hand_1_saved_while_phone_b_types_it(page, browser, browser_context_args, live_server, tap) as (
            token, phone_b, asked):

        type_a_hand(phone_b, tap)                             # B typed the same hand
        tap(phone_b.get_by_role("button", name="Save hand 1"))
        clash = phone_b.get_by_role("alert").filter(has_text="This match changed")
        expect(clash).to_contain_text("Hand 1 was saved by another phone: Anna")
        anna_b = phone_b.get_by_role("region", name="Anna")
        expect(anna_b.get_by_label("Melds")).to_have_value("K K K K K K K")      # B's input kept
        expect(clash.get_by_role("button", name="Correct hand 1 instead")).to_be_visible()
        shoot(phone_b, "clash")
        assert hands_stored(live_server.app, token) == 1

        # offered back when B opens the entry page again
        phone_b.goto(f"{live_server.url}/m/{token}/hands/new?mode=cards")
        expect(anna_b.get_by_label("Melds")).to_have_value("K K K K K K K")
        expect(phone_b.get_by_role("heading", name="Hand 2")).to_be_visible()
        tap(phone_b.get_by_role("button", name="Save hand 2"))
        expect(phone_b.get_by_role("heading", name="This is the same as hand 1 — save it again?")).to_be_visible()
        shoot(phone_b, "duplicate")
        assert hands_stored(live_server.app, token) == 1
        tap(phone_b.get_by_role("link", name="Discard mine"))
        expect(phone_b).to_have_url(re.compile(rf"/m/{token}$"))
        assert hands_stored(live_server.app, token) == 1
        assert drafts(phone_b) == []


def test_correct_hand_n_instead_carries_b_s_input_into_the_correction_and_saves_only_when_tapped(
        page: Page, browser, browser_context_args, live_server, tap):
    with hand_1_saved_while_phone_b_types_it(page, browser, browser_context_args, live_server, tap) as (
            token, phone_b, asked):

        type_a_hand(phone_b, tap)                             # B typed hand 1 with one more king for Anna
        anna_b = phone_b.get_by_role("region", name="Anna")
        tap(key(anna_b, "K"))
        tap(phone_b.get_by_role("button", name="Save hand 1"))
        clash = phone_b.get_by_role("alert").filter(has_text="This match changed")
        tap(clash.get_by_role("button", name="Correct hand 1 instead"))
        expect(phone_b).to_have_url(re.compile(rf"/m/{token}/hands/1/edit\?mode=cards&carry=1$"))
        expect(phone_b.get_by_role("heading", name="Your entry, as a correction of hand 1")).to_be_visible()
        expect(anna_b.get_by_label("Melds")).to_have_value("K K K K K K K K")      # B's input, not A's hand
        expect(phone_b.get_by_role("region", name="Béla").get_by_label("Melds")).to_have_value("7 7 7")
        shoot(phone_b, "carried")
        with live_server.app.app_context():
            stored = current_entries(find_match(get_session(), token, editable=True))
        assert len(stored) == 1 and stored[0]["sides"][0]["melds"] == ["K K K K K K K"]   # nothing saved yet
        # the input moved: the correction holds it as its draft, the new hand does not offer it again
        assert drafts(phone_b) == [f"scorekeeper.draft:{token}:edit:1:cards"]
        assert asked == []                                    # moving on did not ask about leaving

        tap(phone_b.get_by_role("button", name="Save the correction"))
        expect(phone_b).to_have_url(re.compile(rf"/m/{token}$"))
        expect(phone_b.get_by_role("status").filter(has_text="Hand 1 corrected.")).to_be_visible()
        with live_server.app.app_context():
            stored = current_entries(find_match(get_session(), token, editable=True))
        assert len(stored) == 1 and stored[0]["sides"][0]["melds"] == ["K K K K K K K K"]
        phone_b.goto(f"{live_server.url}/m/{token}/hands/new?mode=cards")   # hand 2 starts empty
        expect(anna_b.get_by_label("Melds")).to_have_value("")
        assert drafts(phone_b) == []


def test_a_save_lost_on_the_way_waits_in_the_outbox_and_is_stored_once_when_a_page_loads(page: Page, live_server, tap):
    # Issue 22 changed this: a save that gets no answer no longer leaves only a draft to redo by hand; it waits in
    # the phone's outbox (static/outbox.js) and the next page of the app sends it, once.
    page.on("dialog", lambda dialog: dialog.accept())
    create_match(page, live_server.url, tap, ("Anna", "Béla"))
    token = page.url.rsplit("/", 1)[1]
    entry = f"{live_server.url}/m/{token}/hands/new?mode=cards"
    page.goto(entry)
    type_a_hand(page, tap)
    page.route("**/hands/new*", lambda route: route.abort("internetdisconnected") if route.request.method == "POST"
               else route.continue_())                    # the Wi-Fi drops as Save is tapped
    tap(page.get_by_role("button", name="Save hand 1"))
    expect(page.get_by_role("status").filter(has_text="Saved on this phone")).to_be_visible()
    expect(page.get_by_role("region", name="Anna").get_by_label("Melds")).to_have_value("K K K K K K K")
    page.unroute("**/hands/new*")
    assert hands_stored(live_server.app, token) == 0
    page.goto(f"{live_server.url}/m/{token}")                 # back on the network: the sheet sends it
    expect(page.get_by_role("status").filter(has_text="Hand 1 saved.")).to_be_visible()
    assert hands_stored(live_server.app, token) == 1
    page.goto(entry)                                          # hand 2 starts empty: hand 1's draft went with it
    expect(page.get_by_role("heading", name="Hand 2")).to_be_visible()
    expect(page.get_by_role("region", name="Anna").get_by_label("Melds")).to_have_value("")
    assert drafts(page) == []
    assert hands_stored(live_server.app, token) == 1


def test_a_draft_of_another_match_or_hand_or_a_corrupt_one_is_never_restored(page: Page, live_server, tap):
    page.on("dialog", lambda dialog: dialog.accept())
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    create_match(page, live_server.url, tap, ("Anna", "Béla"))
    token = page.url.rsplit("/", 1)[1]
    entry = f"{live_server.url}/m/{token}/hands/new?mode=cards"
    page.goto(entry)
    tap(key(page, "Q"))
    page.goto(f"{live_server.url}/m/{token}")
    own = f"scorekeeper.draft:{token}:new:1:cards"
    page.evaluate("""([own, token]) => {
        const draft = localStorage.getItem(own);
        localStorage.setItem("scorekeeper.draft:someOtherMatchToken0000:new:1:cards", draft);
        localStorage.setItem(`scorekeeper.draft:${token}:new:2:cards`, draft);
        const old = JSON.parse(draft); old.v = 0;
        localStorage.setItem(`scorekeeper.draft:${token}:new:1:summary`, JSON.stringify(old));
        localStorage.setItem(own, "{not json");
    }""", [own, token])
    page.goto(entry)
    expect(page.get_by_role("region", name="Anna").get_by_label("Melds")).to_have_value("")
    expect(page.get_by_role("status").filter(has_text="Restored what you typed")).to_be_hidden()
    assert drafts(page) == sorted(["scorekeeper.draft:someOtherMatchToken0000:new:1:cards",
                                   f"scorekeeper.draft:{token}:new:2:cards"])     # the unreadable ones are gone
    # a form of another shape (an older page, other fields) is not filled from it either
    page.evaluate("""(own) => {
        const draft = JSON.parse(localStorage.getItem(own.replace(':new:1:', ':new:2:')));
        draft.shape = "side0-melds"; localStorage.setItem(own, JSON.stringify(draft));
    }""", own)
    page.reload()
    expect(page.get_by_role("region", name="Anna").get_by_label("Melds")).to_have_value("")
    assert errors == []


def test_a_correction_keeps_its_draft_until_it_is_saved(page: Page, live_server, tap):
    page.on("dialog", lambda dialog: dialog.accept())
    create_match(page, live_server.url, tap, ("Anna", "Béla"))
    token = page.url.rsplit("/", 1)[1]
    page.goto(f"{live_server.url}/m/{token}/hands/new?mode=cards")
    type_a_hand(page, tap)
    tap(page.get_by_role("button", name="Save hand 1"))
    expect(page).to_have_url(re.compile(rf"/m/{token}$"))
    edit = f"{live_server.url}/m/{token}/hands/1/edit?mode=cards"
    page.goto(edit)
    bela = page.get_by_role("region", name="Béla")
    expect(page.get_by_role("status").filter(has_text="Restored what you typed")).to_be_hidden()   # not hand 1's
    to_side(page, tap, "Béla")
    tap(key(page, "7"))                                       # 7 7 7 → 7 7 7 7
    page.reload()
    expect(bela.get_by_label("Melds")).to_have_value("7 7 7 7")
    tap(page.get_by_role("button", name="Save the correction"))
    expect(page).to_have_url(re.compile(rf"/m/{token}$"))
    page.goto(edit)                                           # saved: the stored hand, no draft
    expect(bela.get_by_label("Melds")).to_have_value("7 7 7 7")
    expect(page.get_by_role("status").filter(has_text="Restored what you typed")).to_be_hidden()
    assert drafts(page) == []


def test_a_keltis_game_keeps_its_rows_and_stones_over_a_reload(page: Page, live_server, tap):
    from test_keltis_flow import ANNA, start_keltis_match, tap_rows, tap_stones
    page.on("dialog", lambda dialog: dialog.accept())
    start_keltis_match(page, live_server.url, tap)
    tap(page.get_by_role("link", name="Enter game 1"))
    anna = page.get_by_role("region", name="Anna")
    tap_rows(anna, tap, ANNA)
    tap_stones(anna, tap, (1, 2, 3))                          # several boxes of one name
    page.reload()
    expect(anna.get_by_label("green", exact=True)).to_have_value("0 1 2 3 3 4 5 X")
    expect(anna.locator("[data-stones-score]")).to_have_text("+4")
    expect(anna.locator("[data-player-score]")).to_have_text("Game score: 16")
