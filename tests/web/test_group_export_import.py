"""A group's export and import (issue 24: "the group's matches … as one file that imports to the same
statistics"): the file round-trips to the same GET …/stats (but for the tokens), over test_group_stats.py's
evenings — a match under house rules, one corrected afterwards and undone into, a Keltis night — and a renamed
player whose old spelling stays merged; refusals name the bad part in the page's language; names stay escaped."""

from __future__ import annotations

import copy
import io
import json

import pytest
from sqlalchemy import func, select

from scorekeeper.store import group_transfer
from scorekeeper.store.models import Group, GroupMatch, Match
from test_api import API
from test_group_stats import evenings  # noqa: F401  (the fixture)
from test_groups_api import new_group
from web_helpers import csrf_from

pytestmark = pytest.mark.storage


@pytest.fixture
def group(client, evenings):  # noqa: F811
    made = new_group(client, "Vasárnap <b>&</b> \"kanaszta\"")
    for match in evenings:
        assert client.post(f"{API}/groups/{made['edit_token']}/matches",
                           json={"match": match.edit_token}).status_code == 200
    dora = next(p for p in client.get(f"{API}/groups/{made['edit_token']}").json["roster"] if p["name"] == "Dóra")
    renamed = client.post(f"{API}/groups/{made['edit_token']}/roster/rename", json={"player": dora["id"],
                                                                                   "name": "Dóri"})
    assert renamed.status_code == 200, renamed.json
    return made


def without_tokens(value, tokens: dict[str, int]):
    """The stats with every match token replaced by its match's place in order (tokens differ after an import)."""
    if isinstance(value, dict):
        return {k: without_tokens(v, tokens) for k, v in value.items()}
    if isinstance(value, list):
        return [without_tokens(v, tokens) for v in value]
    if isinstance(value, str) and value in tokens:
        return f"match #{tokens[value]}"
    return value


def comparable(stats: dict) -> dict:
    return without_tokens(stats, {m["match"]: i for i, m in enumerate(stats["matches"])})


def posted(client, body):
    """The file as a client sends it (curl --data-binary @file): json= would sort the keys, and a pinned rules
    document is hashed in its own key order (rules/tables/pinned.py), as for a match's import."""
    return client.post(f"{API}/groups/import", data=json.dumps(body, ensure_ascii=False),
                       content_type="application/json")


def imported(client, body) -> dict:
    response = posted(client, body)
    assert response.status_code == 201, response.json
    return response.json


def test_an_exported_then_imported_group_has_the_same_statistics_under_new_links(client, group):
    before = client.get(f"{API}/groups/{group['edit_token']}/stats").json
    exported = client.get(f"{API}/groups/{group['view_token']}/export")
    assert exported.status_code == 200 and exported.mimetype == "application/json"
    body = exported.json
    assert body["format"] == "scorekeeper-group" and len(body["matches"]) == 3
    assert {"name": "Dóri", "spellings": ["Dóra"]} in body["roster"]          # the merged spelling travels
    assert group["edit_token"] not in exported.get_data(as_text=True)
    assert group["view_token"] not in exported.get_data(as_text=True)
    made = imported(client, body)
    assert made["edit_token"] not in (group["edit_token"], group["view_token"])
    after = client.get(f"{API}/groups/{made['edit_token']}/stats").json
    assert {m["match"] for m in after["matches"]}.isdisjoint(m["match"] for m in before["matches"])
    assert comparable(after) == comparable(before)
    assert "Dóri" in {p["name"] for p in after["players"]} and before["players"]
    old = client.get(f"{API}/groups/{group['edit_token']}").json
    assert made["name"] == old["name"] and made["matches_total"] == 3
    assert [(p["name"], p["spellings"]) for p in made["roster"]] == [(p["name"], p["spellings"])
                                                                     for p in old["roster"]]


def test_the_corrected_hand_and_the_house_rules_travel_in_the_file(client, group):
    body = client.get(f"{API}/groups/{group['edit_token']}/export").json
    m1, m2 = body["matches"][0], body["matches"][1]
    assert m1["rules"]["house"] and [e["action"] for e in m2["events"]] == ["add", "add", "add", "undo", "edit"]


