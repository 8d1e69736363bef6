"""The JSON API under /api/v1: same answers as the service layer, every error status as JSON, never a 500."""

from __future__ import annotations

import copy
import json

import pytest
from sqlalchemy import func, select

from scorekeeper import service
from scorekeeper.store.models import HandEvent, Match

pytestmark = pytest.mark.storage

API = "/api/v1"

ANNA_1015 = {"name": "Anna", "melds": ["J J J J 2 2 2", "5 5 5 5 5 5 5"], "red_threes": 1, "twins": 1,
             "out": "none", "hand": "A"}
BELA_570 = {"name": "Béla", "melds": ["K K K K K K K"], "out": "out", "hand": ""}
README_HAND = {"mode": "cards", "sides": [ANNA_1015, BELA_570]}
# Anna scores 4170 and Béla 10: two of these put Anna past 7000, so a third hand of hers is taxed ÷4.
BIG_HAND = {"mode": "cards", "sides": [
    {"name": "Anna", "melds": ["A A A A A A A A", "K K K K K K K K", "Q Q Q Q Q Q Q Q", "JK JK JK JK JK JK JK"],
     "red_threes": 4, "twins": 3, "out": "out", "hand": ""},
    {"name": "Béla", "melds": ["5 5 5"], "hand": "4"}]}
SUMMARY_HAND = {"mode": "summary", "sides": [
    {"name": "Anna", "canastas": {"red_canasta": 1, "black_canasta": 1}, "melded_points": 135, "hand_points": 20,
     "red_threes": 1, "twins": 1},
    {"name": "Béla", "canastas": {"red_canasta": 1}, "melded_points": 70, "hand_points": 0, "out": "out"}]}
NOBODY_OUT = {"mode": "cards", "sides": [ANNA_1015, {**BELA_570, "out": "none", "hand": "3"}]}


def record(hand, variant="diszitett", **extra):
    return {"variant": variant, "sides": copy.deepcopy(hand["sides"]), **extra}


def event_count(app) -> int:
    with app.extensions["scorekeeper_sessions"]() as session:
        return session.scalar(select(func.count(HandEvent.id)))


def new_match(client, **body):
    body = {"variant": "diszitett", "sides": [{"name": "Anna"}, {"name": "Béla"}], **body}
    response = client.post(f"{API}/matches", json=body)
    assert response.status_code == 201, response.json
    return response.json


def add(client, token, hand, version):
    return client.post(f"{API}/matches/{token}/hands", json={"version": version, "hand": hand})


@pytest.fixture
def match(client):
    """A díszített match (Anna, Béla) with the README hand entered: version 1."""
    created = new_match(client)
    assert add(client, created["edit_token"], README_HAND, 0).status_code == 201
    return created


def assert_error(response, status, *, field=None, code=None):
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.is_json
    body = response.json
    assert body["error"]["status"] == status and body["error"]["message"]
    if field is not None:
        assert body["error"]["field"] == field
    if code is not None:
        assert body["error"]["code"] == code
    return body


# --- POST /score ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("rec, status", [
    (record(README_HAND), 200),
    (record(README_HAND, options={"black_zsoli_canasta_bonus": "1000"}, totals_before={"Anna": 9725}), 200),
    (record(BIG_HAND, totals_before={"Anna": 4000}), 200),
    (record(NOBODY_OUT), 422),
    (record({"sides": [{"name": "NS", "players": ["N", "S"], "melds": ["K K K K K K K"], "out": "out"},
                       {"name": "EW", "players": ["E", "W"], "melds": ["5 5 5"], "hand": "A"}]},
            variant="international"), 200),
])
def test_score_answers_exactly_what_the_cli_service_answers(client, rec, status):
    response = client.post(f"{API}/score", json=rec)
    assert response.status_code == status
    assert response.json == service.score(rec)
    assert response.json["ok"] is (status == 200)


def test_score_of_an_illegal_hand_keeps_the_problems_with_their_fields(client):
    body = client.post(f"{API}/score", json=record(NOBODY_OUT)).json
    assert [p["code"] for p in body["problems"]] == ["nobody_went_out"]
    assert body["problems"][0]["field"] == "sides"


