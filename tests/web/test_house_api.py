"""House rules through the JSON API (issue 13): ``POST /api/v1/matches`` with ``"rules"`` and ``"house_name"``,
400 naming ``rules.<key>`` with every problem listed, the house block in the sheet, a hand record's ``"rules"`` on
``POST /api/v1/score``, the match's own check-meld, and the export/import round trip with a tampered house block
refused.
"""

from __future__ import annotations

import json
import re

import pytest

from scorekeeper.store import matches
from scorekeeper.rules.tables.pinned import canonical, digest
from test_api import API, README_HAND, add, assert_error, new_match, record
from test_transfer import fresh, fresh_app, rows, upload  # noqa: F401  (fixtures)

pytestmark = pytest.mark.storage

RED_450 = {"canastas": {"red_canasta": {"bonus": 450}}}
FIXED_90 = {"opening": {"minimums": [{"from": -1000000000, "minimum": 90}]}}
SIDES = [{"name": "Anna"}, {"name": "Béla"}]


def house_match(client, rules=None, **body):
    return new_match(client, rules=rules or {**RED_450, **FIXED_90}, house_name="Mama", **body)


# --- creating a match with house rules -----------------------------------------------------------------------

def test_create_with_house_rules_pins_them_and_answers_the_house_block(client):
    created = house_match(client)
    house = created["sheet"]["house"]
    assert house["name"] == "Mama"
    assert [c["key"] for c in house["changes"]] == ["canastas.red_canasta.bonus", "opening.minimums"]
    assert house["changes"][0] == {"key": "canastas.red_canasta.bonus", "variant": 400, "house": 450}
    got = client.get(f"{API}/matches/{created['view_token']}").json
    assert got["house"] == house
    # the match's next opening minimum follows the house rules: 90 from the first hand, not 50
    assert set(got["next_opening_minimum"].values()) == {90}
    plain = new_match(client)
    assert plain["sheet"]["house"] is None and client.get(f"{API}/matches/{plain['edit_token']}").json["house"] is None


def test_a_hand_of_a_house_match_scores_by_the_house_numbers(client):
    created = house_match(client)
    answer = add(client, created["edit_token"], README_HAND, 0)
    assert answer.status_code == 201, answer.json
    # Anna's red canasta of fives and Béla's of kings: 450 each instead of 400 (1015 and 570 by the variant)
    assert answer.json["totals"] == {"Anna": 1065, "Béla": 620}


def test_house_rules_that_change_nothing_store_the_plain_variant(client):
    created = new_match(client, rules={"canastas": {"red_canasta": {"bonus": 400}}})
    assert created["sheet"]["house"] is None
    assert created["sheet"]["match"]["rules_hash"] == new_match(client)["sheet"]["match"]["rules_hash"]


@pytest.mark.parametrize("rules, fields", [
    ({"canastas": {"red_canasta": {"bonuz": 450}}}, ["rules.canastas.red_canasta.bonuz"]),
    ({"canastas": {"red_canasta": {"bonus": "450"}}}, ["rules.canastas.red_canasta.bonus"]),
    ({"canastas": {"red_canasta": {"bonus": True}}}, ["rules.canastas.red_canasta.bonus"]),
    ({"card_values": {"K": 10**9}}, ["rules.card_values.K"]),
    ({"going_out": {"out": 100, "bogus": 1}, "nonsense": {}}, ["rules.going_out.bogus", "rules.nonsense"]),
    ({"name": "Mine"}, ["rules.name"]),
    ({"canastas": {"no_such_kind": None}}, ["rules.canastas.no_such_kind"]),
    # contradictions: a canasta smaller than the smallest meld, opening tiers out of order
    ({"canastas": {"red_canasta": {"size": [2, 2]}}}, ["rules.canastas.red_canasta.size"]),
    ({"opening": {"minimums": [{"from": -1000000000, "minimum": 50}, {"from": 7000, "minimum": 90},
                               {"from": 5000, "minimum": 75}]}}, ["rules.opening.minimums[2].from"]),
])
def test_bad_house_rules_are_400_naming_every_key_and_nothing_is_stored(client, app, rules, fields):
    before = rows(app)
    body = assert_error(client.post(f"{API}/matches", json={"variant": "diszitett", "sides": SIDES, "rules": rules}),
                        400, field=fields[0], code="unreadable")
    assert [e["field"] for e in body["error"]["errors"]] == fields
    assert all(e["message"] for e in body["error"]["errors"])
    assert rows(app) == before


@pytest.mark.parametrize("body, field", [
    ({"rules": [1]}, "rules"),
    ({"rules": "red 450"}, "rules"),
    ({"rules": RED_450, "house_name": 7}, "house_name"),
    ({"rules": RED_450, "house_name": "x" * 81}, "house_name"),
    ({"rules": RED_450, "house_name": "two\nlines"}, "house_name"),
])
def test_a_bad_rules_object_or_house_name_is_400_naming_it(client, body, field):
    assert_error(client.post(f"{API}/matches", json={"variant": "diszitett", "sides": SIDES, **body}), 400,
                 field=field)


def test_a_contradiction_in_hungarian_names_the_key_in_the_callers_language(client):
    response = client.post(f"{API}/matches", json={"variant": "diszitett", "sides": SIDES,
                                                   "rules": {"canastas": {"red_canasta": {"size": [2, 2]}}}},
                           headers={"Accept-Language": "hu"})
    assert_error(response, 400, field="rules.canastas.red_canasta.size")


