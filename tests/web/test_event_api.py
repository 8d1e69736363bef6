"""Club nights through the JSON API (issue 24, "Club night"): an event of a group seats its tables as ordinary
matches of the group, reads each table's totals as match points, turns them into VP by the event's scale and
seats the next round from the standings; refusals name the part."""

from __future__ import annotations

import pytest

from test_api import API, add
from test_groups_api import new_group

pytestmark = pytest.mark.storage

PAIRS = [["Anna", "Béla"], ["Cili", "Dani"], ["Emma", "Feri"], ["Gabi", "Hédi"]]


def settings(**more):
    return {"tables": 2, "rounds": 2, "entrants": "pairs", "seating": "swiss", "variant": "international",
            "hands": 1, **more}


def create(client, token, **body):
    body = {"name": "Csütörtök", "settings": settings(), "entrants": PAIRS, **body}
    return client.post(f"{API}/groups/{token}/events", json=body)


def hand(client, table, version=0, ns_wins=True):
    """test_sheet's partnership hand at a table (international canasta): the side going out scores 665 (a
    natural canasta 500, going out 100, 7 kings 70, a 4 held -5) and the other 5 (3 queens 30, a 4 and an A
    held -25)."""
    sides = [table["ns_players"], table["ew_players"]]
    winner, loser = sides if ns_wins else sides[::-1]
    entry = {"mode": "cards", "sides": [
        {"name": " & ".join(winner), "melds": ["K K K K K K K"], "out": "out",
         "hand": {winner[0]: "", winner[1]: "4"}},
        {"name": " & ".join(loser), "melds": ["Q Q Q"], "hand": {loser[0]: "4", loser[1]: "A"}}]}
    response = add(client, table["match_edit_token"], entry, version)
    assert response.status_code == 201, response.json


def test_an_event_of_two_tables_and_two_swiss_rounds_scores_vp_by_the_burraco_preset_and_seats_by_standings(client):
    token = new_group(client)["edit_token"]
    made = create(client, token)
    assert made.status_code == 201, made.json
    event = made.json
    first = event["rounds"][0]
    # Round 1, Swiss in seed order: table 1 pair 1 v pair 2, table 2 pair 3 v pair 4.
    assert [(t["ns"], t["ew"]) for t in first["tables"]] == [(1, 2), (3, 4)]
    assert event["provisional"] is True and all(t["hands"] == 0 for t in first["tables"])
    seen = client.get(f"{API}/events/{event['token']}").json
    assert "match_edit_token" not in str(seen) and event["edit_token"] not in str(seen)   # the screen's link
    screen = client.post(f"{API}/events/{event['token']}/rounds", json={})
    assert screen.status_code == 403 and screen.json["error"]["code"] == "read_only"    # cannot seat a round
    # The round is not finished: a Swiss round 2 is refused, naming the results.
    early = client.post(f"{API}/events/{event['edit_token']}/rounds", json={})
    assert early.status_code == 400 and early.json["error"]["code"] == "round_unfinished"
    hand(client, first["tables"][0], ns_wins=True)
    hand(client, first["tables"][1], ns_wins=False)
    event = client.get(f"{API}/events/{event['edit_token']}").json          # the edit link reads edit links too
    tables = event["rounds"][0]["tables"]
    assert [t["totals"] for t in tables] == [[665, 5], [5, 665]]
    assert all(t["finished"] and t["hands"] == 1 for t in tables)
    # By hand from rules_ref/events/victory_points.toml (burraco_3_hands): a difference of 665 - 5 = 660 takes
    # the row [655, 16, 4] (the next starts at 805): winners (pairs 1 and 4) 16 VP, losers (2 and 3) 4 VP.
    # Pairs 1 and 4 tie on VP (16) and difference (+660) and never met: same rank, listed in seed order.
    w, lo = 16, 4
    assert tables[0]["vp"] == [w, lo] and tables[1]["vp"] == [lo, w]
    assert [(s["entrant"], s["vp"], s["difference"]) for s in event["standings"]] == [
        (1, w, 660), (4, w, 660), (2, lo, -660), (3, lo, -660)]
    assert [s["rank"] for s in event["standings"]] == [1, 1, 3, 3] and event["provisional"] is False
    # Round 2 from the standings: 1st v 2nd (1 v 4), 3rd v 4th (2 v 3), nobody meets an opponent again.
    second = client.post(f"{API}/events/{event['edit_token']}/rounds", json={})
    assert second.status_code == 201, second.json
    seated = second.json["rounds"][1]["tables"]
    assert sorted(tuple(sorted((t["ns"], t["ew"]))) for t in seated) == [(1, 4), (2, 3)]
    assert all(t["match_edit_token"] and t["hands"] == 0 for t in seated)
    over = client.post(f"{API}/events/{event['edit_token']}/rounds", json={})
    assert over.status_code == 400 and over.json["error"]["code"] in ("round_unfinished", "event_over")
    group = client.get(f"{API}/groups/{token}").json
    assert group["matches_total"] == 4                  # each table an ordinary match of the group


