"""Sentences kept before their values are filled in, so each front can say them in its own language.

A :class:`Phrase` is a ``%(name)s`` template, an English msgid collected for the translators by ``pybabel
extract -k phrase``, and its values. The rules core renders it in English (``render()``); the web layer
translates the template and fills in the same values (scorekeeper/display/words.py). Problems (problems.py) and
the errors of unreadable input (errors.py) carry their sentences this way.

A few values are words themselves (a rank's plural, an ordinal, a colour, a list of names): the last part of
their argument name says which (:data:`WORD_KINDS`), so each front renders them in its own language. The core
renders them in English with :data:`ENGLISH`. This module imports nothing, so every other module may use it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping

RANK_PLURALS = {"J": "jacks", "Q": "queens", "K": "kings", "A": "aces", "6": "sixes", "3": "threes",
                "JK": "jokers", "2": "deuces", "black3": "black threes", "red3": "red threes"}


def plural(rank: str | None) -> str:
    """A rank (or a deck-count key such as ``JK``) named in the plural: "jacks", "7s"."""
    return RANK_PLURALS.get(rank or "", f"{rank}s")


# A count of cards said in words next to the card it counts (issue 21: "this has 1" before the offending card "2"
# read "this has 1 2"): "one wild card", "two deuces", "nine 7s". Up to twelve in words, larger counts in digits.
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                "twelve")
#: The cards a count may name besides a rank: (singular, plural).
CARD_WORDS = {"card": ("card", "cards"), "wild": ("wild card", "wild cards"),
              "natural": ("natural card", "natural cards"), "gap": ("gap", "gaps")}
RANK_SINGULARS = {"J": "jack", "Q": "queen", "K": "king", "A": "ace", "6": "six", "3": "three", "JK": "joker",
                  "2": "deuce", "black3": "black three", "red3": "red three"}


def number_word(n: int) -> str:
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def tally(value: Any) -> str:
    """A ``(count, what)`` pair in words: ``(1, "wild")`` "one wild card", ``(2, "2")`` "two deuces", ``(9, "7")``
    "nine 7s"; ``what`` is a key of :data:`CARD_WORDS` or a rank (a deck-count key such as ``JK``)."""
    n, what = value
    one, many = CARD_WORDS.get(what) or (RANK_SINGULARS.get(what, what), plural(what))
    return f"{number_word(n)} {one if n == 1 else many}"


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def and_join(names: Iterable[str], word: str = "and") -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" {word} " + names[-1]


def card_group(cards: Iterable[str]) -> str:
    """A value group's cards (value_groups.py) as the summary form names them: "jokers", "A, 2", "8–K"."""
    cards = list(cards)
    if len(cards) == 1:
        return plural(cards[0])
    return ", ".join(cards) if len(cards) == 2 else f"{cards[0]}–{cards[-1]}"


#: How the core says a value that is a word, by the last part of its argument name (``odd_rank`` is a rank).
ENGLISH: dict[str, Callable[[Any], str]] = {"rank": plural, "nth": ordinal, "names": and_join, "colour": str,
                                            "variant": str,      # a variant's name: a table word
                                            "group": card_group, "tally": tally}
WORD_KINDS = frozenset(ENGLISH)


def word_kind(name: str) -> str | None:
    kind = name.rsplit("_", 1)[-1]
    return kind if kind in WORD_KINDS else None


@dataclass(frozen=True, slots=True)
class Phrase:
    """A ``%(name)s`` template and its values; ``render`` fills them in, words through ``words``."""

    template: str
    args: tuple[tuple[str, Any], ...] = ()

    def render(self, template: str | None = None,
               words: Mapping[str, Callable[[Any], str]] = ENGLISH) -> str:
        values = {name: words[kind](value) if (kind := word_kind(name)) else value for name, value in self.args}
        return (template if template is not None else self.template) % values

    def to_dict(self) -> dict[str, Any]:
        return {"template": self.template,
                "args": {name: list(v) if isinstance(v, tuple) else v for name, v in self.args}}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Phrase":
        """The phrase again from :meth:`to_dict`'s JSON shape (a front reading a problem's ``sentence``)."""
        return cls(data["template"], _frozen(data.get("args", {})))


def _frozen(args: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple((name, tuple(v) if isinstance(v, list) else v) for name, v in args.items())


def phrase(template: str, **args: Any) -> Phrase:
    """One clause of a problem's sentence; the template literal is what the translators see."""
    return Phrase(template, _frozen(args))


def named(name: str) -> Phrase:
    """The head naming a side or player: a name is never translated."""
    return Phrase("%(side)s", (("side", name),))


#: How a sentence joins a head ("Anna", a Keltis row's colour) to what is said of it, and one clause to the next:
#: msgids, since languages space them otherwise (French writes a no-break space before ":" and ";", so a French
#: page read "Combinaison 1 : Anna: un groupe…" before issue 23's polish). Phrases, so the phone's phrasebook
#: holds them too (web/offline.py collects ``phrase("…")`` templates).
HEAD_JOIN = phrase("%(head)s: %(rest)s")
CLAUSE_JOIN = phrase("%(clause)s; %(more)s")


def compose(heads: Iterable[str], phrases: Iterable[str], text: Callable[[str], str] = str) -> str:
    """``head: head: phrase; phrase``, joined as the language does: ``text`` gives a template in the sentence's
    language (rules/speech.py passes the word table's; the core's English is the templates themselves)."""
    clauses = list(phrases)
    said = clauses[0] if clauses else ""
    for clause in clauses[1:]:
        said = text(CLAUSE_JOIN.template) % {"clause": said, "more": clause}
    for head in reversed(list(heads)):
        said = text(HEAD_JOIN.template) % {"head": head, "rest": said}
    return said