@pytest.mark.parametrize("change, field", [
    (lambda r: r["sides"][0]["melds"].__setitem__(0, "J J X"), "sides[0].melds[0]"),
    (lambda r: r.__setitem__("variant", "bridge"), "variant"),
    (lambda r: r["sides"][1].__setitem__("out", "flew"), "sides[1].out"),
    (lambda r: r.pop("sides"), "sides"),
    (lambda r: r.__setitem__("colour", "red"), "colour"),
    (lambda r: r.__setitem__("options", {"no_such_option": "1"}), "options.no_such_option"),
])
def test_score_of_an_unreadable_record_is_400_naming_the_field(client, change, field):
    rec = record(README_HAND)
    change(rec)
    body = assert_error(client.post(f"{API}/score", json=rec), 400, field=field)
    assert body["problems"] == []


def test_score_refuses_a_partners_name_in_totals_before_with_400(client):
    """totals_before of a partnership game is kept per side: {"N": 4900} was dropped (665, not 5565)."""
    rec = record({"sides": [{"name": "NS", "players": ["N", "S"], "melds": ["K K K K K K K"], "out": "out",
                             "hand": {"N": "", "S": "4"}},
                            {"name": "EW", "players": ["E", "W"], "melds": ["Q Q Q"], "hand": {"E": "4", "W": "A"}}]},
                 variant="international", totals_before={"N": 4900})
    body = assert_error(client.post(f"{API}/score", json=rec), 400, field="totals_before.N")
    assert "'N' is not a side" in body["error"]["message"]
    rec["totals_before"] = {"NS": 4900}
    answer = client.post(f"{API}/score", json=rec).json
    assert (answer["totals"], answer["match_over"]) == ({"NS": 5565, "EW": 5}, True)


# --- POST /check-meld ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("body, legal", [
    ({"variant": "diszitett", "cards": "J J J J 2 2 2"}, True),
    ({"variant": "diszitett", "cards": ["J", "J", "J", "J", "2", "2", "2"]}, True),
    ({"variant": "diszitett", "cards": "J J 2 2"}, False),
    ({"variant": "diszitett", "cards": "K K K | 5 5 2", "opening_minimum": 50}, False),
    ({"variant": "diszitett", "cards": "K K K | Q Q Q", "opening_minimum": 50}, True),
    ({"variant": "diszitett", "cards": "K K K\nQ Q Q", "opening_minimum": 50}, True),     # one a line, as typed
    ({"variant": "diszitett", "cards": "2 2 2 2 2 2 2", "options": {"black_zsoli_canasta_bonus": "1000"}}, True),
    ({"variant": "international", "cards": "3 3 3", "going_out": True}, True),
])
def test_check_meld_answers_200_with_the_service_verdict_legal_or_not(client, body, legal):
    response = client.post(f"{API}/check-meld", json=body)
    assert response.status_code == 200
    args = {k: v for k, v in body.items() if k not in ("variant", "cards")}
    assert response.json == service.check(body["variant"], body["cards"], **args)
    assert response.json["legal"] is legal


@pytest.mark.parametrize("body, field", [
    ({"variant": "diszitett", "cards": "K K X"}, "cards"),
    ({"variant": "bridge", "cards": "K K K"}, "variant"),
    ({"cards": "K K K"}, "variant"),
    ({"variant": "diszitett"}, "cards"),
    ({"variant": "diszitett", "cards": ""}, "cards"),
    ({"variant": "diszitett", "cards": 5}, "cards"),
    ({"variant": "diszitett", "cards": ["K", 5]}, "cards"),
    ({"variant": "diszitett", "cards": "K K K", "options": ["x"]}, "options"),
    ({"variant": "diszitett", "cards": "K K K", "options": {"top_tie": "coin"}}, "options.top_tie"),
    ({"variant": "diszitett", "cards": "K K K", "opening_minimum": "50"}, "opening_minimum"),
    ({"variant": "diszitett", "cards": "K K K", "going_out": "yes"}, "going_out"),
    ({"variant": "diszitett", "cards": "K K K", "colour": "red"}, "colour"),
])
def test_check_meld_of_an_unreadable_request_is_400_naming_the_field(client, body, field):
    assert_error(client.post(f"{API}/check-meld", json=body), 400, field=field, code="unreadable")


