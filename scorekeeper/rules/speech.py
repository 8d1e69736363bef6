"""The core's sentences said in a language: a :class:`~scorekeeper.rules.phrases.Phrase` and a language's
:class:`WordTable` make one sentence, the same way on the server and on a phone scoring offline (issue 23).

The rules core writes its problems in English and keeps each sentence unfilled (``sentence``: templates and
values, rules/phrases.py). A front says it in its page's language with a word table: the templates translated,
and the words its word-valued placeholders need (a rank's plural, a count of cards, an ordinal, "and", a key's
face). Online the table asks gettext (scorekeeper/display/words.py: ``page_table``); offline (issue 22, "Play
offline on this phone", where no catalogue and no Babel exist) it reads a *phrasebook*: the same table written
down as JSON by the server for one language (:func:`phrasebook`, served by scorekeeper/web/offline.py), read back
by :func:`from_phrasebook`. Everything between the table and the sentence is here, once, so the phone's sentence
is byte for byte the server's (tests/core/test_offline_words.py proves it per language).

Standard library only: it runs under Pyodide.
"""

from __future__ import annotations

import gettext
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping

from scorekeeper.rules.phrases import Phrase, and_join, compose, plural, word_kind

#: The cards a count may name (rules/phrases.py: tally's ``what``): the kinds of CARD_WORDS and every card key.
COUNTED = ("card", "wild", "natural", "gap", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "JK",
           "black3", "red3")
#: The card keys a rank word or a key's face is asked for (rules.card_values keys and deck-count keys).
CARD_KEYS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "JK", "black3", "red3")
#: Counts and ordinals the phrasebook writes down (a count above: digits; an ordinal above: the English sentence).
#: The core's ordinals are a card's place in a Keltis row and a closing card's number, far below.
MOST_SAMPLED = 200
#: The placeholder a count's template keeps for its number word (``%(number)s card`` / ``%(number)s cards``).
NUMBER = "%(number)s"
#: English's plural rule: a count whose form the catalogue does not translate takes ngettext's English fallback.
ENGLISH_PLURAL = "(n != 1)"


@dataclass(frozen=True, slots=True)
class WordTable:
    """What a language needs to say the core's sentences; each field is asked, never computed here."""

    lang: str
    text: Callable[[str], str]                    # a msgid (a phrase's template, a table's word) in the language
    rank: Callable[[str], str | None]             # a rank (or deck-count key) in the plural; None: none named
    number: Callable[[int], str]                  # a count as written before a noun: a word, or its digits
    count: Callable[[str, int, str], str | None]  # (what, n, number word) -> "two jacks"; None: no such card
    ordinal: Callable[[int], str]
    face: Callable[[str], str]                    # a card key as the page's keys show it
    and_word: str


def rank_word(table: WordTable, rank: Any) -> str:
    return table.rank(str(rank)) or plural(rank)


def names(table: WordTable, value: Any) -> str:
    return and_join([str(n) for n in value], table.and_word)


def tally(table: WordTable, value: Any) -> str:
    """A ``(count, what)`` pair in words (rules/phrases.py: tally); a card no page names is a KeyError, so the
    sentence stays in the core's English."""
    n, what = value
    said = table.count(str(what), int(n), table.number(int(n)))
    if said is None:
        raise KeyError(what)
    return said


def group(table: WordTable, value: Any) -> str:
    """A value group's cards as the summary form labels them (web/counts.py), the key letters of the page."""
    cards = [str(c) for c in value]
    if len(cards) == 1:
        return rank_word(table, cards[0])
    shown = [table.face(c) for c in cards]
    return ", ".join(shown) if len(shown) == 2 else f"{shown[0]}–{shown[-1]}"


def words_of(table: WordTable) -> dict[str, Callable[[Any], str]]:
    """How the word-valued arguments are said in the table's language (rules/phrases.py: WORD_KINDS)."""
    return {"rank": lambda v: rank_word(table, v), "nth": lambda v: table.ordinal(int(v)),
            "names": lambda v: names(table, v), "colour": lambda v: table.text(str(v)),
            "variant": lambda v: table.text(str(v)), "group": lambda v: group(table, v),
            "tally": lambda v: tally(table, v)}


def translated(part: Phrase, table: WordTable) -> str:
    """One phrase in the table's language: its template translated (a name head is no msgid and stays as it is),
    its values filled in."""
    return part.render(table.text(part.template), words_of(table))


def in_language(english: str, say_it: Callable[[], str], table: WordTable) -> str:
    """``say_it()`` in another language than English; the English when a translation lost a placeholder."""
    if table.lang == "en":
        return english
    try:
        return say_it()
    except (KeyError, TypeError, ValueError):
        return english


def say(problem: Mapping[str, Any], table: WordTable) -> str:
    """A problem's sentence in the table's language. The core's English ``message`` stands when the problem
    carries no ``sentence`` (a problem made outside the rules core)."""
    sentence = problem.get("sentence")
    if not sentence:
        return str(problem["message"])
    return in_language(str(problem["message"]), lambda: compose(
        [translated(Phrase.from_dict(h), table) for h in sentence["heads"]],
        [translated(Phrase.from_dict(p), table) for p in sentence["phrases"]], table.text), table)


