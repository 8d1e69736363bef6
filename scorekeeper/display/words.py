"""Words of the rules core in the page's language: meld kinds, table words and a short title per problem code.

The variant tables' words (a variant's name, canasta kinds, penalties, options and their choices, Keltis
colours) are written once, in the table, in English; they are msgids (scorekeeper/rules/tables/words.py extracts
them) and :func:`table_word` says them in the page's language. Only the words of shapes no table names (a group
of wild cards, black threes) are kept here.

The rules core writes labels and problems in English (it imports nothing from Flask, so it cannot translate).
The pages and the PDFs name a meld by its stable kind and rank. A problem comes with its sentence unfilled
(``sentence``: templates and their values, rules/phrases.py); :func:`say` translates the templates (they are
in the catalogue, ``pybabel extract -k phrase``) and fills in the same values, so a Hungarian table reads the
whole sentence in Hungarian. Each problem code also has a short title, shown in bold by the meld checker.

The words a sentence needs come from :func:`page_table`, built here from gettext; turning a phrase and that table
into the sentence is rules/speech.py's, which a phone scoring offline runs too, with the same table written down
for its page's language (issue 23: web/offline.py's phrasebook), so both say every sentence alike.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping

from flask_babel import get_locale, gettext, lazy_gettext as _l, lazy_pgettext, ngettext
from flask_babel.speaklater import LazyString
from markupsafe import escape

from scorekeeper.display.keypad import face
from scorekeeper.display.numbers import points
from scorekeeper.rules import speech
from scorekeeper.rules.phrases import HEAD_JOIN, WORD_KINDS, Phrase, compose, ordinal

# The meld shapes that are no canasta kind of a table (a canasta kind's label is a table word: table_word).
SHAPE_LABELS = {
    "wild_group": _l("group of wild cards"), "black_threes": _l("black threes"), "mixed_ranks": _l("mixed ranks"),
    "threes": _l("threes"),
}
SUIT_PLURALS = {"c": _l("clubs"), "d": _l("diamonds"), "h": _l("hearts"), "s": _l("spades")}
RANK_PLURALS = {
    "4": _l("4s"), "5": _l("5s"), "6": _l("6s"), "7": _l("7s"), "8": _l("8s"), "9": _l("9s"), "10": _l("10s"),
    "J": _l("jacks"), "Q": _l("queens"), "K": _l("kings"), "A": _l("aces"),
}
# A group and a sequence named whole, one msgid each (issue 23, "grammar done right, not glued"): French writes
# "groupe d'as" but "groupe de rois" (elision), Hungarian puts the rank first ("királyok csoportja"), Swedish
# compounds ("kunggrupp"); a "group of %(rank)s" with a translated rank filled in cannot say all three.
GROUP_LABELS = {
    "4": _l("group of 4s"), "5": _l("group of 5s"), "6": _l("group of 6s"), "7": _l("group of 7s"),
    "8": _l("group of 8s"), "9": _l("group of 9s"), "10": _l("group of 10s"), "J": _l("group of jacks"),
    "Q": _l("group of queens"), "K": _l("group of kings"), "A": _l("group of aces"),
}
SEQUENCE_LABELS = {"c": _l("sequence of clubs"), "d": _l("sequence of diamonds"), "h": _l("sequence of hearts"),
                   "s": _l("sequence of spades")}
# Labels the rules core writes itself (no table names them), so the catalogue holds them for the PDFs' pads
# (pdf/canasta.py _extras says a bonus's label through gettext): rules/canasta/table.py's red threes in hand.
CORE_LABELS = (_l("red threes left in hand"),)
# The other cards a deck is counted by (rules.cards: conservation keys), named in the plural.
COUNTED_PLURALS = {"3": _l("threes"), "JK": _l("jokers"), "2": _l("deuces"), "black3": _l("black threes"),
                   "red3": _l("red threes")}


def table_word(word: str) -> str:
    """A word of a variant table (a canasta kind's or a penalty's label, an option's label or help, a variant's
    name, a colour) in the page's language: the tables' words are msgids (scorekeeper/rules/tables/words.py)."""
    return gettext(word) if word else word          # gettext("") is the catalogue's header


class _LazyText(LazyString):
    """A lazy word that may have come from a user (a penalty's label in a hand record, a canasta kind or a Keltis
    colour of a house rule, a preset or an import). Flask-Babel's ``LazyString.__html__`` hands its text to Jinja,
    WTForms and markupsafe as safe HTML (issue 19: a ``<meta http-equiv=refresh>`` label redirected a spectator);
    this one is text wherever it is put."""

    def __html__(self) -> str:
        return str(escape(str(self)))


def lazy_table_word(word: str) -> Any:
    """:func:`table_word`, said when it is shown: for form classes built once and shown in many languages. Escaped
    wherever it is rendered, since a table's word may be a user's text."""
    return _LazyText(table_word, word) if word else word


def option_word(label: str, name: str) -> str:
    """An option or a choice as a page names it: the table's ``label`` (``_label``) in the page's language, or
    its id made readable when the table gives none (``3_cutthroat`` -> "3 cutthroat"; a number as the page's
    language groups it, issue 23: ``5000`` -> "5,000" / "5 000"). A form's value stays the id."""
    if label:
        return table_word(label)
    if name.isdigit():
        return str(points(int(name)))
    return name.replace("_", " ").capitalize()