def test_check_meld_names_the_bad_card_token_and_its_position(client):
    body = client.post(f"{API}/check-meld", json={"variant": "diszitett", "cards": "K K X"}).json
    assert body["error"]["token"] == "X" and body["error"]["position"] == 3


# --- GET /variants -------------------------------------------------------------------------------------------

def test_variants_lists_what_the_service_lists(client):
    response = client.get(f"{API}/variants")
    assert response.status_code == 200
    assert response.json == service.variants()
    assert {"diszitett", "international"} <= {v["id"] for v in response.json}


# --- matches -------------------------------------------------------------------------------------------------

def test_create_match_answers_201_with_both_links_and_an_empty_sheet(client):
    response = client.post(f"{API}/matches", json={"variant": "diszitett", "title": "Friday",
                                                   "sides": [{"name": "Anna"}, {"name": "Béla"}, {"name": "Cili"}]})
    assert response.status_code == 201
    body = response.json
    assert body["edit_token"] != body["view_token"]
    assert min(len(body["edit_token"]), len(body["view_token"])) >= 22          # ≥ 128 bits, url-safe base64
    assert body["urls"]["sheet"].endswith(f"/m/{body['edit_token']}")
    assert body["urls"]["view"].endswith(f"/v/{body['view_token']}")
    assert body["urls"]["api"].endswith(f"{API}/matches/{body['edit_token']}")
    assert response.headers["Location"] == body["urls"]["api"]
    sheet = body["sheet"]
    assert sheet["match"]["title"] == "Friday" and sheet["match"]["version"] == 0
    assert sheet["totals"] == {"Anna": 0, "Béla": 0, "Cili": 0} and sheet["hands"] == []
    assert sheet["next_opening_minimum"] == {"Anna": 50, "Béla": 50, "Cili": 50}


@pytest.mark.parametrize("body, field", [
    ({"variant": "diszitett", "sides": [{"name": "Anna"}]}, "sides"),
    ({"variant": "diszitett", "sides": [{"name": "Anna"}, {"name": " "}]}, "sides[1].name"),
    ({"variant": "diszitett", "sides": [{"name": "Anna"}, {"name": "Anna"}]}, "sides[1].name"),
    ({"variant": "diszitett", "sides": "Anna, Béla"}, "sides"),
    ({"variant": "bridge", "sides": [{"name": "Anna"}, {"name": "Béla"}]}, "variant"),
    ({"sides": [{"name": "Anna"}, {"name": "Béla"}]}, "variant"),
    ({"variant": "diszitett", "options": {"top_tie": "coin"}, "sides": [{"name": "A"}, {"name": "B"}]},
     "options.top_tie"),
    ({"variant": "diszitett", "options": "fast", "sides": [{"name": "A"}, {"name": "B"}]}, "options"),
    ({"variant": "diszitett", "title": 7, "sides": [{"name": "A"}, {"name": "B"}]}, "title"),
    ({"variant": "diszitett", "sides": [{"name": "A"}, {"name": "B"}], "public": True}, "public"),
])
def test_create_match_of_an_unreadable_request_is_400_naming_the_field(client, app, body, field):
    assert_error(client.post(f"{API}/matches", json=body), 400, field=field)
    with app.extensions["scorekeeper_sessions"]() as session:
        assert session.scalar(select(func.count(Match.id))) == 0


# Seed 002_7cd961f2d9c875a7.txt: cutthroat seats three ("a másik két játékos egymás partnerévé válik"), the
# five-player game 3 + 2 ("Ötösben az egyik fél három játékosból áll").
@pytest.mark.parametrize("options, sides, message", [
    pytest.param({"players": "3_cutthroat"}, [{"name": "AB", "players": ["A", "B"]},
                                              {"name": "CD", "players": ["C", "D"]}], "3 players in all; 4 were given",
                 id="cutthroat 2 + 2"),
    pytest.param({"players": "3_cutthroat"}, [{"name": "A"}, {"name": "B"}], "3 players in all; 2 were given",
                 id="cutthroat 1 + 1"),
    pytest.param({"players": "5"}, [{"name": "X", "players": ["A", "B", "C"]},
                                    {"name": "Y", "players": ["D", "E", "F"]}], "5 players in all; 6 were given",
                 id="five-player form 3 + 3"),
    pytest.param({}, [{"name": "NS", "players": ["N", "S"]}, {"name": "EW", "players": ["E"]}],
                 "4 players in all; 3 were given", id="four-player form 2 + 1"),
])
def test_create_match_seats_the_forms_number_of_players_in_all(client, app, options, sides, message):
    body = assert_error(client.post(f"{API}/matches", json={"variant": "international", "options": options,
                                                            "sides": sides}), 400, field="sides")
    assert message in body["error"]["message"]
    with app.extensions["scorekeeper_sessions"]() as session:
        assert session.scalar(select(func.count(Match.id))) == 0