# --- the score and check-meld calls ----------------------------------------------------------------------------

def test_score_with_rules_in_the_record_scores_by_them_and_refuses_bad_ones(client):
    plain = client.post(f"{API}/score", json=record(README_HAND)).json
    house = client.post(f"{API}/score", json=record(README_HAND, rules=RED_450))
    assert house.status_code == 200
    assert [s["score"] for s in plain["sides"]] == [1015, 570]
    assert [s["score"] for s in house.json["sides"]] == [1065, 620]
    assert_error(client.post(f"{API}/score", json=record(README_HAND, rules={"canastas": {"red_canasta": {
        "size": [2, 2]}}})), 400, field="rules.canastas.red_canasta.size")


def test_the_matchs_check_meld_judges_by_its_house_rules_on_either_link(client):
    created = house_match(client, rules={"melds": {"group": {"max_size": 9}}})
    nine = {"cards": "K K K K K K K K 2"}
    variant = client.post(f"{API}/check-meld", json={"variant": "diszitett", **nine}).json
    assert variant["legal"] is False and "too_many_cards" in [p["code"] for p in variant["problems"]]
    for token in (created["edit_token"], created["view_token"]):
        verdict = client.post(f"{API}/matches/{token}/check-meld", json=nine)
        assert verdict.status_code == 200 and verdict.json["legal"] is True, verdict.json
        assert verdict.json["card_value"] == 100       # 8 kings 80 + a deuce 20
    canasta = client.post(f"{API}/matches/{created['edit_token']}/check-meld",
                          json={"cards": "K K K K K K K", "opening_minimum": 50}).json
    assert canasta["kind"] == "red_canasta" and canasta["bonus"] == 400


def test_the_matchs_check_meld_follows_a_changed_bonus_and_refuses_a_variant(client):
    created = house_match(client)
    verdict = client.post(f"{API}/matches/{created['edit_token']}/check-meld", json={"cards": "K K K K K K K"})
    assert (verdict.json["kind"], verdict.json["bonus"]) == ("red_canasta", 450)
    assert_error(client.post(f"{API}/matches/{created['edit_token']}/check-meld",
                             json={"cards": "K K K", "variant": "international"}), 400, field="variant")
    assert_error(client.post(f"{API}/matches/nope/check-meld", json={"cards": "K K K"}), 404, code="not_found")
    assert_error(client.post(f"{API}/matches/{created['edit_token']}/check-meld", json={"cards": "K X K"}), 400,
                 field="cards")


def test_a_keltis_match_has_no_melds_to_check(client):
    created = client.post(f"{API}/matches", json={"variant": "keltis", "sides": SIDES}).json
    assert_error(client.post(f"{API}/matches/{created['edit_token']}/check-meld", json={"cards": "K K K"}), 400)


# --- export and import -----------------------------------------------------------------------------------------

def _exported(client, token):
    return json.loads(client.get(f"/m/{token}/export.json").data)


def test_a_house_match_exports_and_imports_to_the_identical_sheet(client, app, fresh_app, fresh):
    created = house_match(client)
    add(client, created["edit_token"], README_HAND, 0)
    data = _exported(client, created["edit_token"])
    assert data["rules"]["house"]["name"] == "Mama"
    response = upload(fresh, json.dumps(data, ensure_ascii=False))
    assert response.status_code == 303, response.get_data(as_text=True)
    token = re.fullmatch(r"/m/([\w-]+)", response.headers["Location"]).group(1)
    old, new = client.get(f"{API}/matches/{created['edit_token']}").json, fresh.get(f"{API}/matches/{token}").json
    assert new["house"] == old["house"] and new["totals"] == old["totals"] == {"Anna": 1065, "Béla": 620}
    assert {k: v for k, v in new.items() if k != "urls"} == {k: v for k, v in old.items() if k != "urls"}
    with fresh_app.extensions["scorekeeper_sessions"]() as session:
        assert matches.house_of(matches.find_match(session, token, editable=True))["name"] == "Mama"
    # the sheet page's header lists the same changes
    strip = lambda page, t: page.split('<header class="sheet-head">')[1].split("</header>")[0].replace(t, "T")
    header = strip(client.get(f"/m/{created['edit_token']}").get_data(as_text=True), created["edit_token"])
    assert 'data-key="canastas.red_canasta.bonus"' in header
    assert strip(fresh.get(f"/m/{token}").get_data(as_text=True), token) == header


def _rehashed(data: dict) -> dict:
    data["rules_hash"] = digest(canonical(data["rules"]))
    return data


@pytest.mark.parametrize("tamper", [
    lambda r: r["house"]["changes"][0].update(house=500),                  # the block claims 500, the table 450
    lambda r: r["table"]["canastas"]["red_canasta"].update(bonus=500),    # the table says 500, the block 450
    lambda r: r["house"]["changes"][0].update(variant=450),               # a "change" that changes nothing
    lambda r: r["house"].update(changes="all of them"),
], ids=["block", "table", "no_change", "shape"])
def test_a_tampered_house_block_is_refused_naming_it_and_nothing_is_stored(client, app, tamper):
    data = _exported(client, house_match(client)["edit_token"])
    tamper(data["rules"])
    before = rows(app)
    response = upload(client, json.dumps(_rehashed(data), ensure_ascii=False))
    page = response.get_data(as_text=True)
    assert response.status_code == 400 and "rules.house" in page, page
    assert rows(app) == before
