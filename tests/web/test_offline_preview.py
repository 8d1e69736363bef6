"""The entry page's preview on a phone offline (issue 22, "Play offline on this phone"): the match's
``/m/<token>/offline.json`` and the rules core's preview (rules/canasta/hand_form.py through rules/offline.py),
unpacked from the very zip a phone downloads and run by a bare CPython with no site-packages (no Flask, no WTForms:
as in Pyodide), answer a table of hands exactly as the server's ``POST /m/<token>/hands/preview`` does."""

from __future__ import annotations

import json

import pytest

from tests.phone_zip import answers_on_phone, unpack
from test_entry import BIG_HAND, SEED_HAND, SMALL_HAND, SUMMARY, create, post_hand, state
from test_preview import preview

pytestmark = pytest.mark.storage

PAIRS = (("Anna", "Cili"), ("Béla", "Dani"))
INTERNATIONAL = {"side0-melds": "7 7 7 7 JK 2 2\nK K K", "side0-red_threes": "1", "side0-out": "out",
                 "side0-hand": "", "side1-melds": "9 9 9", "side1-hand": "4 5 Q", "side1-out": "none",
                 "side1-penalties-0-code": "", "side1-penalties-0-points": ""}
SAMBA = {"side0-melds": "K K K K K K K\n4h 5h 6h 7h 8h 9h 10h", "side0-out": "out", "side0-hand": "",
         "side1-melds": "Q Q Q", "side1-hand": "5 6", "side1-out": "none"}
SAMBA_SUMMARY = {"side0-canastas-samba": "1", "side0-canastas-natural_canasta": "1", "side0-melded_points": "125",
                 "side0-out": "out", "side1-melded_points": "30", "side1-hand_points": "10", "side1-out": "none"}
# (variant, names, hands saved first, mode, the hand previewed): legal and taxed hands, a hand nobody went out in
# yet (numbers so far), a typo, a number that is not one, counts instead of points, a regrouped cutthroat hand
TABLE = [
    ("diszitett", ("Anna", "Béla"), [], "cards", SEED_HAND),
    ("diszitett", ("Anna", "Béla"), [BIG_HAND], "cards", SEED_HAND),
    ("diszitett", ("Anna", "Béla"), [SMALL_HAND], "summary", SUMMARY),
    ("diszitett", ("Anna", "Béla"), [], "cards", {**SEED_HAND, "side1-out": "none"}),
    ("diszitett", ("Anna", "Béla"), [], "cards", {**SEED_HAND, "side0-melds": "K K X\nQ Q Q"}),
    ("diszitett", ("Anna", "Béla"), [], "cards", {**SEED_HAND, "side0-twins": "two"}),
    ("diszitett", ("Anna", "Béla", "Cili"), [], "summary",
     {"side0-melded_counts-g4_7": "3", "side0-melded_counts-g8_K": "4", "side0-canastas-red_canasta": "1",
      "side0-out": "out", "side1-hand_points": "35", "side2-twins": "1"}),
    ("samba", PAIRS, [], "cards", SAMBA),
    ("samba", PAIRS, [SAMBA], "summary", SAMBA_SUMMARY),
    ("international", PAIRS, [], "cards", INTERNATIONAL),
    ("international", PAIRS, [INTERNATIONAL], "summary",
     {"side0-canastas-natural_canasta": "1", "side0-melded_points": "90", "side0-out": "out",
      "side1-hand_points": "40", "side1-penalties-0-code": "other", "side1-penalties-0-points": "-100"}),
    ("international", ("Anna", "Béla", "Cili"), [], "cards",
     {"alone": "Béla", "side0-melds": "K K K K K K K", "side0-out": "out", "side0-hand": "",
      "side1-melds": "9 9 9", "side1-hand": "4", "side1-red_threes-1": "1"}),
]


@pytest.fixture(scope="module")
def unpacked(tmp_path_factory):
    return unpack(tmp_path_factory.mktemp("core"))


def on_phone(folder, requests: list[dict]) -> list[dict]:
    return answers_on_phone(folder, "preview", requests)


def _match(client, csrf, variant, names, saved):
    extra = {"options-players": "3_cutthroat"} if variant == "international" and len(names) == 3 else {}
    token = create(client, csrf, variant, names=names, **extra)
    for version, fields in enumerate(saved):
        assert post_hand(client, csrf, token, fields, version=version).status_code == 303
    return token


