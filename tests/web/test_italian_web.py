"""Italian canasta's 2s on the web (issue 21): seed 003 l. 73 "Parmi les deux, vous pouvez faire des combinaisons
indépendantes à la fois avec l'aide de jokers et sans cartes libres" — a 2 is a wild card beside another rank, and
2s alone or with jokers are a meld of their own. The API's check-meld, the checker page (in Hungarian too) and the
rules page say it; S50 (the "not while the meld of 2s is unfinished" part) is said to be unchecked."""

from __future__ import annotations

import re
from html import unescape

import pytest

API = "/api/v1"
HU = {"Accept-Language": "hu"}


@pytest.mark.parametrize("cards, legal, kind, wilds", [
    pytest.param("K K K 2", True, "group", 1, id="a 2 beside kings is their wild card"),
    pytest.param("K K 2 2 2", False, "group", 3, id="three wild cards are too many"),
    pytest.param("2 2 2", True, "group", 0, id="three 2s are a meld of 2s"),
    pytest.param("2 2 JK", True, "group", 1, id="2s with a joker are a meld of 2s"),
    pytest.param("K K K K K 2 2", True, "mixed_canasta", 2, id="kings with two 2s: a mixed canasta"),
])
def test_seed003_l73_api_check_meld_italian_2s(client, cards, legal, kind, wilds):
    response = client.post(f"{API}/check-meld", json={"variant": "italian", "cards": cards})
    assert response.status_code == 200
    verdict = response.get_json()
    assert (verdict["legal"], verdict["kind"], verdict["wilds"]) == (legal, kind, wilds)


def test_seed003_l73_s48_api_an_opening_holds_no_2_used_as_a_wild_card(client):
    body = {"variant": "italian", "opening_minimum": 50}
    wild = client.post(f"{API}/check-meld", json={**body, "cards": "K K K 2 | Q Q Q"}).get_json()
    assert [(p["code"], p["cards"]) for p in wild["problems"]] == [("opening_with_wilds", ["2"])]
    assert client.post(f"{API}/check-meld", json={**body, "cards": "2 2 2 | K K K"}).get_json()["legal"]


def test_seed003_l73_the_checker_page_says_why_in_both_languages(client, csrf):
    form = {"csrf_token": csrf, "variant": "italian", "cards": "K K 2 2 2"}
    english = unescape(client.post("/checker", data=form).get_data(as_text=True))
    assert "a 2 in a meld of another rank is a wild card; 2s alone, or with jokers, make a meld of their own" \
        in english
    hungarian = unescape(client.post("/checker", data=form, headers=HU).get_data(as_text=True))
    assert "más értékű lapok lerakásában a kettes zsoli" in hungarian


def test_seed003_l73_s50_the_italian_rules_page_says_how_2s_work(client):
    page = unescape(client.get("/rules/italian").get_data(as_text=True))
    text = re.sub(r"<[^>]+>", "", page)
    assert "A 2 is a wild card and a rank of its own" in text
    assert "K K K 2 and K K 2 are melds, K K 2 2 2 is none (three" in text
    assert "2 2 2 and 2 2 JK are melds" in text
    assert "the app cannot check it (S50)" in text            # the unfinished meld of 2s: play only
    assert "jokers are the only wild cards" not in text.lower()
    # the option's decision and help, in the list of decisions under the page
    row = re.search(r'<td id="deuce_meld_cap">.*?</tr>', page, re.S).group(0)
    assert "A 2 is a wild card, and 2s alone or with jokers are a meld of their own" in row
    assert "<code>S45, S50</code> 2s are wild cards and a rank of their own" in row
    hungarian = unescape(client.get("/rules/italian", headers=HU).get_data(as_text=True))
    assert "A kettes zsoli, de kettesek magukban vagy dzsókerekkel saját lerakást is alkotnak" in hungarian
