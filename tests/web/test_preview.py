"""The hand form's live score preview (scorekeeper/web/entry/preview.py, issue 11 items 5 and 11): the posted form is
scored as its save would be, the numbers are the ones the scoresheet then shows, and nothing is stored."""

from __future__ import annotations

import re

import pytest

from scorekeeper import create_app
from scorekeeper.store.db import init_db
from scorekeeper.display.sheet import hand_cells
from test_api import event_count
from test_entry import BIG_HAND, SEED_HAND, SMALL_HAND, SUMMARY, create, post_hand, state, text
from test_limits import clock  # noqa: F401  (the limits' fake clock, a fixture)
from web_helpers import csrf_from

pytestmark = pytest.mark.storage

NUMBERS = ("base", "card_value", "penalty", "score", "taxed", "total")


def preview(client, csrf, token, fields, *, mode="cards", number=None, **extra):
    url = f"/m/{token}/hands/preview" if number is None else f"/m/{token}/hands/{number}/preview"
    return client.post(f"{url}?mode={mode}", data={"csrf_token": csrf, "version": "0", **fields, **extra})


def sheet_cells(app, token, number):
    """Hand ``number``'s cells as the scoresheet shows them, in the preview's shape."""
    sheet = state(app, token)["sheet"]
    cells = hand_cells(sheet, sheet["hands"][number - 1]["result"])
    return [{"name": name, **{k: cell[k] for k in NUMBERS}} for name, cell in zip(sheet["columns"], cells)]


@pytest.fixture
def token(client, csrf):
    return create(client, csrf)


def test_a_taxed_diszitett_hand_previews_as_the_sheet_then_shows_it(app, client, csrf, token):
    assert post_hand(client, csrf, token, BIG_HAND).status_code == 303            # Anna 5740: taxed from now on
    response = preview(client, csrf, token, SEED_HAND, version="1")
    assert response.status_code == 200 and response.is_json
    answer = response.json
    assert answer["ok"] is True and answer["hand"] == 2 and answer["columns"] == ["Anna", "Béla"]
    assert answer["sides"] == [[0], [1]]
    anna = answer["cells"][0]
    # Worked out in tests/web/test_entry.py: 1015 this hand, halved by the tax above 5000, on top of 5740.
    assert (anna["score"], anna["taxed"], anna["total"]) == (1015, 510, 6250)
    assert post_hand(client, csrf, token, SEED_HAND, version=1).status_code == 303
    assert answer["cells"] == sheet_cells(app, token, 2)
    page = client.get(f"/m/{token}").get_data(as_text=True)
    assert re.search(r'<span class="score">1,015</span></span> <span class="grp taxed">→[^<]*<span[^>]*>[^<]*'
                     r'</span>510</span>', page)


def test_a_preview_stores_nothing_and_its_save_key_still_saves(app, client, csrf, token):
    key = "0f8fad5b-d9cb-469f-a165-70867728950e"
    before = state(app, token)["version"], event_count(app)
    for _ in range(3):
        assert preview(client, csrf, token, SEED_HAND, save_key=key).json["ok"] is True
    assert (state(app, token)["version"], event_count(app)) == before == (0, 0)
    saved = post_hand(client, csrf, token, SEED_HAND, save_key=key)
    assert saved.status_code == 303 and "Hand 1 saved." in text(client.get(saved.headers["Location"]).get_data(
        as_text=True))
    assert len(state(app, token)["entries"]) == 1 and event_count(app) == 1


def test_a_correction_previews_hand_n_in_place_of_what_it_was(app, client, csrf, token):
    assert post_hand(client, csrf, token, SEED_HAND).status_code == 303
    assert post_hand(client, csrf, token, SMALL_HAND, version=1).status_code == 303
    answer = preview(client, csrf, token, SMALL_HAND, number=1, version="2").json
    assert answer["ok"] is True and answer["hand"] == 1
    assert answer["cells"] != sheet_cells(app, token, 1)          # hand 1 as typed now, not as stored
    assert answer["cells"][0]["total"] == answer["cells"][0]["taxed"]         # hand 1: nothing before it
    assert post_hand(client, csrf, token, SMALL_HAND, version=2, number=1).status_code == 303
    assert answer["cells"] == sheet_cells(app, token, 1)
    assert preview(client, csrf, token, SMALL_HAND, number=3).status_code == 404


