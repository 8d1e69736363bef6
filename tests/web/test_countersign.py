"""The opponent's countersign (issue 24, optional part): a side confirms a hand on its own phone; the confirm is
an event of the match's log (store/countersign.py) that names the side and the revision it confirms, changes no
total, and shows on the sheet, through the API and on a club night's screen."""

from __future__ import annotations

import copy

import pytest

from test_api import API, README_HAND, add, event_count, new_match
from web_helpers import csrf_from

pytestmark = pytest.mark.storage


def confirm(client, token, number, side, **body):
    return client.post(f"{API}/matches/{token}/hands/{number}/confirm", json={"side": side, **body})


def hands(client, token):
    return client.get(f"{API}/matches/{token}").json["hands"]


@pytest.fixture
def match(client):
    """A díszített match (Anna, Béla) with the README hand entered: Anna 1015, Béla 570 (test_api's numbers)."""
    created = new_match(client)
    assert add(client, created["edit_token"], README_HAND, 0).status_code == 201
    return created


def test_a_countersign_is_logged_with_its_side_and_revision_and_shown_per_hand(client, app, match):
    token = match["edit_token"]
    before = event_count(app)
    answer = confirm(client, token, 1, 1, save_key="k-1")
    assert answer.status_code == 201, answer.json
    assert answer.json["stored"] is True and answer.json["version"] == 2      # one event more, like any save
    assert [b["side"] for b in answer.json["confirmed_by"]] == [1]
    assert answer.json["confirmed_by"][0]["name"] == "Béla"
    assert event_count(app) == before + 1
    (hand,) = hands(client, match["view_token"])                              # either link reads it
    assert [(b["side"], b["name"]) for b in hand["confirmed_by"]] == [(1, "Béla")]
    assert hand["revisions"] == 1                                             # a countersign is no revision
    history = client.get(f"{API}/matches/{token}/hands/1/revisions").json
    assert [r["action"] for r in history] == ["add"]


def test_the_totals_are_the_same_with_and_without_countersigns(client, match):
    # Two matches with the same three hands (README_HAND three times: Anna 3 × 1015 = 3045, Béla 3 × 570 = 1710);
    # in the first, hands 1 and 2 are countersigned by both sides before hand 3 is saved, and hand 3 is saved on
    # version 2, the one its phone showed before the four countersigns (versions 3-6): still current.
    other = new_match(client)
    assert add(client, match["edit_token"], README_HAND, 1).status_code == 201
    for version in (0, 1, 2):
        assert add(client, other["edit_token"], README_HAND, version).status_code == 201
    for number in (1, 2):
        for side in (0, 1):
            assert confirm(client, match["edit_token"], number, side).status_code == 201
    third = add(client, match["edit_token"], README_HAND, 2)
    assert third.status_code == 201, third.json
    signed, plain = (client.get(f"{API}/matches/{m['edit_token']}").json for m in (match, other))
    assert signed["totals"] == plain["totals"] == {"Anna": 3045, "Béla": 1710}
    assert [h["result"] for h in signed["hands"]] == [h["result"] for h in plain["hands"]]
    assert signed["match"]["version"] == 7 and plain["match"]["version"] == 3
    # a save based on a version with a hand saved after it is still stale
    late = add(client, match["edit_token"], README_HAND, 2)
    assert late.status_code == 409


def test_an_edit_after_a_countersign_shows_the_hand_unconfirmed_again(client, match):
    token = match["edit_token"]
    assert confirm(client, token, 1, 1).status_code == 201
    changed = copy.deepcopy(README_HAND)
    changed["sides"][0]["hand"] = "A A"                       # one more ace held: Anna's score changes
    # version 1: the countersign (version 2) does not make a save based on version 1 stale
    edited = client.put(f"{API}/matches/{token}/hands/1", json={"version": 1, "hand": changed})
    assert edited.status_code == 200, edited.json
    (hand,) = hands(client, token)
    assert hand["confirmed_by"] == [] and hand["revisions"] == 2
    # a phone that still shows revision 1 is told the hand was corrected; nothing stored
    stale = confirm(client, token, 1, 1, revision=1)
    assert stale.status_code == 409 and stale.json["error"]["code"] == "outdated"
    assert stale.json["error"]["revision"] == 2
    assert confirm(client, token, 1, 1, revision=2).status_code == 201
    assert [b["side"] for b in hands(client, token)[0]["confirmed_by"]] == [1]


def test_an_undone_and_retyped_hand_is_not_covered_by_the_old_countersign(client, match):
    token = match["edit_token"]
    assert confirm(client, token, 1, 0).status_code == 201
    assert client.post(f"{API}/matches/{token}/undo", json={"version": 2}).status_code == 200
    assert add(client, token, README_HAND, 3).status_code == 201      # hand 1 again, revision 1 again
    assert hands(client, token)[0]["confirmed_by"] == []


