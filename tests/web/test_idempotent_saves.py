"""One save, one hand: a save repeated with its key (double tap, retry after a timeout, a phone back online)
stores nothing new and answers as the first save did; a database that cannot be written answers 503 with the
typed hand kept, on the web forms and in the API."""

from __future__ import annotations

import os
import re
from html import unescape

import pytest
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session

from scorekeeper import create_app
from test_api import API, BIG_HAND, README_HAND, event_count, new_match
from test_entry import SEED_HAND, SMALL_HAND, create, post_hand, state, text, textarea

pytestmark = pytest.mark.storage

KEY_RE = re.compile(r'name="save_key" value="([^"]+)"')


def key_of(html: str) -> str:
    found = KEY_RE.search(html)
    assert found, "the entry form has no save key"
    return unescape(found.group(1))


def save(client, token, hand, version, key=None, number=None):
    headers = {"Idempotency-Key": key} if key else {}
    if number is None:
        return client.post(f"{API}/matches/{token}/hands", json={"version": version, "hand": hand}, headers=headers)
    return client.put(f"{API}/matches/{token}/hands/{number}", json={"version": version, "hand": hand},
                      headers=headers)


# --- the API ----------------------------------------------------------------------------------------------------

def test_an_add_retried_with_its_key_stores_one_hand_and_answers_as_the_first(app, client):
    token = new_match(client)["edit_token"]
    first = save(client, token, README_HAND, 0, key="phone-1-save-1")
    assert first.status_code == 201
    assert save(client, token, BIG_HAND, 1).status_code == 201            # another phone carried on meanwhile
    again = save(client, token, README_HAND, 0, key="phone-1-save-1")      # the retry, still based on version 0
    assert again.status_code == 201
    assert again.json["number"] == first.json["number"] == 1
    assert again.json["result"] == first.json["result"]
    assert event_count(app) == 2


def test_an_edit_and_an_undo_retried_with_their_keys_happen_once(app, client):
    token = new_match(client)["edit_token"]
    save(client, token, README_HAND, 0)
    save(client, token, README_HAND, 1)
    edits = [save(client, token, BIG_HAND, 2, key="edit-1", number=1) for _ in range(2)]
    assert [r.status_code for r in edits] == [200, 200] and edits[0].json["result"] == edits[1].json["result"]
    undos = [client.post(f"{API}/matches/{token}/undo", json={"version": 3}, headers={"Idempotency-Key": "undo-1"})
             for _ in range(2)]
    assert [r.status_code for r in undos] == [200, 200] and [r.json["removed"] for r in undos] == [2, 2]
    sheet = client.get(f"{API}/matches/{token}").json
    assert sheet["match"]["version"] == 4 and len(sheet["hands"]) == 1     # one edit, one undo: hand 1 stays
    assert event_count(app) == 4


def test_without_a_key_a_repeat_is_refused_as_stale_as_before(app, client):
    token = new_match(client)["edit_token"]
    assert save(client, token, README_HAND, 0).status_code == 201
    assert save(client, token, README_HAND, 0).status_code == 409
    assert event_count(app) == 1


def test_a_key_reused_for_a_different_save_is_422_and_stores_nothing(app, client):
    token = new_match(client)["edit_token"]
    save(client, token, README_HAND, 0, key="k1")
    for reused in (save(client, token, BIG_HAND, 1, key="k1"),                       # other content
                   save(client, token, README_HAND, 1, key="k1", number=1),          # an edit, not an add
                   client.post(f"{API}/matches/{token}/undo", json={"version": 1}, headers={"Idempotency-Key": "k1"})):
        assert reused.status_code == 422
        assert reused.json["error"]["code"] == "idempotency_key_reused"
        assert reused.json["error"]["field"] == "Idempotency-Key" and reused.json["error"]["hand_number"] == 1
    assert event_count(app) == 1


@pytest.mark.parametrize("key", ["", " ", "x" * 65, "ключ", "a b"])
def test_a_malformed_key_is_400_naming_the_header(app, client, key):
    token = new_match(client)["edit_token"]
    assert save(client, token, README_HAND, 0).status_code == 201
    response = client.post(f"{API}/matches/{token}/hands", json={"version": 1, "hand": README_HAND},
                           headers={"Idempotency-Key": key.encode().decode("latin-1")})
    assert response.status_code == 400, response.json
    assert response.json["error"]["field"] == "Idempotency-Key"
    assert event_count(app) == 1


