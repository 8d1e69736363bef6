"""Cards and their notation.

Notation (issue 2): tokens separated by spaces and/or commas, case-insensitive. Ranks ``4``..``10`` (also
``T``), ``J Q K A``; ``2`` is a deuce (kis zsoli); ``JK``, ``JOKER`` or ``*`` a joker (nagy zsoli). ``3`` with
``c``/``s`` is a black three, with ``h``/``d`` a red three; a bare ``3`` is a black three. Any card may carry a
suit suffix (``Kh``, ``10s``, ``♠♥♦♣``). Hungarian letters: ``B`` (bubi) = J, ``D`` (dáma) = Q, ``Á`` = A,
``Z``/``ZS`` = deuce, ``NZ`` = joker.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable

from scorekeeper.rules.errors import NotationError
from scorekeeper.rules.phrases import phrase

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
# Longest spellings first, so that "ZS" is a deuce and "10" is not "1" + "0".
_RANK_ALIASES = (
    ("JOKER", JOKER), ("JK", JOKER), ("NZ", JOKER), ("*", JOKER), ("ZS", DEUCE), ("10", "10"),
    ("Z", DEUCE), ("T", "10"), ("B", "J"), ("D", "Q"), ("Á", "A"),
    ("J", "J"), ("Q", "Q"), ("K", "K"), ("A", "A"),
    ("2", DEUCE), ("3", THREE), ("4", "4"), ("5", "5"), ("6", "6"), ("7", "7"), ("8", "8"), ("9", "9"),
)
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


def _parse_token(token: str) -> tuple[str, str | None] | None:
    upper = token.upper()
    for spelling, rank in _RANK_ALIASES:
        if upper.startswith(spelling):
            rest = token[len(spelling):]
            if rest == "":
                return rank, None
            suit = _SUIT_ALIASES.get(rest.upper()) if len(rest) == 1 else None
            if suit is None or rank == JOKER:
                return None
            return rank, suit
    return None


_KNOWN: dict[str, Card] = {}      # spellings already read; notation is tiny, so this stays small


def parse_card(token: str, *, position: int = 1, text: str | None = None) -> Card:
    """Read one card token; raise :class:`NotationError` naming it and its 1-based position."""
    known = _KNOWN.get(token)
    if known is not None:
        return known
    parsed = _parse_token(token)
    if parsed is None:
        whole = token if text is None else text
        raise NotationError(phrase(
            "unknown card %(token)r at position %(position)s in %(text)r: use 4-10 (or T), J, Q, K, A, 2 (deuce), "
            "JK or * (joker), 3 with a suit (3h/3d red, 3c/3s or 3 black), optionally followed by a suit c/d/h/s",
            token=token, position=position, text=whole), token=token, position=position, text=whole)
    card = _KNOWN[token] = Card(*parsed)
    return card


def card_tokens(text: str) -> list[str]:
    """The tokens of a card list as written, readable or not: the positions errors name count these."""
    return [t for t in _SPLIT.split(text.strip()) if t]


def split_melds(text: str) -> list[str]:
    """The melds of a list of melds, each its own text stripped; blank ones (an empty line, "| |") are none."""
    return [m for m in (part.strip() for part in _MELD_END.split(text)) if m]


#: Characters of one card list (a meld, a hand, an opening): the longest real one is a few hundred. Checked before
#: the text is split, so a megabyte of "K " costs nothing (the record's limits are in bounds.py).
NOTATION_MAX = 2000


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Read a card list: a string of tokens, or an iterable of token strings."""
    if not isinstance(text, str):
        text = " ".join(str(part) for part in text)
    if len(text) > NOTATION_MAX:
        raise NotationError(phrase("at most %(most)s characters, got %(count)s", most=NOTATION_MAX, count=len(text)),
                            token=text[:20], position=0, text=text[:40] + "…")
    return tuple(parse_card(tok, position=i, text=text) for i, tok in enumerate(card_tokens(text), start=1))


#: How cards are written, said once after a form's unreadable cards (the lecture of parse_card, shorter).
NOTATION_HELP = phrase("cards are 4–10, J, Q, K, A, 2, JK (joker); 3h is a red three, 3 a black three")


def unreadable_tokens(text: str) -> list[tuple[int, str]]:
    """Every token of a card list that is no card, with its 1-based position (parse_cards stops at the first)."""
    return [(i, tok) for i, tok in enumerate(card_tokens(text), start=1)
            if tok not in _KNOWN and _parse_token(tok) is None]


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


def count_by_key(cards: Iterable[Card]) -> Counter[str]:
    return Counter(c.conservation_key for c in cards)
