"""A group's club-night page (issue 24): a plain form makes an event from the roster, lists each table's edit
link for the phones and seats the next round; the group page links to it; the read-only link cannot reach it."""

from __future__ import annotations

import pytest

from test_api import API
from test_groups_api import new_group

pytestmark = pytest.mark.storage

PAIRS = [["Anna", "Béla"], ["Cili", "Dani"], ["Emma", "Feri"], ["Gabi", "Hédi"]]


def test_the_form_starts_a_mitchell_night_from_the_roster_and_seats_its_next_round(client, csrf):
    made = new_group(client)
    token = made["edit_token"]
    # the roster: the eight players, from matches started in the group (new names join it)
    for pair in PAIRS:
        client.post(f"{API}/groups/{token}/matches/new", json={"variant": "diszitett",
                                                              "sides": [{"name": pair[0]}, {"name": pair[1]}]})
    group_page = client.get(f"/g/{token}").get_data(as_text=True)
    assert f"/g/{token}/night" in group_page and "Club night" in group_page
    assert f"/g/{token}/night" not in client.get(f"/gv/{made['view_token']}").get_data(as_text=True)
    form = {"csrf_token": csrf, "name": "Csütörtök", "variant": "international", "entrants": "pairs",
            "seating": "mitchell", "rounds": "2", "hands": "3", "scale": "burraco_3_hands"}
    for i, (a, b) in enumerate(PAIRS):
        form[f"a{i}"], form[f"b{i}"] = a, b
    done = client.post(f"/g/{token}/night", data=form, follow_redirects=True)
    assert done.status_code == 200
    text = done.get_data(as_text=True)
    # Mitchell: pairs 1 and 2 sit NS at tables 1 and 2, pairs 3 and 4 EW (seating.mitchell)
    assert "Round 1 of 2" in text and "Anna &amp; Béla – Emma &amp; Feri" in text and "/e/" in text
    event = client.get(f"{API}/groups/{token}").json
    assert event["matches_total"] == 4 + 2           # the roster's four matches and the two tables
    action = text.split('action="')[-2].split('"')[0]   # the last event's "Seat the next round" form
    assert action.endswith("/round")
    nxt = client.post(action, data={"csrf_token": csrf}, follow_redirects=True)
    assert "Round 2 of 2" in nxt.get_data(as_text=True)
    again = client.post(action, data={"csrf_token": csrf})
    assert again.status_code == 400 and "every round of this event is seated already" in again.get_data(as_text=True)


def test_a_wrong_form_says_its_field_and_the_read_only_link_has_no_club_night_page(client, csrf):
    made = new_group(client)
    refused = client.post(f"/g/{made['edit_token']}/night",
                          data={"csrf_token": csrf, "variant": "international", "rounds": "2", "hands": "3",
                                "a0": "Anna", "b0": "Béla"})
    assert refused.status_code == 400 and 'role="alert"' in refused.get_data(as_text=True)
    assert client.get(f"/g/{made['view_token']}/night").status_code == 404