def shown_variant(info: Mapping[str, Any]) -> dict[str, Any]:
    """A variant as :func:`scorekeeper.rules.describe_variants` lists it, with its words in the page's language
    added (``title``; per option ``title``, ``said_help`` and ``choice_titles``) for the templates."""
    return {**info, "title": table_word(info["name"]), "options": [
        {**o, "title": option_word(o.get("label", ""), o["name"]), "said_help": table_word(o.get("help", "")),
         "choice_titles": {c: option_word(o.get("choice_labels", {}).get(c, ""), c) for c in o["choices"]}}
        for o in info.get("options", [])]}


def kind_label(verdict: Mapping[str, Any]) -> str:
    """The meld's kind in the page's language: a shape's word, or the table's label of a canasta kind."""
    kind = verdict.get("kind")
    if kind == "group" and verdict.get("rank") in GROUP_LABELS:
        return str(GROUP_LABELS[verdict["rank"]])
    if kind == "sequence":
        suit = SEQUENCE_LABELS.get(verdict.get("suit") or "")
        return str(suit) if suit else gettext("sequence of one suit")
    if kind in SHAPE_LABELS:
        return str(SHAPE_LABELS[kind])
    return table_word(str(verdict.get("label") or kind or ""))


def colour_word(colour: str) -> str:
    """A Keltis colour by the name the rules table gives it (rules_ref/keltis.toml ``colours``), translated."""
    return table_word(colour)


def penalty_label(code: str, label: str) -> Any:
    """A penalty of a table by its label (the code when it has none); lazy, so a form class built once still
    speaks each request's language."""
    return lazy_table_word(label or code)


PROBLEM_TITLES = {
    # a meld (digest sections 1 and 2)
    "threes_not_meldable": _l("Threes cannot be melded"), "mixed_ranks": _l("Cards of different ranks"),
    "too_few_cards": _l("Too few cards"), "too_many_cards": _l("Too many cards"),
    "too_many_wilds": _l("Too many wild cards"), "too_few_naturals": _l("Too few natural cards"),
    "wild_only_not_allowed": _l("Wild cards only are not allowed"),
    "wilds_with_black_threes": _l("No wild cards with black threes"),
    "black_threes_only_going_out": _l("Black threes only when going out"),
    "opening_minimum_not_reached": _l("Opening minimum not reached"),
    "duplicate_rank_meld": _l("Two melds of one rank"),
    "more_copies_than_deck": _l("More of a card in a meld than in the deck"),
    "sequence_not_one_suit": _l("Sequence of several suits"),
    "sequence_not_consecutive": _l("Sequence not consecutive"),
    # a hand
    "going_out_needs_canasta": _l("Going out needs a canasta"),
    "going_out_condition_not_met": _l("Going out condition not met"),
    "several_went_out": _l("More than one went out"), "nobody_went_out": _l("Nobody went out"),
    "cards_in_hand_after_going_out": _l("Cards left after going out"),
    "table_clear_not_in_variant": _l("No table clear in this variant"),
    "table_clear_pile_too_small": _l("Pile too small for a table clear"),
    "pile_size_missing": _l("Pile size missing"), "twins_not_in_variant": _l("No twins in this variant"),
    "too_many_red_threes": _l("More red threes than the deck holds"),
    "red_three_in_hand": _l("Red three left in hand"),
    "too_many_copies": _l("More copies than the deck holds"),
    "wrong_number_of_sides": _l("Wrong number of players or sides"),
    "wrong_number_of_players": _l("Wrong number of players in all"),
    # seed 003's classic family (digest §7)
    "double_out_not_in_variant": _l("No double ending in this variant"),
    "double_out_without_going_out": _l("Double ending without going out"),
    "double_out_needs_partners": _l("Double ending needs a partner"),
    "double_out_cards_in_hand": _l("Cards left after a double ending"),
    "black_threes_taken_not_in_variant": _l("No black threes set aside in this variant"),
    "going_out_not_in_variant": _l("Nobody goes out in this variant"),
    "last_card_kept": _l("Every player keeps a card"),
    # seed 003's samba family (digest §7, S48, S62): what an opening must hold
    "opening_with_wilds": _l("Wild card in the opening"),
    "opening_needs_canasta": _l("The opening needs a canasta"),
    # a hand entered as a summary
    "not_multiple_of_five": _l("Not a multiple of 5"), "melded_points_too_low": _l("Too few melded points"),
    "canastas_exceed_deck": _l("More canastas than the deck allows"),
    "counted_cards_exceed_deck": _l("More cards counted than the deck holds"),
    # Keltis (digest section 3)
    "direction_broken": _l("Row changes direction"), "card_after_closing": _l("Card after a closing card"),
    "card_after_second_closing": _l("Card after the second closing card"),
    "third_closing_card": _l("Third closing card"), "row_starts_closed": _l("Row starts with a closing card"),
    "grey_card_mismatch": _l("Grey card does not match the row"),
    "stone_out_of_range": _l("No such wishing stone"), "stone_held_twice": _l("Wishing stone held twice"),
    "too_many_players": _l("Too many players"), "too_few_players": _l("Too few players"),
    "too_many_closed_rows": _l("More closed rows than the game's end allows"),
}