def test_a_retry_with_the_same_save_key_stores_the_countersign_once(client, app, match):
    token = match["edit_token"]
    first = confirm(client, token, 1, 1, save_key="phone-b-1")
    before = event_count(app)
    again = confirm(client, token, 1, 1, save_key="phone-b-1")
    assert first.status_code == 201 and again.status_code == 200 and again.json["stored"] is False
    assert event_count(app) == before and again.json["version"] == first.json["version"]
    # the same key through the header every other save uses
    header = client.post(f"{API}/matches/{token}/hands/1/confirm", json={"side": 1},
                         headers={"Idempotency-Key": "phone-b-1"})
    assert header.status_code == 200 and event_count(app) == before
    # a key used for another side's countersign is another save's key
    reused = confirm(client, token, 1, 0, save_key="phone-b-1")
    assert reused.status_code == 422 and reused.json["error"]["code"] == "idempotency_key_reused"


def test_confirming_twice_is_a_no_op_answer(client, app, match):
    token = match["edit_token"]
    assert confirm(client, token, 1, 0).status_code == 201
    before = event_count(app)
    twice = confirm(client, token, 1, 0)
    assert twice.status_code == 200 and twice.json["stored"] is False and event_count(app) == before
    assert [b["side"] for b in twice.json["confirmed_by"]] == [0]


@pytest.mark.parametrize("side", [2, -1, "1", True, None])
def test_a_side_the_match_does_not_have_is_400_naming_side(client, app, match, side):
    before = event_count(app)
    answer = confirm(client, match["edit_token"], 1, side)
    assert answer.status_code == 400 and answer.json["error"]["field"] == "side", answer.json
    assert "Anna" in answer.json["error"]["message"] and event_count(app) == before


def test_refusals_an_unknown_hand_404_the_view_link_403_bad_fields_400(client, app, match):
    before = event_count(app)
    missing = confirm(client, match["edit_token"], 2, 1)
    assert missing.status_code == 404 and missing.json["error"]["code"] == "not_found"
    viewer = confirm(client, match["view_token"], 1, 1)
    assert viewer.status_code == 403 and viewer.json["error"]["code"] == "read_only"
    unknown = confirm(client, match["edit_token"], 1, 1, by="me")
    assert unknown.status_code == 400 and unknown.json["error"]["field"] == "by"
    bad_key = confirm(client, match["edit_token"], 1, 1, save_key="")
    assert bad_key.status_code == 400 and bad_key.json["error"]["field"] == "save_key"
    bad_revision = confirm(client, match["edit_token"], 1, 1, revision=0)
    assert bad_revision.status_code == 400 and bad_revision.json["error"]["field"] == "revision"
    nowhere = confirm(client, "no-such-link", 1, 1)
    assert nowhere.status_code == 404
    assert event_count(app) == before


def test_an_export_with_countersigns_imports_with_them_and_a_forged_one_is_refused(client, app, match):
    from scorekeeper.store import transfer

    token = match["edit_token"]
    assert confirm(client, token, 1, 1).status_code == 201
    with app.app_context():
        from scorekeeper.store.db import get_session
        from scorekeeper.store.matches import find_match
        session = get_session()
        data = transfer.export_match(find_match(session, token, editable=True))
        assert [e["action"] for e in data["events"]] == ["add", "confirm"]
        copied = transfer.import_match(session, copy.deepcopy(data))
        copied_token = copied.edit_token
        data["events"][1]["entry"]["confirms_seq"] = 2            # the countersign of no revision
        with pytest.raises(transfer.ImportRefused) as refused:
            transfer.validate(data)
        assert refused.value.part == "events[1].entry"
    assert [b["side"] for b in hands(client, copied_token)[0]["confirmed_by"]] == [1]


# --- the pages ---------------------------------------------------------------------------------------------------

def test_the_sheet_shows_nothing_of_countersigns_to_a_match_that_never_used_them(client, match):
    page = client.get(f"/m/{match['edit_token']}").get_data(as_text=True)
    assert "countersigned-tag" not in page and "countersign-box" not in page


