"""A club night's round of minutes (issue 24: "a time limit per round"): the organiser calls time, each table
finishes the hand it is playing and starts no new one, the round is closed and the standings count the hands
entered by then (store/events.py, events/clock.py); refusals name the part; the organiser's two buttons and the
screen's clock; a round is seated whole or not at all."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from scorekeeper.rules import RecordError
from scorekeeper.store import events as event_store
from test_api import API
from test_event_api import hand
from test_groups_api import new_group

pytestmark = pytest.mark.storage

PAIRS = [["Anna", "Béla"], ["Cili", "Dani"], ["Emma", "Feri"], ["Gabi", "Hédi"]]
SETTINGS = {"tables": 2, "rounds": 2, "entrants": "pairs", "seating": "swiss", "variant": "international",
            "minutes": 45}


def night(client, **settings):
    token = new_group(client)["edit_token"]
    made = client.post(f"{API}/groups/{token}/events", json={"name": "Csütörtök", "settings": {
        **SETTINGS, **settings}, "entrants": PAIRS})
    assert made.status_code == 201, made.json
    return token, made.json


def post(client, event, path):
    return client.post(f"{API}/events/{event['edit_token']}/{path}", json={})


def standings(event):
    return [(s["entrant"], s["vp"], s["difference"]) for s in event["standings"]]


def test_time_called_each_table_finishes_its_hand_and_the_closed_round_counts_what_was_entered(client):
    _group, event = night(client)
    one, two = event["rounds"][0]["tables"]                  # Swiss in seed order: 1 v 2, 3 v 4
    assert (one["ns"], one["ew"], two["ns"], two["ew"]) == (1, 2, 3, 4)
    first = event["rounds"][0]
    started = datetime.fromisoformat(first["started_at"].rstrip("Z"))
    assert first["ends_at"] == (started + timedelta(minutes=45)).isoformat(timespec="seconds") + "Z"
    assert first["called_at"] is None and first["closed_at"] is None
    hand(client, one, 0, ns_wins=True)                       # table 1: 665 - 5
    hand(client, two, 0, ns_wins=False)                      # table 2: 5 - 665
    called = post(client, event, "rounds/1/time")
    assert called.status_code == 200, called.json
    event = called.json
    assert event["rounds"][0]["called_at"] is not None
    assert [t["hands_at_call"] for t in event["rounds"][0]["tables"]] == [1, 1]
    assert not any(t["finished"] for t in event["rounds"][0]["tables"]) and event["provisional"] is True
    twice = post(client, event, "rounds/1/time")
    assert twice.status_code == 400 and twice.json["error"]["code"] == "time_called_twice"
    assert twice.json["error"]["field"] == "round" and "already called" in twice.json["error"]["message"]
    # Table 1 enters the hand it was playing (665 - 5 again): finished at 1330 - 10. Table 2 started none.
    hand(client, one, 1, ns_wins=True)
    event = client.get(f"{API}/events/{event['edit_token']}").json
    one, two = event["rounds"][0]["tables"]
    assert one["finished"] and one["hands"] == 2 and one["totals"] == [1330, 10]
    assert not two["finished"] and event["provisional"] is True
    early = post(client, event, "rounds")                    # Swiss: the round is not finished yet
    assert early.status_code == 400 and early.json["error"]["code"] == "round_unfinished"
    closed = post(client, event, "rounds/1/close")
    assert closed.status_code == 200, closed.json
    event = closed.json
    assert event["rounds"][0]["closed_at"] is not None and event["provisional"] is False
    assert [t["hands_counted"] for t in event["rounds"][0]["tables"]] == [2, 1]
    # By hand on burraco_3_hands (rules_ref/events/victory_points.toml): table 1's difference 1330 - 10 = 1320
    # takes [1255, 19, 1] (the next row starts at 1505): pair 1 19 VP, pair 2 1 VP. Table 2's 665 - 5 = 660
    # for EW takes [655, 16, 4]: pair 4 16 VP, pair 3 4 VP.
    expected = [(1, 19, 1320), (4, 16, 660), (3, 4, -660), (2, 1, -1320)]
    assert standings(event) == expected
    # Hands entered after the close stay in the matches but do not count for the event.
    one, two = event["rounds"][0]["tables"]
    hand(client, one, 2, ns_wins=False)
    hand(client, two, 1, ns_wins=True)
    event = client.get(f"{API}/events/{event['edit_token']}").json
    assert standings(event) == expected
    assert [t["totals"] for t in event["rounds"][0]["tables"]] == [[1330, 10], [5, 665]]
    match = client.get(f"{API}/matches/{two['match_edit_token']}").json
    assert len(match["hands"]) == 2                          # the match itself keeps its later hand
    again = post(client, event, "rounds/1/close")
    assert again.status_code == 400 and again.json["error"]["code"] == "round_closed"
    late = post(client, event, "rounds/1/time")
    assert late.status_code == 400 and late.json["error"]["code"] == "round_closed"
    # The closed round seats Swiss round 2 (1st v 2nd: 1 v 4, 3rd v 4th: 3 v 2); round 1 is no longer the last.
    second = post(client, event, "rounds")
    assert second.status_code == 201, second.json
    assert second.json["rounds"][1]["started_at"] is not None
    for path in ("rounds/1/close", "rounds/1/time"):
        refused = post(client, event, path)
        assert refused.status_code == 400 and refused.json["error"]["code"] == "round_not_last"
        assert "only the last round (2)" in refused.json["error"]["message"]


def test_a_round_of_hands_closed_early_counts_what_is_entered_and_has_no_end_time(client):
    _group, event = night(client, minutes=None, hands=3)
    one, _two = event["rounds"][0]["tables"]
    assert event["rounds"][0]["ends_at"] is None
    hand(client, one, 0, ns_wins=True)
    event = post(client, event, "rounds/1/close").json       # closed directly, no call
    one, two = event["rounds"][0]["tables"]
    # table 1: 1 hand of 3 counts, 665 - 5 -> 16 - 4; table 2 entered nothing: 0 - 0 is a tie, 10 - 10
    assert [t["hands_counted"] for t in (one, two)] == [1, 0] and one["finished"] and two["finished"]
    assert (one["vp"], two["vp"]) == ([16, 4], [10, 10])


def test_call_time_and_close_refuse_the_screen_token_an_unknown_round_and_a_body_that_is_not_empty(client):
    _group, event = night(client)
    for path in ("rounds/1/time", "rounds/1/close"):
        screen = client.post(f"{API}/events/{event['token']}/{path}", json={})
        assert screen.status_code == 403 and screen.json["error"]["code"] == "read_only"
    unknown = post(client, event, "rounds/7/time")
    assert unknown.status_code == 404 and unknown.json["error"]["field"] == "round"
    assert "no round 7" in unknown.json["error"]["message"]
    assert post(client, event, "rounds/7/close").status_code == 404
    assert post(client, event, "rounds/first/close").status_code == 404      # a round is a number
    assert client.post(f"{API}/events/nosuchevent/rounds/1/time", json={}).status_code == 404
    body = client.post(f"{API}/events/{event['edit_token']}/rounds/1/time", json={"minutes": 5})
    assert body.status_code == 400
    assert client.get(f"{API}/events/{event['token']}").json["rounds"][0]["called_at"] is None


def _rows(client) -> dict[str, int]:
    """How many events, rounds, tables and matches are stored."""
    from sqlalchemy import func, select

    from scorekeeper.store.db import get_session
    from scorekeeper.store.models import Event, EventRound, EventTable, Match
    with client.application.app_context():
        session = get_session()
        return {m.__name__: session.scalar(select(func.count()).select_from(m)) or 0
                for m in (Event, EventRound, EventTable, Match)}


def test_a_round_whose_second_table_is_refused_stores_no_round_no_match_and_no_table(client, monkeypatch):
    token, event = night(client, seating="mitchell")
    before = _rows(client)
    assert before == {"Event": 1, "EventRound": 1, "EventTable": 2, "Match": 2}
    real = event_store.groups.start_match
    seated = []

    def second_refused(session, group, **args):
        seated.append(args["title"])
        if len(seated) == 2:
            raise RecordError("refused for the test", field="sides")
        return real(session, group, **args)

    monkeypatch.setattr(event_store.groups, "start_match", second_refused)
    refused = post(client, event, "rounds")
    assert refused.status_code == 400 and len(seated) == 2      # table 1 was started, table 2 refused
    assert _rows(client) == before
    after = client.get(f"{API}/events/{event['token']}").json
    assert [r["round"] for r in after["rounds"]] == [1]
    # the first round of a new event: nothing stored at all, not even the event
    seated.clear()
    made = client.post(f"{API}/groups/{token}/events", json={"name": "Péntek", "settings": SETTINGS,
                                                              "entrants": PAIRS})
    assert made.status_code == 400 and len(seated) == 2
    assert _rows(client) == before
    monkeypatch.setattr(event_store.groups, "start_match", real)
    assert post(client, event, "rounds").status_code == 201     # and the round can be seated after all
    assert _rows(client) == {"Event": 1, "EventRound": 2, "EventTable": 4, "Match": 4}


def _live(client, event) -> int:
    return client.get(f"/e/{event['token']}/live").json["version"]


def test_the_screen_counts_down_then_says_time_then_round_closed_and_its_live_version_moves(client):
    _group, event = night(client)
    screen = client.get(f"/e/{event['token']}").get_data(as_text=True)
    ends = event["rounds"][0]["ends_at"]
    # the countdown's data for static/countdown.js, and without scripting the end as HH:MM UTC
    assert f'data-countdown="{ends}"' in screen and "countdown.js" in screen
    assert f"The round ends at {ends[11:16]} UTC" in screen and 'data-countdown-left="{time} left"' in screen
    version = _live(client, event)
    post(client, event, "rounds/1/time")
    called = client.get(f"/e/{event['token']}").get_data(as_text=True)
    assert "Time! Finish the hand you are playing" in called and "data-countdown=" not in called
    assert _live(client, event) != version
    version = _live(client, event)
    post(client, event, "rounds/1/close")
    closed = client.get(f"/e/{event['token']}").get_data(as_text=True)
    assert "Round closed" in closed and "Time!" not in closed
    assert _live(client, event) != version
    hungarian = client.get(f"/e/{event['token']}", headers={"Accept-Language": "hu"}).get_data(as_text=True)
    assert "Round closed" not in hungarian


def test_a_round_of_hands_shows_no_clock_on_the_screen(client):
    _group, event = night(client, minutes=None, hands=3)
    assert "data-countdown" not in client.get(f"/e/{event['token']}").get_data(as_text=True)


def test_the_organisers_buttons_call_time_then_close_the_round_and_a_stale_page_is_refused_by_name(client, csrf):
    token, event = night(client)
    page = client.get(f"/g/{token}/night").get_data(as_text=True)
    call = f"/g/{token}/night/{event['token']}/round/1/time"
    close = f"/g/{token}/night/{event['token']}/round/1/close"
    assert f'action="{call}"' in page and f'action="{close}"' in page
    assert "Call time" in page and "Close the round" in page
    done = client.post(call, data={"csrf_token": csrf})
    assert done.status_code == 303 and done.headers["Location"].endswith(f"/g/{token}/night#event-{event['token']}")
    page = client.get(f"/g/{token}/night").get_data(as_text=True)
    assert f'action="{call}"' not in page and f'action="{close}"' in page
    assert "each table finishes the hand it is playing" in page
    twice = client.post(call, data={"csrf_token": csrf})
    assert twice.status_code == 400 and "time was already called in round 1" in twice.get_data(as_text=True)
    assert client.post(close, data={"csrf_token": csrf}).status_code == 303
    page = client.get(f"/g/{token}/night").get_data(as_text=True)
    assert "Round closed" in page and f'action="{close}"' not in page
    assert client.post(f"/g/{token}/night/{event['token']}/round/9/close", data={"csrf_token": csrf}).status_code == 404
    assert client.post(call, data={}).status_code == 400                 # no CSRF token: refused
    assert client.post(call.replace("/time", "/pause"), data={"csrf_token": csrf}).status_code == 404
    view = new_group(client)["view_token"]
    assert client.post(f"/g/{view}/night/{event['token']}/round/1/time", data={"csrf_token": csrf}).status_code == 404


def test_the_organisers_form_starts_a_round_of_minutes_when_minutes_are_given(client, csrf):
    token = new_group(client)["edit_token"]
    form = {"csrf_token": csrf, "name": "Péntek", "variant": "international", "entrants": "pairs",
            "seating": "mitchell", "rounds": "2", "hands": "3", "minutes": "40", "scale": "burraco_3_hands"}
    for i, (a, b) in enumerate(PAIRS):
        form[f"a{i}"], form[f"b{i}"] = a, b
    assert client.post(f"/g/{token}/night", data=form).status_code == 303
    events = client.get(f"/g/{token}/night").get_data(as_text=True)
    screen = events.split('href="/e/')[1].split('"')[0]
    event = client.get(f"{API}/events/{screen}").json
    assert event["settings"]["minutes"] == 40 and "hands" not in event["settings"]
    assert event["rounds"][0]["ends_at"] is not None
    wrong = client.post(f"/g/{token}/night", data={**form, "minutes": "3"})
    # the form names the field by its label (test_event_refusals), the API by its path
    assert wrong.status_code == 400 and "Minutes per round must be from 5 to 240" in wrong.get_data(as_text=True)
