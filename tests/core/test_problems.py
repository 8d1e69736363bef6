"""A problem's sentence in two forms (scorekeeper/rules/problems.py): the English ``message`` and the unfilled
``sentence`` (templates and values) that a front translates. The two must always say the same thing."""

import re

import pytest

from scorekeeper import service
from scorekeeper.rules import describe_variants
from scorekeeper.rules.melds.verdict import check_meld
from scorekeeper.rules.phrases import Phrase, and_join, ordinal, phrase
from scorekeeper.rules.problems import problem


def rebuilt(p: dict) -> str:
    """The message made again from the dict's sentence, in English: what a translating client starts from."""
    def fill(part):
        return Phrase.from_dict(part).render()
    heads = [fill(h) for h in p["sentence"]["heads"]]
    return ": ".join([*heads, "; ".join(fill(x) for x in p["sentence"]["phrases"])])


MELD_CASES = [
    pytest.param("diszitett", "K K K K K K K 2", "a group of 8 may hold no wild cards; this has one wild card",
                 id="8 cards with a zsoli is illegal in díszített"),
    pytest.param("international/swedish_half", "5 5 2 2 2 2", "a meld may hold at most three wild cards; at most "
                 "half of a meld may be wild; this has four wild cards", id="two wild-card limits broken are one problem"),
    pytest.param("diszitett", "K K Q", "a meld holds cards of one rank only; Q does not match the kings",
                 id="one odd card: does"),
    pytest.param("diszitett", "K K Q Q 5", "a meld holds cards of one rank only; Q Q 5 do not match the kings",
                 id="several odd cards: do"),
    pytest.param("diszitett", "3h 4 4", "red threes are never melded: they are bonus cards, laid out on their own",
                 id="a red three in a meld"),
]


@pytest.mark.parametrize("variant, cards, message", MELD_CASES)
def test_the_english_message_is_the_sentence_filled_in(variant, cards, message):
    variant, _, wild_limit = variant.partition("/")
    problems = service.check(variant, cards, options={"wild_limit": wild_limit} if wild_limit else None)["problems"]
    assert message in [p["message"] for p in problems]
    assert all(rebuilt(p) == p["message"] for p in problems)


def test_a_side_and_a_keltis_row_are_heads_before_the_sentence():
    result = service.score({"variant": "keltis", "sides": [{"name": "Anna", "rows": {"green": "3 4 3"}},
                                                           {"name": "Béla", "stones": [8, 9]}]})
    [p] = result["problems"]
    assert p["message"] == ("Anna: green row: the 3rd card (3) after 4 goes down, but 3 then 4 made the row "
                            "ascending")
    assert [h["template"] for h in p["sentence"]["heads"]] == ["%(side)s", "%(colour)s row"]
    assert p["sentence"]["heads"][1]["args"] == {"colour": "green"}
    assert rebuilt(p) == p["message"]


def test_values_that_are_words_stay_unrendered_in_the_sentence():
    """A front says "kings", "3rd" or "Anna and Béla" in its own language, so the sentence keeps the raw value."""
    record = {"variant": "diszitett", "sides": [
        {"name": "Anna", "melds": ["8 8 8 8 8 8 8"], "out": "out", "hand": ""},
        {"name": "Béla", "melds": ["9 9 9 9 9 9 9"], "out": "out", "hand": ""}]}
    [p] = [p for p in service.score(record)["problems"] if p["code"] == "several_went_out"]
    assert p["message"] == "only one player can go out in a hand; recorded: Anna and Béla"
    assert p["sentence"]["phrases"][0]["args"] == {"names": ["Anna", "Béla"]}


@pytest.mark.parametrize("n, word", [(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"), (12, "12th"),
                                     (13, "13th"), (21, "21st"), (112, "112th")])
def test_english_ordinals(n, word):
    assert ordinal(n) == word


def test_names_are_joined_with_and():
    assert and_join(["Anna"]) == "Anna"
    assert and_join(["Anna", "Béla", "Cili"]) == "Anna, Béla and Cili"
    assert and_join(["Anna", "Béla"], "és") == "Anna és Béla"


def test_a_problem_of_several_phrases_joins_them_with_a_semicolon():
    p = problem("too_many_wilds", [phrase("at most %(allowed)s", allowed=3), phrase("this has %(count)s", count=4)],
                ["2", "JK"], head=phrase("%(colour)s row", colour="red"))
    assert p.message == "red row: at most 3; this has 4"
    assert p.cards == ("2", "JK")
    assert p.located(side="Anna", field="sides[0]").message == "Anna: red row: at most 3; this has 4"


# Issue 21: "this has 1" came before the offending card the checker shows, "this has 1 2".
COUNTED = [
    pytest.param("diszitett", "K K K K K K K 2", "a group of 8 may hold no wild cards; this has one wild card",
                 id="one wild card, singular"),
    pytest.param("bolivia", "7h 8h 2", "a meld may hold no wild cards; this has one wild card",
                 id="no wild cards allowed: not 'at most 0'"),
    pytest.param("international", "K K K 2 2 2 2", "a meld may hold at most three wild cards; this has four wild cards",
                 id="four wild cards"),
    pytest.param("canasta_libre", "7 7 7 7 7 7 7 7 7", "this meld holds nine 7s; the deck has only eight 7s",
                 id="nine 7s, not 9 7s"),
    pytest.param("bolivia", "K 2", "a meld needs at least two natural cards, this has one natural card",
                 id="one natural card"),
    pytest.param("samba", "4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah 2 JK JK 2",
                 "a sequence has at most 11 ranks, this has 15 cards", id="above twelve in digits"),
]


@pytest.mark.parametrize("variant, cards, message", COUNTED)
def test_issue21_a_count_of_cards_is_said_in_words_with_the_card_it_counts(variant, cards, message):
    assert message in [p.message for p in check_meld(variant, cards).problems]


def test_issue21_no_meld_sentence_puts_a_bare_count_next_to_a_rank_or_a_card():
    """Every variant, melds that break each limit: no number placeholder but a tally (phrases.tally: the count in
    words with its card) stands before a rank, a card word or the end of "this has …" (the checker shows the
    offending cards right after the sentence)."""
    glued = re.compile(r"%\((?!\w*tally)\w+\)s (?:[2-9]|10|[JQKA]\b|JK|jokers?|deuces?|kings?|queens?|jacks?|aces?|"
                       r"(?:black |red )?threes?|wild|natural|cards?\b|gaps?|%\(\w*rank\)s)|"
                       r"this has %\((?!\w*tally)\w+\)s$")
    melds = ["K 2", "K K 2", "K K K 2", "K K K K K K K 2", "K K K K K K K K 2", "K K K 2 2 2 2", "7h 8h 2",
             "7h Jh Kh", "7 7 7 7 7 7 7 7 7", "2 2", "3 3", "3 3 3 2", "JK JK JK JK JK JK JK JK JK", "Kh Kh Kh K K",
             "4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah 2 JK JK 2", ""]
    found = {(v["id"], m, part["template"]) for v in describe_variants() if v["family"] == "canasta" for m in melds
             for p in check_meld(v["id"], m).problems for part in p.to_dict()["sentence"]["phrases"]
             if glued.search(part["template"])}
    assert found == set()
