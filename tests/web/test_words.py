"""Rule problems in the page's language: every code the rules core can raise has a translated title
(scorekeeper/display/words.py), and a Hungarian table reads the core's whole sentence in Hungarian (the templates
are in the catalogue, their values filled in the same), on the forms, in the meld checker and in the API."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorekeeper.display.words import PROBLEM_TITLES
from test_entry import create, errors_after, post_hand

RULES = Path(__file__).resolve().parents[2] / "scorekeeper" / "rules"


def codes_in_the_core() -> set[str]:
    """Every code passed to ``problem(...)`` or a Keltis row's ``add(...)`` in the rules package."""
    source = "\n".join(path.read_text(encoding="utf-8") for path in RULES.rglob("*.py"))    # keltis/ too
    return set(re.findall(r'\b(?:problem|add)\("([a-z_]+)"', source))


def test_the_scan_finds_the_codes_it_should():
    found = codes_in_the_core()
    assert {"too_many_wilds", "going_out_needs_canasta", "direction_broken", "canastas_exceed_deck"} <= found
    assert len(found) >= 35


def test_every_code_of_the_core_has_a_title_and_no_title_is_left_over():
    assert sorted(codes_in_the_core() - PROBLEM_TITLES.keys()) == []
    assert sorted(PROBLEM_TITLES.keys() - codes_in_the_core()) == []


# 8 cards with a zsoli is illegal in díszített (digest section 1: a canasta of 8 is gold, no wild cards).
ZSOLI_EIGHT = {"side0-melds": "K K K K K K K 2", "side0-hand": "", "side1-hand": "5"}


@pytest.mark.parametrize("language, sentence, absent", [
    ("hu", "1. csoport: Anna: egy 8 lapos csoportban nem lehet zsoli; ebben egy zsoli van", "wild"),
    ("en", "a group of 8 may hold no wild cards; this has one wild card", "zsoli van"),
])
def test_a_refused_hand_says_the_whole_problem_in_the_page_language(client, csrf, language, sentence, absent):
    token = create(client, csrf)
    client.set_cookie("lang", language)
    response = post_hand(client, csrf, token, ZSOLI_EIGHT)
    assert response.status_code == 422
    errors = errors_after(response.get_data(as_text=True), "side0-melds")
    assert sentence in errors and absent not in errors


KELTIS_FALLING_ROW = {"variant": "keltis", "sides": [{"name": "Anna", "rows": {"green": "3 4 3"}},
                                                     {"name": "Béla", "stones": [8, 9]}]}
TWO_WENT_OUT = {"variant": "diszitett", "sides": [
    {"name": "Anna", "melds": ["8 8 8 8 8 8 8"], "out": "out", "hand": ""},
    {"name": "Béla", "melds": ["9 9 9 9 9 9 9"], "out": "out", "hand": ""}]}
NINE_JACKS = {"variant": "diszitett", "sides": [
    {"name": "Anna", "melds": ["J J J J J J J"], "out": "out", "hand": ""},
    {"name": "Béla", "melds": ["9 9 9"], "hand": "J J"}]}

# Seed 001's end rule: two players end with at most 5 + 2 × 2 = 9 closed rows; here every row of both is closed.
KELTIS_TEN_CLOSED = {"variant": "keltis", "sides": [
    {"name": "Anna", "rows": {c: "3 X" for c in ("green", "yellow", "red", "pink", "blue")}},
    {"name": "Béla", "rows": {c: "4 X" for c in ("green", "yellow", "red", "pink", "blue")}}]}


