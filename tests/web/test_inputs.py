"""Issue 9, "values the app accepts must never break a page later": every example of the report, as a test.

Each value below was accepted (201/303) and then broke the sheet, view, hand page, revisions, export or PDF with a
500, or answered 500 itself. Now it is refused at the boundary (4xx naming the field or part), and whatever is
accepted renders everywhere.
"""

from __future__ import annotations

import io
import json
import time

import pytest

from test_api import API, README_HAND, add, assert_error, event_count, new_match
from test_entry import SEED_HAND, create, post_hand, text

pytestmark = pytest.mark.storage

PAGES = ("/m/{e}", "/v/{v}", "/m/{e}/export.json", "/v/{v}/export.json")
HAND_PAGES = ("/m/{e}/hands/1", "/v/{v}/hands/1", "/m/{e}/hands/1/revisions", "/m/{e}/hands/1/edit")


def every_page_renders(client, created, *, pdf=False, hands=True):
    for page in PAGES + (HAND_PAGES if hands else ()) + (("/m/{e}/sheet.pdf",) if pdf else ()):
        url = page.format(e=created["edit_token"], v=created["view_token"])
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)


def hand_with(side0=None, side1=None, mode="cards"):
    anna, bela = dict(README_HAND["sides"][0]), dict(README_HAND["sides"][1])
    return {"mode": mode, "sides": [{**anna, **(side0 or {})}, {**bela, **(side1 or {})}]}


SUMMARY = {"canastas": {"red_canasta": 1}, "melded_points": 70, "hand_points": 0}


@pytest.mark.parametrize("hand, field", [
    (hand_with({"penalties": [{"code": "x", "points": 10**400}]}), "sides[0].penalties[0].points"),
    (hand_with({"penalties": [{"code": "x", "points": -10**20}]}), "sides[0].penalties[0].points"),
    (hand_with({"twins": 10**20}), "sides[0].twins"),
    (hand_with({"twins": 57}), "sides[0].twins"),                      # 112 cards make at most 56 pairs
    (hand_with({"red_threes": 5}), "sides[0].red_threes"),             # two packs hold 4
    (hand_with({"out": "table_clear", "pile_size": 113}), "sides[0].pile_size"),
    (hand_with({"penalties": [{"code": "x", "points": 1}] * 11}), "sides[0].penalties"),
    (hand_with({"melds": ["K"] * 38}), "sides[0].melds"),              # 112 cards make at most 37 melds
    (hand_with({"melds": ["K " * 1001]}), "sides[0].melds[0]"),
    (hand_with({**SUMMARY, "melded_points": 10**400}, mode="summary"), "sides[0].melded_points"),
    (hand_with({**SUMMARY, "hand_points": 10**6}, mode="summary"), "sides[0].hand_points"),
    (hand_with({**SUMMARY, "canastas": {"red_canasta": 10**20}}, mode="summary"), "sides[0].canastas.red_canasta"),
])
def test_a_number_or_size_past_its_range_is_a_400_naming_the_field_and_nothing_is_saved(client, app, hand, field):
    created = new_match(client)
    if hand["mode"] == "summary":
        for side in hand["sides"]:
            for key in ("melds", "hand"):
                side.pop(key, None)
    response = add(client, created["edit_token"], hand, 0)
    body = assert_error(response, 400)
    assert body["error"]["field"].endswith(field), body
    assert event_count(app) == 0
    every_page_renders(client, created, hands=False)


def test_a_huge_record_is_refused_before_its_cards_are_read(client):
    """240,000 one-card melds (937 KiB) took 16 s and answered 171 MiB."""
    body = {"variant": "diszitett", "sides": [{"name": "A", "melds": ["K"] * 240_000}, {"name": "B"}]}
    data = json.dumps(body, separators=(",", ":"))
    assert len(data) < 1024 * 1024                      # under the request cap: the record's bounds refuse it
    started = time.perf_counter()
    response = client.post(f"{API}/score", data=data, content_type="application/json")
    took = time.perf_counter() - started
    assert_error(response, 400, field="sides[0].melds")
    assert len(response.get_data()) < 2000, took


@pytest.mark.parametrize("body, field", [
    ({"title": "\ud800"}, "title"),
    ({"sides": [{"name": "An\udfffna"}, {"name": "Béla"}]}, "sides[0].name"),
    ({"sides": [{"name": "Anna", "players": ["\ud83d"]}, {"name": "Béla"}]}, "sides[0].players[0]"),
    ({"options": {"\ud800": "1"}}, "options.\\ud800"),
    ({"sides": [{"name": "An\nna"}, {"name": "Béla"}]}, "sides[0].name"),        # a control character
])
def test_a_new_match_with_text_that_is_not_utf8_is_a_400(client, body, field):
    response = client.post(f"{API}/matches", json={"variant": "diszitett", "sides": [{"name": "A"}, {"name": "B"}],
                                                   **body})
    assert_error(response, 400, field=field)