def test_keys_are_per_match(app, client):
    one, two = new_match(client)["edit_token"], new_match(client)["edit_token"]
    assert save(client, one, README_HAND, 0, key="same").status_code == 201
    assert save(client, two, BIG_HAND, 0, key="same").status_code == 201
    assert event_count(app) == 2


# --- the web forms ----------------------------------------------------------------------------------------------

def test_each_rendered_entry_form_carries_a_new_key(client, csrf):
    token = create(client, csrf)
    keys = {key_of(client.get(f"/m/{token}/hands/new").get_data(as_text=True)) for _ in range(3)}
    assert len(keys) == 3 and all(re.fullmatch(r"[0-9a-f-]{36}", k) for k in keys)


def test_a_double_tapped_form_stores_one_hand_and_both_taps_see_it_saved(app, client, csrf):
    token = create(client, csrf)
    key = key_of(client.get(f"/m/{token}/hands/new").get_data(as_text=True))
    taps = [post_hand(client, csrf, token, SEED_HAND, save_key=key) for _ in range(2)]
    assert [t.status_code for t in taps] == [303, 303]
    assert all(t.headers["Location"].endswith(f"/m/{token}") for t in taps)
    assert "Hand 1 saved." in text(client.get(f"/m/{token}").get_data(as_text=True))
    assert len(state(app, token)["entries"]) == 1


def test_a_refused_form_keeps_its_key_and_its_save_then_counts_once(app, client, csrf):
    token = create(client, csrf)
    key = key_of(client.get(f"/m/{token}/hands/new").get_data(as_text=True))
    refused = post_hand(client, csrf, token, {**SEED_HAND, "side1-out": "none"}, save_key=key)   # nobody out
    assert refused.status_code == 422 and key_of(refused.get_data(as_text=True)) == key
    assert post_hand(client, csrf, token, SEED_HAND, save_key=key).status_code == 303
    assert post_hand(client, csrf, token, SEED_HAND, save_key=key).status_code == 303
    assert len(state(app, token)["entries"]) == 1


def test_a_saved_form_changed_and_sent_again_is_a_new_save_only_when_sent_once_more(app, client, csrf):
    """The back button shows the saved form with its key; changing it must not be taken for the first save."""
    token = create(client, csrf)
    key = key_of(client.get(f"/m/{token}/hands/new").get_data(as_text=True))
    post_hand(client, csrf, token, SEED_HAND, save_key=key)
    changed = post_hand(client, csrf, token, SMALL_HAND, save_key=key)
    page = changed.get_data(as_text=True)
    assert changed.status_code == 409 and "already saved as hand 1" in text(page)
    assert key_of(page) != key and textarea(page, "side0-melds") == SMALL_HAND["side0-melds"]
    assert len(state(app, token)["entries"]) == 1
    assert post_hand(client, csrf, token, SMALL_HAND, version=1, save_key=key_of(page)).status_code == 303
    assert len(state(app, token)["entries"]) == 2


def test_a_tampered_key_is_400_and_the_form_comes_back_with_a_good_one(app, client, csrf):
    token = create(client, csrf)
    response = post_hand(client, csrf, token, SEED_HAND, save_key="x" * 65)
    assert response.status_code == 400 and "save_key" in text(response.get_data(as_text=True))
    assert len(key_of(response.get_data(as_text=True))) == 36
    assert state(app, token)["entries"] == []


def test_a_double_tapped_undo_removes_one_hand_and_says_so_twice(app, client, csrf):
    token = create(client, csrf)
    post_hand(client, csrf, token, SEED_HAND, version=0)
    post_hand(client, csrf, token, SMALL_HAND, version=1)
    taps = [client.post(f"/m/{token}/undo", data={"csrf_token": csrf, "version": "2", "confirm": "2"})
            for _ in range(2)]
    assert [t.status_code for t in taps] == [303, 303]
    assert len(state(app, token)["entries"]) == 1 and state(app, token)["version"] == 3


# --- a database that cannot be written ----------------------------------------------------------------------

def _failing_commit(self):
    raise OperationalError("COMMIT", {}, Exception("database or disk is full"))