def test_the_phone_previews_a_table_of_hands_exactly_as_the_server(client, csrf, unpacked):
    server, requests = [], []
    for variant, names, saved, mode, fields in TABLE:
        token = _match(client, csrf, variant, names, saved)
        posted = {"alone": "", **fields}
        answer = preview(client, csrf, token, posted, mode=mode, version=str(len(saved)))
        assert answer.status_code == 200, (variant, answer.get_data(as_text=True)[:300])
        server.append(answer.json)
        offline = client.get(f"/m/{token}/offline.json").json
        # the fields as the page's FormData holds them: every value a text, the CSRF token and version included
        requests.append({"match": offline, "mode": mode,
                         "fields": {"csrf_token": csrf, "version": str(len(saved)), **posted}})
    phone = on_phone(unpacked, requests)
    assert [p["status"] for p in phone] == [200] * len(TABLE)
    assert [p["data"] for p in phone] == server
    # the table is not all of one sort: scored hands, hands so far, typos and numbers that are not numbers
    assert sum(s["ok"] for s in server) >= 6
    assert any(not s["ok"] and s["cells"][0] for s in server)
    assert any(s["unreadable"] for s in server) and any(s["invalid"] for s in server)


def test_a_previewed_hand_saved_shows_the_previewed_numbers_on_the_sheet(app, client, csrf, unpacked):
    token = _match(client, csrf, "diszitett", ("Anna", "Béla"), [BIG_HAND])
    offline = client.get(f"/m/{token}/offline.json").json
    answer = on_phone(unpacked, [{"match": offline, "mode": "cards", "fields": SEED_HAND}])[0]["data"]
    assert post_hand(client, csrf, token, SEED_HAND, version=1).status_code == 303
    sheet = state(app, token)["sheet"]
    assert [c["total"] for c in answer["cells"]] == [sheet["totals"][n] for n in sheet["columns"]]
    assert answer["hand"] == 2 and (answer["cells"][0]["score"], answer["cells"][0]["taxed"]) == (1015, 510)


def test_the_offline_state_is_the_matchs_pinned_rules_and_totals_revalidated_per_version(app, client, csrf):
    token = create(client, csrf)
    first = client.get(f"/m/{token}/offline.json")
    assert first.status_code == 200 and first.is_json
    assert first.headers["Cache-Control"] == "no-cache" and first.headers.get("ETag")
    body = first.json
    assert body["version"] == 0 and body["state"]["hand"] == 1 and body["state"]["totals"] == {}
    assert body["state"]["columns"] == ["Anna", "Béla"] and body["state"]["refused"] is None
    assert json.loads(body["rules"])["id"] == "diszitett" and len(body["rules_hash"]) == 64
    again = client.get(f"/m/{token}/offline.json", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and not again.data
    assert post_hand(client, csrf, token, BIG_HAND).status_code == 303
    after = client.get(f"/m/{token}/offline.json", headers={"If-None-Match": first.headers["ETag"]})
    assert after.status_code == 200 and after.headers["ETag"] != first.headers["ETag"]
    assert after.json["state"]["hand"] == 2 and after.json["state"]["totals"] == {"Anna": 5740, "Béla": 5}


def test_the_offline_state_is_only_for_a_match_that_previews_and_only_by_its_edit_link(client, csrf):
    keltis = create(client, csrf, "keltis")
    assert client.get(f"/m/{keltis}/offline.json").status_code == 404
    assert client.get("/m/no-such-match/offline.json").status_code == 404


@pytest.mark.parametrize("request_, field", [
    ({"mode": "cards", "fields": {}}, "match"),
    ({"match": {"rules": "{}", "rules_hash": "0" * 64, "state": {}}, "mode": "cards", "fields": {}}, "rules_hash"),
    ({"match": {"state": {}}, "mode": "sideways", "fields": {}}, "mode"),
    ({"match": {"state": {}}, "mode": "cards", "fields": {"side0-twins": 2}}, "fields"),
])
def test_a_request_the_phone_cannot_read_is_a_400_with_its_field(unpacked, request_, field):
    answer = on_phone(unpacked, [request_])[0]
    assert answer["status"] == 400 and answer["data"]["error"]["field"] == field
