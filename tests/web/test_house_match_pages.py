"""Issue 19: a match under any house table the checks accept answers no server error on any of its pages: the
sheet (both links), its hand form, its rules, its checker and check-meld, its PDF and its export. The house
tables reach the new ranges' edges (four packs, every joker, more canasta kinds than any table, pairs of wild
cards, Keltis decks changed); a few, since a PDF costs a second."""

from __future__ import annotations

import pytest

from test_api import API

pytestmark = pytest.mark.storage

SIDES = [{"name": "Anna"}, {"name": "Béla"}]
CANASTA_HAND = {"sides": [{"name": "Anna", "out": "out", "melds": ["K K K K K K K", "Q Q Q 2", "JK JK JK"],
                           "hand": "", "red_threes": 1},
                          {"name": "Béla", "melds": ["5 5 5"], "hand": "8 9"}]}
KELTIS_HAND = {"sides": [{"name": "Anna", "rows": {"green": "0 1 2 3 3 4 5 X"}, "stones": [4]},
                         {"name": "Béla", "rows": {"blue": "9 7 7 4"}}]}

HOUSES = [
    ("diszitett", {"deck": {"packs": 4, "jokers": 12},
                   "red_threes": {"totals": [0, 100, 200, 300, 400, 500, 600, 700, 800]},
                   "canastas": {**{f"k{i}": {"label": f"kind <b>{i}</b>", "size": [7, 7 + i], "bonus": 100 * i,
                                             "jokers": [0, i % 3], "deuces": [0, 4]} for i in range(7)},
                                "black_canasta": {"jokers": [0, 0]}},
                   "penalties": {"late_2": {"label": "late", "points": -100}},
                   "taxation": {"negative": "taxed"}}, CANASTA_HAND),
    ("samba", {"players": {"min_sides": 2, "max_sides": 3, "players_per_side": 1, "total": [2, 3]},
               "melds": {"sequence": {"min_size": 3, "max_size": 0}},
               "canastas": {"samba": {"size": [7, 99], "bonus": 1600}},
               "match": {"targets_by_sides": {"2": 9000}}}, CANASTA_HAND),
    ("keltis", {"deck": {"number_copies": {"11": 1}}, "scoring": {"row_length": [0, -4, -3, -2, 1, 2, 3, 6, 7, 10, 12]},
                "colours": {"grey_blue": {"aliases": ["szürke"]}}}, KELTIS_HAND),
]


@pytest.mark.parametrize("variant, house, hand", HOUSES, ids=[v for v, _h, _x in HOUSES])
def test_every_page_of_a_match_under_an_accepted_house_table_answers_without_a_server_error(client, variant, house,
                                                                                          hand):
    created = client.post(f"{API}/matches", json={"variant": variant, "sides": SIDES, "rules": house})
    assert created.status_code == 201, created.json
    edit, view = created.json["edit_token"], created.json["view_token"]
    saved = client.post(f"{API}/matches/{edit}/hands", json={"hand": hand, "version": 0})
    assert saved.status_code < 500, saved.json
    for url in (f"/m/{edit}", f"/v/{view}", f"/m/{edit}/hands/new", f"/m/{edit}/rules", f"/v/{view}/rules",
                f"{API}/matches/{view}", f"/m/{edit}/export.json", f"/v/{view}/sheet.pdf"):
        assert client.get(url).status_code == 200, url
    # Keltis has no melds to judge: its checker is no page (404) and check-meld says so (400)
    assert client.get(f"/m/{edit}/checker").status_code == (404 if variant == "keltis" else 200)
    judged = client.post(f"{API}/matches/{view}/check-meld", json={"cards": "K K K K K K K"})
    assert judged.status_code == (400 if variant == "keltis" else 200), judged.json
    if saved.status_code == 201:
        assert client.get(f"/m/{edit}/hands/1/edit").status_code == 200