def problem_title(problem: Mapping[str, Any]) -> str:
    return str(PROBLEM_TITLES.get(problem.get("code", ""), ""))


def _swedish_ordinal(n: int) -> str:
    """Swedish "1:a", "2:a", "3:e", "11:e", "21:a": :a after a last digit 1 or 2 (första, andra), except 11 and 12."""
    return f"{n}:a" if n % 10 in (1, 2) and n % 100 not in (11, 12) else f"{n}:e"


# How each language writes "the nth" with digits (issue 23). Every ``nth`` of the core counts cards (a Keltis
# row's "the 3rd card"), and French "carte" is feminine: "1re", then "2e", "3e". Hungarian writes "3.". A
# language not listed writes the number with a full stop, as most of Europe does.
ORDINALS: dict[str, Callable[[int], str]] = {
    "en": ordinal, "hu": lambda n: f"{n}.", "fr": lambda n: f"{n}re" if n == 1 else f"{n}e", "sv": _swedish_ordinal,
}


def _ordinal(n: int) -> str:
    return ORDINALS.get(str(get_locale()), lambda n: f"{n}.")(n)


def _rank(rank: str) -> str | None:
    word = RANK_PLURALS.get(rank) or COUNTED_PLURALS.get(rank)
    return None if word is None else str(word)


# A count of cards in words (rules/phrases.py: tally), in the page's language: the number as a word up to twelve
# (the form a number takes before a noun: Hungarian "két lap"), then the card it counts, singular or plural as
# the language wants after that number.
NUMBER_WORDS = (lazy_pgettext("a count of cards", "no"), lazy_pgettext("a count of cards", "one"),
                lazy_pgettext("a count of cards", "two"), lazy_pgettext("a count of cards", "three"),
                lazy_pgettext("a count of cards", "four"), lazy_pgettext("a count of cards", "five"),
                lazy_pgettext("a count of cards", "six"), lazy_pgettext("a count of cards", "seven"),
                lazy_pgettext("a count of cards", "eight"), lazy_pgettext("a count of cards", "nine"),
                lazy_pgettext("a count of cards", "ten"), lazy_pgettext("a count of cards", "eleven"),
                lazy_pgettext("a count of cards", "twelve"))
_COUNTED: dict[str, Callable[[int, str], str]] = {
    "card": lambda n, w: ngettext("%(number)s card", "%(number)s cards", n, number=w),
    "wild": lambda n, w: ngettext("%(number)s wild card", "%(number)s wild cards", n, number=w),
    "natural": lambda n, w: ngettext("%(number)s natural card", "%(number)s natural cards", n, number=w),
    "gap": lambda n, w: ngettext("%(number)s gap", "%(number)s gaps", n, number=w),
    "4": lambda n, w: ngettext("%(number)s 4", "%(number)s 4s", n, number=w),
    "5": lambda n, w: ngettext("%(number)s 5", "%(number)s 5s", n, number=w),
    "6": lambda n, w: ngettext("%(number)s 6", "%(number)s 6s", n, number=w),
    "7": lambda n, w: ngettext("%(number)s 7", "%(number)s 7s", n, number=w),
    "8": lambda n, w: ngettext("%(number)s 8", "%(number)s 8s", n, number=w),
    "9": lambda n, w: ngettext("%(number)s 9", "%(number)s 9s", n, number=w),
    "10": lambda n, w: ngettext("%(number)s 10", "%(number)s 10s", n, number=w),
    "J": lambda n, w: ngettext("%(number)s jack", "%(number)s jacks", n, number=w),
    "Q": lambda n, w: ngettext("%(number)s queen", "%(number)s queens", n, number=w),
    "K": lambda n, w: ngettext("%(number)s king", "%(number)s kings", n, number=w),
    "A": lambda n, w: ngettext("%(number)s ace", "%(number)s aces", n, number=w),
    "2": lambda n, w: ngettext("%(number)s deuce", "%(number)s deuces", n, number=w),
    "JK": lambda n, w: ngettext("%(number)s joker", "%(number)s jokers", n, number=w),
    "3": lambda n, w: ngettext("%(number)s three", "%(number)s threes", n, number=w),
    "black3": lambda n, w: ngettext("%(number)s black three", "%(number)s black threes", n, number=w),
    "red3": lambda n, w: ngettext("%(number)s red three", "%(number)s red threes", n, number=w),
}