def test_a_cutthroat_hand_lists_the_matchs_three_players_and_no_one_else(client):
    token = new_match(client, variant="international", options={"players": "3_cutthroat"},
                      sides=[{"name": "Anna"}, {"name": "Béla"}, {"name": "Cili"}])["edit_token"]
    anna = {"name": "Anna", "melds": ["K K K K K K K"], "out": "out", "hand": ""}
    for others in ({"name": "Béla & Zoli", "players": ["Béla", "Zoli"], "hand": {"Béla": "4"}},
                   {"name": "Béla"}):
        body = assert_error(add(client, token, {"sides": [anna, others]}, 0), 400, field="sides")
        assert "Anna, Béla, Cili" in body["error"]["message"]
    good = {"name": "Béla & Cili", "players": ["Béla", "Cili"], "hand": {"Béla": "4", "Cili": ""}}
    assert add(client, token, {"sides": [anna, good]}, 0).status_code == 201


@pytest.mark.parametrize("which, editable", [("edit_token", True), ("view_token", False)])
def test_get_match_works_with_either_link_and_says_whether_it_can_edit(client, match, which, editable):
    response = client.get(f"{API}/matches/{match[which]}")
    assert response.status_code == 200
    body = response.json
    assert body["editable"] is editable
    assert body["totals"] == {"Anna": 1015, "Béla": 570}
    assert ("sheet" in body["urls"]) is editable
    assert body["urls"]["view"].endswith(match["view_token"])
    assert (match["edit_token"] in json.dumps(body)) is editable        # the view link never reveals the edit link


@pytest.mark.parametrize("method, path, body", [
    ("get", "/matches/{t}", None),
    ("post", "/matches/{t}/hands", {"version": 1, "hand": README_HAND}),
    ("put", "/matches/{t}/hands/1", {"version": 1, "hand": README_HAND}),
    ("post", "/matches/{t}/undo", {"version": 1}),
    ("get", "/matches/{t}/hands/1/revisions", None),
])
def test_an_unknown_link_is_404_json_on_every_match_route(client, match, method, path, body):
    response = client.open(API + path.format(t="no-such-token"), method=method.upper(), json=body)
    assert_error(response, 404, code="not_found")


def test_unknown_api_paths_and_methods_answer_json(client):
    assert_error(client.get(f"{API}/nothing-here"), 404)
    assert_error(client.delete(f"{API}/variants"), 405)


# --- hands: add, edit, undo, revisions ----------------------------------------------------------------------

def chained(hands):
    """What the scoresheet must show: each hand scored by service.score on the totals the previous one left."""
    totals, results = {}, []
    for hand in hands:
        result = service.score(record(hand, totals_before=totals))
        totals = result["totals"]
        results.append(result)
    return totals, results


def test_add_hand_answers_201_with_the_hand_number_its_result_and_the_new_state(client, match):
    response = add(client, match["edit_token"], BIG_HAND, 1)
    assert response.status_code == 201
    body = response.json
    assert body["number"] == 2 and body["version"] == 2 and body["hands"] == 2
    sheet = client.get(f"{API}/matches/{match['edit_token']}").json
    assert body["result"] == sheet["hands"][1]["result"] == chained([README_HAND, BIG_HAND])[1][1]
    assert body["totals"] == sheet["totals"] == {"Anna": 1015 + 4170, "Béla": 570 + 10}
    assert body["next_opening_minimum"] == sheet["next_opening_minimum"]
    assert body["next_opening_canasta"] == sheet["next_opening_canasta"] == {"Anna": None, "Béla": None}
    assert (body["match_over"], body["winner"]) == (sheet["match_over"], sheet["winner"]) == (False, None)
    # Not every hand: the whole sheet grows with the match, the answer to a save does not.
    assert set(body) == {"number", "result", "version", "hands", "totals", "next_opening_minimum",
                         "next_opening_canasta", "match_over", "winner"}


