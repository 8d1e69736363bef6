"""GET /api/v1/groups/<token>/stats (issue 24, docs/api.md): per player as the issue lists it, over the group's
matches replayed with their own rules, names read through the roster, filters and bad queries as 400s.

Figures worked out from tests/web/test_api.py's hands (díszített, rules_ref/diszitett.md): the README hand scores
Anna 1015 and Béla 570 (Béla goes out; his K×7 is a red canasta), the big hand Anna 4170 and Béla 10 (Anna goes
out). Match 1: README then big; match 2 (Béla typed "Bela"): README. So Anna plays 3 hands, 1015 + 4170 + 1015 =
6200, average 6200 / 3; her best is 4170, match 1's hand 2. Béla: 570 + 10 + 570 = 1150 over 3, best 570 (match
1's hand 1: a tie goes to the earliest), out twice, two red canastas. Neither match reached its target: no wins."""

from __future__ import annotations

import pytest

from test_api import API, BIG_HAND, README_HAND, add
from test_groups_api import new_group, start

pytestmark = pytest.mark.storage


@pytest.fixture
def group(client):
    made = new_group(client)
    token = made["edit_token"]
    first = start(client, token, "Anna", "Béla").json
    assert add(client, first["edit_token"], README_HAND, 0).status_code == 201
    assert add(client, first["edit_token"], BIG_HAND, 1).status_code == 201
    second = start(client, token, "Anna", "Bela").json            # the roster's Béla
    assert add(client, second["edit_token"], README_HAND, 0).status_code == 201
    return {"edit": token, "view": made["view_token"], "first": first, "second": second}


def stats(client, token, **query):
    response = client.get(f"{API}/groups/{token}/stats", query_string=query)
    return response


def by_name(body):
    return {p["name"]: p for p in body["players"]}


def test_each_player_is_counted_across_the_groups_matches_under_the_rosters_name(client, group):
    body = stats(client, group["edit"]).json
    players = by_name(body)
    assert set(players) == {"Anna", "Béla"}                        # "Bela" is Béla
    anna, bela = players["Anna"], players["Béla"]
    assert (anna["matches"], anna["hands"], anna["wins"]) == (2, 3, 0)
    assert anna["average_hand"] == pytest.approx(6200 / 3, abs=0.5)
    assert anna["best_hand"] == {"score": 4170, "match": group["first"]["view_token"], "hand": 2}
    assert (bela["matches"], bela["hands"], bela["went_out"]) == (2, 3, 2)
    assert bela["average_hand"] == pytest.approx(1150 / 3, abs=0.5)
    assert bela["best_hand"] == {"score": 570, "match": group["first"]["view_token"], "hand": 1}
    assert bela["canastas"]["red_canasta"] == 2 and sum(bela["canastas"].values()) == 2


def test_the_read_only_link_reads_the_same_and_never_shows_an_edit_token(client, group):
    seen = stats(client, group["view"])
    assert seen.status_code == 200 and by_name(seen.json) == by_name(stats(client, group["edit"]).json)
    for secret in (group["edit"], group["first"]["edit_token"], group["second"]["edit_token"]):
        assert secret not in seen.get_data(as_text=True)


def test_filters_by_variant_and_period(client, group):
    assert stats(client, group["edit"], variant="international").json["players"] == []
    assert stats(client, group["edit"], since="2999-01-01").json["players"] == []
    kept = stats(client, group["edit"], variant="diszitett", since="2000-01-01", until="2999-12-31").json
    assert by_name(kept)["Anna"]["hands"] == 3 and kept["filters"]["variant"] == "diszitett"


@pytest.mark.parametrize("query, field", [
    ({"since": "yesterday"}, "since"), ({"until": "2026-13-01"}, "until"), ({"since": "2026-11-26T10:00"}, "since"),
    ({"variant": "bridge"}, "variant"), ({"colour": "red"}, "colour"),
    ({"since": "2026-12-01", "until": "2026-11-01"}, "since"),
])
def test_a_bad_query_is_a_400_naming_its_part(client, group, query, field):
    response = stats(client, group["edit"], **query)
    assert response.status_code == 400 and response.json["error"]["field"] == field


def test_no_group_at_the_link_is_a_404(client):
    assert stats(client, "x" * 32).status_code == 404