def say_error(exc: Exception, table: WordTable) -> str:
    """The reason of unreadable input (a ``ScorekeeperError``) in the table's language, without its field path;
    English when the core has no phrase for it."""
    english = getattr(exc, "reason", None) or str(exc)
    says = getattr(exc, "says", None)
    return english if says is None else in_language(english, lambda: translated(says, table), table)


def spoken(result: Mapping[str, Any], table: WordTable) -> dict[str, Any]:
    """A verdict whose problems' messages are in the table's language, in an opening's melds too (the API's
    ``spoken`` does the same to the same answer)."""
    out = {**result, "problems": [{**p, "message": say(p, table)} for p in result.get("problems", [])]}
    if "melds" in result:
        out["melds"] = [spoken(m, table) if isinstance(m, dict) and "problems" in m else m for m in result["melds"]]
    return out


# --- the phrasebook: a word table written down for a phone -----------------------------------------------------

def plural_rule(expression: str) -> Callable[[int], int]:
    """A catalogue's ``plural=`` C expression as a function (gettext reads the catalogue's header the same way)."""
    return gettext.c2py(expression)


def _count_forms(table: WordTable, what: str, expressions: Iterable[str]) -> dict[str, Any] | None:
    """A count's forms by plural index, under the first rule that explains every count up to MOST_SAMPLED (the
    language's; English's where ngettext fell back to the untranslated English)."""
    said = [table.count(what, n, NUMBER) for n in range(MOST_SAMPLED + 1)]
    if any(s is None for s in said):
        return None
    for expression in expressions:
        rule = plural_rule(expression)
        forms: dict[int, str] = {}
        if all(forms.setdefault(rule(n), s) == s for n, s in enumerate(said) if s is not None):
            return {"plural": expression, "forms": [forms.get(i, "") for i in range(max(forms) + 1)]}
    raise ValueError(f"no plural rule explains the counts of {what!r}: {said[:4]}")


def phrasebook(table: WordTable, msgids: Iterable[str], plural_expression: str) -> dict[str, Any]:
    """``table`` written down as JSON-able data for a phone: each of ``msgids`` (the core's phrase templates and
    the tables' words) translated, and its words sampled over what the core may ask. ``plural_expression`` is
    the catalogue's plural rule (its header's ``plural=``), which a count's forms are picked by."""
    numbers = [table.number(n) for n in range(MOST_SAMPLED + 1)]
    while numbers and numbers[-1] == str(len(numbers) - 1):
        numbers.pop()                           # digits from here on: the phone writes them itself
    counts = {what: forms for what in COUNTED
              if (forms := _count_forms(table, what, (plural_expression, ENGLISH_PLURAL))) is not None}
    return {"lang": table.lang,
            "text": {m: t for m in sorted(set(msgids)) if (t := table.text(m)) != m},
            "ranks": {k: r for k in CARD_KEYS if (r := table.rank(k))},
            "numbers": numbers, "counts": counts,
            "ordinals": [table.ordinal(n) for n in range(1, MOST_SAMPLED + 1)],
            "faces": {k: f for k in CARD_KEYS if (f := table.face(k)) != k},
            "and": table.and_word}


def from_phrasebook(book: Mapping[str, Any]) -> WordTable:
    """The word table a :func:`phrasebook` wrote down."""
    text: dict[str, str] = dict(book.get("text", {}))
    ranks: dict[str, str] = dict(book.get("ranks", {}))
    numbers: list[str] = list(book.get("numbers", []))
    ordinals: list[str] = list(book.get("ordinals", []))
    faces: dict[str, str] = dict(book.get("faces", {}))
    counts = {what: (plural_rule(c["plural"]), list(c["forms"])) for what, c in book.get("counts", {}).items()}

    def count(what: str, n: int, word: str) -> str | None:
        if what not in counts:
            return None
        rule, forms = counts[what]
        return str(forms[rule(n)] % {"number": word})

    def ordinal(n: int) -> str:
        if not 1 <= n <= len(ordinals):
            raise KeyError(n)                   # beyond what was written down: the sentence stays English
        return ordinals[n - 1]

    return WordTable(lang=str(book.get("lang", "en")), text=lambda m: text.get(m, m) if m else m,
                     rank=ranks.get, number=lambda n: numbers[n] if 0 <= n < len(numbers) else str(n),
                     count=count, ordinal=ordinal, face=lambda k: faces.get(k, k), and_word=str(book.get("and", "and")))


def phrase_templates(sources: Iterable[tuple[str, str]]) -> set[str]:
    """The templates of every ``phrase("...")`` call in ``sources`` ((name, Python source) pairs): what
    ``pybabel extract -k phrase`` makes msgids of."""
    import ast

    found: set[str] = set()
    for name, source in sources:
        for node in ast.walk(ast.parse(source, name)):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "phrase"
                    and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                found.add(node.args[0].value)
    return found
