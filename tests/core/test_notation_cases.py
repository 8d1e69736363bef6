"""The card notation cases shared with the browser (tests/notation_cases.json), read by the core's notation
(scorekeeper/rules/cards.py). tests/js/notation.test.js reads the same table with static/notation.js: a meld line
in the browser counts the cards, and the keypad edits the tokens, the server will read."""

import json
from pathlib import Path

import pytest

from scorekeeper.rules import NotationError, format_cards, parse_card, parse_cards
from scorekeeper.rules.cards import card_tokens, split_melds, unreadable_tokens

CASES = json.loads((Path(__file__).parent.parent / "notation_cases.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", CASES["texts"], ids=lambda c: repr(c["text"]))
def test_a_card_list_splits_into_the_tokens_the_browser_counts(case):
    assert card_tokens(case["text"]) == case["tokens"]


@pytest.mark.parametrize("case", CASES["texts"], ids=lambda c: repr(c["text"]))
def test_a_card_list_reads_to_its_canonical_cards_or_names_every_unreadable_token(case):
    unreadable = [list(pair) for pair in unreadable_tokens(case["text"])]
    assert unreadable == case.get("unreadable", [])
    if "cards" in case:
        assert format_cards(parse_cards(case["text"])) == case["cards"]
    else:
        with pytest.raises(NotationError) as caught:
            parse_cards(case["text"])
        assert [caught.value.position, caught.value.token] == case["unreadable"][0]


@pytest.mark.parametrize("case", CASES["melds"], ids=lambda c: repr(c["text"]))
def test_a_list_of_melds_splits_at_lines_and_bars(case):
    assert split_melds(case["text"]) == case["melds"]


@pytest.mark.parametrize("case", CASES["cards"], ids=lambda c: c["token"])
def test_a_token_reads_as_its_card_and_as_the_browser_groups_it(case):
    if case["card"] is None:
        with pytest.raises(NotationError):
            parse_card(case["token"])
        assert unreadable_tokens(case["token"]) == [(1, case["token"])]
        return
    card = parse_card(case["token"])
    assert str(card) == case["card"]
    if "browser" in case:
        assert case["browser"] == {"rank": "3h" if card.is_red_three else card.rank, "suit": card.suit}