@pytest.fixture
def unwritable(monkeypatch):
    """Every commit fails as on a full disk (PostgreSQL and SQLite both raise OperationalError)."""
    monkeypatch.setattr(Session, "commit", _failing_commit)


@pytest.mark.skipif(bool(os.environ.get("TEST_DATABASE_URL")), reason="a SQLite file opened read-only")
def test_a_read_only_sqlite_file_answers_503_on_save_and_the_pages_still_read(app, client, csrf, tmp_path):
    token = create(client, csrf)
    post_hand(client, csrf, token, SEED_HAND, version=0)
    app.extensions["scorekeeper_engine"].dispose()
    url = f"sqlite:///file:{tmp_path / 'test.sqlite'}?mode=ro&uri=true"
    ro_app = create_app({"TESTING": True, "DATABASE_URL": url, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False})
    read_only = ro_app.test_client()
    assert read_only.get(f"/m/{token}").status_code == 200
    response = read_only.post(f"/m/{token}/hands/new?mode=cards", data={"version": "1", **SMALL_HAND})
    assert response.status_code == 503
    assert textarea(response.get_data(as_text=True), "side0-melds") == SMALL_HAND["side0-melds"]
    assert read_only.post(f"{API}/matches/{token}/undo", json={"version": 1}).json["error"]["code"] == "unavailable"
    ro_app.extensions["scorekeeper_engine"].dispose()
    assert len(state(app, token)["entries"]) == 1


HIDDEN_RE = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)">')


