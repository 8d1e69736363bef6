"""How each table names the cards (issue 23, "Cards as each table names them" and "Say a meld"): the letters and the
words the card notation reads beside the international ones, one table per language. Data only: the parser
(scorekeeper/rules/cards.py) has one mechanism for every language, a language is a row of these tables.

Sources: the Hungarian letters and words from díszített (seed 000: "nagy zsoli", "kis zsoli", "dzsóker") and the
Hungarian card names (bubi, dáma, király, ász); the French from seed 003 (roi, dame, valet, as, joker, "deux"); the
Swedish from seed 004's card list ("E (ess)", "K (kung)", "D (dam)", "Kn (knekt)", "J (joker)", "Tvaa").
docs/glossary.md's "Card letters" table says the same to a reader; tests/core/test_card_words.py keeps them equal.

Decisions (issue 23):
- A letter that means two things in a language is read by the page's language: ``D`` is the queen on a
  Hungarian, French and Swedish page (a diamond there is ``♦``, or ``d`` after a rank: ``Kd``); on a Swedish page
  ``J`` alone is the joker (seed 004), and a jack is ``Kn`` — or ``J`` with a suit (``Jh``), since a joker has no
  suit: so every international spelling with a suit reads the same in every language.
- "zsoli" alone is either wild card (seed 000 l. 40: "kétféle lapot nevezünk zsolinak"); a meld must say which,
  so it is a problem naming the two ("nagy zsoli" the joker, "kis zsoli" the deuce), never a guess.
- A number word, or digits, before a card's word is a count ("három király", "3 kings"); before a letter it is
  not (``2 K`` stays a deuce and a king, as always). A number word not followed by a card's word is the card of
  that rank where the number is one (``deux`` the deuce, ``sept`` a 7; "one"/"un"/"egy" alone is no card).
- "then"/"puis"/"aztán"/"sedan" end a meld, as a new line or ``|`` does: dictation cannot type either.
"""

from __future__ import annotations

from typing import Final

LANGUAGES: Final = ("en", "hu", "fr", "sv")

#: The international letters, read in every language (a language's own row may read one otherwise: sv ``J``).
#: Longest spellings first is the parser's business (cards.py sorts them).
INTERNATIONAL: Final[dict[str, str]] = {
    "JOKER": "JK", "JK": "JK", "*": "JK", "10": "10", "T": "10",
    "J": "J", "Q": "Q", "K": "K", "A": "A",
    "2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "7": "7", "8": "8", "9": "9",
}

#: Each language's letters (upper case), over the international ones. English keeps the Hungarian letters it
#: always read (B, D, Á, Z, ZS, NZ: issue 2), so a record stored before issue 23 reads as it did.
LETTERS: Final[dict[str, dict[str, str]]] = {
    "en": {"B": "J", "D": "Q", "Á": "A", "Z": "2", "ZS": "2", "NZ": "JK"},
    "hu": {"B": "J", "D": "Q", "K": "K", "Á": "A", "Z": "2", "ZS": "2", "KZ": "2", "NZ": "JK"},
    "fr": {"V": "J", "D": "Q", "R": "K", "A": "A"},
    "sv": {"KN": "J", "D": "Q", "K": "K", "E": "A", "J": "JK"},
}

#: Where a language writes a card otherwise than the international notation, because there the international
#: letter means another card (sv ``J`` is the joker): what "understood as" and the keypad write on its pages.
WRITTEN: Final[dict[str, dict[str, str]]] = {"en": {}, "hu": {}, "fr": {}, "sv": {"J": "Kn"}}

#: The letters a page's help and its unknown-card problem list, in the language's order (jack, queen, king, ace,
#: joker): data, not catalogue text, since they are the table's letters.
SHOWN_LETTERS: Final[dict[str, str]] = {
    "en": "J, Q, K, A, JK", "hu": "B, D, K, Á, NZ (vagy JK)", "fr": "V, D, R, A, JK", "sv": "Kn, D, K, E, J (eller JK)",
}
#: A dictated meld the help and the problem give as an example.
EXAMPLE: Final[dict[str, str]] = {
    "en": "seven queens and a joker", "hu": "három király két dzsóker", "fr": "trois rois et un joker",
    "sv": "tre kungar en joker",
}