def test_the_answer_to_a_save_does_not_grow_with_the_match(client):
    """Before, every save answered with the whole sheet: 1.26 MB at 1000 hands."""
    from test_import_work import hand

    token = new_match(client)["edit_token"]
    sizes = [len(add(client, token, hand(n), n - 1).data) for n in range(1, 41)]
    assert max(sizes) <= sizes[1] + 100           # a few more digits in the totals, nothing per hand
    undo = client.post(f"{API}/matches/{token}/undo", json={"version": 40})
    stale = add(client, token, hand(1), 0)
    assert max(len(undo.data), len(stale.data)) < sizes[0]


def test_a_summary_hand_scores_like_the_same_hand_entered_card_by_card(client, match):
    response = add(client, match["edit_token"], SUMMARY_HAND, 1)
    assert response.status_code == 201
    sheet = client.get(f"{API}/matches/{match['edit_token']}").json
    assert [h["mode"] for h in sheet["hands"]] == ["cards", "summary"]
    assert sheet["totals"] == {"Anna": 2 * 1015, "Béla": 2 * 570}


def test_editing_an_early_hand_recomputes_every_later_total_and_its_taxation(client):
    token = new_match(client)["edit_token"]
    for version, hand in enumerate([BIG_HAND, BIG_HAND, README_HAND]):
        assert add(client, token, hand, version).status_code == 201
    before = client.get(f"{API}/matches/{token}").json
    assert before["totals"] == chained([BIG_HAND, BIG_HAND, README_HAND])[0]
    third = before["hands"][2]["result"]["sides"][0]
    assert third["total_before"] >= 7000 and third["taxed"] < third["score"] / 3            # ÷4 bracket

    response = client.put(f"{API}/matches/{token}/hands/1", json={"version": 3, "hand": README_HAND})
    assert response.status_code == 200
    after = client.get(f"{API}/matches/{token}").json
    totals, results = chained([README_HAND, BIG_HAND, README_HAND])
    assert response.json["number"] == 1 and response.json["result"] == results[0]
    assert response.json["totals"] == totals and response.json["version"] == 4
    assert after["totals"] == totals and [h["result"] for h in after["hands"]] == results
    third = after["hands"][2]["result"]["sides"][0]
    assert 5000 <= third["total_before"] < 7000 and third["taxed"] == (third["score"] + 5) // 10 * 10 // 2  # ÷2
    assert after["hands"][0]["revisions"] == 2
    assert client.get(f"{API}/matches/{token}").json["totals"] == totals


def test_edit_of_a_hand_that_does_not_exist_is_404(client, match):
    for number in (0, 2, 99):
        response = client.put(f"{API}/matches/{match['edit_token']}/hands/{number}",
                              json={"version": 1, "hand": README_HAND})
        assert_error(response, 404, code="not_found")


def test_undo_removes_the_last_hand_then_says_there_is_nothing_to_undo(client, app, match):
    token = match["edit_token"]
    assert add(client, token, BIG_HAND, 1).status_code == 201
    response = client.post(f"{API}/matches/{token}/undo", json={"version": 2})
    assert response.status_code == 200
    assert response.json["removed"] == 2
    assert response.json["totals"] == {"Anna": 1015, "Béla": 570}
    assert response.json["version"] == 3 and response.json["hands"] == 1 and "sheet" not in response.json
    assert client.post(f"{API}/matches/{token}/undo", json={"version": 3}).json["removed"] == 1
    events = event_count(app)
    body = assert_error(client.post(f"{API}/matches/{token}/undo", json={"version": 4}), 409, code="nothing_to_undo")
    assert body["state"]["hands"] == 0 and body["state"]["version"] == 4 and event_count(app) == events


def test_revisions_list_every_entry_a_hand_had_through_either_link(client, match):
    token = match["edit_token"]
    edited = copy.deepcopy(README_HAND)
    edited["sides"][0]["hand"] = ""
    assert client.put(f"{API}/matches/{token}/hands/1", json={"version": 1, "hand": edited}).status_code == 200
    for link in (token, match["view_token"]):
        response = client.get(f"{API}/matches/{link}/hands/1/revisions")
        assert response.status_code == 200
        assert [r["action"] for r in response.json] == ["add", "edit"]
        assert [r["entry"]["sides"][0]["hand"] for r in response.json] == ["A", ""]
    assert_error(client.get(f"{API}/matches/{token}/hands/2/revisions"), 404, code="not_found")