@pytest.mark.skipif(bool(os.environ.get("TEST_DATABASE_URL")), reason="SQLite's file lock")
def test_a_hand_typed_while_another_program_locks_the_database_comes_back_to_send_again(app, client, csrf, tmp_path):
    """Issue 19: another process holding SQLite's exclusive lock stops even the reading of the match, so the
    form's own page cannot be built; the typed hand came back as the generic 503 and was lost. Now every field
    comes back on a page that sends it again, key included: one tap later it is stored, once."""
    import sqlite3

    token = create(client, csrf)
    key = key_of(client.get(f"/m/{token}/hands/new").get_data(as_text=True))
    path = tmp_path / "test.sqlite"
    assert path.exists()
    quick = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{path}?timeout=0.1", "SECRET_KEY": "test",
                        "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False})
    other = sqlite3.connect(path, timeout=0, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        response = quick.test_client().post(f"/m/{token}/hands/new?mode=cards",
                                            data={"version": "0", "save_key": key, **SEED_HAND})
    finally:
        other.execute("ROLLBACK")
        other.close()
    page = response.get_data(as_text=True)
    assert response.status_code == 503 and "Everything you typed is kept on this page" in text(page)
    kept = {unescape(name): unescape(value) for name, value in HIDDEN_RE.findall(page)}
    assert {name: kept.get(name) for name in SEED_HAND} == SEED_HAND and kept["save_key"] == key
    assert 'action="/m/' + token + '/hands/new?mode=cards"' in page
    for _tap in range(2):                          # sent again, then once more by a double tap
        assert quick.test_client().post(f"/m/{token}/hands/new?mode=cards", data=kept).status_code == 303
    quick.extensions["scorekeeper_engine"].dispose()
    assert len(state(app, token)["entries"]) == 1


def test_a_hand_typed_while_the_database_cannot_be_written_comes_back_503_as_typed(app, client, csrf, monkeypatch):
    token = create(client, csrf)
    key = key_of(client.get(f"/m/{token}/hands/new").get_data(as_text=True))
    with monkeypatch.context() as patch:
        patch.setattr(Session, "commit", _failing_commit)
        response = post_hand(client, csrf, token, SEED_HAND, save_key=key)
    page = response.get_data(as_text=True)
    assert response.status_code == 503
    assert "The database cannot be written just now, so nothing was saved." in text(page)
    assert textarea(page, "side0-melds") == SEED_HAND["side0-melds"] and key_of(page) == key
    assert state(app, token)["entries"] == []
    assert post_hand(client, csrf, token, SEED_HAND, save_key=key).status_code == 303    # and later it saves
    assert len(state(app, token)["entries"]) == 1


def test_a_new_match_answers_503_with_the_form_as_filled_in(app, client, csrf, unwritable):
    response = client.post("/matches", data={"csrf_token": csrf, "variant": "diszitett", "title": "Vasárnap",
                                             "sides-0-name": "Anna", "sides-1-name": "Béla"})
    page = response.get_data(as_text=True)
    assert response.status_code == 503 and "The database cannot be written just now" in text(page)
    assert 'value="Vasárnap"' in page and 'value="Béla"' in page


def test_api_saves_undo_and_new_match_answer_503_unavailable(app, client, monkeypatch):
    token = new_match(client)["edit_token"]
    assert save(client, token, README_HAND, 0).status_code == 201
    monkeypatch.setattr(Session, "commit", _failing_commit)
    for response in (save(client, token, BIG_HAND, 1), save(client, token, BIG_HAND, 1, number=1),
                     client.post(f"{API}/matches/{token}/undo", json={"version": 1}),
                     client.post(f"{API}/matches", json={"variant": "diszitett",
                                                         "sides": [{"name": "A"}, {"name": "B"}]})):
        assert response.status_code == 503, response.json
        assert response.json["error"]["code"] == "unavailable"
    monkeypatch.undo()
    assert event_count(app) == 1


def test_web_undo_answers_503_and_removes_nothing(app, client, csrf, monkeypatch):
    token = create(client, csrf)
    post_hand(client, csrf, token, SEED_HAND, version=0)
    monkeypatch.setattr(Session, "commit", _failing_commit)
    response = client.post(f"/m/{token}/undo", data={"csrf_token": csrf, "version": "1", "confirm": "1"})
    assert response.status_code == 503
    assert "The database cannot be written just now" in text(response.get_data(as_text=True))
    monkeypatch.undo()
    assert len(state(app, token)["entries"]) == 1


def test_a_database_that_cannot_be_read_is_a_503_page_or_json_not_a_500(app, client, csrf, monkeypatch):
    token = create(client, csrf)

    def unreachable(*_args, **_kwargs):
        raise OperationalError("SELECT", {}, Exception("could not connect to server"))
    monkeypatch.setattr("scorekeeper.store.matches.find_match", unreachable)          # the API's
    monkeypatch.setattr("scorekeeper.web.common.find_match", unreachable)       # the pages'
    page = client.get(f"/m/{token}/hands/new")
    assert page.status_code == 503 and "The database cannot be reached just now" in text(page.get_data(as_text=True))
    answer = client.get(f"{API}/matches/{token}")
    assert answer.status_code == 503 and answer.json["error"]["code"] == "unavailable"


# --- the phone's own save (static/outbox.js), issue 22 ----------------------------------------------------------

def test_a_save_posted_by_the_page_script_answers_the_new_totals_at_once_and_the_sheet_keeps_the_message(
        app, client, csrf):
    token = create(client, csrf)
    key = key_of(client.get(f"/m/{token}/hands/new").get_data(as_text=True))
    answer = client.post(f"/m/{token}/hands/new?mode=cards", headers={"X-Scorekeeper-Save": "1"},
                         data={"csrf_token": csrf, "version": "0", "save_key": key, **SEED_HAND})
    assert answer.status_code == 200 and answer.mimetype == "application/json"
    totals = state(app, token)["sheet"]["totals"]
    assert answer.json == {"saved": True, "message": "Hand 1 saved.", "sheet": f"/m/{token}",
                           "totals": [f"{name}: total {totals[name]:,}" for name in ("Anna", "Béla")]}   # grouped: 1,015
    # the same tap sent again (no answer came): one hand, the same short answer
    again = client.post(f"/m/{token}/hands/new?mode=cards", headers={"X-Scorekeeper-Save": "1"},
                        data={"csrf_token": csrf, "version": "0", "save_key": key, **SEED_HAND})
    assert again.json["message"] == "Hand 1 saved." and len(state(app, token)["entries"]) == 1
    assert "Hand 1 saved." in text(client.get(f"/m/{token}").get_data(as_text=True))


def test_a_refused_save_posted_by_the_page_script_is_the_form_page_as_for_the_plain_form(app, client, csrf):
    token = create(client, csrf)
    refused = client.post(f"/m/{token}/hands/new?mode=cards", headers={"X-Scorekeeper-Save": "1"},
                          data={"csrf_token": csrf, "version": "0", **SEED_HAND, "side1-out": "none"})
    assert refused.status_code == 422 and refused.mimetype == "text/html"
    assert 'id="hand-form"' in refused.get_data(as_text=True)
    assert state(app, token)["entries"] == []