def test_a_mitchell_event_seats_its_second_round_by_the_movement_before_the_first_is_finished(client):
    token = new_group(client)["edit_token"]
    event = create(client, token, settings=settings(seating="mitchell")).json
    # seating.mitchell: the first half of the seed order sits NS and stays, the second half sits EW and moves
    assert [(t["ns"], t["ew"]) for t in event["rounds"][0]["tables"]] == [(1, 3), (2, 4)]
    second = client.post(f"{API}/events/{event['edit_token']}/rounds", json={})
    assert second.status_code == 201, second.json
    one, two = second.json["rounds"]
    ns = [t["ns"] for t in one["tables"]]
    assert [t["ns"] for t in two["tables"]] == ns                      # NS pairs stay at their table
    assert [t["ew"] for t in two["tables"]] == [t["ew"] for t in one["tables"]][1:] + [one["tables"][0]["ew"]]


def test_a_settings_problem_is_a_400_naming_the_field_in_the_requests_language(client):
    token = new_group(client)["edit_token"]
    wrong = create(client, token, settings=settings(tables=99))
    assert wrong.status_code == 400 and wrong.json["error"]["field"] == "tables"
    assert "30" in wrong.json["error"]["message"]
    mitchell = create(client, token, settings=settings(seating="mitchell", rounds=3))
    assert mitchell.status_code == 400 and mitchell.json["error"]["field"] == "rounds"
    count = create(client, token, entrants=PAIRS[:2])
    assert count.status_code == 400 and count.json["error"]["field"] == "entrants"
    twice = create(client, token, entrants=[*PAIRS[:3], ["Anna", "Zoli"]])
    assert twice.status_code == 400 and twice.json["error"]["field"] == "entrants[3]"
    word = create(client, token, settings=settings(seating="danish"))
    assert word.status_code == 400 and word.json["error"]["field"] == "seating"
    hungarian = client.post(f"{API}/groups/{token}/events", headers={"Accept-Language": "hu"},
                            json={"settings": settings(tables=99), "entrants": PAIRS})
    assert hungarian.status_code == 400 and hungarian.json["error"]["field"] == "tables"
    assert "között" in hungarian.json["error"]["message"]
    assert client.get(f"{API}/groups/{token}").json["matches_total"] == 0     # nothing stored


def test_the_read_only_group_link_cannot_create_events_and_an_unknown_event_is_a_404(client):
    made = new_group(client)
    refused = create(client, made["view_token"])
    assert refused.status_code == 403
    assert client.get(f"{API}/events/nosuchevent").status_code == 404
    assert client.post(f"{API}/events/nosuchevent/rounds", json={}).status_code == 404


def test_the_standings_page_shows_the_round_the_tables_and_the_standings_and_polls_a_version(client):
    token = new_group(client)["edit_token"]
    event = create(client, token).json
    hand(client, event["rounds"][0]["tables"][0], ns_wins=True)
    page = client.get(f"/e/{event['token']}")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "Round 1 of 2" in text and "Anna &amp; Béla" in text and "665 – 5" in text and "1 of 1" in text
    assert "<script>" not in text and f"/e/{event['token']}/live" in text and "Reload" in text
    live = client.get(f"/e/{event['token']}/live")
    assert live.status_code == 200 and live.json["version"] > 0
    same = client.get(f"/e/{event['token']}/live", headers={"If-None-Match": live.headers["ETag"]})
    assert same.status_code == 304
    assert client.get("/e/nosuchevent").status_code == 404


def test_a_round_the_groups_room_cannot_hold_is_refused_whole(client, monkeypatch):
    from scorekeeper.store import groups
    monkeypatch.setattr(groups, "MAX_MATCHES", 1)        # room for one of the round's two tables
    token = new_group(client)["edit_token"]
    full = create(client, token)
    assert full.status_code == 400 and full.json["error"]["code"] == "group_full"
    assert client.get(f"{API}/groups/{token}").json["matches_total"] == 0
