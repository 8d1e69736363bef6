"""Saves under the rate limits and the storage quota (scorekeeper/limiter.py, scorekeeper/store/quota.py; issue 19).

Corrections and undo (RATELIMIT_CORRECT) and new hands (RATELIMIT_ADD) each replay the match: a loop of them is
refused like a loop of PDFs, and on the web form the refusal keeps every typed card. What one address may make the
server store in an hour (STORAGE_QUOTA_BYTES_PER_HOUR) is counted in bytes as each match, hand, correction, undo,
preset and import is written; past it nothing is stored and the answer says when to try again.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules.tables.house import preset_document
from scorekeeper.rules.tables.pinned import canonical
from scorekeeper.store.db import get_session
from scorekeeper.store.matches import find_match
from scorekeeper.store.quota import QuotaSpent
from test_api import event_count
from test_entry import SEED_HAND, SMALL_HAND, post_hand, text
from test_limits import API, clock, limited_app  # noqa: F401  (clock: the limits' fake clock, a fixture)
from web_helpers import csrf_from

pytestmark = pytest.mark.storage

ANNA = {"name": "Anna", "melds": ["K K K K K K K"], "out": "out", "hand": ""}
BELA = {"name": "Béla", "melds": ["7 7 7"], "out": "none", "hand": "4 5"}
HAND = {"sides": [ANNA, BELA]}
HU = {"Accept-Language": "hu"}


@pytest.fixture
def made(tmp_path, clock):
    apps = []

    def make(**config):
        app = limited_app(tmp_path, **config)
        apps.append(app)
        return app
    yield make
    for app in apps:
        app.extensions["scorekeeper_engine"].dispose()


def stored_match(app) -> str:
    """A match stored outside any request (as the CLI would: not metered), so a test's quota is all its own."""
    from scorekeeper.store import matches

    with app.app_context():
        return matches.create_match(get_session(), variant="diszitett", options=None,
                                    sides=[{"name": "Anna"}, {"name": "Béla"}]).edit_token


def api_match(client) -> str:
    answer = client.post(f"{API}/matches", json={"variant": "diszitett", "sides": [{"name": "Anna"},
                                                                                   {"name": "Béla"}]})
    assert answer.status_code == 201, answer.json
    return answer.json["edit_token"]


def version(app, token) -> int:
    with app.app_context():
        return find_match(get_session(), token, editable=True).version


# --- RATELIMIT_CORRECT: corrections and undo --------------------------------------------------------------------

def test_a_correction_loop_on_the_api_meets_the_default_limit_in_json(made, clock):
    """Before, corrections had no limit: each one replays the match (0.12 s of CPU at 200 hands), and a stale one
    costs the same before its 409."""
    app = made()
    client = app.test_client()
    token = api_match(client)
    assert client.post(f"{API}/matches/{token}/hands", json={"version": 0, "hand": HAND}).status_code == 201
    statuses = []
    for _ in range(12):
        statuses.append(client.put(f"{API}/matches/{token}/hands/1",
                                   json={"version": version(app, token), "hand": HAND}).status_code)
        clock.advance(1 / 60)            # one a second: the per-minute part (10) is met
    assert statuses == [200] * 10 + [429] * 2
    refused = client.put(f"{API}/matches/{token}/hands/1", json={"version": version(app, token), "hand": HAND})
    error = refused.json["error"]
    assert refused.status_code == 429 and error["code"] == "rate_limited" and error["status"] == 429
    assert error["retry_after"] == int(refused.headers["Retry-After"]) and 1 <= error["retry_after"] <= 60
    assert "try again" in error["message"]
    # undo draws on the same budget; adding a hand does not (its own, RATELIMIT_ADD)
    assert client.post(f"{API}/matches/{token}/undo", json={"version": version(app, token)}).status_code == 429
    assert client.post(f"{API}/matches/{token}/hands", json={"version": version(app, token),
                                                             "hand": HAND}).status_code == 201
    # another address is not punished for this one's loop, and a minute later this one corrects again
    other = app.test_client()
    other.environ_base["REMOTE_ADDR"] = "192.0.2.7"
    assert other.put(f"{API}/matches/{token}/hands/1", json={"version": version(app, token),
                                                             "hand": HAND}).status_code == 200
    clock.advance(1)
    assert client.put(f"{API}/matches/{token}/hands/1", json={"version": version(app, token),
                                                              "hand": HAND}).status_code == 200


