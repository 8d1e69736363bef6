"""Issue 23, sentences the code assembles from a label and what is said of it: the joining is the language's
(rules/phrases.py HEAD_JOIN, CLAUSE_JOIN; display/words.py headed), so a French page writes a no-break space
before the colon and the semicolon every time, not only in its own msgids ("Combinaison 1 : Anna: un groupe…"
before)."""

from __future__ import annotations

import re
from html import unescape

import pytest
from test_entry import create, post_hand

from scorekeeper.rules.phrases import compose

NBSP = "\u00a0"


def refused_meld_error(client, csrf, lang: str) -> str:
    token = create(client, csrf)
    client.set_cookie("lang", lang)
    hand = {"side0-melds": "K K", "side0-red_threes": "0", "side0-twins": "0", "side0-out": "none",
            "side0-hand": "", "side1-melds": "Q Q Q Q Q Q Q", "side1-red_threes": "0", "side1-twins": "0",
            "side1-out": "out", "side1-hand": ""}
    response = post_hand(client, csrf, token, hand)
    assert response.status_code != 303                      # refused: two kings are no meld
    html = unescape(response.get_data(as_text=True))
    return next(e for e in re.findall(r'class="field-error[^"]*"[^>]*>(.*?)</', html, re.S) if "Anna" in e)


def test_a_refused_meld_on_a_french_page_puts_a_no_break_space_before_each_colon(client, csrf):
    error = refused_meld_error(client, csrf, "fr")
    assert error.startswith(f"Combinaison 1{NBSP}: Anna{NBSP}: "), error
    assert not re.search(r"\S:", error), error


@pytest.mark.parametrize("lang, start", [("en", "Meld 1: Anna: a group"), ("hu", "1. csoport: Anna: egy csoport"),
                                         ("sv", "Kombination 1: Anna: en grupp")])
def test_a_refused_meld_elsewhere_keeps_the_colon_against_the_word(client, csrf, lang, start):
    assert refused_meld_error(client, csrf, lang).startswith(start)


def test_the_core_s_english_joins_as_before():
    """The record's English messages (the API, the CLI) are the core's own templates: unchanged."""
    assert compose(["Anna", "red"], ["a group needs 3", "too many wilds"]) == "Anna: red: a group needs 3; too many wilds"
    assert compose([], ["one"]) == "one" and compose(["Anna"], []) == "Anna: "


@pytest.mark.parametrize("lang, label", [("fr", "Valeur de première pose\u00a0: <strong>"), ("en", "Opening value: <strong>")])
def test_a_label_s_colon_on_a_page_is_the_language_s(client, lang, label):
    """The checker's opening value (templates/checker.html, static/checker.js: the colon() the page hands it)."""
    client.set_cookie("lang", lang)
    html = client.get("/checker").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', html).group(1)
    response = client.post("/checker", data={"csrf_token": csrf, "variant": "diszitett", "cards": "K K K | 8 8 8"})
    assert label in unescape(response.get_data(as_text=True))
    assert (f'"colon": "{NBSP}:"' if lang == "fr" else '"colon": ":"') in unescape(html).replace("\\u00a0", NBSP)
