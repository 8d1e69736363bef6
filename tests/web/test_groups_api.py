"""Groups through the JSON API (issue 24, "A group"): links like a match's, a roster that names the players of
the matches started in it (a typo or a missing accent is the roster's player), existing matches added by their
edit link, merges and renames, bad tokens and limits."""

from __future__ import annotations

import pytest

from scorekeeper.store import groups
from test_api import API, README_HAND, add, new_match

pytestmark = pytest.mark.storage


def new_group(client, name="Vasárnapi kanaszta"):
    response = client.post(f"{API}/groups", json={"name": name})
    assert response.status_code == 201, response.json
    return response.json


def start(client, token, *names, **body):
    body = {"variant": "diszitett", "sides": [{"name": n} for n in names], **body}
    return client.post(f"{API}/groups/{token}/matches/new", json=body)


def test_a_group_has_an_edit_link_and_a_read_only_link_and_the_read_only_answer_hides_the_edit_token(client):
    made = new_group(client)
    assert made["edit_token"] != made["view_token"] and made["roster"] == [] and made["matches"] == []
    seen = client.get(f"{API}/groups/{made['view_token']}").json
    assert seen["editable"] is False and "edit_token" not in seen and made["edit_token"] not in str(seen)
    assert seen["name"] == "Vasárnapi kanaszta"


def test_a_match_started_in_the_group_names_its_players_from_the_roster_and_new_names_join_it(client):
    token = new_group(client)["edit_token"]
    first = start(client, token, "Béla", "Anna")
    assert first.status_code == 201 and first.json["renamed"] == []
    again = start(client, token, "bela", "Annna")          # no accent, and one typo
    assert again.status_code == 201, again.json
    assert again.json["renamed"] == [{"typed": "bela", "name": "Béla"}, {"typed": "Annna", "name": "Anna"}]
    assert [s["name"] for s in again.json["sheet"]["match"]["sides"]] == ["Béla", "Anna"]
    third = start(client, token, "Béla", "Cili")
    assert third.json["renamed"] == []
    group = client.get(f"{API}/groups/{token}").json
    assert [p["name"] for p in group["roster"]] == ["Anna", "Béla", "Cili"]
    assert group["matches_total"] == 3 and group["matches"][0]["players"] == [["Béla"], ["Cili"]]   # newest first


def test_a_short_name_is_never_taken_for_another_by_one_typo(client):
    token = new_group(client)["edit_token"]
    start(client, token, "Ali", "Anna")
    assert start(client, token, "Al", "Anna").json["renamed"] == []
    assert [p["name"] for p in client.get(f"{API}/groups/{token}").json["roster"]] == ["Al", "Ali", "Anna"]


def test_an_existing_match_is_added_by_its_edit_link_and_its_players_join_the_roster(client, app):
    token = new_group(client)["edit_token"]
    match = new_match(client, sides=[{"name": "Anna"}, {"name": "Bela"}])
    assert add(client, match["edit_token"], {**README_HAND, "sides": [README_HAND["sides"][0],
                                                                       {**README_HAND["sides"][1], "name": "Bela"}]},
               0).status_code == 201
    start(client, token, "Béla", "Cili")
    response = client.post(f"{API}/groups/{token}/matches", json={"match": match["urls"]["sheet"]})
    assert response.status_code == 200, response.json
    listed = response.json["matches"]
    # newest first: the match started in the group, then the older one added, its "Bela" read as the roster's Béla
    assert [m["players"] for m in listed] == [[["Béla"], ["Cili"]], [["Anna"], ["Béla"]]]
    assert listed[1]["sides"] == ["Anna", "Bela"] and listed[1]["winner"] is None
    assert [p["name"] for p in response.json["roster"]] == ["Anna", "Béla", "Cili"]
    again = client.post(f"{API}/groups/{token}/matches", json={"match": match["edit_token"]})
    assert again.status_code == 200 and again.json["matches_total"] == 2        # adding twice adds once
    with app.extensions["scorekeeper_sessions"]() as session:
        group = groups.find_group(session, token, editable=True)
        oldest = groups.matches_of(session, group)
        assert oldest[0].edit_token == match["edit_token"]                      # matches_of: oldest first
        assert groups.canonical_players(group, oldest[0]) == [["Anna"], ["Béla"]]
        read = groups.name_reader(group)                    # the statistics' canonical=
        assert [read(n) for n in ("Bela", "BÉLA", "Bella", "Cili", "Dóra")] == ["Béla", "Béla", "Béla", "Cili", "Dóra"]


