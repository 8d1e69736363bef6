"""Cards and their notation.

Notation (issue 2): tokens separated by spaces and/or commas, case-insensitive. Ranks ``4``..``10`` (also
``T``), ``J Q K A``; ``2`` is a deuce (kis zsoli); ``JK``, ``JOKER`` or ``*`` a joker (nagy zsoli). ``3`` with
``c``/``s`` is a black three, with ``h``/``d`` a red three; a bare ``3`` is a black three. Any card may carry a
suit suffix (``Kh``, ``10s``, ``♠♥♦♣``). Hungarian letters: ``B`` (bubi) = J, ``D`` (dáma) = Q, ``Á`` = A,
``Z``/``ZS`` = deuce, ``NZ`` = joker.

Issue 23: each language's letters and card words are read too, by a ``lang`` the front gives (the page's
language, the API request's, the CLI's ``--lang``); the tables are data (scorekeeper/rules/card_words.py, with the
decisions on the letters that mean two things), this module has the one mechanism that reads them. "Say a meld":
a count word or digits before a card's word repeat it ("három király két joker" is ``K K K JK JK``). Stored
records hold the international notation (the fronts store :func:`understood` text), so they read the same
whatever the page's language later is; the default ``lang="en"`` reads everything this module always read.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable

from scorekeeper.rules import card_words
from scorekeeper.rules.errors import NotationError
from scorekeeper.rules.phrases import Phrase, phrase

#: Natural ranks that can form groups, in ascending order.
NATURAL_RANKS = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
DEUCE = "2"
JOKER = "JK"
THREE = "3"
RANKS = (THREE, *NATURAL_RANKS, DEUCE, JOKER)
SUITS = ("c", "d", "h", "s")
RED_SUITS = ("d", "h")

_SUIT_ALIASES = {"C": "c", "D": "d", "H": "h", "S": "s", "♣": "c", "♦": "d", "♥": "h", "♠": "s",
                 "♧": "c", "♢": "d", "♡": "h", "♤": "s"}


def _aliases(lang: str) -> tuple[tuple[str, str], ...]:
    # Longest spellings first, so that "ZS" is a deuce, "10" is not "1" + "0" and "KN" (sv) not K + N.
    table = {**card_words.INTERNATIONAL, **card_words.LETTERS[lang]}
    return tuple(sorted(table.items(), key=lambda item: -len(item[0])))


_RANK_ALIASES = {lang: _aliases(lang) for lang in card_words.LANGUAGES}
_SPLIT = re.compile(r"[\s,]+")
# A meld ends at a line (the hand form's textarea, one meld a line) or at "|" (text of one line: the meld checker,
# the API, the CLI). Both fronts take both, so a hand form's melds pasted into the checker read the same.
_MELD_END = re.compile(r"[\n|]")


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card: a rank from :data:`RANKS` and an optional suit letter."""

    rank: str
    suit: str | None = None
    #: Kind of card for grouping and values: a natural rank, "2", "JK", "red3" or "black3" (derived, not compared).
    kind: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.rank == THREE:
            kind = "red3" if self.suit in RED_SUITS else "black3"
        else:
            kind = self.rank
        object.__setattr__(self, "kind", kind)

    @property
    def is_wild(self) -> bool:
        return self.rank in (DEUCE, JOKER)

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER

    @property
    def is_three(self) -> bool:
        return self.rank == THREE

    @property
    def is_red_three(self) -> bool:
        return self.rank == THREE and self.suit in RED_SUITS

    @property
    def is_black_three(self) -> bool:
        return self.rank == THREE and self.suit not in RED_SUITS

    @property
    def is_natural(self) -> bool:
        return self.rank in NATURAL_RANKS

    @property
    def value_key(self) -> str:
        """Key of this card in a variant's ``card_values`` table."""
        return self.kind

    @property
    def conservation_key(self) -> str:
        """What the deck limits: copies of a rank, deuces, jokers, red threes, black threes."""
        return self.value_key

    def __str__(self) -> str:
        if self.rank == THREE and self.suit is None:
            return "3"
        return self.rank + (self.suit or "")


def language(lang: str | None) -> str:
    """``lang`` as one of :data:`card_words.LANGUAGES` ("fr_CA" is "fr"); an unknown one raises ValueError, so a
    front says so (the CLI's ``--lang``) rather than read a table's cards with another table's letters."""
    short = (lang or "en").replace("-", "_").split("_", 1)[0].lower()
    if short not in card_words.LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: the notation reads {', '.join(card_words.LANGUAGES)}")
    return short