def test_the_import_makes_a_new_group_and_new_matches_each_time(client, app, group):
    body = client.get(f"{API}/groups/{group['edit_token']}/export").json
    first, second = imported(client, body), imported(client, body)
    assert first["edit_token"] != second["edit_token"]
    with app.extensions["scorekeeper_sessions"]() as session:
        assert session.scalar(select(func.count()).select_from(Group)) == 3
        assert session.scalar(select(func.count()).select_from(Match)) == 9
        assert session.scalar(select(func.count()).select_from(GroupMatch)) == 9


def refused(client, body, status=400):
    response = posted(client, body)
    assert response.status_code == status, response.json
    return response.json["error"]


def test_a_match_file_or_another_format_is_refused_naming_format(client, group):
    match = client.get(f"{API}/groups/{group['edit_token']}/export").json["matches"][0]
    error = refused(client, match)
    assert error["field"] == "format" and "scorekeeper-group" in error["message"]


def test_more_matches_than_a_group_holds_are_refused_naming_matches(client, group, monkeypatch):
    body = client.get(f"{API}/groups/{group['edit_token']}/export").json
    monkeypatch.setattr(group_transfer, "MAX_MATCHES", 2)
    error = refused(client, body)
    assert error["field"] == "matches" and "3" in error["message"] and "2" in error["message"]


def test_a_bad_match_inside_is_named_by_its_index_and_nothing_is_stored(client, app, group):
    body = client.get(f"{API}/groups/{group['edit_token']}/export").json
    bad = copy.deepcopy(body)
    bad["matches"][2]["events"][0]["created_at"] = "yesterday"
    error = refused(client, bad)
    assert error["field"] == "matches[2].events[0].created_at"
    bad = copy.deepcopy(body)
    bad["matches"][1]["rules_hash"] = "0" * 64
    assert refused(client, bad)["field"].startswith("matches[1].")
    bad = copy.deepcopy(body)
    assert bad["matches"][1]["events"][4]["action"] == "edit"
    bad["matches"][1]["events"][4]["hand_number"] = 9                  # an event's refusal says which event
    error = refused(client, bad)
    assert error["field"] == "matches[1].events[4] (edit of hand 9)" and "hand 9 does not exist" in error["message"]
    with app.extensions["scorekeeper_sessions"]() as session:
        assert session.scalar(select(func.count()).select_from(Group)) == 1


def test_the_whole_files_work_is_bounded_across_its_matches(client, group, monkeypatch):
    body = client.get(f"{API}/groups/{group['edit_token']}/export").json
    monkeypatch.setattr(group_transfer, "MAX_WORK", 3.0)      # M1's two hands fit, M2's log does not
    error = refused(client, body)
    assert error["field"].startswith("matches[1].events[") and "group file" in error["message"]


def test_a_match_that_is_not_an_object_is_named_by_its_index(client, group):
    body = client.get(f"{API}/groups/{group['edit_token']}/export").json
    body["matches"].insert(1, ["not", "a", "match"])
    assert refused(client, body)["field"] == "matches[1]"


def test_a_hand_written_files_names_stay_text_on_the_new_groups_page(client):
    body = {"format": "scorekeeper-group", "format_version": 1, "name": "<script>x</script>",
            "created_at": "2026-01-01T00:00:00Z", "roster": [{"name": "<img src=x>", "spellings": []}],
            "matches": [{"format": "scorekeeper-match", "format_version": 1, "variant": "diszitett",
                         "created_at": "2026-01-02T00:00:00Z", "title": "<b>M</b>",
                         "sides": [{"name": "<img src=x>"}, {"name": "Zoé & <u>Ádám</u>"}], "events": []}]}
    made = imported(client, body)
    assert [p["name"] for p in made["roster"]] == ["<img src=x>", "Zoé & <u>Ádám</u>"]     # the new name joined
    page = client.get(f"/g/{made['edit_token']}").get_data(as_text=True)
    assert "<img src=x>" not in page and "<script>x" not in page and "<b>M</b>" not in page
    assert "&lt;img src=x&gt;" in page and "Zoé &amp; &lt;u&gt;Ádám&lt;/u&gt;" in page