def test_a_summary_hand_previews_as_it_saves(app, client, csrf, token):
    answer = preview(client, csrf, token, SUMMARY, mode="summary").json
    assert answer["ok"] is True and answer["unreadable"] == answer["problems"] == 0
    assert post_hand(client, csrf, token, SUMMARY, mode="summary").status_code == 303
    assert answer["cells"] == sheet_cells(app, token, 1)
    assert state(app, token)["entries"][0]["mode"] == "summary"


def test_counts_by_value_group_move_the_summary_preview(client, csrf, token):
    counted = {**SUMMARY, "side0-melded_points": "0", "side0-melded_counts-gJK": "2"}
    more = {**counted, "side0-melded_counts-gJK": "3"}
    first, second = (preview(client, csrf, token, f, mode="summary").json for f in (counted, more))
    assert first["ok"] and second["ok"]
    assert second["cells"][0]["card_value"] - first["cells"][0]["card_value"] == 50      # one more joker


def test_typos_answer_ok_false_in_json_naming_nothing_internal(app, client, csrf, token):
    response = preview(client, csrf, token, {**SEED_HAND, "side0-hand": "H", "side1-melds": "K K X K"})
    assert response.status_code == 200 and response.is_json
    answer = response.json
    assert answer["ok"] is False and answer["unreadable"] == 2 and answer["cells"] == [None, None]
    assert not re.search(r"sides\[|hands\[|Traceback|Error", response.get_data(as_text=True))
    out_of_range = preview(client, csrf, token, {**SEED_HAND, "side0-twins": "many"}).json
    assert out_of_range["ok"] is False and out_of_range["invalid"] == 1 and out_of_range["cells"] == [None, None]
    assert event_count(app) == 0


def test_a_hand_that_breaks_a_rule_shows_its_numbers_so_far_and_is_not_ok(client, csrf, token):
    nobody_out = {**SEED_HAND, "side1-out": "none", "side1-hand": "4"}
    answer = preview(client, csrf, token, nobody_out).json
    assert answer["ok"] is False and answer["problems"] == 1
    assert [c["name"] for c in answer["cells"]] == ["Anna", "Béla"]
    assert answer["cells"][1]["card_value"] == 70 - 5                   # K×7 melded, a 4 left in hand


def test_a_full_match_previews_no_next_hand(client, csrf, token, monkeypatch):
    assert post_hand(client, csrf, token, SEED_HAND).status_code == 303
    monkeypatch.setattr("scorekeeper.store.matches.MAX_HANDS", 1)        # as the save refuses it: nothing to score
    answer = preview(client, csrf, token, SMALL_HAND, version="1").json
    assert answer["ok"] is False and answer["problems"] == 1 and answer["cells"] == [None, None]
    assert preview(client, csrf, token, SMALL_HAND, number=1, version="1").json["ok"] is True   # corrections can


@pytest.mark.parametrize("url, data, status", [
    ("/m/{token}/hands/preview?mode=poker", {"csrf_token": "{csrf}"}, 400),
    ("/m/{token}/hands/preview?mode=cards", {}, 400),                                  # no CSRF token
    ("/m/{token}/hands/preview?mode=cards", {"csrf_token": "forged"}, 400),
    ("/m/not-a-token/hands/preview", {"csrf_token": "{csrf}"}, 404),
    ("/m/{token}/hands/1/preview", {"csrf_token": "{csrf}"}, 404),                    # no hand 1 yet
])
def test_malformed_requests_are_4xx_in_the_json_error_shape(client, csrf, token, url, data, status):
    data = {k: v.format(csrf=csrf) for k, v in data.items()}
    response = client.post(url.format(token=token), data={**data, **SEED_HAND})
    assert response.status_code == status and response.is_json
    assert response.json["error"]["status"] == status and response.json["error"]["message"]


def test_an_unparsable_or_oversized_body_is_a_4xx_json(client, csrf, token):
    response = client.post(f"/m/{token}/hands/preview", data=b"\xff\x00--not a form",
                           content_type="multipart/form-data; boundary=nothing")
    assert response.status_code == 400 and response.is_json
    huge = client.post(f"/m/{token}/hands/preview", data={"csrf_token": csrf, "side0-melds": "K " * 600_000})
    assert huge.status_code == 413 and huge.is_json                     # the app's 1 MiB request cap


def test_the_view_link_and_keltis_have_no_preview(client, csrf, token):
    view = re.search(r'/v/([A-Za-z0-9_-]+)', client.get(f"/m/{token}").get_data(as_text=True)).group(1)
    assert preview(client, csrf, view, SEED_HAND).status_code == 404
    assert client.post(f"/v/{view}/hands/preview", data={"csrf_token": csrf}).status_code in (404, 405)
    keltis = create(client, csrf, "keltis")
    assert preview(client, csrf, keltis, {}).status_code == 404
    assert "data-preview-url" not in client.get(f"/m/{keltis}/hands/new").get_data(as_text=True)