@pytest.mark.parametrize("record, code, sentence", [
    pytest.param(KELTIS_FALLING_ROW, "direction_broken",
                 "Anna: zöld sor: a sor 3. kártyája (3) kisebb az előzőnél (4), pedig korábban 3 után 4 jött, és ez "
                 "növekvő sort szabott", id="a Keltis row: side and colour heads, an ordinal"),
    pytest.param(TWO_WENT_OUT, "several_went_out",
                 "egy leosztásban csak egy játékos mehet ki; megjelölve: Anna és Béla", id="a list of names"),
    pytest.param(NINE_JACKS, "too_many_copies",
                 "az asztalon és a kezekben kilenc bubi van, a pakliban csak nyolc bubi van; 7 Anna csoportjaiban; 2 Béla "
                 "kezében", id="a rank in the plural and where the cards are"),
    pytest.param(KELTIS_TEN_CLOSED, "too_many_closed_rows",
                 "10 sor van lezárva, de 2 játékos legfeljebb 9 lezárt sorral fejezheti be a játékot: a játék véget "
                 "ér, amikor 5 sor végére lezáró kártya került (egy sor végén a két lezáró kártya egynek számít), és "
                 "utána minden játékos legfeljebb 2 lapot tehet még le a kezéből",
                 id="seed 001's end rule: too many closed rows for two players"),
])
def test_the_api_says_problems_in_the_asked_language_and_keeps_codes_and_the_sentence(
        client, record, code, sentence):
    english = client.post("/api/v1/score", json=record).get_json()
    hungarian = client.post("/api/v1/score", json=record, headers={"Accept-Language": "hu"}).get_json()
    [en] = [p for p in english["problems"] if p["code"] == code]
    [hu] = [p for p in hungarian["problems"] if p["code"] == code]
    assert hu["message"] == sentence
    assert en["message"] != sentence and "sentence" in en
    assert {**hu, "message": None} == {**en, "message": None}      # only the words differ


def test_the_meld_checker_api_answers_in_hungarian_for_a_hungarian_page(client):
    body = {"variant": "diszitett", "cards": "K K Q"}
    hu = client.post("/api/v1/check-meld", json=body, headers={"Accept-Language": "hu"}).get_json()
    en = client.post("/api/v1/check-meld", json=body).get_json()
    assert hu["problems"][0]["message"] == ("egy lerakásban csak azonos értékű lapok lehetnek; Q nem illik a "
                                            "többihez (királyok)")
    assert en["problems"][0]["message"] == "a meld holds cards of one rank only; Q does not match the kings"


@pytest.mark.parametrize("cards, english, hungarian", [
    ("K K K K K K K K K", "this meld holds nine kings; the deck has only eight kings",
     "ebben a lerakásban kilenc király van, a pakliban csak nyolc király van"),
    ("Kh Kh Kh K K", "this meld holds 3 × Kh; the deck has only 2, one per pack",
     "Kh: ebben a lerakásban 3 van, a pakliban csak 2 van, csomagonként egy"),
    ("JK JK JK K K K K | JK JK Q Q Q", "these melds hold five jokers together; the deck has only four jokers",
     "ezekben a lerakásokban együtt öt dzsóker van, a pakliban csak négy dzsóker van"),
])
def test_more_copies_than_the_deck_is_said_in_the_asked_language(client, cards, english, hungarian):
    body = {"variant": "international", "cards": cards}
    en = client.post("/api/v1/check-meld", json=body).get_json()
    hu = client.post("/api/v1/check-meld", json=body, headers={"Accept-Language": "hu"}).get_json()
    assert [p["message"] for p in en["problems"] if p["code"] == "more_copies_than_deck"] == [english]
    assert [p["message"] for p in hu["problems"] if p["code"] == "more_copies_than_deck"] == [hungarian]


def test_a_translation_that_lost_a_placeholder_falls_back_to_english(app):
    from scorekeeper.display.words import say

    problem = {"code": "too_few_cards", "message": "English",
               "sentence": {"heads": [], "phrases": [{"template": "no such msgid %(count)s", "args": {}}]}}
    with app.test_request_context(headers={"Accept-Language": "hu"}):
        assert say(problem) == "English"


