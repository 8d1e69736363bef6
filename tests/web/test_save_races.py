"""Two phones saving at once, for real: threads with app clients of their own (a session and a database
connection each) on the file-backed SQLite database, or on PostgreSQL in .ci/run's second pass.

Each round makes both requests load the match before either saves (a barrier right after loading), which is the
window where a client that sends version v+1 while the save for v is in flight used to be accepted on top of it.
"""

from __future__ import annotations

import json
import threading

import pytest
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from scorekeeper.store import matches, transfer
from scorekeeper.store.models import HandEvent, Match
from test_api import API, README_HAND, new_match

pytestmark = pytest.mark.storage

ROUNDS = 6


@pytest.fixture
def loaded_together(monkeypatch):
    """Every save waits after loading the match until the other racer has loaded it too."""
    barrier = threading.Barrier(2, timeout=10)
    real = matches._loaded_version

    def loaded(match):
        version = real(match)
        if threading.current_thread().name.startswith("racer"):   # not the test's own checks (an import)
            barrier.wait()
        return version
    monkeypatch.setattr(matches, "_loaded_version", loaded)
    return barrier


def race(app, *requests):
    """Send each ``(method, url, json, headers)`` from a thread of its own; the responses in that order."""
    answers = [None] * len(requests)

    def send(i, method, url, body, headers):
        answers[i] = app.test_client().open(url, method=method, json=body, headers=headers or {})
    threads = [threading.Thread(target=send, args=(i, *r), name=f"racer-{i}") for i, r in enumerate(requests)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return answers


def log_of(app, token):
    with app.extensions["scorekeeper_sessions"]() as session:
        match = session.scalars(select(Match).where(Match.edit_token == token)).one()
        events = [(e.seq, e.action, e.hand_number) for e in match.events]
        return match.version, events


def assert_consistent(app, client, token):
    """One event per version, every add of the next hand number, every undo of the last, and the export
    imports again with the same hands."""
    version, events = log_of(app, token)
    assert [seq for seq, _a, _n in events] == list(range(1, version + 1))
    hands = 0
    for _seq, action, number in events:
        if action == "add":
            hands += 1
            assert number == hands, events
        elif action == "undo":
            assert number == hands, events
            hands -= 1
        else:
            assert 1 <= number <= hands, events
    exported = client.get(f"/m/{token}/export.json")
    assert exported.status_code == 200
    transfer.validate(json.loads(exported.get_data(as_text=True)))
    for number in range(1, hands + 1):
        assert client.get(f"{API}/matches/{token}/hands/{number}/revisions").status_code == 200
    return hands


def test_a_save_based_on_a_version_it_was_not_validated_on_is_refused(app, client, loaded_together):
    token = new_match(client)["edit_token"]
    hands = 0
    for _round in range(ROUNDS):
        version = log_of(app, token)[0]
        url = f"{API}/matches/{token}/hands"
        # Phone A saves on the version it saw; phone B claims the version A's save is about to make.
        a, b = race(app, ("POST", url, {"version": version, "hand": README_HAND}, None),
                    ("POST", url, {"version": version + 1, "hand": README_HAND}, None))
        assert sorted([a.status_code, b.status_code]) == [201, 409], (a.json, b.json)
        assert a.status_code == 201
        hands += 1
        assert assert_consistent(app, client, token) == hands


def test_an_undo_racing_a_save_never_removes_the_acknowledged_hand(app, client, loaded_together):
    token = new_match(client)["edit_token"]
    assert client.post(f"{API}/matches/{token}/hands", json={"version": 0, "hand": README_HAND}).status_code == 201
    for _round in range(ROUNDS):
        version = log_of(app, token)[0]
        saved, undone = race(app, ("POST", f"{API}/matches/{token}/hands",
                                   {"version": version, "hand": README_HAND}, None),
                             ("POST", f"{API}/matches/{token}/undo", {"version": version + 1}, None))
        assert saved.status_code == 201 and undone.status_code == 409, (saved.json, undone.json)
        acknowledged = saved.json["number"]
        assert assert_consistent(app, client, token) == acknowledged   # the saved hand is still there


def test_the_same_save_sent_twice_at_once_stores_one_hand(app, client, loaded_together):
    token = new_match(client)["edit_token"]
    for round_ in range(ROUNDS):
        version = log_of(app, token)[0]
        request = ("POST", f"{API}/matches/{token}/hands", {"version": version, "hand": README_HAND},
                   {"Idempotency-Key": f"tap-{round_}"})
        first, second = race(app, request, request)
        assert first.status_code == second.status_code == 201, (first.json, second.json)
        assert first.json["number"] == second.json["number"] == round_ + 1
        assert first.json["result"] == second.json["result"]
        assert assert_consistent(app, client, token) == round_ + 1


@pytest.mark.parametrize("seq, key", [(1, None), (2, "k")])
def test_the_log_cannot_hold_two_events_of_one_version_or_one_key(app, client, seq, key):
    """The database itself refuses a second event with the same seq, or the same save key in one match
    (whatever a bug in the guard did); events without a key are not compared."""
    token = new_match(client)["edit_token"]
    url = f"{API}/matches/{token}/hands"
    assert client.post(url, json={"version": 0, "hand": README_HAND}, headers={"Idempotency-Key": "k"}).status_code == 201
    assert client.post(url, json={"version": 1, "hand": README_HAND}).status_code == 201
    assert client.post(url, json={"version": 2, "hand": README_HAND}).status_code == 201     # two NULL keys
    with app.extensions["scorekeeper_sessions"]() as session:
        match = session.scalars(select(Match).where(Match.edit_token == token)).one()
        session.add(HandEvent(match_id=match.id, seq=seq if key is None else 4, action="add", hand_number=4,
                              entry=README_HAND, save_key=key))
        with pytest.raises(IntegrityError):
            session.commit()
