"""Issue 23: the notation help of a page says the letters the page reads, from the parser's table (rules/cards.py
help_letters, spellings): the meld checker's first notation paragraph (a Swedish page's J is the joker, seed 004,
and its jack Kn), the help said once after a hand form's unreadable cards, and the letters static/notation.js
groups by (data-card-letters)."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

from scorekeeper.rules.cards import help_letters, spellings
from test_entry import create, post_hand, text

from scorekeeper.languages import LANGUAGES as FOUR



def page(client, url, lang):
    client.set_cookie("lang", lang)
    return client.get(url).get_data(as_text=True)


def notation_cards(html: str) -> str:
    return unescape(re.search(r'<p class="notation-cards">(.*?)</p>', html, re.S).group(1))


def card_letters(html: str, form_id: str) -> dict[str, str]:
    tag = re.search(rf'<form [^>]*id="{form_id}"[^>]*>', html, re.S).group(0)
    return json.loads(unescape(re.search(r"data-card-letters='([^']*)'", tag).group(1)))


@pytest.mark.parametrize("lang, says", [
    ("sv", ["Knekt: Kn;", "dam: D / Q;", "ess: E / A;", "joker: J / JOKER / JK / *."]),
    ("fr", ["Valet\u00a0: V / J\u00a0;", "roi\u00a0: R / K\u00a0;", "joker\u00a0: JOKER / JK / *."]),
    ("hu", ["Bubi: B / J;", "dáma: D / Q;", "nagy zsoli (dzsóker): NZ / JOKER / JK / *."]),
    ("en", ["Jack: J / B;", "queen: Q / D;", "joker: JOKER / JK / * / NZ."]),
])
def test_the_checker_s_notation_help_names_the_letters_the_page_reads(client, lang, says):
    said = notation_cards(page(client, "/checker", lang))
    for words in says:
        assert words in said, (words, said)
    for letters in help_letters(lang).values():        # every card's letters, as the parser's table has them
        assert letters in said


def test_a_swedish_checker_page_never_says_that_j_is_the_jack(client):
    said = notation_cards(page(client, "/checker", "sv"))
    assert "J, Q, K, A" not in said
    jack = re.search(r"Knekt: ([^;]*);", said).group(1)
    assert jack.split(" / ") == ["Kn"]


@pytest.mark.parametrize("lang", FOUR)
def test_the_pages_give_the_browser_the_parser_s_letters(client, csrf, lang):
    assert card_letters(page(client, "/checker", lang), "checker") == spellings(lang)
    token = create(client, csrf)
    assert card_letters(page(client, f"/m/{token}/hands/new", lang), "hand-form") == spellings(lang)


HAND = {"side0-melds": "K K K X", "side0-red_threes": "0", "side0-twins": "0", "side0-out": "none",
        "side0-hand": "", "side1-melds": "7 7 7", "side1-red_threes": "0", "side1-twins": "0", "side1-out": "out",
        "side1-hand": ""}


@pytest.mark.parametrize("lang, help_, not_said", [
    ("fr", "Les cartes sont 4–10, V, D, R, A, JK, 2 (deux), 3 avec une couleur", "J, Q, K, A, 2, JK"),
    ("sv", "Korten är 4–10, Kn, D, K, E, J (eller JK), 2 (tvåa), 3 med färg", "J, Q, K, A, 2, JK"),
    ("hu", "A lapok: 4–10, B, D, K, Á, NZ (vagy JK), 2 (kis zsoli)", "J, Q, K, A, 2, JK"),
    ("en", "Cards are 4–10, J, Q, K, A, 2, JK (joker)", "Kn"),
])
def test_a_hand_form_s_unreadable_card_is_followed_by_the_page_s_letters(client, csrf, lang, help_, not_said):
    token = create(client, csrf)
    client.set_cookie("lang", lang)
    response = post_hand(client, csrf, token, HAND)
    assert response.status_code == 400
    said = text(response.get_data(as_text=True))
    assert said.count(help_) == 1, said
    assert not_said not in said
