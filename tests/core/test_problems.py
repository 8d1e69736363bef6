"""A problem's sentence in two forms (scorekeeper/rules/problems.py): the English ``message`` and the unfilled
``sentence`` (templates and values) that a front translates. The two must always say the same thing."""

import pytest

from scorekeeper import service
from scorekeeper.rules.phrases import Phrase, and_join, ordinal, phrase
from scorekeeper.rules.problems import problem


def rebuilt(p: dict) -> str:
    """The message made again from the dict's sentence, in English: what a translating client starts from."""
    def fill(part):
        return Phrase.from_dict(part).render()
    heads = [fill(h) for h in p["sentence"]["heads"]]
    return ": ".join([*heads, "; ".join(fill(x) for x in p["sentence"]["phrases"])])


MELD_CASES = [
    pytest.param("diszitett", "K K K K K K K 2", "a group of 8 may hold no wild cards; this has 1",
                 id="8 cards with a zsoli is illegal in díszített"),
    pytest.param("international/swedish_half", "5 5 2 2 2 2", "at most 3 wild cards are allowed in a meld; at most "
                 "half of a meld may be wild; this has 4", id="two wild-card limits broken are one problem"),
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
