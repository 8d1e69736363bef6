"""Issue 11, item 9: what a player reads live (meld verdicts, keypad letters) is Hungarian on a Hungarian page."""

from __future__ import annotations

HU = {"Accept-Language": "hu"}


def test_the_api_verdict_label_follows_the_language_and_the_kind_stays(client):
    body = {"variant": "diszitett", "cards": "A A A A A A A"}
    english = client.post("/api/v1/check-meld", json=body).get_json()
    hungarian = client.post("/api/v1/check-meld", json=body, headers=HU).get_json()
    assert english["kind"] == hungarian["kind"] and english["label"] != hungarian["label"]
    assert english["label"] == "red canasta" and "kanaszta" in hungarian["label"]


def test_an_openings_melds_are_labelled_in_hungarian_too(client):
    verdict = client.post("/api/v1/check-meld", json={"variant": "international", "cards": "K K K | 5 5 5"},
                          headers=HU).get_json()
    assert [m["label"] for m in verdict["melds"]] == ["királyok csoportja", "5-ösök csoportja"]


def test_the_checker_keys_show_hungarian_letters(client):
    html = client.get("/checker", headers=HU).get_data(as_text=True)
    for token, letter in (("J", "B"), ("Q", "D"), ("A", "Á"), ("JK", "NZ")):
        assert f'data-card="{token}"' in html
        assert f'>{letter}</button>' in html
    assert ">JK</button>" not in html and ">J</button>" not in html
