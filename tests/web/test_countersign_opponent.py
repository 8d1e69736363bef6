"""Countersigned by an OPPONENT (issue 24): a phone that said which side it plays for records that side with each
hand it enters or corrects (hand_events.entered_by, migration 0009, beside the entry and never in it), and that
side's countersign of that revision is refused (409 ``own_hand``); a hand whose entering side is unknown may be
countersigned by any side, as before. Through the JSON API, the web hand form (the countersign cookie), the
countersign page, the revisions page, a match's and a group's file, and the migration.

Numbers: díszített, test_api's README hand scores Anna 1015 and Béla 570; three of them 3045 and 1710."""

from __future__ import annotations

import copy
import re
from html import unescape

import pytest
from alembic import command
from sqlalchemy import create_engine, inspect, text

from scorekeeper.store import migrate
from scorekeeper.store.db import Base
from test_api import API, README_HAND, add, event_count, new_match
from test_migrations import TOKEN as T, rows as _rows, schema_differences, url  # noqa: F401 (url: the fixture)
from web_helpers import csrf_from

pytestmark = pytest.mark.storage

HU_OWN = "1. leosztás: Anna telefonján vitték be, ezért az ellenfél jegyzi ellen."


def post(client, token, hand, version, **body):
    return client.post(f"{API}/matches/{token}/hands", json={"version": version, "hand": hand, **body})


def confirm(client, token, number, side, **kw):
    return client.post(f"{API}/matches/{token}/hands/{number}/confirm", json={"side": side}, **kw)


def choose_side(client, token, side):
    """The countersign page's "I play for …": the per-match cookie the hand form reads too."""
    page = client.get(f"/m/{token}/countersign").get_data(as_text=True)
    assert client.post(f"/m/{token}/countersign",
                       data={"side": str(side), "csrf_token": csrf_from(page)}).status_code == 303


@pytest.fixture
def match(client):
    return new_match(client)


# --- the JSON API ---------------------------------------------------------------------------------------------

def test_the_side_that_entered_a_hand_cannot_countersign_it_and_an_opponent_can(client, app, match):
    token = match["edit_token"]
    assert post(client, token, README_HAND, 0, entered_by=0).status_code == 201        # Anna's phone
    before = event_count(app)
    own = confirm(client, token, 1, 0)
    assert own.status_code == 409, own.json
    assert own.json["error"]["code"] == "own_hand" and own.json["error"]["field"] == "side"
    assert own.json["error"]["message"] == "Hand 1 was entered by Anna's phone: an opponent countersigns it."
    assert event_count(app) == before                                                  # nothing stored
    assert confirm(client, token, 1, 1).status_code == 201                             # Béla, the opponent
    assert client.get(f"{API}/matches/{token}/hands/1/revisions").json[0]["entered_by"] == 0


def test_own_hand_is_said_in_the_requests_language(client, match):
    token = match["edit_token"]
    assert post(client, token, README_HAND, 0, entered_by=0).status_code == 201
    own = confirm(client, token, 1, 0, headers={"Accept-Language": "hu"})
    assert own.status_code == 409 and own.json["error"]["message"] == HU_OWN


def test_a_correction_moves_the_refusal_to_the_side_that_corrected(client, match):
    token = match["edit_token"]
    assert post(client, token, README_HAND, 0, entered_by=0).status_code == 201
    changed = copy.deepcopy(README_HAND)
    changed["sides"][0]["hand"] = "A A"
    edited = client.put(f"{API}/matches/{token}/hands/1", json={"version": 1, "hand": changed, "entered_by": 1})
    assert edited.status_code == 200, edited.json
    assert confirm(client, token, 1, 1).json["error"]["code"] == "own_hand"           # Béla corrected it
    assert confirm(client, token, 1, 0).status_code == 201                             # now Anna may sign
    history = client.get(f"{API}/matches/{token}/hands/1/revisions").json
    assert [r["entered_by"] for r in history] == [0, 1]


