"""Issue 23, cards as each table names them, through the fronts: the API reads the request's language (the ``lang``
cookie, else Accept-Language), the checker page and the hand form the page's, each page's help says which letters
and words it reads, and the answers say what was understood in the page's language."""

from __future__ import annotations

import re
from html import unescape

import pytest

from test_entry import create, post_hand, state, textarea

from scorekeeper.languages import LANGUAGES as FOUR



def check(client, cards, *, accept=None, cookie=None, variant="diszitett"):
    if cookie:
        client.set_cookie("lang", cookie)
    headers = {"Accept-Language": accept} if accept else {}
    return client.post("/api/v1/check-meld", json={"variant": variant, "cards": cards}, headers=headers)


@pytest.mark.parametrize("accept, cards, understood", [
    ("hu", "három király két joker", "K K K JK JK"),
    ("hu-HU,hu;q=0.9", "B B B NZ", "J J J JK"),
    ("fr", "trois rois et un joker", "K K K JK"),
    ("fr-FR,fr;q=0.9,en;q=0.5", "R R R V V V", "K K K J J J"),      # two ranks: readable, not legal
    ("sv", "tre kungar en joker", "K K K JK"),
    ("sv", "J J Kn Kn Kn", "JK JK Kn Kn Kn"),
    ("en", "seven queens", "Q Q Q Q Q Q Q"),
    (None, "3 kings", "K K K"),
])
def test_check_meld_reads_the_cards_in_the_request_s_language(client, accept, cards, understood):
    response = check(client, cards, accept=accept)
    assert response.status_code == 200, response.json
    assert response.json["understood"] == understood


def test_the_lang_cookie_wins_over_accept_language(client):
    """As the pages choose their language (i18n.select_locale): a Swedish cookie reads J as the joker."""
    answer = check(client, "K K K J", accept="en", cookie="sv").json
    assert answer["understood"] == "K K K JK" and answer["wilds"] == 1
    english = check(client.application.test_client(), "K K K J", accept="en").json
    assert english["legal"] is False and english["understood"] == "K K K J"


def test_an_unreadable_card_is_said_in_the_request_s_language_with_its_letters(client):
    response = check(client, "R R X", accept="fr")
    assert response.status_code == 400
    error = response.json["error"]
    assert (error["token"], error["position"]) == ("X", 3)
    assert "carte inconnue" in error["message"] and "V, D, R, A" in error["message"]


def test_a_lone_zsoli_asks_which_wild_card_in_hungarian(client):
    response = check(client, "K K zsoli", accept="hu")
    assert response.status_code == 400
    assert "bármelyik zsoli" in response.json["error"]["message"]
    assert "nagy zsoli (JK), kis zsoli (2)" in response.json["error"]["message"]


def test_a_count_beyond_any_deck_is_a_400_naming_it(client):
    response = check(client, "forty-two kings 17 kings", accept="en")      # the first problem typed first
    assert response.status_code == 400 and response.json["error"]["position"] == 1
    response = check(client, "17 kings", accept="en")
    assert response.status_code == 400 and "no table's deck holds more than 16" in response.json["error"]["message"]


def page(client, url, lang):
    client.set_cookie("lang", lang)
    return unescape(client.get(url).get_data(as_text=True))


@pytest.mark.parametrize("lang, says", [
    ("hu", ["Ez az oldal a magyar betűket is olvassa: B = bubi (J)", "„három király két dzsóker”", "aztán"]),
    ("fr", ["V = valet (J), D = dame (Q), R = roi (K)", "trois rois et un joker", "puis"]),
    ("sv", ["Kn = knekt", "ett ensamt J är jokern", "tre kungar en joker", "sedan"]),
    ("en", ["D alone is the queen", "seven queens and a joker", "“then” starts the next meld"]),
])
def test_the_checker_s_help_says_the_page_s_letters_words_and_ambiguous_letter(client, lang, says):
    html = page(client, "/checker", lang)
    for words in says:
        assert words in html, words


@pytest.mark.parametrize("lang, faces, jack", [
    ("hu", ["B", "D", "K", "Á", "NZ"], "J"),
    ("fr", ["V", "D", "R", "A", "JK"], "J"),
    ("sv", ["Kn", "D", "K", "E", "J"], "Kn"),      # seed 004's letters; the jack key types Kn, J being the joker
    ("en", ["J", "Q", "K", "A", "JK"], "J"),
])
def test_the_checker_s_keys_show_the_page_s_letters_and_type_what_it_reads(client, lang, faces, jack):
    html = page(client, "/checker", lang)
    keys = dict(re.findall(r'data-card="([^"]+)"[^>]*>\s*([^<]+?)\s*<', html))
    assert [keys[k] for k in (jack, "Q", "K", "A", "JK")] == faces