def test_adding_a_match_needs_its_edit_link_and_a_match_stays_in_its_own_group(client):
    token = new_group(client)["edit_token"]
    other = new_group(client, "Klub")["edit_token"]
    match = new_match(client)
    refused = client.post(f"{API}/groups/{token}/matches", json={"match": match["view_token"]})
    assert refused.status_code == 404 and refused.json["error"]["field"] == "match"
    assert client.post(f"{API}/groups/{other}/matches", json={"match": match["edit_token"]}).status_code == 200
    taken = client.post(f"{API}/groups/{token}/matches", json={"match": match["edit_token"]})
    assert taken.status_code == 409 and taken.json["error"]["code"] == "conflict"


def test_the_read_only_link_cannot_change_the_group(client):
    made = new_group(client)
    view = made["view_token"]
    match = new_match(client)
    for path, body in ((f"{view}/matches", {"match": match["edit_token"]}),
                       (f"{view}/matches/new", {"variant": "diszitett", "sides": [{"name": "A"}, {"name": "B"}]}),
                       (f"{view}/roster/merge", {"merged": 1, "into": 2}),
                       (f"{view}/roster/rename", {"player": 1, "name": "X"})):
        response = client.post(f"{API}/groups/{path}", json=body)
        assert response.status_code == 403 and response.json["error"]["code"] == "read_only", path


@pytest.mark.parametrize("token", ["nope", "a" * 43, "%00", "x" * 200])
def test_a_bad_group_token_is_404(client, token):
    assert client.get(f"{API}/groups/{token}").status_code == 404
    assert client.post(f"{API}/groups/{token}/matches", json={"match": "x"}).status_code == 404


def test_merge_makes_two_spellings_one_player_and_rename_keeps_the_old_spelling_counted(client, app):
    token = new_group(client)["edit_token"]
    start(client, token, "Béla", "Anna")
    start(client, token, "Belus", "Anna")          # two edits away from Béla: a new name
    roster = {p["name"]: p["id"] for p in client.get(f"{API}/groups/{token}").json["roster"]}
    merged = client.post(f"{API}/groups/{token}/roster/merge", json={"merged": roster["Belus"],
                                                                     "into": roster["Béla"]})
    assert merged.status_code == 200
    assert merged.json["roster"] == [{"id": roster["Anna"], "name": "Anna", "spellings": []},
                                     {"id": roster["Béla"], "name": "Béla", "spellings": ["Belus"]}]
    assert merged.json["matches"][0]["players"] == [["Béla"], ["Anna"]]
    renamed = client.post(f"{API}/groups/{token}/roster/rename", json={"player": roster["Anna"], "name": "Anikó"})
    assert renamed.status_code == 200
    assert [m["players"] for m in renamed.json["matches"]] == [[["Béla"], ["Anikó"]]] * 2
    clash = client.post(f"{API}/groups/{token}/roster/rename", json={"player": roster["Anna"], "name": "bela"})
    assert clash.status_code == 400 and clash.json["error"]["field"] == "name"


def test_group_limits_are_4xx(client, monkeypatch):
    assert client.post(f"{API}/groups", json={"name": ""}).status_code == 400
    assert client.post(f"{API}/groups", json={"name": "x" * 1001}).status_code == 400
    assert client.post(f"{API}/groups", json={"name": "a\nb"}).status_code == 400
    assert client.post(f"{API}/groups", json={"name": "A", "extra": 1}).status_code == 400
    token = new_group(client, "y" * 300)["edit_token"]
    assert client.get(f"{API}/groups/{token}").json["name"] == "y" * groups.NAME_MOST
    monkeypatch.setattr(groups, "MAX_ROSTER", 3)
    assert start(client, token, "Anna", "Béla").status_code == 201
    full = start(client, token, "Cili", "Dóra")
    assert full.status_code == 400 and full.json["error"]["field"] == "roster"
    assert [p["name"] for p in client.get(f"{API}/groups/{token}").json["roster"]] == ["Anna", "Béla"]
    monkeypatch.setattr(groups, "MAX_MATCHES", 1)
    over = start(client, token, "Anna", "Béla")
    assert over.status_code == 400 and over.json["error"]["field"] == "match"