def test_a_hand_whose_entering_side_is_unknown_is_countersigned_by_any_side(client, match):
    token = match["edit_token"]
    assert add(client, token, README_HAND, 0).status_code == 201                      # no entered_by
    assert client.get(f"{API}/matches/{token}/hands/1/revisions").json[0]["entered_by"] is None
    assert confirm(client, token, 1, 0).status_code == 201
    assert confirm(client, token, 1, 1).status_code == 201


@pytest.mark.parametrize("bad", [2, -1, "0", True, 1.0])
def test_entered_by_that_is_not_a_side_of_the_match_is_a_400_naming_it(client, app, match, bad):
    before = event_count(app)
    answer = post(client, match["edit_token"], README_HAND, 0, entered_by=bad)
    assert answer.status_code == 400, answer.json
    assert answer.json["error"]["field"] == "entered_by"
    assert "0 to 1" in answer.json["error"]["message"]
    assert event_count(app) == before


def test_a_retry_is_answered_as_its_first_save_whatever_entered_by_it_carries(client, app, match):
    # the entry alone makes two saves one (store/saves.py): entered_by is beside it, never in it
    token, headers = match["edit_token"], {"Idempotency-Key": "retry-1"}
    first = client.post(f"{API}/matches/{token}/hands", headers=headers,
                        json={"version": 0, "hand": README_HAND, "entered_by": 0})
    assert first.status_code == 201
    before = event_count(app)
    for again in ({"entered_by": 1}, {}):
        retry = client.post(f"{API}/matches/{token}/hands", headers=headers,
                            json={"version": 0, "hand": README_HAND, **again})
        assert retry.status_code == 201 and retry.json["number"] == 1
        assert retry.json["result"] == first.json["result"]
    assert event_count(app) == before
    (revision,) = client.get(f"{API}/matches/{token}/hands/1/revisions").json
    assert revision["entered_by"] == 0 and "entered_by" not in revision["entry"]


def test_totals_and_statistics_are_the_same_with_and_without_entering_sides(client):
    # Two groups, each one match of three README hands (Anna 3 × 1015 = 3045, Béla 3 × 570 = 1710); in the first
    # every hand says which side's phone entered it and the opponent countersigns it.
    from test_groups_api import new_group, start

    bodies = []
    for marked in (True, False):
        group = new_group(client)["edit_token"]
        made = start(client, group, "Anna", "Béla").json
        for version in range(3):
            extra = {"entered_by": version % 2} if marked else {}
            assert post(client, made["edit_token"], README_HAND, version, **extra).status_code == 201
        if marked:                       # hands 1 and 3 by Anna's phone (side 0), signed by Béla; hand 2 the other way
            for number in (1, 2, 3):
                assert confirm(client, made["edit_token"], number, number % 2).status_code == 201
        sheet = client.get(f"{API}/matches/{made['edit_token']}").json
        stats = _without_tokens(client.get(f"{API}/groups/{group}/stats").json)   # the matches' own links differ
        bodies.append((sheet, stats))
    (signed, signed_stats), (plain, plain_stats) = bodies
    assert len(signed["hands"]) == len(plain["hands"]) == 3
    assert signed["totals"] == plain["totals"] == {"Anna": 3045, "Béla": 1710}
    assert [h["result"] for h in signed["hands"]] == [h["result"] for h in plain["hands"]]
    assert signed_stats["players"] == plain_stats["players"]


def _without_tokens(value):
    if isinstance(value, dict):
        return {k: _without_tokens(v) for k, v in value.items() if k != "match"}
    if isinstance(value, list):
        return [_without_tokens(v) for v in value]
    return value


# --- the web pages --------------------------------------------------------------------------------------------

