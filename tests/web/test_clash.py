"""Two phones on one match, without a browser (issue 11, item 2): a refused form says what the other phone saved
and keeps this phone's input, a new hand equal to the previous one is only stored once confirmed, and a re-sent
form still stores one hand."""

from __future__ import annotations

import re

import pytest

from test_entry import SEED_HAND, SMALL_HAND, create, post_hand, state, text, textarea

pytestmark = pytest.mark.storage


def test_a_refused_form_says_which_hand_the_other_phone_saved_and_keeps_the_input(app, client, csrf):
    token = create(client, csrf)
    assert post_hand(client, csrf, token, SEED_HAND).status_code == 303        # phone A saves hand 1
    mine = {**SMALL_HAND, "side0-melds": "K K K K K K K\n9 9 9"}
    response = post_hand(client, csrf, token, mine, version=0)                # phone B, typed on version 0
    html = response.get_data(as_text=True)
    assert response.status_code == 409
    assert "Hand 1 was saved by another phone: Anna 1,015, Béla 570." in text(html)
    assert textarea(html, "side0-melds") == "K K K K K K K\n9 9 9"
    # B chooses: save as hand 2, discard (the sheet) or correct hand 1 instead; the form no longer says
    # "Save hand 2" as if nothing had happened
    assert text(html).count("Save mine as hand 2") == 2
    assert f'formaction="/m/{token}/hands/1/edit?mode=cards&amp;carry=1"' in html and "Correct hand 1 instead" in text(html)
    assert "Discard mine" in text(html)
    assert len(state(app, token)["entries"]) == 1


def test_a_stale_correction_names_the_correction_and_offers_no_edit_link_to_itself(app, client, csrf):
    token = create(client, csrf)
    post_hand(client, csrf, token, SEED_HAND)
    post_hand(client, csrf, token, SMALL_HAND, version=1, number=1)            # A corrects hand 1
    html = post_hand(client, csrf, token, SEED_HAND, version=1, number=1).get_data(as_text=True)
    assert "Hand 1 was corrected:" in text(html)
    assert "Correct hand 1 instead" not in text(html)


def test_the_same_hand_again_asks_first_and_stores_nothing_until_confirmed(app, client, csrf):
    token = create(client, csrf)
    assert post_hand(client, csrf, token, SEED_HAND).status_code == 303
    response = post_hand(client, csrf, token, SEED_HAND, version=1)
    html = response.get_data(as_text=True)
    assert response.status_code == 409
    assert "This is the same as hand 1 — save it again?" in text(html)
    assert '<input type="hidden" name="confirm_duplicate" value="1">' in html
    assert textarea(html, "side0-melds") == SEED_HAND["side0-melds"]
    assert len(state(app, token)["entries"]) == 1
    # a confirmation for another hand does not count; the right one stores hand 2
    assert post_hand(client, csrf, token, SEED_HAND, version=1, confirm_duplicate="7").status_code == 409
    assert post_hand(client, csrf, token, SEED_HAND, version=1, confirm_duplicate="1").status_code == 303
    assert len(state(app, token)["entries"]) == 2


def test_a_different_hand_and_a_correction_are_not_asked_about(app, client, csrf):
    token = create(client, csrf)
    post_hand(client, csrf, token, SEED_HAND)
    assert post_hand(client, csrf, token, SEED_HAND, version=1, number=1).status_code == 303   # same as stored
    assert post_hand(client, csrf, token, SMALL_HAND, version=2).status_code == 303


def test_a_clash_then_save_mine_of_the_same_hand_asks_instead_of_storing_a_phantom(app, client, csrf):
    token = create(client, csrf)
    post_hand(client, csrf, token, SEED_HAND, save_key="phone-a")               # A saves hand 1
    refused = post_hand(client, csrf, token, SEED_HAND, version=0, save_key="phone-b")
    assert refused.status_code == 409                                           # B typed the same hand
    assert "Hand 1 was saved by another phone" in text(refused.get_data(as_text=True))   # told first
    version = re.search(r'name="version" type="hidden" value="(\d+)"', refused.get_data(as_text=True)).group(1)
    again = post_hand(client, csrf, token, SEED_HAND, version=int(version), save_key="phone-b")
    assert again.status_code == 409 and "This is the same as hand 1" in text(again.get_data(as_text=True))
    assert len(state(app, token)["entries"]) == 1