def _parse_token(token: str, lang: str = "en") -> tuple[str, str | None] | None:
    upper = token.upper()
    for spelling, rank in _RANK_ALIASES[lang]:
        if upper.startswith(spelling):
            rest = token[len(spelling):]
            if rest == "":
                return rank, None
            suit = _SUIT_ALIASES.get(rest.upper()) if len(rest) == 1 else None
            if suit is None:
                return None
            if rank == JOKER:
                # A joker has no suit: sv "J" with a suit is the jack of that suit (card_words' decision), so
                # "Jh" reads the same in every language; "JKh" stays no card.
                return ("J", suit) if spelling == "J" else None
            return rank, suit
    return None


_KNOWN: dict[tuple[str, str], Card] = {}   # (spelling, language) already read; notation is tiny, so this stays small


def _unknown(token: str, position: int, text: str, lang: str) -> NotationError:
    if lang == "en":
        says = phrase(
            "unknown card %(token)r at position %(position)s in %(text)r: use 4-10 (or T), J, Q, K, A, 2 (deuce), "
            "JK or * (joker), 3 with a suit (3h/3d red, 3c/3s or 3 black), optionally followed by a suit c/d/h/s",
            token=token, position=position, text=text)
    else:
        # The page's own letters and an example in its words: data of the language (card_words), not catalogue text.
        says = phrase("unknown card %(token)r at position %(position)s in %(text)r: use 4-10, %(letters)s, 2 "
                      "(deuce), 3 with a suit (3h red, 3 black), a suit ♣♦♥♠ after a card, or words such as "
                      "“%(example)s”", token=token, position=position, text=text,
                      letters=card_words.SHOWN_LETTERS[lang], example=card_words.EXAMPLE[lang])
    return NotationError(says, token=token, position=position, text=text)


def parse_card(token: str, *, position: int = 1, text: str | None = None, lang: str = "en") -> Card:
    """Read one card token (letters, not words) in ``lang``'s letters; raise :class:`NotationError` naming it and
    its 1-based position."""
    known = _KNOWN.get((token, lang))
    if known is not None:
        return known
    parsed = _parse_token(token, lang)
    if parsed is None:
        raise _unknown(token, position, token if text is None else text, lang)
    card = _KNOWN[token, lang] = Card(*parsed)
    return card


def card_tokens(text: str) -> list[str]:
    """The tokens of a card list as written, readable or not: the positions errors name count these."""
    return [t for t in _SPLIT.split(text.strip()) if t]


def fold(word: str) -> str:
    """A word as the word tables hold it: lower case, no accents ("Királyok" → "kiralyok", "tvåor" → "tvaor"),
    without the full stop or comma dictation puts after it."""
    plain = unicodedata.normalize("NFKD", word.casefold())
    return "".join(c for c in plain if not unicodedata.combining(c)).strip(".!?;:…")


def split_melds(text: str, lang: str = "en") -> list[str]:
    """The melds of a list of melds, each its own text stripped; blank ones (an empty line, "| |") are none. A
    "then" word of ``lang`` ("aztán", "puis", "sedan") ends a meld too: dictation types no new line or bar."""
    then = card_words.THEN[lang]
    melds: list[str] = []
    for part in _MELD_END.split(text):
        tokens = card_tokens(part)
        if not any(fold(t) in then for t in tokens):
            melds.append(part.strip())
            continue
        current: list[str] = []
        for token in tokens:
            if fold(token) in then:
                melds.append(" ".join(current))
                current = []
            else:
                current.append(token)
        melds.append(" ".join(current))
    return [m for m in melds if m]


#: Characters of one card list (a meld, a hand, an opening): the longest real one is a few hundred. Checked before
#: the text is split, so a megabyte of "K " costs nothing (the record's limits are in bounds.py).
NOTATION_MAX = 2000
#: The most copies of one card a count word may ask for: no table's deck holds more (four packs, 16 of a rank;
#: rules_ref/*.toml ``packs`` ≤ 4). "forty kings" is a problem, not 40 cards.
COUNT_MAX = 16
#: The most cards one card list may be understood as: a deck of four packs and their jokers (52 × 4 + 8).
SPOKEN_CARDS_MAX = 216