def test_the_hand_form_sends_the_phones_side_and_the_log_keeps_it(client, csrf):
    from test_entry import BIG_HAND, SEED_HAND, SMALL_HAND, create, post_hand

    token = create(client, csrf)
    assert 'name="entered_by"' not in client.get(f"/m/{token}/hands/new").get_data(as_text=True)
    assert post_hand(client, csrf, token, SEED_HAND).status_code == 303              # no side chosen: unknown
    choose_side(client, token, 1)
    form = client.get(f"/m/{token}/hands/new").get_data(as_text=True)
    assert re.search(r'<input type="hidden" name="entered_by" value="1">', form)
    # the hidden field decides (the outbox keeps it with the other fields); the cookie is read when it is absent
    assert post_hand(client, csrf, token, SMALL_HAND, version=1, entered_by="0").status_code == 303
    assert post_hand(client, csrf, token, BIG_HAND, version=2).status_code == 303
    by = [client.get(f"{API}/matches/{token}/hands/{n}/revisions").json[0]["entered_by"] for n in (1, 2, 3)]
    assert by == [None, 0, 1]


def test_the_countersign_page_shows_no_confirm_on_the_phones_own_hand_and_refuses_its_post(client, match):
    token = match["edit_token"]
    assert post(client, token, README_HAND, 0, entered_by=0).status_code == 201       # hand 1: Anna's phone
    assert post(client, token, README_HAND, 1, entered_by=1).status_code == 201       # hand 2: Béla's phone
    choose_side(client, token, 0)
    page = client.get(f"/m/{token}/countersign").get_data(as_text=True)
    assert "Confirm hand 2" in page and "Confirm hand 1" not in page
    assert unescape(page).count("Entered on your side's phone: an opponent confirms it.") == 1
    refused = client.post(f"/m/{token}/hands/1/confirm",
                          data={"csrf_token": csrf_from(page), "revision": "1", "save_key": "own-1"})
    assert refused.status_code == 409
    said = unescape(refused.get_data(as_text=True))
    assert "Hand 1 was entered by Anna's phone: an opponent countersigns it." in said
    assert client.get(f"{API}/matches/{token}").json["hands"][0]["confirmed_by"] == []


def test_the_revisions_and_hand_pages_say_on_which_sides_phone_a_hand_was_entered(client, match):
    token = match["edit_token"]
    assert post(client, token, README_HAND, 0, entered_by=1).status_code == 201
    page = unescape(client.get(f"/m/{token}/hands/1/revisions").get_data(as_text=True))
    assert "On Béla's phone" in page
    hu = client.get(f"/m/{token}/hands/1/revisions", headers={"Accept-Language": "hu"}).get_data(as_text=True)
    assert "Béla telefonján" in hu
    assert "On Béla's phone" in unescape(client.get(f"/v/{match['view_token']}/hands/1").get_data(as_text=True))
    assert add(client, token, README_HAND, 1).status_code == 201                       # unknown: no line
    assert "entered-on" not in client.get(f"/m/{token}/hands/2/revisions").get_data(as_text=True)
    assert "entered-on" not in client.get(f"/m/{token}/hands/2").get_data(as_text=True)


# --- files ----------------------------------------------------------------------------------------------------

def _export(app, token):
    from scorekeeper.store import transfer
    from scorekeeper.store.db import get_session
    from scorekeeper.store.matches import find_match

    with app.test_request_context():
        return transfer.export_match(find_match(get_session(), token, editable=True))


def _import(app, data):
    from scorekeeper.store import transfer
    from scorekeeper.store.db import get_session

    with app.test_request_context():
        return transfer.import_match(get_session(), data).edit_token


