"""Issue 23: the letters a page's notation help says, and the letters static/notation.js groups by, are the
parser's for the page's language (rules/cards.py help_letters, spellings), so neither can say that ``J`` is the
jack on a Swedish page, where ``J`` alone is the joker (seed 004; rules/card_words.py's decision)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.rules import card_words
from scorekeeper.rules.cards import HELP_CARDS, NOTATION_HELP, help_letters, notation_help, parse_card, spellings

LETTERS_FILE = Path(__file__).parent.parent / "card_letters.json"


@pytest.mark.parametrize("lang", card_words.LANGUAGES)
def test_every_letter_the_help_names_reads_as_that_card_in_the_page_s_language(lang):
    for card, said in help_letters(lang).items():
        for spelling in said.split(" / "):
            assert str(parse_card(spelling, lang=lang)) == card, (lang, spelling)
            assert str(parse_card(spelling.lower(), lang=lang)) == card, (lang, spelling)


@pytest.mark.parametrize("lang", card_words.LANGUAGES)
def test_the_help_names_every_spelling_the_parser_reads_for_its_cards(lang):
    named = {s.upper() for said in help_letters(lang).values() for s in said.split(" / ")}
    read = {s for s, card in spellings(lang).items() if card in HELP_CARDS}
    assert named == read


def test_on_a_swedish_page_the_help_says_j_is_the_joker_and_kn_the_jack():
    letters = help_letters("sv")
    assert letters["J"] == "Kn"
    assert "J" in letters["JK"].split(" / ") and "J" not in letters["J"].split(" / ")
    assert "J" in help_letters("en")["J"].split(" / ") and "J" in help_letters("fr")["J"].split(" / ")


def test_the_ten_the_help_names_by_t_is_read_so_in_every_language():
    # the help's fixed words "Ranks 4 to 10 (10 may be T)" and "3h or 3d is a red three" hold in every language
    for lang in card_words.LANGUAGES:
        assert str(parse_card("T", lang=lang)) == "10"
        assert parse_card("3d", lang=lang).is_red_three and parse_card("3s", lang=lang).is_black_three
        assert str(parse_card("Kh", lang=lang)) == "Kh" and str(parse_card("10s", lang=lang)) == "10s"


@pytest.mark.parametrize("lang", card_words.LANGUAGES)
def test_the_browser_s_letters_are_the_parser_s(lang):
    """tests/card_letters.json is what tests/js/notation_letters.test.js feeds static/notation.js; the page renders
    spellings(lang) itself, so the file must be the parser's table (regenerate it from spellings())."""
    table = json.loads(LETTERS_FILE.read_text(encoding="utf-8"))["letters"][lang]
    assert table == spellings(lang)
    for spelling, card in table.items():
        assert str(parse_card(spelling, lang=lang)) == card


def test_the_notation_help_after_a_form_s_typos_is_the_page_s_letters():
    assert notation_help("en") is NOTATION_HELP
    for lang in ("hu", "fr", "sv"):
        said = notation_help(lang).render()
        assert card_words.SHOWN_LETTERS[lang] in said and card_words.EXAMPLE[lang] in said
    assert "Kn, D, K, E, J (eller JK)" in notation_help("sv").render()