def test_a_re_sent_form_is_answered_as_the_first_save_not_asked_about(app, client, csrf):
    token = create(client, csrf)
    first = post_hand(client, csrf, token, SEED_HAND, save_key="tap-1")
    second = post_hand(client, csrf, token, SEED_HAND, save_key="tap-1")     # a double tap / retry after a blip
    assert first.status_code == second.status_code == 303
    assert len(state(app, token)["entries"]) == 1


def test_the_entry_page_tells_the_phone_which_saves_its_drafts_may_have_gone_into(app, client, csrf):
    token = create(client, csrf)
    post_hand(client, csrf, token, SEED_HAND, save_key="saved-key-1")
    html = client.get(f"/m/{token}/hands/new").get_data(as_text=True)
    assert 'data-saved-keys=\'["saved-key-1"]\'' in html
    assert f'data-draft-key="{token}:new:2"' in html and 'data-draft-posted' not in html
    html = client.get(f"/m/{token}/hands/1/edit").get_data(as_text=True)
    assert f'data-draft-key="{token}:edit:1"' in html


def test_correct_hand_n_instead_carries_the_input_into_the_correction_and_saves_nothing(app, client, csrf):
    token = create(client, csrf)
    post_hand(client, csrf, token, SEED_HAND, save_key="phone-a")             # A saves hand 1
    mine = {**SMALL_HAND, "side0-melds": "K K K K K K K\n9 9 9"}
    refused = post_hand(client, csrf, token, mine, version=0, save_key="phone-b").get_data(as_text=True)
    version = re.search(r'name="version" type="hidden" value="(\d+)"', refused).group(1)
    # B taps "Correct hand 1 instead": its form goes to hand 1's correction, flagged carry=1
    carried = client.post(f"/m/{token}/hands/1/edit?mode=cards&carry=1",
                          data={"csrf_token": csrf, "version": version, "save_key": "phone-b", **mine})
    html = carried.get_data(as_text=True)
    assert carried.status_code == 200
    assert textarea(html, "side0-melds") == "K K K K K K K\n9 9 9"             # B's input, not hand 1 as stored
    assert "Your entry, as a correction of hand 1" in text(html)
    assert "Hand 1 as the other phone saved it: Anna 1,015, Béla 570." in text(html)
    assert "Nothing is saved until you tap “Save the correction”." in text(html)
    assert text(html).count("Save the correction") == 2
    assert state(app, token)["entries"][0]["sides"][0]["melds"] == ["J J J J 2 2 2", "5 5 5 5 5 5 5"]   # nothing saved
    assert len(state(app, token)["entries"]) == 1
    # the correction has a save key of its own (B's key belongs to the refused new hand)
    key = re.search(r'name="save_key" value="([^"]+)"', html).group(1)
    assert key != "phone-b"
    assert f'data-draft-key="{token}:edit:1"' in html and "data-draft-posted" in html
    # the tap on "Save the correction" there is what stores it
    saved = post_hand(client, csrf, token, mine, version=int(version), number=1, save_key=key)
    assert saved.status_code == 303
    after = state(app, token)["entries"]
    assert len(after) == 1 and after[0]["sides"][0]["melds"] == ["K K K K K K K", "9 9 9"]


def test_only_the_carry_flag_skips_the_save(app, client, csrf):
    token = create(client, csrf)
    post_hand(client, csrf, token, SEED_HAND)
    mine = {**SMALL_HAND, "side0-melds": "K K K K K K K\n9 9 9"}
    assert client.post(f"/m/{token}/hands/1/edit?mode=cards&carry=0",
                       data={"csrf_token": csrf, "version": "1", **mine}).status_code == 303
    assert state(app, token)["entries"][0]["sides"][0]["melds"] == ["K K K K K K K", "9 9 9"]
