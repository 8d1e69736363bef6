"""A group's file carries its club nights (issue 24: "Exports: the group's matches and event as one file that
imports to the same statistics"): format version 2 writes each event's settings, entrants, rounds and tables, a
table naming its match by its index in the file; the import links the tables to the new matches, so the new
event answers the same rounds, seating, totals and standings, and the group the same statistics. A version 1
file (written by the code before events travelled, kept as tests/web/group_file_v1.json) imports as before. A
broken event is a 400 naming its part, said by the events core's sentences, and nothing is stored."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings as hsettings, strategies as st
from sqlalchemy import func, select

from scorekeeper.store import event_transfer
from scorekeeper.store.models import Event, EventTable, Group, Match
from test_api import API, SUMMARY_HAND, add
from test_group_export_import import comparable, imported, posted, refused
from test_groups_api import new_group

pytestmark = pytest.mark.storage

V1 = Path(__file__).with_name("group_file_v1.json")
PAIRS = [["Anna", "Béla"], ["Cili", "Dani"], ["Emma", "Feri"], ["Gabi", "Hédi"]]
TOKEN_KEYS = {"token", "edit_token", "urls", "match", "match_api", "match_edit", "match_edit_token"}


def hand(client, table, ns_wins=True, loser_hand="4", version=0):
    """One international canasta hand at ``table``: the side going out melds K×7 (a natural canasta 500, going
    out 100, 7 kings 70 → 670), the other Q Q Q (30) and holds ``loser_hand`` (a 4: −5 → 25)."""
    sides = [" & ".join(table["ns_players"]), " & ".join(table["ew_players"])]
    winner, loser = sides if ns_wins else sides[::-1]
    if len(table["ns_players"]) == 1:          # individuals play díszített: test_api's summary hand, renamed
        entry = {"mode": "summary", "sides": [{**SUMMARY_HAND["sides"][0], "name": loser},
                                              {**SUMMARY_HAND["sides"][1], "name": winner}]}
        response = add(client, table["match_edit_token"], entry, version)
        assert response.status_code == 201, response.json
        return
    entry = {"mode": "cards", "sides": [{"name": winner, "melds": ["K K K K K K K"], "out": "out", "hand": ""},
                                        {"name": loser, "melds": ["Q Q Q"], "hand": loser_hand}]}
    if not ns_wins:
        entry["sides"].reverse()                       # the match's sides in its order: NS first
    response = add(client, table["match_edit_token"], entry, version)
    assert response.status_code == 201, response.json


def new_event(client, token, players=PAIRS, **settings):
    body = {"name": "Csütörtök <b>", "entrants": players,
            "settings": {k: v for k, v in {"tables": 2, "rounds": 2, "entrants": "pairs", "seating": "swiss",
                                           "variant": "international", "hands": 1, **settings}.items()
                         if v is not None}}
    response = client.post(f"{API}/groups/{token}/events", json=body)
    assert response.status_code == 201, response.json
    return response.json


def seat(client, event):
    response = client.post(f"{API}/events/{event['edit_token']}/rounds", json={})
    assert response.status_code == 201, response.json
    return response.json


def without_tokens(value):
    """An event's answer but for its links, which differ after an import."""
    if isinstance(value, dict):
        return {k: without_tokens(v) for k, v in value.items() if k not in TOKEN_KEYS}
    if isinstance(value, list):
        return [without_tokens(v) for v in value]
    return value


@pytest.fixture
def night(client):
    """Two tables, two Swiss rounds: round 1 played (table 1 NS wins 670–25, table 2 EW wins), round 2 seated
    and half played (its table 1 NS wins, its table 2 not started): an event whose round is half played."""
    group = new_group(client, "Klub")
    event = new_event(client, group["edit_token"])
    hand(client, event["rounds"][0]["tables"][0], ns_wins=True)
    hand(client, event["rounds"][0]["tables"][1], ns_wins=False)
    event = seat(client, event)
    hand(client, event["rounds"][1]["tables"][0], ns_wins=True, loser_hand="4 A")
    return group, client.get(f"{API}/events/{event['edit_token']}").json