WRITES = [
    ("POST", "/matches/{t}/hands", {"version": 0, "hand": BIG_HAND}),
    ("PUT", "/matches/{t}/hands/1", {"version": 0, "hand": BIG_HAND}),
    ("POST", "/matches/{t}/undo", {"version": 0}),
]


@pytest.mark.parametrize("method, path, body", WRITES)
def test_a_save_based_on_a_stale_version_is_409_with_the_current_state_and_writes_nothing(
        client, app, match, method, path, body):
    events = event_count(app)
    response = client.open(API + path.format(t=match["edit_token"]), method=method, json=body)
    error = assert_error(response, 409, code="stale")
    assert error["error"]["message"] == "this match changed — here is the current state"
    assert error["error"]["current_version"] == 1
    assert error["state"]["version"] == 1 and error["state"]["totals"] == {"Anna": 1015, "Béla": 570}
    assert error["state"]["hands"] == 1 and "sheet" not in error
    assert event_count(app) == events


@pytest.mark.parametrize("method, path, body", WRITES)
def test_the_view_link_cannot_write(client, app, match, method, path, body):
    events = event_count(app)
    response = client.open(API + path.format(t=match["view_token"]), method=method, json={**body, "version": 1})
    assert_error(response, 403, code="read_only")
    assert event_count(app) == events


@pytest.mark.parametrize("method, path", [("POST", "/matches/{t}/hands"), ("PUT", "/matches/{t}/hands/1")])
def test_a_hand_that_breaks_the_rules_is_422_with_its_problems_and_nothing_is_saved(
        client, app, match, method, path):
    events = event_count(app)
    response = client.open(API + path.format(t=match["edit_token"]), method=method,
                           json={"version": 1, "hand": NOBODY_OUT})
    body = assert_error(response, 422, code="rejected")
    assert [p["field"] for p in body["problems"]] == ["sides"]
    assert body["result"]["ok"] is False and body["result"]["problems"] == body["problems"]
    assert event_count(app) == events
    assert client.get(f"{API}/matches/{match['edit_token']}").json["match"]["version"] == 1


def bad_card(hand):
    hand = copy.deepcopy(hand)
    hand["sides"][0]["melds"][0] = "J J Y J"
    return hand


@pytest.mark.parametrize("data, content_type, status, field, code", [
    ("version=1", "application/x-www-form-urlencoded", 415, None, "unsupported_media_type"),
    ('{"version": 1}', "text/plain", 415, None, "unsupported_media_type"),
    ('{"version": 1}', None, 415, None, "unsupported_media_type"),
    ('{"version": 1, "hand": ', "application/json", 400, None, "invalid_json"),
    ("", "application/json", 400, None, "invalid_json"),
    ('{"version": NaN}', "application/json", 400, None, "invalid_json"),
    ("[1, 2]", "application/json", 400, None, "not_an_object"),
    ('"hand"', "application/json", 400, None, "not_an_object"),
    (json.dumps({"hand": README_HAND}), "application/json", 400, "version", "unreadable"),
    (json.dumps({"version": "1", "hand": README_HAND}), "application/json", 400, "version", "unreadable"),
    (json.dumps({"version": True, "hand": README_HAND}), "application/json", 400, "version", "unreadable"),
    (json.dumps({"version": 1, "hand": bad_card(README_HAND)}), "application/json", 400, "sides[0].melds[0]",
     "unreadable"),
    (json.dumps({"version": 1, "hand": [README_HAND]}), "application/json", 400, "hand", "unreadable"),
    (json.dumps({"version": 1, "hand": {**README_HAND, "mode": "guess"}}), "application/json", 400, "mode",
     "unreadable"),
    (json.dumps({"version": 1, "hand": {"sides": [None, BELA_570]}}), "application/json", 400, "sides[0]",
     "unreadable"),
    (json.dumps({"version": 1, "hand": README_HAND, "force": True}), "application/json", 400, "force",
     "unreadable"),
])
@pytest.mark.parametrize("method, path", [("POST", "/matches/{t}/hands"), ("PUT", "/matches/{t}/hands/1")])
def test_a_malformed_hand_request_is_refused_naming_what_is_wrong_and_nothing_is_saved(
        client, app, match, method, path, data, content_type, status, field, code):
    events = event_count(app)
    headers = {"Content-Type": content_type} if content_type else {}
    response = client.open(API + path.format(t=match["edit_token"]), method=method, data=data, headers=headers)
    body = assert_error(response, status, field=field, code=code)
    if status == 415:
        assert body["error"]["expected"] == "application/json"
    assert event_count(app) == events