@pytest.mark.parametrize("side0, field", [
    ({"penalties": [{"code": "x\ud800", "points": 5}]}, "sides[0].penalties[0].code"),
    ({"penalties": [{"code": "x", "points": 5, "label": "\udc00"}]}, "sides[0].penalties[0].label"),
    ({"melds": ["K K K \ud800"]}, "sides[0].melds[0]"),
])
def test_a_hand_with_text_that_is_not_utf8_is_a_400_and_pages_still_render(client, app, side0, field):
    created = new_match(client)
    response = add(client, created["edit_token"], hand_with(side0), 0)
    assert_error(response, 400, field=f"hand.{field}")
    assert event_count(app) == 0


def test_the_record_parser_refuses_a_surrogate_even_past_the_body_check():
    """Defensive: a record that did not come through read_body (the service, the import) is checked too."""
    from scorekeeper import service
    from scorekeeper.rules import RecordError

    record = {"variant": "diszitett", "sides": [
        {"name": "A", "penalties": [{"code": "x", "points": 5, "label": "\ud800"}]}, {"name": "B"}]}
    with pytest.raises(RecordError) as caught:
        service.score(record)
    assert caught.value.field == "sides[0].penalties[0].label"


def test_json_nested_deeper_than_a_record_is_a_400(client):
    body = {"variant": "diszitett", "sides": [{"name": "A"}, {"name": "B"}], "options": {}}
    node = body["options"]
    for _ in range(30):
        node["x"] = {}
        node = node["x"]
    response = client.post(f"{API}/score", json=body)
    assert_error(response, 400)
    assert "nested deeper" in response.json["error"]["message"]


def test_a_partnership_hand_given_as_lists_of_tokens_renders_on_every_page(client):
    created = new_match(client, variant="international",
                        sides=[{"name": "NS", "players": ["N", "S"]}, {"name": "EW", "players": ["E", "W"]}])
    hand = {"sides": [
        {"name": "NS", "melds": [["K", "K", "K", "K", "K", "K", "K"], "Q Q Q"], "hand": {"N": ["5", "6"], "S": []},
         "out": "none"},
        {"name": "EW", "melds": ["A A A A A A A", ["JK", "J", "J"]], "hand": {"E": "", "W": ""}, "out": "out"}]}
    assert add(client, created["edit_token"], hand, 0).status_code == 201
    every_page_renders(client, created, pdf=True)
    page = text(client.get(f"/m/{created['edit_token']}/hands/1/edit").get_data(as_text=True))
    assert "K K K K K K K" in page and "5 6" in page


def test_a_hand_given_as_one_list_of_tokens_renders_on_the_edit_page(client):
    created = new_match(client)
    hand = hand_with({"hand": ["A"]})
    assert add(client, created["edit_token"], hand, 0).status_code == 201
    every_page_renders(client, created)


# --- forms ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("version", ["²", "٣", "9" * 5000, "1" * 13, "-1", " 1"])
def test_a_hand_form_with_a_version_that_is_no_ascii_number_is_a_400(app, client, csrf, version):
    token = create(client, csrf)
    response = post_hand(client, csrf, token, SEED_HAND, version=version)
    assert response.status_code == 400
    assert event_count(app) == 0


@pytest.mark.parametrize("version", ["²", "9" * 5000])
def test_an_undo_form_with_a_version_that_is_no_ascii_number_is_a_400(app, client, csrf, version):
    token = create(client, csrf)
    assert post_hand(client, csrf, token, SEED_HAND).status_code == 303
    response = client.post(f"/m/{token}/undo", data={"csrf_token": csrf, "version": version})
    assert response.status_code == 400
    assert event_count(app) == 1


@pytest.mark.parametrize("fields, field_id", [
    ({"side0-penalties-0-code": "other", "side0-penalties-0-points": "1" + "0" * 400}, "side0-penalties-0-points"),
    ({"side0-penalties-0-code": "other", "side0-penalties-0-points": "-20000"}, "side0-penalties-0-points"),
    ({"side0-red_threes": "9" * 309}, "side0-red_threes"),
    ({"side0-red_threes": "5"}, "side0-red_threes"),
    ({"side0-twins": "9" * 5000}, "side0-twins"),
])
def test_a_hand_form_with_a_count_past_its_range_is_a_400_at_the_field(app, client, csrf, fields, field_id):
    token = create(client, csrf)
    response = post_hand(client, csrf, token, {**SEED_HAND, **fields})
    assert response.status_code == 400
    assert f'id="{field_id}"' in response.get_data(as_text=True)
    assert event_count(app) == 0
    assert client.get(f"/m/{token}").status_code == 200