def test_the_imported_club_night_answers_the_same_rounds_seating_totals_and_standings(client, night):
    group, before = night
    # By hand (burraco_3_hands, rules_ref/events): round 1's differences 670 − 25 = 645 take the row [505, 15, 5]
    # (the next starts at 655): pairs 1 and 4 have 15 VP, 2 and 3 have 5; round 2 seats 4 (NS) v 1 and 2 v 3, its
    # table 1 NS wins 670 − 5 (Q Q Q 30, a 4 −5, an A −20) = 665: the row [655, 16, 4]: pair 4 31 VP, pair 1 19.
    assert before["provisional"] is True
    assert [(t["ns"], t["ew"]) for t in before["rounds"][1]["tables"]] == [(4, 1), (2, 3)]
    assert [t["totals"] for t in before["rounds"][1]["tables"]] == [[670, 5], [0, 0]]
    assert [(s["entrant"], s["vp"]) for s in before["standings"]] == [(4, 31), (1, 19), (2, 5), (3, 5)]
    body = client.get(f"{API}/groups/{group['view_token']}/export").json
    assert body["format_version"] == 2 and len(body["events"]) == 1
    made = imported(client, body)
    assert len(made["events"]) == 1
    after = client.get(f"{API}/events/{made['events'][0]['edit_token']}").json
    assert without_tokens(after) == without_tokens(before)
    assert after["token"] != before["token"] and after["edit_token"] != before["edit_token"]
    stats = [client.get(f"{API}/groups/{t}/stats").json for t in (group["edit_token"], made["edit_token"])]
    assert comparable(stats[1]) == comparable(stats[0])


def test_the_file_names_each_tables_match_by_its_index_and_holds_no_token(client, night):
    group, event = night
    text = client.get(f"{API}/groups/{group['edit_token']}/export").get_data(as_text=True)
    body = json.loads(text)
    written = body["events"][0]
    # a round of hands has no clock counts: the table's hands are the first K of its match
    assert written["tables"][0] == {"round": 1, "table": 1, "ns": 1, "ew": 2, "match": 0,
                                    "hands_at_call": None, "hands_counted": None}
    assert [{k: r[k] for k in ("round", "bye", "called_at", "closed_at")} for r in written["rounds"]] == [
        {"round": 1, "bye": None, "called_at": None, "closed_at": None},
        {"round": 2, "bye": None, "called_at": None, "closed_at": None}]
    assert all(r["started_at"] for r in written["rounds"])       # when each round was seated
    assert written["entrants"][0] == {"number": 1, "players": ["Anna", "Béla"]}
    assert written["settings"] == event["settings"]
    assert sorted(t["match"] for t in written["tables"]) == [0, 1, 2, 3]
    tokens = [event["token"], event["edit_token"]] + [t["match_edit_token"] for r in event["rounds"]
                                                      for t in r["tables"]]
    assert not [t for t in tokens if t in text]


def test_a_version_1_file_written_before_events_travelled_imports_as_before(client, app):
    made = imported(client, json.loads(V1.read_text(encoding="utf-8")))
    assert made["matches_total"] == 3 and made["events"] == []
    assert {"name": "Dóri", "spellings": ["Dóra"]} in [{"name": p["name"], "spellings": p["spellings"]}
                                                        for p in made["roster"]]
    stats = client.get(f"{API}/groups/{made['edit_token']}/stats").json
    assert {p["name"] for p in stats["players"]} >= {"Anna", "Béla", "Csaba", "Dóri"}


def test_a_version_1_file_with_events_is_refused_naming_them(client):
    body = json.loads(V1.read_text(encoding="utf-8"))
    body["events"] = []
    assert refused(client, body)["field"] == "events"


def counts(app):
    with app.extensions["scorekeeper_sessions"]() as session:
        return tuple(session.scalar(select(func.count()).select_from(t)) for t in (Group, Event, EventTable, Match))


def broken(client, app, night, change, field, said=""):
    """``change`` made to the night's file is refused naming ``field``, and nothing is stored."""
    group, _event = night
    body = client.get(f"{API}/groups/{group['edit_token']}/export").json
    stored = counts(app)
    change(body["events"][0])
    error = refused(client, body)
    assert error["field"] == field, error
    assert said in error["message"], error
    assert counts(app) == stored
    return error


def test_a_table_naming_a_match_not_in_the_file_is_refused(client, app, night):
    broken(client, app, night, lambda e: e["tables"][2].update(match=4), "events[0].tables[2].match", "0 to 3")
    broken(client, app, night, lambda e: e["tables"][2].update(match=-1), "events[0].tables[2].match", "0 to 3")
    broken(client, app, night, lambda e: e["tables"][2].update(match="0"), "events[0].tables[2].match", "whole")