#: Count words: 1 … 12 (and the articles that mean one). Matched without accents and case (cards.py ``fold``).
NUMBERS: Final[dict[str, dict[str, int]]] = {
    "en": {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
           "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12},
    "hu": {"egy": 1, "ket": 2, "ketto": 2, "harom": 3, "negy": 4, "ot": 5, "hat": 6, "het": 7, "nyolc": 8,
           "kilenc": 9, "tiz": 10, "tizenegy": 11, "tizenketto": 12},
    "fr": {"un": 1, "une": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6, "sept": 7, "huit": 8,
           "neuf": 9, "dix": 10, "onze": 11, "douze": 12},
    "sv": {"en": 1, "ett": 1, "tva": 2, "tre": 3, "fyra": 4, "fem": 5, "sex": 6, "sju": 7, "atta": 8, "nio": 9,
           "tio": 10, "elva": 11, "tolv": 12},
}

#: The cards' words, singular, plural and the forms dictation writes (Hungarian accusative: "királyt"), folded
#: (no accents, lower case). A key of two words is read as one ("nagy zsoli", "red three"). A number word that
#: names a rank (deux, sept) is in NUMBERS and here: before a card's word it counts, alone it is the card.
RANK_WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        **{w: "J" for w in ("jack", "jacks", "knave", "knaves")},
        **{w: "Q" for w in ("queen", "queens")}, **{w: "K" for w in ("king", "kings")},
        **{w: "A" for w in ("ace", "aces")}, **{w: "JK" for w in ("joker", "jokers")},
        **{w: "2" for w in ("deuce", "deuces", "two", "twos")},
        **{w: "3h" for w in ("red three", "red threes")},
        **{w: "3" for w in ("black three", "black threes", "three", "threes")},
        "four": "4", "fours": "4", "five": "5", "fives": "5", "six": "6", "sixes": "6", "seven": "7", "sevens": "7",
        "eight": "8", "eights": "8", "nine": "9", "nines": "9", "ten": "10", "tens": "10",
    },
    "hu": {
        **{w: "J" for w in ("bubi", "bubik", "bubit", "bubikat")},
        **{w: "Q" for w in ("dama", "damak", "damat", "damakat")},
        **{w: "K" for w in ("kiraly", "kiralyok", "kiralyt", "kiralyokat")},
        **{w: "A" for w in ("asz", "aszok", "aszt", "aszokat")},
        **{w: "JK" for w in ("joker", "jokerek", "jokert", "jokereket", "dzsoker", "dzsokerek", "dzsokert",
                             "dzsokereket", "nagy zsoli", "nagy zsolik", "nagy zsolit", "nagy zsolikat")},
        **{w: "2" for w in ("kettes", "kettesek", "kettest", "ketteseket", "kis zsoli", "kis zsolik", "kis zsolit",
                            "kis zsolikat")},
        **{w: "3h" for w in ("piros harmas", "piros harmasok", "piros harmast")},
        **{w: "3" for w in ("fekete harmas", "fekete harmasok", "fekete harmast", "harmas", "harmasok")},
        **{f"{stem}{end}": rank for stem, rank in (("negyes", "4"), ("otos", "5"), ("hatos", "6"), ("hetes", "7"),
                                                    ("nyolcas", "8"), ("kilences", "9"), ("tizes", "10"))
           for end in ("", "ek", "t", "eket")},
        "harom": "3", "negy": "4", "ot": "5", "hat": "6", "het": "7", "nyolc": "8", "kilenc": "9", "tiz": "10",
        "ketto": "2",
    },
    "fr": {
        **{w: "J" for w in ("valet", "valets")}, **{w: "Q" for w in ("dame", "dames")},
        **{w: "K" for w in ("roi", "rois")}, **{w: "A" for w in ("as",)},
        **{w: "JK" for w in ("joker", "jokers")},
        **{w: "3h" for w in ("trois rouge", "trois rouges", "triple rouge", "triples rouges")},
        **{w: "3" for w in ("trois noir", "trois noirs", "triple noir", "triples noirs")},
        "deux": "2", "trois": "3", "quatre": "4", "cinq": "5", "six": "6", "sept": "7", "huit": "8", "neuf": "9",
        "dix": "10",
    },
    "sv": {
        **{w: "J" for w in ("knekt", "knektar", "knekten", "knektarna")},
        **{w: "Q" for w in ("dam", "damer", "dammen", "damerna")},
        **{w: "K" for w in ("kung", "kungar", "kungen", "kungarna")},
        **{w: "A" for w in ("ess", "essen", "essena")},
        **{w: "JK" for w in ("joker", "jokrar", "jokern", "jokrarna", "jokers")},
        **{w: "2" for w in ("tvaa", "tvaor", "tvaan", "tvaorna")},
        **{w: "3h" for w in ("rod trea", "roda treor")}, **{w: "3" for w in ("svart trea", "svarta treor", "trea",
                                                                             "treor")},
        # fyra/fyror, femma/femmor, sexa/sexor, sjua/sjuor, åtta/åttor, nia/nior, tia/tior
        **{f"{stem}{end}": rank for stem, rank in (("fyr", "4"), ("femm", "5"), ("sex", "6"), ("sju", "7"),
                                                    ("att", "8"), ("ni", "9"), ("ti", "10"))
           for end in ("a", "or")},
        "tva": "2", "tre": "3", "fyra": "4", "fem": "5", "sex": "6", "sju": "7", "atta": "8", "nio": "9",
        "tio": "10",
    },
}

#: Words that join ("and") and are read as nothing.
JOINS: Final[dict[str, frozenset[str]]] = {
    "en": frozenset({"and", "plus", "with", "of"}), "hu": frozenset({"es", "meg", "plusz"}),
    "fr": frozenset({"et", "plus", "avec", "de", "des"}), "sv": frozenset({"och", "plus", "med"}),
}
#: Words that end a meld, as a new line or "|" does.
THEN: Final[dict[str, frozenset[str]]] = {
    "en": frozenset({"then", "next"}), "hu": frozenset({"aztan", "majd", "utana"}),
    "fr": frozenset({"puis", "ensuite"}), "sv": frozenset({"sedan", "sen"}),
}
#: Words that name no one card: the problem asks which card was meant (seed 000: a zsoli is either wild card).
VAGUE: Final[dict[str, dict[str, str]]] = {
    "en": {"wild": "JK, 2", "wilds": "JK, 2"},
    "hu": {"zsoli": "nagy zsoli (JK), kis zsoli (2)", "zsolik": "nagy zsoli (JK), kis zsoli (2)",
           "zsolit": "nagy zsoli (JK), kis zsoli (2)", "zsolikat": "nagy zsoli (JK), kis zsoli (2)"},
    "fr": {"carte gratuite": "joker (JK), deux (2)", "cartes gratuites": "joker (JK), deux (2)"},
    "sv": {"hjalpkort": "joker (JK), tvaa (2)"},
}