@pytest.mark.parametrize("name", ["An\x00na", "Anna\tB", "Anna\x1b[31m"])
def test_a_new_match_form_with_a_control_character_in_a_name_is_a_400_at_the_field(client, csrf, name):
    response = client.post("/matches", data={"csrf_token": csrf, "variant": "diszitett", "sides-0-name": name,
                                             "sides-1-name": "Béla"})
    assert response.status_code == 400
    assert "control character" in response.get_data(as_text=True)


def test_keltis_stones_with_a_4300_digit_token_are_a_400(client, app):
    created = new_match(client, variant="keltis", sides=[{"name": "Anna"}, {"name": "Béla"}])
    for stones in ("1 " + "9" * 4300, [10**400], list(range(1, 11))):
        hand = {"sides": [{"name": "Anna", "rows": {"green": "1 2 3"}, "stones": stones}, {"name": "Béla"}]}
        response = add(client, created["edit_token"], hand, 0)
        body = assert_error(response, 400)
        assert body["error"]["field"].endswith("sides[0].stones" if stones != [10**400] else "sides[0].stones[0]")
    assert event_count(app) == 0


def test_a_keltis_row_longer_than_the_deck_is_a_400(client):
    created = new_match(client, variant="keltis", sides=[{"name": "Anna"}, {"name": "Béla"}])
    hand = {"sides": [{"name": "Anna", "rows": {"green": "1 " * 102}}, {"name": "Béla"}]}
    body = assert_error(add(client, created["edit_token"], hand, 0), 400)
    assert body["error"]["field"].endswith("sides[0].rows.green")


# --- import --------------------------------------------------------------------------------------------------

def exported(client) -> dict:
    created = new_match(client)
    assert add(client, created["edit_token"], README_HAND, 0).status_code == 201
    return client.get(f"/m/{created['edit_token']}/export.json").json


def upload(client, body: bytes):
    html = client.get("/").get_data(as_text=True)
    from web_helpers import csrf_from
    return client.post("/import", data={"csrf_token": csrf_from(html), "file": (io.BytesIO(body), "m.json")},
                       content_type="multipart/form-data")


@pytest.mark.parametrize("change, needle", [
    (lambda d: d.update(created_at="9999-12-31T23:59:59-01:00"), "created_at"),
    (lambda d: d.update(created_at="0001-01-01T00:00:00+01:00"), "created_at"),
    (lambda d: d["events"][0].update(created_at="9999-12-31T23:59:59"), "events[0].created_at"),
    (lambda d: d.update(title="\ud800"), "title"),
    (lambda d: d["sides"][0].update(name="A\udfff"), "sides[0].name"),
    (lambda d: d["events"][0]["entry"]["sides"][0].update(penalties=[{"code": "x", "points": 10**400}]),
     "events[0].entry.sides[0].penalties[0].points"),
])
def test_an_import_with_a_value_no_page_can_show_is_a_400_naming_the_part(app, client, change, needle):
    data = exported(client)
    change(data)
    before = event_count(app)
    response = upload(client, json.dumps(data).encode())
    assert response.status_code == 400, response.get_data(as_text=True)[-500:]
    assert needle in response.get_data(as_text=True)
    assert event_count(app) == before


def test_an_import_with_a_5000_digit_integer_is_a_400(client):
    body = json.dumps(exported(client)).replace('"format_version": 1', '"format_version": ' + "1" * 5000)
    response = upload(client, body.encode())
    assert response.status_code == 400
    assert "not valid JSON" in response.get_data(as_text=True)


def test_check_meld_with_a_megabyte_of_cards_is_a_400_before_they_are_read(client):
    data = json.dumps({"variant": "diszitett", "cards": "K " * 400_000})
    response = client.post(f"{API}/check-meld", data=data, content_type="application/json")
    assert_error(response, 400, field="cards")
    assert "at most 2000 characters" in response.json["error"]["message"]


def test_a_hand_stored_before_the_limits_still_renders_and_can_be_corrected(client, app):
    """A database from before the limits may hold twins=60: the match must not be stranded (500 on every page)."""
    from scorekeeper.store.models import HandEvent, Match

    created = new_match(client)
    old = hand_with({"twins": 60})
    with app.extensions["scorekeeper_sessions"]() as session:
        match = session.query(Match).filter_by(edit_token=created["edit_token"]).one()
        match.events.append(HandEvent(seq=1, action="add", hand_number=1, entry=old))
        match.version = 1
        session.commit()
    every_page_renders(client, created, pdf=True)
    assert add(client, created["edit_token"], README_HAND, 1).status_code == 201        # hand 2 goes on top
    body = assert_error(client.put(f"{API}/matches/{created['edit_token']}/hands/1",
                                   json={"version": 2, "hand": old}), 400)
    assert body["error"]["field"].endswith("sides[0].twins")                            # new input: limits hold
    assert client.put(f"{API}/matches/{created['edit_token']}/hands/1",
                      json={"version": 2, "hand": README_HAND}).status_code == 200