@pytest.mark.parametrize("lang, cards, understood", [
    ("fr", "trois rois et un joker", "Compris comme R R R JK"),
    ("fr", "quatre valets", "Compris comme V V V V"),
    ("sv", "tre kungar en joker", "Uppfattat som K K K J"),        # a Swedish J is the joker (seed 004)
    ("sv", "tre damer Kh", "Uppfattat som D D D K♥"),
    ("hu", "három király két joker", "Így értettük: K K K NZ NZ"),
    ("hu", "négy bubi aztán két ász", "Így értettük: B B B B | Á Á"),
    ("en", "three kings and a joker", "Understood as K K K JK"),
])
def test_the_checker_page_without_script_says_what_it_understood(client, lang, cards, understood):
    """In the letters of the page's keys (fr R/D/V, hu B/D/Á/NZ, sv Kn/E/J), not the international notation the
    API's ``understood`` keeps (static/checker.js writes the live verdict's the same way)."""
    html = page(client, "/checker", lang)
    csrf = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', html).group(1)
    response = client.post("/checker", data={"csrf_token": csrf, "variant": "diszitett", "cards": cards})
    assert response.status_code == 200
    assert understood in unescape(response.get_data(as_text=True))


def test_a_hand_typed_on_a_swedish_page_is_stored_international_and_edited_in_swedish(app, client, csrf):
    token = create(client, csrf)
    client.set_cookie("lang", "sv")
    hand = {"side0-melds": "Kn Kn Kn Kn J J J\nfem femmor och två tvåor sedan sju damer", "side0-red_threes": "1",
            "side0-twins": "0", "side0-out": "none", "side0-hand": "E",
            "side1-melds": "K K K K K K K", "side1-red_threes": "0", "side1-twins": "0", "side1-out": "out",
            "side1-hand": ""}
    response = post_hand(client, csrf, token, hand)
    assert response.status_code == 303, re.findall(r'class="(?:field-error|problems?)[^"]*"[^>]*>(.*?)</',
                                                    unescape(response.get_data(as_text=True)), re.S)
    stored = state(app, token)["entries"][0]["sides"][0]
    assert stored["melds"] == ["J J J J JK JK JK", "5 5 5 5 5 2 2", "Q Q Q Q Q Q Q"]
    assert stored["hand"] == "A"
    html = client.get(f"/m/{token}/hands/1/edit").get_data(as_text=True)
    assert textarea(html, "side0-melds") == "Kn Kn Kn Kn JK JK JK\n5 5 5 5 5 2 2\nQ Q Q Q Q Q Q"
    client.set_cookie("lang", "en")
    html = client.get(f"/m/{token}/hands/1/edit").get_data(as_text=True)
    assert textarea(html, "side0-melds") == "J J J J JK JK JK\n5 5 5 5 5 2 2\nQ Q Q Q Q Q Q"


def test_the_melds_help_on_the_hand_form_is_the_page_s(app, client, csrf):
    token = create(client, csrf)
    for lang, words in (("fr", "«\u00a0trois rois et un joker\u00a0»"), ("fr", "D est la dame"),
                        ("sv", "Kn, D, K, E, 2, J eller JK"), ("sv", "ett ensamt J är jokern"),
                        ("hu", "B, D, K, Á, 2, NZ vagy JK"), ("hu", "a D a dáma")):
        assert words in page(client, f"/m/{token}/hands/new", lang), lang


def test_the_phone_previews_a_swedish_dictated_hand_as_the_server_does(client, csrf, tmp_path):
    """rules/offline.py's preview gets the page's lang (static/offline.js adds it), as the server's preview reads
    the page's: the same answer for "tre kungar en joker" on a Swedish page."""
    from tests.phone_zip import answers_on_phone, unpack
    from test_preview import preview

    token = create(client, csrf)
    client.set_cookie("lang", "sv")
    fields = {"alone": "", "side0-melds": "sju kungar och en joker\nKn Kn Kn J", "side0-red_threes": "0",
              "side0-twins": "0", "side0-out": "out", "side0-hand": "", "side1-melds": "tre damer",
              "side1-red_threes": "0", "side1-twins": "0", "side1-out": "none", "side1-hand": "E 4"}
    server = preview(client, csrf, token, fields, mode="cards", version="0")
    assert server.status_code == 200 and server.json["unreadable"] == 0, server.json
    offline = client.get(f"/m/{token}/offline.json").json
    request = {"match": offline, "mode": "cards", "fields": {"csrf_token": csrf, "version": "0", **fields}}
    phone = answers_on_phone(unpack(tmp_path / "core"), "preview", [{**request, "lang": "sv"}, request])
    assert phone[0] == {"status": 200, "data": server.json}
    assert phone[1]["data"]["unreadable"] > 0      # read as English, "sju kungar" is no card: the lang matters