def _rank_word(tokens: list[str], at: int, lang: str) -> tuple[str, int] | None:
    """The card a card's word names at ``tokens[at]`` (two words first: "nagy zsoli"), and how many words."""
    words = card_words.RANK_WORDS[lang]
    if at + 1 < len(tokens) and (two := words.get(fold(tokens[at]) + " " + fold(tokens[at + 1]))):
        return two, 2
    one = words.get(fold(tokens[at])) if at < len(tokens) else None
    return (one, 1) if one else None


def _vague_width(tokens: list[str], at: int, vague: dict[str, str]) -> int:
    """How many words a vague word takes at ``tokens[at]`` (two: "carte gratuite"), 0 when there is none."""
    if at + 1 < len(tokens) and f"{fold(tokens[at])} {fold(tokens[at + 1])}" in vague:
        return 2
    return 1 if at < len(tokens) and fold(tokens[at]) in vague else 0


def _count(token: str, lang: str) -> int | None:
    if token.isdigit() and len(token) <= 3:
        return int(token)
    return card_words.NUMBERS[lang].get(fold(token))


def _earlier(out: list[tuple[int, str, list[str] | None]], text: str, lang: str) -> None:
    """Raise the problem of the first unreadable token read so far: problems are said in the order typed."""
    for position, typed, read in out:
        if read is None:
            raise _unknown(typed, position, text, lang)


def _spoken(text: str, lang: str, strict: bool) -> list[tuple[int, str, list[str] | None]]:
    """Each reading of a card list: (position of its first token, the tokens as typed, the international tokens
    it stands for, or None when it is no card). ``strict``: a count beyond a deck or a vague word raises."""
    tokens = card_tokens(text)
    joins, vague = card_words.JOINS[lang], card_words.VAGUE[lang]
    out: list[tuple[int, str, list[str] | None]] = []
    at, total = 0, 0
    while at < len(tokens):
        token, folded = tokens[at], fold(tokens[at])
        count = _count(token, lang)
        named = _rank_word(tokens, at + 1, lang) if count is not None else None
        if (named is not None and named[1] == 1 and (token.isdigit() or _parse_token(token, lang))
                and not tokens[at + 1].islower() and _parse_token(tokens[at + 1], lang)):
            # A count that is a card too (digits, English "a") before a card's word that is also a spelling counts
            # only before the word as dictation writes it, in lower case: "2 joker" is two jokers, "a joker" one,
            # but "3 As" (the French keypad's ace of spades) and "A JOKER" are two cards each, as typed.
            named = None
        # a vague word ("zsoli"), named with its count ("két zsoli") when it has one
        lead = 1 if count is not None and named is None and _vague_width(tokens, at + 1, vague) else 0
        width = _vague_width(tokens, at + lead, vague)
        if named is not None and count is not None:
            rank, width = named
            typed = " ".join(tokens[at:at + 1 + width])
            if count > COUNT_MAX or count < 1:
                if strict:
                    _earlier(out, text, lang)
                    raise NotationError(phrase(
                        "%(typed)r at position %(position)s asks for %(count)s of one card: no table's deck holds "
                        "more than %(most)s", typed=typed, position=at + 1, count=count, most=COUNT_MAX),
                        token=typed, position=at + 1, text=text)
                out.append((at + 1, typed, None))
            else:
                out.append((at + 1, typed, [rank] * count))
                total += count
            at += 1 + width
        elif (named := _rank_word(tokens, at, lang)) is not None and (named[1] > 1 or _parse_token(token, lang) is None):
            # a lone word that is also a spelling of a card is read as the spelling: a French "As" the keypad
            # typed (A, then ♠) is the ace of spades, "un as" or "trois as" dictated are aces
            rank, width = named
            out.append((at + 1, " ".join(tokens[at:at + width]), [rank]))
            total += 1
            at += width
        elif folded in joins:
            at += 1
        elif width:
            typed = " ".join(tokens[at:at + lead + width])
            if strict:
                _earlier(out, text, lang)
                choices = vague[" ".join(fold(t) for t in tokens[at + lead:at + lead + width])]
                raise NotationError(phrase(
                    "%(typed)r at position %(position)s is either wild card: say which, %(choices)s",
                    typed=typed, position=at + 1, choices=choices), token=typed, position=at + 1, text=text)
            out.append((at + 1, typed, None))
            at += lead + width
        else:
            parsed = _parse_token(token, lang)
            out.append((at + 1, token, None if parsed is None else [str(Card(*parsed))]))
            total += 1
            at += 1
        if total > SPOKEN_CARDS_MAX:
            if strict:
                _earlier(out, text, lang)
                raise NotationError(phrase("more than %(most)s cards: no table's deck holds them",
                                           most=SPOKEN_CARDS_MAX), token=token, position=at, text=text)
            break
    return out