def test_a_match_playing_two_tables_is_refused_naming_both(client, app, night):
    broken(client, app, night, lambda e: e["tables"][2].update(match=0), "events[0].tables[2].match",
           "events[0].tables[0]")


def test_an_entrant_number_out_of_range_is_refused(client, app, night):
    broken(client, app, night, lambda e: e["tables"][1].update(ns=5), "events[0].tables[1].ns", "1 to 4")
    broken(client, app, night, lambda e: e["rounds"][0].update(bye=7), "events[0].rounds[0].bye", "1 to 4")


def test_settings_the_events_core_refuses_are_refused_naming_the_setting(client, app, night):
    broken(client, app, night, lambda e: e["settings"].update(tables=0), "events[0].settings.tables", "from 1")
    broken(client, app, night, lambda e: e["settings"].update(seating="round robin"), "events[0].settings.seating")
    broken(client, app, night, lambda e: e["settings"].update(colour=1), "events[0].settings.colour")


def test_a_seating_the_core_refuses_is_refused_naming_the_round(client, app, night):
    def meets_itself(e):
        e["tables"][0]["ew"] = e["tables"][0]["ns"]
    broken(client, app, night, meets_itself, "events[0].rounds[0]", "itself")

    def misses_one(e):
        e["tables"][1].update(ns=1, ew=2)
    broken(client, app, night, misses_one, "events[0].rounds[0]", "once")
    broken(client, app, night, lambda e: e["entrants"].pop() and e["entrants"].pop(), "events[0].entrants", "3 or 4")
    broken(client, app, night, lambda e: e["entrants"][1].update(number=3), "events[0].entrants[1].number")


def test_more_events_than_a_group_holds_are_refused(client, app, night, monkeypatch):
    monkeypatch.setattr(event_transfer, "MAX_EVENTS", 0)
    group, _event = night
    error = refused(client, client.get(f"{API}/groups/{group['edit_token']}/export").json)
    assert error["field"] == "events" and "0" in error["message"]


def test_an_events_refusal_is_said_in_the_requests_language(client, night):
    group, _event = night
    body = client.get(f"{API}/groups/{group['edit_token']}/export").json
    body["events"][0]["tables"][0]["match"] = 9
    response = client.post(f"{API}/groups/import", data=json.dumps(body, ensure_ascii=False),
                           content_type="application/json", headers={"Accept-Language": "hu"})
    assert response.status_code == 400
    message = response.json["error"]["message"]
    assert message.startswith("events[0].tables[0].match: ") and "index of one" not in message


def test_the_page_imports_the_file_with_its_club_night(client, app, night):
    from test_group_export_import import upload
    group, _event = night
    before = counts(app)
    response = upload(client, client.get(f"/g/{group['edit_token']}/export.json").data)
    assert response.status_code == 303
    assert counts(app)[1] == before[1] + 1


def test_the_pages_refusal_of_an_event_names_its_part_in_the_pages_language(client, app, night):
    from test_group_export_import import upload
    group, _event = night
    body = client.get(f"{API}/groups/{group['edit_token']}/export").json
    body["events"][0]["tables"][0]["match"] = 9
    stored = counts(app)
    response = upload(client, json.dumps(body, ensure_ascii=False), headers={"Accept-Language": "hu"})
    html = response.get_data(as_text=True)
    assert response.status_code == 400 and "events[0].tables[0].match" in html
    assert "Ez a társaságfájl nem importálható." in html and "0-tól 3-ig" in html
    assert counts(app) == stored


# --- whatever group with events is exported, the import has the same standings and statistics ----------------

INDIVIDUALS = [["Anna"], ["Béla"], ["Cili"], ["Dani"]]


@st.composite
def nights(draw):
    seating = draw(st.sampled_from(["swiss", "mitchell", "fixed"]))
    tables = draw(st.integers(1, 2))
    # a round of minutes is finished when its match is over (store/events.py), which these short matches never
    # are: Swiss could not seat a second round, so minutes go with the movements that need no results
    minutes = seating != "swiss" and draw(st.booleans())
    return {"tables": tables, "rounds": draw(st.integers(1, tables if seating == "mitchell" else 3)),
            "seating": seating, "pairs": draw(st.booleans()), "minutes": minutes,
            "entrants": max(2, 2 * tables - (1 if seating != "fixed" and draw(st.booleans()) else 0)),
            "hands": draw(st.integers(1, 2)), "scale": draw(st.sampled_from(["burraco_3_hands", None])),
            "played": draw(st.lists(st.tuples(st.booleans(), st.sampled_from(["4", "4 A", "9 9"]), st.booleans()),
                                    min_size=12, max_size=12)),
            "rounds_seated": draw(st.integers(1, 3))}


