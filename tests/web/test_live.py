"""The live sheet's version answer (scorekeeper/web/match/live.py, issue 22): what a phone polls every 3 s to learn
of another phone's save — a 304 when nothing changed, the version and the last save when something did, on both
links, for the price of one or two indexed reads and never a replay."""

from __future__ import annotations

import html
import json
import re

import pytest
from sqlalchemy import event

from scorekeeper.store import matches

from test_limits import clock, limited_app  # noqa: F401 (the fake clock fixture)
from test_sheet import HAND_1015, HAND_BIG, new_match

pytestmark = pytest.mark.storage


def links(match):
    return (f"/m/{match.edit_token}/live", f"/v/{match.view_token}/live")


def test_both_links_say_the_version_the_hands_and_the_last_save(client, db):
    match = new_match(db, HAND_1015, HAND_BIG)
    for link in links(match):
        answer = client.get(link)
        assert answer.status_code == 200
        assert answer.get_json() == {"version": 2, "hands": 2, "last": {"action": "add", "number": 2}}
        assert answer.headers["ETag"] == '"2"'                       # strong: the version itself
        assert answer.headers["Cache-Control"] == "no-cache"


def test_a_new_match_has_no_last_save(client, db):
    match = new_match(db)
    assert client.get(links(match)[1]).get_json() == {"version": 0, "hands": 0, "last": None}


def test_a_known_version_is_a_304_with_no_body_and_a_save_changes_it(client, db):
    match = new_match(db, HAND_1015)
    for link in links(match):
        same = client.get(link, headers={"If-None-Match": '"1"'})
        assert same.status_code == 304
        assert same.get_data() == b""
        assert same.headers["ETag"] == '"1"'
        assert same.headers["Cache-Control"] == "no-cache"
        # a proxy may weaken the tag; If-None-Match compares weakly (RFC 9110)
        assert client.get(link, headers={"If-None-Match": 'W/"1"'}).status_code == 304
    matches.add_hand(db, match, HAND_BIG, based_on=match.version)
    for link in links(match):
        changed = client.get(link, headers={"If-None-Match": '"1"'})
        assert changed.status_code == 200
        assert changed.get_json()["last"] == {"action": "add", "number": 2}
        assert changed.headers["ETag"] == '"2"'


def test_a_correction_and_an_undo_are_said_with_the_hands_left(client, db):
    match = new_match(db, HAND_1015, HAND_BIG)
    edit_link, view_link = links(match)
    matches.edit_hand(db, match, 1, HAND_BIG, based_on=match.version)
    assert client.get(view_link).get_json() == {"version": 3, "hands": 2, "last": {"action": "edit", "number": 1}}
    matches.undo_last(db, match, based_on=match.version)
    assert client.get(edit_link).get_json() == {"version": 4, "hands": 1, "last": {"action": "undo", "number": 2}}


@pytest.mark.parametrize("token", ["nope", "x" * 300, "%C3%A9%00", "a.b-c_d~", "0"])
def test_a_wrong_token_is_a_404_in_json_never_a_500(client, db, token):
    match = new_match(db)
    for prefix in ("/m/", "/v/"):
        answer = client.get(f"{prefix}{token}/live", headers={"If-None-Match": '"0"'})
        assert answer.status_code == 404
        assert "No match at this link" in answer.get_json()["error"]["message"]
        assert client.get(f"{prefix}{token}").status_code == 404        # the sheet itself (PostgreSQL: NUL)
    # one link's token does not open the other link's answer
    assert client.get(f"/m/{match.view_token}/live").status_code == 404
    assert client.get(f"/v/{match.edit_token}/live").status_code == 404


def statements(app):
    """The SQL statements the app's engine runs, collected while the test runs."""
    seen: list[str] = []
    engine = app.extensions["scorekeeper_engine"]
    event.listen(engine, "before_cursor_execute", lambda conn, cursor, sql, *rest: seen.append(sql))
    return seen


