"""The scoresheet page is rendered once per match version (scorekeeper/web/match/pages.py) — and never shows anyone a
stale total, another reader's CSRF token, a message meant for someone else, or the wrong language."""

from __future__ import annotations

import re

import pytest

from scorekeeper.store import matches

from web_helpers import csrf_from
from test_sheet import HAND_1015, HAND_BIG, hand_rows, minimums, new_match

pytestmark = pytest.mark.storage


def totals(page: str) -> list[str]:
    """Anna's running total per hand row (the cell's visible number, after any hidden label)."""
    return [row[0]["total"].split()[-1] for row in hand_rows(page)]


def pages(app):
    return app.extensions["scorekeeper_pages"]


def test_a_saved_hand_shows_at_once_on_the_remembered_page(app, client, db):
    match = new_match(db, HAND_1015)
    first = client.get(f"/m/{match.edit_token}").get_data(as_text=True)
    assert totals(first) == ["1,015"]
    assert client.get(f"/m/{match.edit_token}").get_data(as_text=True).count('<tr class="hand"') == 1
    matches.add_hand(db, match, HAND_BIG, based_on=match.version)
    second = client.get(f"/m/{match.edit_token}").get_data(as_text=True)
    assert totals(second) == ["1,015", "7,705"]
    assert minimums(second)["Anna"] == 90           # 7000–8999 → 90 (digest D2)


def test_the_page_is_remembered_per_version(app, client, db):
    match = new_match(db, HAND_1015)
    client.get(f"/m/{match.edit_token}")
    client.get(f"/v/{match.view_token}")
    assert len(pages(app)) == 2
    for _ in range(3):
        client.get(f"/m/{match.edit_token}")
    assert len(pages(app)) == 2                # read again: no new render
    matches.add_hand(db, match, HAND_BIG, based_on=match.version)
    client.get(f"/m/{match.edit_token}")
    assert len(pages(app)) == 3


def test_each_reader_gets_their_own_csrf_token_and_it_works(app, db):
    match = new_match(db, HAND_1015, HAND_BIG)
    anna, bela = app.test_client(), app.test_client()
    page_a = anna.get(f"/m/{match.edit_token}").get_data(as_text=True)
    page_b = bela.get(f"/m/{match.edit_token}").get_data(as_text=True)
    token_a, token_b = csrf_from(page_a), csrf_from(page_b)
    assert token_a != token_b
    assert pages(app).placeholder.decode() not in page_a + page_b
    refused = anna.post(f"/m/{match.edit_token}/undo",
                        data={"csrf_token": token_b, "version": str(match.version), "confirm": "2"})
    assert refused.status_code == 400                  # Béla's token is not valid in Anna's session
    done = bela.post(f"/m/{match.edit_token}/undo",
                     data={"csrf_token": token_b, "version": str(match.version), "confirm": "2"})
    assert done.status_code == 303


def test_a_one_off_message_is_shown_once_and_not_to_other_readers(app, db):
    match = new_match(db, HAND_1015, HAND_BIG)
    anna, bela = app.test_client(), app.test_client()
    page = anna.get(f"/m/{match.edit_token}").get_data(as_text=True)
    anna.post(f"/m/{match.edit_token}/undo",
              data={"csrf_token": csrf_from(page), "version": str(match.version), "confirm": "2"})
    after_undo = anna.get(f"/m/{match.edit_token}").get_data(as_text=True)
    assert "Hand 2 was removed." in after_undo
    assert "Hand 2 was removed." not in bela.get(f"/m/{match.edit_token}").get_data(as_text=True)
    assert "Hand 2 was removed." not in anna.get(f"/m/{match.edit_token}").get_data(as_text=True)


def test_each_language_gets_its_own_page(app, db):
    match = new_match(db, HAND_1015)
    english = app.test_client().get(f"/m/{match.edit_token}", headers={"Accept-Language": "en"})
    hungarian = app.test_client().get(f"/m/{match.edit_token}", headers={"Accept-Language": "hu"})
    assert 'lang="en"' in english.get_data(as_text=True)
    assert 'lang="hu"' in hungarian.get_data(as_text=True)
    assert "Next opening minimum" in english.get_data(as_text=True)
    assert "Next opening minimum" not in hungarian.get_data(as_text=True)


def test_the_share_links_follow_the_host_the_page_was_asked_on(app, db):
    match = new_match(db, HAND_1015)
    client = app.test_client()
    here = client.get(f"/m/{match.edit_token}", base_url="http://table.example").get_data(as_text=True)
    there = client.get(f"/m/{match.edit_token}", base_url="http://club.example").get_data(as_text=True)
    assert f'value="http://table.example/v/{match.view_token}"' in here
    assert f'value="http://club.example/v/{match.view_token}"' in there


def test_the_spectator_page_never_holds_the_edit_link(app, client, db):
    match = new_match(db, HAND_1015)
    client.get(f"/m/{match.edit_token}")             # the edit page is remembered first
    view = client.get(f"/v/{match.view_token}").get_data(as_text=True)
    assert match.edit_token not in view
    assert "/undo" not in view


@pytest.mark.parametrize("path", ["/m/{bad}", "/v/{bad}"])
def test_a_wrong_link_is_still_a_404(client, path):
    response = client.get(path.format(bad="x" * 32))
    assert response.status_code == 404
    assert "No match at this link" in response.get_data(as_text=True)


def test_remembered_pages_are_bounded(app, client, db):
    cache = pages(app)
    match = new_match(db, HAND_1015)
    client.get(f"/m/{match.edit_token}")
    # Bytes for three copies but not four (a query string is no longer a key). The copies differ by a few hundred
    # bytes: each host's share links draw QR codes of different modules, so "three and a half" is the bound.
    cache.limit = cache.weight * 7 // 2
    for n in range(6):                               # the host is in the key (share links): six distinct pages
        client.get(f"/m/{match.edit_token}", base_url=f"http://table{n}.example")
    assert len(cache) == 3 and cache.weight <= cache.limit
    assert re.search(r"1,015", client.get(f"/m/{match.edit_token}?n=0").get_data(as_text=True))


def test_the_pdf_sheet_is_rendered_once_per_version_and_language(app, client, db, monkeypatch):
    from scorekeeper import pdf

    rendered = []
    real = pdf.sheet_pdf
    monkeypatch.setattr(pdf, "sheet_pdf", lambda sheet, rules, *house: rendered.append(len(sheet["hands"])) or real(sheet, rules, *house))
    match = new_match(db, HAND_1015)
    first = client.get(f"/m/{match.edit_token}/sheet.pdf")
    again = client.get(f"/v/{match.view_token}/sheet.pdf")          # the spectators' link: the same file
    assert first.status_code == again.status_code == 200
    assert first.data == again.data and rendered == [1]
    client.get(f"/m/{match.edit_token}/sheet.pdf", headers={"Accept-Language": "hu"})
    assert rendered == [1, 1]                                          # Hungarian is another file
    matches.add_hand(db, match, HAND_BIG, based_on=match.version)
    newer = client.get(f"/m/{match.edit_token}/sheet.pdf")
    assert rendered == [1, 1, 2] and newer.data != first.data