def test_a_match_file_carries_who_entered_and_an_old_file_imports_as_unknown(client, app, match):
    from scorekeeper.store.transfer import ImportRefused

    token = match["edit_token"]
    assert post(client, token, README_HAND, 0, entered_by=1).status_code == 201
    assert add(client, token, README_HAND, 1).status_code == 201
    data = _export(app, token)
    assert data["events"][0]["entered_by"] == 1 and "entered_by" not in data["events"][1]
    copied = _import(app, data)
    by = [client.get(f"{API}/matches/{copied}/hands/{n}/revisions").json[0]["entered_by"] for n in (1, 2)]
    assert by == [1, None]
    assert confirm(client, copied, 1, 1).json["error"]["code"] == "own_hand"            # it still binds
    old = copy.deepcopy(data)
    del old["events"][0]["entered_by"]                                                   # a file from before 0009
    older = _import(app, old)
    assert client.get(f"{API}/matches/{older}/hands/1/revisions").json[0]["entered_by"] is None
    bad = copy.deepcopy(data)
    bad["events"][0]["entered_by"] = 5
    with pytest.raises(ImportRefused) as refused:
        _import(app, bad)
    assert refused.value.part == "events[0].entered_by"


def test_a_file_with_a_countersign_by_the_entering_side_is_refused(client, app, match):
    from scorekeeper.store.transfer import ImportRefused

    token = match["edit_token"]
    assert post(client, token, README_HAND, 0, entered_by=1).status_code == 201
    assert confirm(client, token, 1, 0).status_code == 201
    data = _export(app, token)
    data["events"][1]["entry"].update(side=1, side_name="Béla")                          # forged: Béla signs his own
    with pytest.raises(ImportRefused) as refused:
        _import(app, data)
    assert refused.value.part == "events[1].entry.side"


def test_a_group_file_carries_who_entered(client):
    from test_groups_api import new_group, start

    group = new_group(client)["edit_token"]
    made = start(client, group, "Anna", "Béla").json
    assert post(client, made["edit_token"], README_HAND, 0, entered_by=0).status_code == 201
    exported = client.get(f"{API}/groups/{group}/export")
    assert exported.json["matches"][0]["events"][0]["entered_by"] == 0
    imported = client.post(f"{API}/groups/import", data=exported.data, content_type="application/json")
    assert imported.status_code == 201, imported.json
    copied = imported.json["matches"][0]["api"].rsplit("/", 1)[1]                       # the new match's link
    assert copied != made["edit_token"]
    assert client.get(f"{API}/matches/{copied}/hands/1/revisions").json[0]["entered_by"] == 0


# --- migration 0009 -------------------------------------------------------------------------------------------

def test_revision_0009_adds_entered_by_to_a_played_match_as_unknown_and_downgrades(url):  # noqa: F811
    engine = create_engine(url)
    try:
        migrate.upgrade(engine, "0008")
        with engine.begin() as connection:
            connection.execute(text(
                "INSERT INTO matches (id, edit_token, view_token, title, variant, options, created_at, version) "
                f"VALUES (1, 'e{T}', 'v{T}', 'Vasárnap', 'diszitett', '{{}}', '2026-11-26 19:40:00', 1)"))
            connection.execute(text(
                "INSERT INTO hand_events (match_id, seq, action, hand_number, entry, save_key, created_at) "
                "VALUES (1, 1, 'add', 1, '{\"mode\": \"cards\"}', 'k1', '2026-11-26 19:45:00')"))
        matches = _rows(engine, "SELECT id, edit_token, view_token, title, version FROM matches")
        migrate.upgrade(engine)
        with engine.connect() as connection:
            assert migrate.current(connection) == migrate.head() == "0009"
        assert _rows(engine, "SELECT id, edit_token, view_token, title, version FROM matches") == matches
        assert _rows(engine, "SELECT seq, action, hand_number, save_key, entered_by FROM hand_events") == [
            (1, "add", 1, "k1", None)]
        assert schema_differences(engine, Base.metadata) == []
        with engine.begin() as connection:
            command.downgrade(migrate._config(connection), "0008")
        assert "entered_by" not in {c["name"] for c in inspect(engine).get_columns("hand_events")}
        assert _rows(engine, "SELECT seq, action, save_key FROM hand_events") == [(1, "add", "k1")]
        migrate.upgrade(engine)
        assert schema_differences(engine, Base.metadata) == []
    finally:
        engine.dispose()