@hsettings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(shape=nights(), events=st.integers(1, 2))
def test_whatever_club_nights_are_exported_the_import_has_the_same_standings_and_statistics(client, shape,
                                                                                             events):
    group = new_group(client, "Hypothesis")
    played = iter(shape["played"] * 4)
    made_events = []
    for _ in range(events):
        more = {"scale": shape["scale"]} if shape["scale"] else {}
        more |= {"minutes": 30, "hands": None} if shape["minutes"] else {"hands": shape["hands"]}
        more |= {"variant": "international", "entrants": "pairs"} if shape["pairs"] else \
            {"variant": "diszitett", "entrants": "individuals"}
        players = (PAIRS if shape["pairs"] else INDIVIDUALS)[:shape["entrants"]]
        event = new_event(client, group["edit_token"], players, tables=shape["tables"], rounds=shape["rounds"], seating=shape["seating"], **more)
        for number in range(min(shape["rounds"], shape["rounds_seated"])):
            if number:
                event = seat(client, event)
            last = number + 1 == min(shape["rounds"], shape["rounds_seated"])
            for table in event["rounds"][number]["tables"]:
                ns_wins, loser, play = next(played)
                # Swiss seats a round from finished tables: every table of a round before the last is played
                for version in range(shape["hands"] if (play or not last) and not shape["minutes"]
                                     else 1 if play else 0):
                    hand(client, table, ns_wins=ns_wins, loser_hand=loser, version=version)
            event = client.get(f"{API}/events/{event['edit_token']}").json
        made_events.append(event)
    body = client.get(f"{API}/groups/{group['view_token']}/export").json
    made = imported(client, body)
    assert len(made["events"]) == events
    for before, new in zip(made_events, made["events"]):
        after = client.get(f"{API}/events/{new['edit_token']}").json
        assert without_tokens(after) == without_tokens(before)
    stats = [client.get(f"{API}/groups/{t}/stats").json for t in (group["edit_token"], made["edit_token"])]
    assert comparable(stats[1]) == comparable(stats[0])


def test_a_round_of_minutes_called_and_closed_imports_counting_the_same_hands(client, app):
    """The round's clock travels (migration 0008's columns): table 1 plays a hand, time is called, it finishes the
    hand it was playing (the one more that counts), the round is closed, and a third hand entered after the close
    stays out of the event; table 2 entered nothing and scores 0–0. By hand (burraco_3_hands): table 1 NS 670 + 670
    = 1,340 v 25 + 25 = 50, difference 1,290 takes the row [1205, 19, 1]; table 2's 0–0 is a tie, 10–10."""
    group = new_group(client, "Klub")
    event = new_event(client, group["edit_token"], hands=None, minutes=45)
    first = event["rounds"][0]["tables"][0]
    hand(client, first)
    assert client.post(f"{API}/events/{event['edit_token']}/rounds/1/time", json={}).status_code == 200
    hand(client, first, version=1)
    assert client.post(f"{API}/events/{event['edit_token']}/rounds/1/close", json={}).status_code == 200
    hand(client, first, version=2)                 # after the close: the match keeps it, the event does not
    before = client.get(f"{API}/events/{event['edit_token']}").json
    assert [t["hands_counted"] for t in before["rounds"][0]["tables"]] == [2, 0]
    assert [(s["entrant"], s["vp"]) for s in before["standings"]][0] == (1, 19)
    body = client.get(f"{API}/groups/{group['edit_token']}/export").json
    assert body["events"][0]["rounds"][0]["called_at"] and body["events"][0]["tables"][0]["hands_counted"] == 2
    made = imported(client, body)
    after = client.get(f"{API}/events/{made['events'][0]['edit_token']}").json
    assert without_tokens(after) == without_tokens(before)
    # a count no match can hold names its part
    body["events"][0]["tables"][0]["hands_counted"] = -1
    answer = refused(client, body)
    assert "events[0].tables[0].hands_counted" in json.dumps(answer, ensure_ascii=False)