def _number(n: int) -> str:
    return str(NUMBER_WORDS[n]) if 0 <= n < len(NUMBER_WORDS) else str(n)


def _count(what: str, n: int, word: str) -> str | None:
    say_it = _COUNTED.get(what)                 # None: a card no page names (the core's English words)
    return None if say_it is None else say_it(n, word)


def page_table() -> speech.WordTable:
    """The page's language as the rules core's sentences need it (rules/speech.py turns a phrase and this table
    into the sentence; the offline scorer gets the same table written down: web/offline.py, issue 23)."""
    return speech.WordTable(lang=str(get_locale()), text=table_word, rank=_rank, number=_number, count=_count,
                            ordinal=_ordinal, face=lambda card: str(face(card)), and_word=gettext("and"))


def _page_word(kind: str) -> Callable[[Any], str]:
    return lambda value: speech.words_of(page_table())[kind](value)


# How a problem's word-valued arguments are said on the pages (rules/phrases.py: WORD_KINDS; rules/speech.py).
PAGE_WORDS = {kind: _page_word(kind) for kind in WORD_KINDS}


def _translated(part: Phrase) -> str:
    """One phrase in the page's language (rules/speech.py: translated)."""
    return speech.translated(part, page_table())


def _in_page_language(english: str, say_it: Callable[[], str]) -> str:
    """``say_it()`` on a page in another language than English; the English when a translation lost a
    placeholder."""
    return speech.in_language(english, say_it, page_table())


def say(problem: Mapping[str, Any]) -> str:
    """A problem's sentence in the page's language. The core's English ``message`` stands when the problem
    carries no ``sentence`` (a problem made outside the rules core)."""
    return speech.say(problem, page_table())


def say_error(exc: Exception) -> str:
    """The reason of unreadable input (a ``ScorekeeperError``) in the page's language, without its field path;
    English when the core has no phrase for it."""
    return speech.say_error(exc, page_table())


def say_refusal(exc: Any) -> tuple[str, bool]:
    """An import's refusal (``transfer.ImportRefused``) in the page's language: where in the file (its path, kept
    as the file writes it) and why; and whether it stayed English (a reason the core has no phrase for)."""
    reason = say_error(exc)
    if exc.problems:
        reason = compose([reason], [say(p) for p in exc.problems], table_word)
    where = _in_page_language(exc.where.render(), lambda: _translated(exc.where)) if exc.where else exc.part
    english = exc.says is None and str(get_locale()) != "en"
    return (headed(where, reason) if where else reason), english


def colon() -> str:
    """The colon after a label, as the page's language writes it (":", French "\u00a0:"), for a template or a
    script that puts markup between the label and what follows: HEAD_JOIN with nothing joined, its space after
    the colon left to the caller."""
    return gettext(HEAD_JOIN.template, head="", rest="").rstrip(" ")


def headed(head: str, rest: str) -> str:
    """``head: rest`` as the page's language joins a label and what is said of it (rules/phrases.py HEAD_JOIN: a
    French page writes a no-break space before the colon)."""
    return gettext(HEAD_JOIN.template, head=head, rest=rest)


def said(problems: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Problems as a front hands them on: each message in the page's language."""
    return [{**p, "message": say(p)} for p in problems]


def humanize(name: str) -> str:
    """An option's name or choice as words (``wild_cards`` → "Wild cards"): the form, the PDF."""
    return name.replace("_", " ").capitalize()


def say_phrase(part: Phrase) -> str:
    """A phrase of the core (a house-rules key's label, house_fields.key_label) in the page's language; its
    English where the catalogue has no translation that fills in."""
    return _in_page_language(part.render(), lambda: _translated(part))