@pytest.mark.parametrize("language, group, canasta", [
    ("en", "group of kings", "red canasta"),
    ("hu", "királyok csoportja", "piros kanaszta"),
])
def test_a_hand_page_names_each_meld_in_the_page_language(client, csrf, language, group, canasta):
    token = create(client, csrf)
    hand = {"side0-melds": "K K K\n5 5 5 5 5 5 5", "side0-out": "out", "side0-hand": "", "side1-hand": "4"}
    assert post_hand(client, csrf, token, hand).status_code == 303
    client.set_cookie("lang", language)
    page = client.get(f"/m/{token}/hands/1").get_data(as_text=True)
    assert f'<span class="kind">{group}</span>' in page
    assert f'<span class="kind">{canasta}</span>' in page


def test_the_penalty_choices_of_the_hand_form_speak_hungarian(client, csrf):
    token = create(client, csrf, variant="international", names=(("Anna", "Cili"), ("Béla", "Dani")))
    client.set_cookie("lang", "hu")
    page = client.get(f"/m/{token}/hands/new?mode=cards").get_data(as_text=True)
    assert "kanaszta nélkül próbált kimenni" in page
    assert "tried to go out without a canasta" not in page


# --- unreadable input: the reason in the page's language, the token kept as typed ---------------------------

@pytest.mark.parametrize("language, words", [
    ("hu", "1. csoport: 'X' (3. lap) nem kártya"),
    ("en", "1st meld: 'X' (card 3) is not a card"),
])
def test_an_unreadable_card_on_the_hand_form_is_named_in_the_page_language(client, csrf, language, words):
    token = create(client, csrf)
    client.set_cookie("lang", language)
    response = post_hand(client, csrf, token, {**ZSOLI_EIGHT, "side0-melds": "J J X"})
    assert response.status_code == 400
    assert words in errors_after(response.get_data(as_text=True), "side0-melds")


def test_an_unreadable_keltis_card_is_named_in_hungarian(client, csrf):
    from test_keltis_web import GAME, errors_at

    token = create(client, csrf, variant="keltis")
    client.set_cookie("lang", "hu")
    response = post_hand(client, csrf, token, {**GAME, "side0-rows-green": "0 1 Q"})
    assert response.status_code == 400
    assert "'Q' (3. kártya) nem színsor-kártya" in errors_at(response.get_data(as_text=True),
                                                                  "side0-rows-green")


def test_the_api_names_an_unreadable_card_in_the_asked_language(client):
    body = {"variant": "diszitett", "cards": "K K Y"}
    hu = client.post("/api/v1/check-meld", json=body, headers={"Accept-Language": "hu"})
    en = client.post("/api/v1/check-meld", json=body)
    assert hu.status_code == en.status_code == 400
    assert hu.get_json()["error"]["message"].startswith("ismeretlen lap: 'Y' (3. a sorban: 'K K Y')")
    assert en.get_json()["error"]["message"].startswith("unknown card 'Y' at position 3 in 'K K Y'")
    assert hu.get_json()["error"]["token"] == en.get_json()["error"]["token"] == "Y"


@pytest.mark.parametrize("language, verdict, said", [
    ("hu", {"kind": "sequence", "suit": "h", "label": "sequence of hearts"}, "kőr sor"),     # one msgid per suit
    ("fr", {"kind": "sequence", "suit": "h", "label": "sequence of hearts"}, "séquence à cœur"),
    ("sv", {"kind": "sequence", "suit": "h", "label": "sequence of hearts"}, "svit i hjärter"),
    ("hu", {"kind": "sequence", "suit": None, "label": "sequence of one suit"}, "egyszínű sor"),
    ("en", {"kind": "sequence", "suit": "s", "label": "sequence of spades"}, "sequence of spades"),
])
def test_a_sequence_is_named_by_its_suit_in_the_page_language(app, language, verdict, said):
    from scorekeeper.display.words import kind_label

    with app.test_request_context(headers={"Accept-Language": language}):
        assert kind_label(verdict) == said