#: Count words that are also a card's spelling, as typed (English "a", the ace): the cache's reading may not do.
_COUNT_SPELLINGS = {lang: frozenset(v for w in card_words.NUMBERS[lang] if _parse_token(w, lang)
                                    for v in (w, w.upper(), w.capitalize()))
                    for lang in card_words.LANGUAGES}


def parse_cards(text: str | Iterable[str], lang: str = "en") -> tuple[Card, ...]:
    """Read a card list: a string of tokens, or an iterable of token strings; letters and card words of ``lang``
    (card_words.py) beside the international ones. A problem names the token as typed and its position."""
    if not isinstance(text, str):
        text = " ".join(str(part) for part in text)
    if len(text) > NOTATION_MAX:
        raise NotationError(phrase("at most %(most)s characters, got %(count)s", most=NOTATION_MAX, count=len(text)),
                            token=text[:20], position=0, text=text[:40] + "…")
    tokens = card_tokens(text)
    # The common case, and every stored record's: each token a spelling already read, none a count word ("a" of
    # "a joker"). Read from the cache, as before issue 23; the words' reader costs several times more a card.
    known = tuple(_KNOWN.get((t, lang)) for t in tokens)
    risky, words = _COUNT_SPELLINGS[lang], card_words.RANK_WORDS[lang]
    if None not in known and not any((t in risky or t.isdigit()) and n.islower() and fold(n) in words
                                     for t, n in zip(tokens, tokens[1:])):
        return known                # type: ignore[return-value]   # no None: checked
    cards: list[Card] = []
    for position, typed, read in _spoken(text, lang, strict=True):
        if read is None:
            raise _unknown(typed, position, text, lang)
        if len(read) == 1 and typed == tokens[position - 1] and _parse_token(typed, lang) is not None:
            cards.append(parse_card(typed, position=position, text=text, lang=lang))   # cached for the fast path
        else:
            cards += [parse_card(t) for t in read]     # international tokens: read by the English table
    return tuple(cards)


def understood(text: str, lang: str = "en") -> str:
    """A card list as the record stores it: ``text`` as typed where every token reads the same in the
    international notation (so what was always stored stays so, spacing and case included), else in the
    international notation, what was understood of ``text`` typed on a page in ``lang`` ("tre kungar" is
    ``K K K``). A token that is no card stays as typed, so the record's problem still names it; a count beyond a
    deck stays as typed the same way. Bounded: longer text than :data:`NOTATION_MAX` is returned as is, for the
    record's own bound to refuse."""
    if len(text) > NOTATION_MAX:
        return text
    readings = _spoken(text, lang, strict=False)
    if all(_same_in_english(typed, read) for _position, typed, read in readings):
        return text
    return " ".join(" ".join(read) if read is not None else typed for _position, typed, read in readings)


def _same_in_english(typed: str, read: list[str] | None) -> bool:
    english = _parse_token(typed)
    if read is None or english is None:
        return read is None and english is None
    return read == [str(Card(*english))]


#: How cards are written, said once after a form's unreadable cards (the lecture of parse_card, shorter). The
#: record's own help (the API and the CLI read records in the international notation); a page says
#: :func:`notation_help` of its language instead.
NOTATION_HELP = phrase("cards are 4–10, J, Q, K, A, 2, JK (joker); 3h is a red three, 3 a black three")


def notation_help(lang: str = "en") -> Phrase:
    """How cards are written on a page in ``lang``, said once after a hand form's unreadable cards (issue 23: a
    Swedish page's ``J`` is the joker, seed 004, so the English line would mislead there). The same letters and
    example as the unknown-card problem of :func:`parse_card` (card_words.SHOWN_LETTERS, EXAMPLE): data of the
    language, not catalogue text; English keeps :data:`NOTATION_HELP`."""
    if lang == "en":
        return NOTATION_HELP
    return phrase("cards are 4–10, %(letters)s, 2 (deuce), 3 with a suit (3h red, 3 black), a suit ♣♦♥♠ after a "
                  "card, or words such as “%(example)s”",
                  letters=card_words.SHOWN_LETTERS[lang], example=card_words.EXAMPLE[lang])