def test_a_correction_refused_by_the_limit_keeps_the_typed_hand_on_the_form_in_both_languages(made):
    app = made(RATELIMIT_CORRECT="1 per minute")
    client = app.test_client()
    csrf = csrf_from(client.get("/").get_data(as_text=True))
    token = api_match(client)
    assert post_hand(client, csrf, token, SEED_HAND).status_code == 303
    assert post_hand(client, csrf, token, SMALL_HAND, version=1, number=1).status_code == 303
    typed = {**SEED_HAND, "side0-hand": "A 9 9"}
    refused = post_hand(client, csrf, token, typed, version=2, number=1)
    assert refused.status_code == 429 and 1 <= int(refused.headers["Retry-After"]) <= 60
    page = refused.get_data(as_text=True)
    assert "Too many saves from your address" in text(page) and "save again in" in text(page)
    assert "5 5 5 5 5 5 5</textarea>" in page and 'value="A 9 9"' in page        # everything typed is still there
    assert version(app, token) == 2                                     # and nothing was saved
    hungarian = client.post(f"/m/{token}/hands/1/edit?mode=cards", headers=HU,
                            data={"csrf_token": csrf, "version": "2", **typed})
    assert hungarian.status_code == 429 and "Túl sok mentés" in text(hungarian.get_data(as_text=True))


def test_an_undo_loop_on_the_sheet_is_refused_with_the_sheet_saying_when(made):
    app = made(RATELIMIT_CORRECT="1 per minute")
    client = app.test_client()
    csrf = csrf_from(client.get("/").get_data(as_text=True))
    token = api_match(client)
    for v, typed in enumerate((SEED_HAND, SMALL_HAND)):
        assert post_hand(client, csrf, token, typed, version=v).status_code == 303
    undo = {"csrf_token": csrf, "version": "2", "confirm": "2"}
    assert client.post(f"/m/{token}/undo", data=undo).status_code == 303
    refused = client.post(f"/m/{token}/undo", data={**undo, "version": "3", "confirm": "1"}, headers=HU)
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
    assert "semmi sem lett törölve" in text(refused.get_data(as_text=True))
    assert version(app, token) == 3                                     # hand 1 is still there


def test_a_loop_adding_hands_meets_ratelimit_add(made, clock):
    """A new hand replays the match to check it: unlimited, a loop filling new matches with 200 hands each spent
    a core. A table saves one every few minutes."""
    app = made(RATELIMIT_ADD="3 per second;5 per minute")
    client = app.test_client()
    token = api_match(client)
    statuses = []
    for _ in range(6):
        statuses.append(client.post(f"{API}/matches/{token}/hands", json={"version": version(app, token),
                                                                          "hand": HAND}).status_code)
        clock.advance(1 / 60)
    assert statuses == [201] * 5 + [429]


# --- the storage quota ---------------------------------------------------------------------------------------------

def test_what_one_address_stores_in_an_hour_is_bounded_with_a_429_in_json(made, clock):
    """Before, a loop of corrections stored ~49 kB each without limit (2.2 GB an hour from one client)."""
    app = made(STORAGE_QUOTA_BYTES_PER_HOUR=5_000, RATELIMIT_CORRECT="1000 per second",
               RATELIMIT_ADD="1000 per second")
    client = app.test_client()
    token = stored_match(app)
    big = HAND
    statuses, stored = [], []
    for _ in range(40):
        answer = client.post(f"{API}/matches/{token}/hands", json={"version": version(app, token), "hand": big})
        statuses.append(answer.status_code)
        stored.append(event_count(app))
        if answer.status_code == 201:
            client.post(f"{API}/matches/{token}/undo", json={"version": version(app, token)})
        clock.advance(0.05)
    assert 201 in statuses and statuses[-1] == 429
    refused = client.post(f"{API}/matches/{token}/hands", json={"version": version(app, token), "hand": big})
    error = refused.json["error"]
    assert refused.status_code == 429 and error["code"] == "storage_quota"
    assert error["retry_after"] == int(refused.headers["Retry-After"]) and 60 < error["retry_after"] <= 3600
    assert "hour" in error["message"]
    assert event_count(app) == stored[-1]                              # nothing stored once refused
    # a new match stores too: refused; another address stores as before; an hour later this one does
    assert client.post(f"{API}/matches", json={"variant": "diszitett",
                                               "sides": [{"name": "A"}, {"name": "B"}]}).status_code == 429
    other = app.test_client()
    other.environ_base["REMOTE_ADDR"] = "192.0.2.7"
    assert other.post(f"{API}/matches/{token}/hands", json={"version": version(app, token),
                                                            "hand": big}).status_code == 201
    clock.advance(61)
    assert client.post(f"{API}/matches/{token}/undo", json={"version": version(app, token)}).status_code == 200