def test_a_poll_costs_one_read_unchanged_and_two_changed_and_never_a_replay(app, client, db, scorings,
                                                                            monkeypatch):
    match = new_match(db, *[HAND_1015] * 8)
    edit_link, view_link = links(match)

    def no_sheet(*args, **kwargs):
        raise AssertionError("the version answer must not build the scoresheet")
    monkeypatch.setattr(matches, "scoresheet", no_sheet)
    monkeypatch.setattr("scorekeeper.store.replays.scoresheet", no_sheet)
    scored_before = scorings[0]
    seen = statements(app)
    assert client.get(edit_link, headers={"If-None-Match": '"8"'}).status_code == 304
    assert len(seen) == 1, seen
    seen.clear()
    assert client.get(view_link).get_json()["hands"] == 8
    assert len(seen) == 2, seen
    assert "hand_events" in seen[1] and "LIMIT" in seen[1].upper()     # the last event only, not the log
    assert scorings[0] == scored_before


def test_ten_phones_behind_one_address_polling_for_an_hour_are_never_refused(tmp_path, clock):  # noqa: F811
    app = limited_app(tmp_path)
    with app.extensions["scorekeeper_sessions"]() as db:
        match = new_match(db, HAND_1015)
    client = app.test_client()
    edit_link, view_link = links(match)
    for second in range(0, 61 * 60, 3):              # past the hour's limit too: every phone every 3 s
        for phone in range(10):
            link = edit_link if phone % 2 else view_link
            answer = client.get(link, headers={"If-None-Match": '"1"'})
            assert answer.status_code == 304, (second, phone, answer.status_code)
        clock.advance(3 / 60)
    app.extensions["scorekeeper_engine"].dispose()


def test_a_polling_loop_is_refused_with_429_in_json_and_a_retry_after(tmp_path, clock):  # noqa: F811
    app = limited_app(tmp_path)
    with app.extensions["scorekeeper_sessions"]() as db:
        match = new_match(db, HAND_1015)
    client = app.test_client()
    answers = [client.get(links(match)[i % 2]) for i in range(40)]
    refused = [a for a in answers if a.status_code == 429]
    assert refused, "a loop of 40 polls within one second must be refused"
    assert all(a.status_code in (200, 429) for a in answers)
    assert int(refused[0].headers["Retry-After"]) >= 1
    assert "Too many requests" in refused[0].get_json()["error"]["message"]
    app.extensions["scorekeeper_engine"].dispose()


def test_the_read_only_view_asks_by_its_own_token_and_never_shows_the_edit_token(client, db):
    match = new_match(db, HAND_1015)
    view = client.get(f"/v/{match.view_token}").get_data(as_text=True)
    assert f'data-live-url="/v/{match.view_token}/live"' in view
    assert f'data-live-page="/v/{match.view_token}"' in view
    assert 'data-live-version="1"' in view
    assert match.edit_token not in view
    sheet = client.get(f"/m/{match.edit_token}").get_data(as_text=True)
    assert f'data-live-url="/m/{match.edit_token}/live"' in sheet
    assert "live.js" in sheet and "live.js" in view


@pytest.mark.parametrize("variant, hand_words", [("diszitett", "Hand {n} was saved on another phone."),
                                                 ("keltis", "Game {n} was saved on another phone.")])
def test_the_hand_form_carries_its_notice_in_the_familys_words(client, db, variant, hand_words):
    match = matches.create_match(db, variant=variant, options=None, sides=[{"name": "Anna"}, {"name": "Béla"}])
    form = client.get(f"/m/{match.edit_token}/hands/new").get_data(as_text=True)
    assert f'data-live-url="/m/{match.edit_token}/live"' in form
    assert hand_words in form
    assert "changes since this form was opened." in form
    hungarian = client.get(f"/m/{match.edit_token}/hands/new", headers={"Accept-Language": "hu"})
    said = json.loads(html.unescape(re.search(r"data-live-strings='([^']*)'", hungarian.get_data(as_text=True))[1]))
    assert said["add"].startswith("{n}. ") and said["add"].endswith(": egy másik telefonon elmentették.")
    assert "{count}" not in said["more"] and "{n}" in said["more"]