def test_invalid_json_is_located_by_line_column_and_character(client):
    response = client.post(f"{API}/score", data='{"variant":\n  diszitett}', content_type="application/json")
    error = assert_error(response, 400, code="invalid_json")["error"]
    assert (error["line"], error["column"], error["position"]) == (2, 3, 14)
    assert "line 2, column 3: a value was expected" in error["message"]


def test_a_cross_site_form_post_is_refused_though_the_api_takes_no_csrf_token(client, app):
    """The API is CSRF-exempt because a plain HTML form can only send form/text types, which it refuses."""
    for content_type in ("application/x-www-form-urlencoded", "multipart/form-data", "text/plain"):
        response = client.post(f"{API}/matches", data='{"variant": "diszitett", "sides": []}',
                               content_type=content_type)
        assert_error(response, 415)
    assert new_match(client)["sheet"]["match"]["version"] == 0          # JSON needs no token
    preflight = client.options(f"{API}/matches", headers={"Origin": "https://evil.example",
                                                           "Access-Control-Request-Method": "POST",
                                                           "Access-Control-Request-Headers": "content-type"})
    assert not any(h.lower().startswith("access-control-allow") for h in preflight.headers.keys())


# --- no 500 for any body --------------------------------------------------------------------------------------

GARBAGE = [
    b"", b"null", b"0", b"[]", b"[{}]", b'"x"', b"{", b"}", b"\xff\xfe\x00", b"\xef\xbb\xbf{}", b"[" * 50_000,
    b'{"a": ' * 900 + b"1" + b"}" * 900, b"1" * 5000, b'{"version": 1e999}', b'{"version": Infinity}',
    b'{"version": -1}', b'{"version": 99999999999999999999999999}', b'{"version": 1.0}',
    b'{"version": 1, "hand": null}', b'{"version": 1, "hand": {"sides": null}}',
    b'{"version": 1, "hand": {"sides": [null, 1, "x"]}}', b'{"version": 1, "hand": {"mode": [], "sides": []}}',
    b'{"version": 1, "hand": {"mode": {}, "sides": {}}}',
    '{"version": 1, "hand": {"sides": [{"name": "Anna", "melds": [5]}, {"name": "Béla"}]}}'.encode(),
    '{"version": 1, "hand": {"sides": [{"name": "Anna", "melds": [["K"], null]}, {"name": "Béla"}]}}'.encode(),
    '{"version": 1, "hand": {"sides": [{"name": "Anna", "red_threes": 1e400, "twins": -3}, {"name": "Béla"}]}}'
    .encode(),
    '{"version": 1, "hand": {"sides": [{"name": "Anna", "hand": {"Zoli": "K"}, "penalties": [1]}, {"name": "Béla",'
    ' "penalties": [{"code": "x", "points": "many"}], "out": "table_clear", "pile_size": -1}]}}'.encode(),
    '{"version": 1, "hand": {"sides": [{"name": "Anna", "red_threes": 100000000000000000000, "twins": '
    '100000000000000000000, "out": "out", "melds": ["JK JK JK JK JK JK JK"]}, {"name": "Béla", "penalties": '
    '[{"code": "x", "points": 100000000000000000000}]}]}}'.encode(),
    b'{"version": 1, "hand": {"sides": [{"name": ["Anna"]}, {"name": {"x": 1}}]}}',
    b'{"variant": [], "sides": {}, "options": []}', b'{"variant": {"a": 1}, "cards": {"K": 1}}',
    b'{"variant": "diszitett", "options": {"top_tie": {"a": []}, "7": null}, "sides": [[], null]}',
    b'{"variant": "diszitett", "cards": 5, "opening_minimum": 1e9, "going_out": null}',
    b'{"variant": "diszitett", "cards": "K K K", "opening_minimum": [50]}',
    b'{"variant": "diszitett", "sides": [{"name": "A", "players": [1]}, {"name": "B", "hand": {"Z": "K"}}], '
    b'"totals_before": []}',
    b'{"variant": "diszitett", "sides": [{"name": "A", "players": ["A", "B", "C"]}, {"name": "B"}], "title": []}',
    b'{"variant": "diszitett", "sides": [{"name": "A"}, {"name": "B"}], "totals_before": {"A": "x"}}',
    b'{"variant": "international", "sides": [{"name": "NS", "players": ["N", "S"], "hand": {"N": "K", "S": 5}}]}',
    b'{"x": "' + b"a" * 20_000 + b'"}',
    '{"version": 1, "hand": {"mode": "summary", "sides": [{"name": "Anna", "canastas": {"gold": -1, "red_canasta": '
    '"2"}, "melded_points": 3}, {"name": "Béla", "canastas": [], "melds": ["K K K"], "hand_points": null}]}}'.encode(),
    '{"version": 1, "hand": {"mode": "summary", "sides": [{"name": "Anna", "canastas": {"red_canasta": 99}, '
    '"melded_points": 1e20, "hand_points": -5}, {"name": "Béla", "out": "out", "canastas": {"black_canasta": '
    '100000000000000000000}}]}}'.encode(),
]
POST_ROUTES = [("POST", "/score"), ("POST", "/check-meld"), ("POST", "/matches"), ("POST", "/matches/{t}/hands"),
               ("PUT", "/matches/{t}/hands/1"), ("POST", "/matches/{t}/undo")]