def spellings(lang: str = "en") -> dict[str, str]:
    """Every letter spelling of a card a page in ``lang`` reads (upper case) and the notation it reads as: the
    parser's own table, longest first, so a front that groups or names typed cards (static/notation.js, through
    the page's ``data-card-letters``) and the help (:func:`help_letters`) read exactly what the server does."""
    return dict(_RANK_ALIASES[lang])


#: The cards the checker's notation help names the letters of (issue 23), in the help's order.
HELP_CARDS = ("J", "Q", "K", "A", DEUCE, JOKER)


def help_letters(lang: str = "en") -> dict[str, str]:
    """For each of :data:`HELP_CARDS`, the spellings ``lang`` reads it by, as a page writes them ("Kn", not "KN"),
    joined with " / ": the letters of the checker's notation help, from the parser's table
    so that the help cannot say a letter the page reads otherwise (a Swedish page's ``J`` is listed as the joker,
    not the jack; seed 004, card_words' decision)."""
    written = {w.upper(): w for w in card_words.WRITTEN[lang].values()}
    own = card_words.LETTERS[lang]
    # The page's own letters first (B / J on a Hungarian page), the international ones first on an English page;
    # an international letter the language reads otherwise (sv J) is listed under the card it reads as.
    table = ({**card_words.INTERNATIONAL, **own} if lang == "en"
             else {**own, **{s: r for s, r in card_words.INTERNATIONAL.items() if s not in own}})
    return {card: " / ".join(written.get(s, s) for s, read in table.items() if read == card) for card in HELP_CARDS}


def unreadable_tokens(text: str, lang: str = "en") -> list[tuple[int, str]]:
    """Every token of a card list that is no card, with its 1-based position (parse_cards stops at the first); a
    word such as "zsoli" or a count beyond a deck with the position of its first word."""
    if lang == "en" and all((tok, lang) in _KNOWN for tok in card_tokens(text)):
        return []
    return [(position, typed) for position, typed, read in _spoken(text, lang, strict=False) if read is None]


def _reads_as(token: str, lang: str) -> tuple[str, str | None] | None:
    """What one token reads as on a page in ``lang``: its letters, else a card's word (as :func:`_spoken` does)."""
    letters = _parse_token(token, lang)
    word = card_words.RANK_WORDS[lang].get(fold(token))
    if letters is not None or word is None:
        return letters
    return (THREE, "h") if word == "3h" else (word, None)


_SUIT_SIGNS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}


def _spelled(card: Card, lang: str) -> str:
    """``card`` as ``lang`` writes it: the international spelling where the page reads it as this card, else the
    language's own letter (sv ``Kn``), else the suit as a sign (should a language's word ever take a spelling)."""
    rank = card_words.WRITTEN[lang].get(card.rank, card.rank)
    for spelling in (str(card), rank + (card.suit or ""), rank + _SUIT_SIGNS.get(card.suit or "", "")):
        if _reads_as(spelling, lang) == (card.rank, card.suit):
            return spelling
    return str(card)


def format_cards(cards: Iterable[Card], lang: str = "en") -> str:
    """Cards in the international notation, except where ``lang`` reads a spelling otherwise (a Swedish page's
    jack is ``Kn``: its ``J`` is the joker): what is written here reads back as these cards in ``lang``."""
    if lang == "en":
        return " ".join(str(c) for c in cards)
    return " ".join(_spelled(c, lang) for c in cards)


def written(text: str, lang: str = "en") -> str:
    """Stored notation (international) as a page in ``lang`` shows it to be edited again: each token ``lang``
    would read as another card is written as ``lang`` writes that card (a Swedish page's ``J`` jack is ``Kn``), so
    a hand opened for a correction and saved unchanged stays the same hand. Other tokens and the spacing stay."""
    if lang == "en":
        return text

    def one(match: re.Match[str]) -> str:
        token = match.group(0)
        read = _parse_token(token)
        return format_cards([Card(*read)], lang) if read is not None and _reads_as(token, lang) != read else token

    return re.sub(r"[^\s,|]+", one, text)


def count_by_key(cards: Iterable[Card]) -> Counter[str]:
    return Counter(c.conservation_key for c in cards)