def test_past_the_quota_the_hand_form_keeps_everything_typed_and_says_when_in_both_languages(made):
    app = made(STORAGE_QUOTA_BYTES_PER_HOUR=700)
    client = app.test_client()
    csrf = csrf_from(client.get("/").get_data(as_text=True))
    token = stored_match(app)
    assert post_hand(client, csrf, token, SEED_HAND).status_code == 303            # about 430 bytes
    refused = post_hand(client, csrf, token, SMALL_HAND, version=1)
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 60
    page = refused.get_data(as_text=True)
    assert "stored as much as one address may in an hour" in text(page) and "minutes" in text(page)
    assert "7 7 7</textarea>" in page and 'value="4 5"' in page      # everything typed is still there
    hungarian = client.post(f"/m/{token}/hands/new?mode=cards", headers=HU,
                            data={"csrf_token": csrf, "version": "1", **SMALL_HAND})
    assert hungarian.status_code == 429 and version(app, token) == 1
    assert "egy óra alatt" in text(hungarian.get_data(as_text=True)) and \
        'value="4 5"' in hungarian.get_data(as_text=True)


def test_past_the_quota_the_new_match_form_and_the_preset_import_keep_what_was_typed(made):
    app = made(STORAGE_QUOTA_BYTES_PER_HOUR=100)         # less than any row
    client = app.test_client()
    csrf = csrf_from(client.get("/").get_data(as_text=True))
    form = client.post("/matches", data={"csrf_token": csrf, "variant": "diszitett", "title": "Péntek este",
                                         "sides-0-name": "Anna", "sides-1-name": "Béla"}, headers=HU)
    page = form.get_data(as_text=True)
    assert form.status_code == 429 and int(form.headers["Retry-After"]) >= 1
    assert 'value="Péntek este"' in page and 'value="Béla"' in page and "egy óra alatt" in text(page)
    preset = canonical(preset_document(name="Nagyi", variant="diszitett", options={},
                                       house={"canastas": {"red_canasta": {"bonus": 450}}}))
    imported = client.post("/house/import", data={"csrf_token": csrf, "json": preset})
    assert imported.status_code == 429 and "as much as one address" in text(imported.get_data(as_text=True))
    assert "red_canasta" in imported.get_data(as_text=True)            # the pasted text is still in its box


def test_the_quota_meters_requests_only_and_zero_turns_it_off(made):
    """The CLI and scripts store without an address: nothing to meter. STORAGE_QUOTA_BYTES_PER_HOUR = 0 (or the
    limits off) turns the quota off."""
    from scorekeeper.store import matches

    app = made(STORAGE_QUOTA_BYTES_PER_HOUR=1)
    with app.app_context():                                           # no request: the CLI's way
        match = matches.create_match(get_session(), variant="diszitett", options=None,
                                     sides=[{"name": "A"}, {"name": "B"}])
        assert match.id
    with app.test_request_context("/"):
        with pytest.raises(QuotaSpent):
            matches.create_match(get_session(), variant="diszitett", options=None,
                                 sides=[{"name": "A"}, {"name": "B"}])
    for config in ({"STORAGE_QUOTA_BYTES_PER_HOUR": 0}, {"RATELIMIT_ENABLED": False,
                                                          "STORAGE_QUOTA_BYTES_PER_HOUR": 1}):
        assert made(**config).test_client().post(f"{API}/matches", json={
            "variant": "diszitett", "sides": [{"name": "A"}, {"name": "B"}]}).status_code == 201


def test_a_real_evening_of_a_busy_club_from_one_router_stays_far_below_the_default_quota(made, clock):
    """Eight tables behind one router in one hour: each starts a match and saves ten four-player hands with two
    corrections; the club imports two exported matches. Measured, it is a small part of the quota."""
    from scorekeeper.limiter import STORAGE_QUOTA, StorageMeter, limiter

    app = made(RATELIMIT_ADD="1000 per minute", RATELIMIT_NEW_MATCH="1000 per minute",
               RATELIMIT_CORRECT="1000 per minute")
    client = app.test_client()
    four = [{"name": n} for n in ("Anna", "Béla", "Cili", "Dani")]
    hand = {"sides": [{"name": "Anna", "melds": ["K K K K K K K", "9 9 9"], "out": "out", "hand": ""},
                      {"name": "Béla", "melds": ["J J J J 2 2 2", "5 5 5"], "red_threes": 1, "hand": "A 4"},
                      {"name": "Cili", "melds": ["Q Q Q 2"], "hand": "8 8 3"},
                      {"name": "Dani", "melds": ["6 6 6 6 6 6 6"], "twins": 1, "hand": "7 10"}]}
    for _table in range(8):
        token = client.post(f"{API}/matches", json={"variant": "diszitett", "sides": four}).json["edit_token"]
        for _ in range(10):
            assert client.post(f"{API}/matches/{token}/hands", json={"version": version(app, token),
                                                                     "hand": hand}).status_code == 201
        for _ in range(2):
            assert client.put(f"{API}/matches/{token}/hands/1", json={"version": version(app, token),
                                                                      "hand": hand}).status_code == 200
    with app.test_request_context("/"):
        item = StorageMeter()._item()
        used = STORAGE_QUOTA - limiter.limiter.get_window_stats(item, "127.0.0.1", StorageMeter.SCOPE).remaining
    assert 0 < used < STORAGE_QUOTA / 10, used