def test_the_entry_page_names_its_preview_and_has_one_output_per_side(client, csrf, token):
    for mode in ("cards", "summary"):
        html = client.get(f"/m/{token}/hands/new?mode={mode}").get_data(as_text=True)
        assert f'data-preview-url="/m/{token}/hands/preview?mode={mode}"' in html
        assert re.findall(r'<output class="preview" data-preview-side="(\d)"', html) == ["0", "1"]
        assert "preview.js" in html
    post_hand(client, csrf, token, SEED_HAND)
    html = client.get(f"/m/{token}/hands/1/edit").get_data(as_text=True)
    assert f'data-preview-url="/m/{token}/hands/1/preview?mode=cards"' in html


def test_cutthroat_sides_map_to_their_players_columns(client, csrf):
    token = create(client, csrf, "international", names=("Anna", "Béla", "Cili"),
                   **{"options-players": "3_cutthroat"})
    fields = {"alone": "Béla", "side0-melds": "K K K K K K K", "side0-out": "out", "side0-hand": "",
              "side1-melds": "9 9 9", "side1-hand": "4", "side1-red_threes-1": "1"}
    answer = preview(client, csrf, token, fields).json
    assert answer["ok"] is True and answer["columns"] == ["Anna", "Béla", "Cili"]
    assert answer["sides"] == [[1], [0, 2]]
    anna, cili = answer["cells"][0], answer["cells"][2]
    assert cili["score"] - anna["score"] == 100           # Cili's red three is hers alone


# --------------------------------------------------------------------------------------------- rate limit

@pytest.fixture
def limited(tmp_path):
    def make(**config):
        app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'limits.sqlite'}",
                          "SECRET_KEY": "test", "RATELIMIT_ENABLED": True, **config})
        init_db(app, drop=True)
        made.append(app)
        return app
    made: list = []
    yield make
    for app in made:
        app.extensions["scorekeeper_engine"].dispose()


def test_the_preview_is_rate_limited_by_its_config_key_in_json(limited):
    client = limited(RATELIMIT_PREVIEW="3 per minute").test_client()
    csrf = csrf_from(client.get("/").get_data(as_text=True))
    token = create(client, csrf)
    statuses = [preview(client, csrf, token, SEED_HAND).status_code for _ in range(5)]
    assert statuses == [200] * 3 + [429] * 2
    refused = preview(client, csrf, token, SEED_HAND)
    assert refused.is_json and refused.json["error"]["code"] == "rate_limited"
    assert int(refused.headers["Retry-After"]) >= 1
    assert post_hand(client, csrf, token, SEED_HAND).status_code == 303            # saving is never limited


def test_a_table_previewing_as_it_types_stays_under_the_default_limit(limited, clock):
    """The phones of a table behind one home router (one address): the typist's form asks after each pause in
    typing (static/preview.js waits for 300 ms without input and keeps one request in flight), here every 1.5 s
    for ten minutes; for two of those minutes a second phone corrects a hand and previews every 2 s. The default
    limit (2 a second, 90 a minute: set from what a preview costs, scorekeeper/limiter.py) is never met."""
    app = limited()
    client = app.test_client()             # the limit counts per address: the router's, for every phone
    csrf = csrf_from(client.get("/").get_data(as_text=True))
    token = create(client, csrf)
    assert post_hand(client, csrf, token, SEED_HAND).status_code == 303
    statuses = set()
    for tick in range(10 * 60 * 2):        # half seconds
        if tick % 3 == 0:
            statuses.add(preview(client, csrf, token, SEED_HAND, version="1").status_code)
        if 4 * 120 <= tick < 6 * 120 and tick % 4 == 1:
            statuses.add(preview(client, csrf, token, SMALL_HAND, number=1, version="1").status_code)
        clock.advance(0.5 / 60)
    assert statuses == {200}


def test_a_loop_of_previews_meets_the_default_limit_within_the_second(limited, clock):
    """Before, 300 a minute with no per-second part: a loop's whole minute ran at once, 8 connections took another
    reader's p99 to 36x (bench/abuse_bench.py). A third preview within a second is refused now."""
    client = limited().test_client()
    csrf = csrf_from(client.get("/").get_data(as_text=True))
    token = create(client, csrf)
    assert [preview(client, csrf, token, SEED_HAND).status_code for _ in range(4)] == [200] * 2 + [429] * 2