def test_a_bad_roster_is_refused_naming_the_player(client, group):
    body = client.get(f"{API}/groups/{group['edit_token']}/export").json
    twice = copy.deepcopy(body)
    twice["roster"].append({"name": "ANNA", "spellings": []})
    assert refused(client, twice)["field"] == f"roster[{len(body['roster'])}].name"
    unnamed = copy.deepcopy(body)
    unnamed["roster"][0]["spellings"] = [""]
    assert refused(client, unnamed)["field"] == "roster[0].spellings[0]"
    nameless = copy.deepcopy(body)
    nameless["name"] = "  "
    assert refused(client, nameless)["field"] == "name"


def upload(client, body: bytes | str, **args):
    token = csrf_from(client.get("/groups").get_data(as_text=True))
    data = body.encode("utf-8") if isinstance(body, str) else body
    return client.post("/groups/import", data={"csrf_token": token, "file": (io.BytesIO(data), "group.json")},
                       content_type="multipart/form-data", **args)


def test_the_pages_export_and_import_the_group_and_keep_names_escaped(client, group):
    page = client.get(f"/g/{group['edit_token']}").get_data(as_text=True)
    assert f"/g/{group['edit_token']}/export.json" in page
    assert "<b>&</b>" not in page and "&lt;b&gt;&amp;&lt;/b&gt;" in page
    view = client.get(f"/gv/{group['view_token']}").get_data(as_text=True)
    assert f"/gv/{group['view_token']}/export.json" in view and group["edit_token"] not in view
    file = client.get(f"/gv/{group['view_token']}/export.json")
    assert file.status_code == 200 and "attachment" in file.headers["Content-Disposition"]
    response = upload(client, file.data)
    assert response.status_code == 303
    new_page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "&lt;b&gt;&amp;&lt;/b&gt;" in new_page and "Dóri" in new_page and "M3" in new_page


def test_a_refusal_on_the_page_names_the_match_in_the_pages_language(client, group):
    body = client.get(f"{API}/groups/{group['edit_token']}/export").json
    body["matches"][1]["events"][1]["hand_number"] = 7
    response = upload(client, json.dumps(body, ensure_ascii=False), headers={"Accept-Language": "hu"})
    html = response.get_data(as_text=True)
    assert response.status_code == 400 and "matches[1].events[1]" in html
    assert "This group file cannot be imported." not in html               # said in Hungarian
    assert "Ez a társaságfájl nem importálható." in html


@pytest.mark.parametrize("body, said", [
    (b"", "empty"), (b"[1]", "a group exported"), (b"{\"format\": \"scorekeeper-group\"", "")])
def test_an_unreadable_file_is_a_400_never_a_500(client, body, said):
    response = upload(client, body)
    assert response.status_code == 400 and said in response.get_data(as_text=True)


def test_no_group_at_the_link_has_no_export(client):
    assert client.get(f"{API}/groups/nosuchtoken/export").status_code == 404
    assert client.get("/g/nosuchtoken/export.json").status_code == 404


def test_a_group_import_counts_as_two_against_the_import_limit(client, group, tmp_path):
    from scorekeeper import create_app
    from scorekeeper.store.db import init_db
    body = client.get(f"{API}/groups/{group['edit_token']}/export").get_data(as_text=True)
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'limits.sqlite'}",
                      "SECRET_KEY": "test", "RATELIMIT_ENABLED": True, "RATELIMIT_IMPORT": "3 per hour"})
    init_db(app, drop=True)
    try:
        limited = app.test_client()
        send = lambda: limited.post(f"{API}/groups/import", data=body, content_type="application/json")  # noqa: E731
        assert send().status_code == 201
        second = send()
        assert second.status_code == 429 and "Retry-After" in second.headers
    finally:
        app.extensions["scorekeeper_engine"].dispose()