@pytest.mark.parametrize("data", GARBAGE, ids=range(len(GARBAGE)))
def test_no_body_ever_makes_a_write_route_fail_with_500(client, app, match, data):
    events = event_count(app)
    answers = {}
    for method, path in POST_ROUTES:
        response = client.open(API + path.format(t=match["edit_token"]), method=method, data=data,
                               content_type="application/json")
        answers[f"{method} {path}"] = (response.status_code, response.is_json and "error" in response.json)
    assert all(400 <= status < 500 and json_error for status, json_error in answers.values()), answers
    assert event_count(app) == events


def test_no_body_makes_an_international_match_fail_with_500(client):
    """Side names are matched against the match's sides there; a null side must not slip through as "None"."""
    token = new_match(client, variant="international",
                      sides=[{"name": "None", "players": ["N", "S"]}, {"name": "EW", "players": ["E", "W"]}])
    for hand in ({"sides": [None, {"name": "EW"}]}, {"sides": [{"name": "EW"}, "None"]}):
        response = add(client, token["edit_token"], hand, 0)
        assert_error(response, 400, field="sides[0]" if hand["sides"][0] is None else "sides[1]")


@pytest.mark.parametrize("body, says", [
    ('{"variant": "diszitett",}', "a field name in double quotes was expected"),
    ("[1, 2]", "not a list […]"),
    ("null", "not null"),
    ('"hand"', "not text"),
    ("3", "not a number"),
    ('{"totals_before": {"A": 1e999}}', "the number 1e999 is too large"),
    ("[" * 20000, "nested deeper than 20 levels"),
    ("\xff", "not UTF-8 text"),
])
def test_json_errors_say_what_was_wrong_in_the_apps_words_not_pythons(client, body, says):
    """Issue 19: Python's exception text ("Expecting property name…", "list", "NoneType", "codec…") is not a
    message for a client; each refusal is ours, and in Hungarian too."""
    raw = body.encode("latin-1") if body == "\xff" else body.encode()
    error = client.post(f"{API}/score", data=raw, content_type="application/json").json["error"]
    assert error["status"] == 400 and says in error["message"], error
    for word in ("Expecting", "NoneType", "'list'", "'str'", "codec", "Exceeds the limit", "recursion"):
        assert word not in error["message"]
    hungarian = client.post(f"{API}/score", data=raw, content_type="application/json",
                            headers={"Accept-Language": "hu"}).json["error"]["message"]
    assert hungarian != error["message"]