def test_the_countersign_page_asks_the_side_once_then_confirms_by_a_plain_form(client, match):
    token = match["edit_token"]
    page = client.get(f"/m/{token}/countersign").get_data(as_text=True)
    assert "Which side do you play for?" in page and 'name="side" value="1"' in page
    chosen = client.post(f"/m/{token}/countersign", data={"side": "1", "csrf_token": csrf_from(page)})
    assert chosen.status_code == 303
    page = client.get(f"/m/{token}/countersign").get_data(as_text=True)
    assert "You countersign for Béla" in page and "Confirm hand 1" in page
    form = {"csrf_token": csrf_from(page), "revision": "1", "save_key": "form-key-1"}
    done = client.post(f"/m/{token}/hands/1/confirm", data=form)
    assert done.status_code == 303
    assert client.post(f"/m/{token}/hands/1/confirm", data=form).status_code == 303     # a double tap
    (hand,) = hands(client, token)
    assert [b["side"] for b in hand["confirmed_by"]] == [1]
    assert client.get(f"{API}/matches/{token}").json["match"]["version"] == 2     # stored once
    sheet = client.get(f"/m/{token}").get_data(as_text=True)
    assert "countersigned-tag" in sheet and "Countersigned by Béla" in sheet
    view = client.get(f"/v/{match['view_token']}").get_data(as_text=True)
    assert "Countersigned by Béla" in view
    for detail in (f"/m/{token}/hands/1", f"/v/{match['view_token']}/hands/1"):
        assert "✓ Countersigned by Béla" in client.get(detail).get_data(as_text=True)
    page = client.get(f"/m/{token}/countersign").get_data(as_text=True)
    assert "Confirm hand 1" not in page and "Countersigned by Béla" in page


def test_the_countersign_form_refuses_without_a_side_and_from_the_view_link(client, match):
    token = match["edit_token"]
    page = client.get(f"/m/{token}/countersign").get_data(as_text=True)
    refused = client.post(f"/m/{token}/hands/1/confirm", data={"csrf_token": csrf_from(page), "revision": "1"})
    assert refused.status_code == 400
    assert client.get(f"/m/{match['view_token']}/countersign").status_code == 404
    assert client.get(f"/m/{token}/hands/1/confirm").status_code == 405


def test_the_pdf_sheet_of_a_countersigned_match_renders(client, match):
    assert confirm(client, match["edit_token"], 1, 1).status_code == 201
    pdf = client.get(f"/m/{match['edit_token']}/sheet.pdf")
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF")


def test_a_club_nights_screen_counts_each_tables_countersigned_hands(client):
    from test_event_api import create, hand
    from test_groups_api import new_group

    event = create(client, new_group(client)["edit_token"]).json
    tables = event["rounds"][0]["tables"]
    hand(client, tables[0])
    hand(client, tables[1])
    first = tables[0]["match_edit_token"]
    # a table's sheet offers the countersign at once (a club night), with the one hand waiting
    sheet = client.get(f"/m/{first}").get_data(as_text=True)
    assert "countersign-box" in sheet and "Not countersigned yet: 1" in sheet
    screen = client.get(f"/e/{event['token']}").get_data(as_text=True)
    assert screen.count("Countersigned: 0") == 2
    assert confirm(client, first, 1, 1).status_code == 201
    screen = client.get(f"/e/{event['token']}").get_data(as_text=True)
    assert screen.count("Countersigned: 1") == 1 and screen.count("Countersigned: 0") == 1
    assert "Not countersigned yet" not in client.get(f"/m/{first}").get_data(as_text=True)


@pytest.mark.parametrize("lang", ["hu", "fr", "sv"])
def test_the_countersign_page_and_the_signed_sheet_speak_the_pages_language(client, match, lang):
    from sweep_pages import english_fragments, english_on

    token, headers = match["edit_token"], {"Accept-Language": lang}
    page = client.get(f"/m/{token}/countersign", headers=headers).get_data(as_text=True)
    client.post(f"/m/{token}/countersign", data={"side": "0", "csrf_token": csrf_from(page)}, headers=headers)
    assert confirm(client, token, 1, 1).status_code == 201
    fragments = english_fragments(lang)
    for url in (f"/m/{token}/countersign", f"/m/{token}", f"/v/{match['view_token']}"):
        shown = client.get(url, headers=headers).get_data(as_text=True)
        assert not english_on(shown, fragments), (url, english_on(shown, fragments))


def test_a_countersign_never_turns_the_scorers_open_hand_form_stale(client, csrf):
    """Phone A opened the hand form on version 1; the opponent's phone countersigned hand 1 (version 2). A's
    save of a new hand goes in (no 'hand 1 was saved by another phone'), and the same hand again is still asked
    about (web/entry/clash.py), as it would be without the countersign."""
    from test_entry import SEED_HAND, SMALL_HAND, create, post_hand, text

    token = create(client, csrf)
    assert post_hand(client, csrf, token, SEED_HAND).status_code == 303          # hand 1: version 1
    assert confirm(client, token, 1, 1).status_code == 201                         # version 2
    again = post_hand(client, csrf, token, SEED_HAND, version=1)
    assert again.status_code == 409
    assert "This is the same as hand 1 — save it again?" in text(again.get_data(as_text=True))
    assert "saved by another phone" not in text(again.get_data(as_text=True))
    assert post_hand(client, csrf, token, SMALL_HAND, version=1).status_code == 303
    assert client.get(f"{API}/matches/{token}").json["match"]["version"] == 3
