"""The tap keypad of the canasta hand form, read from the rules' deck.

:func:`deck_spec` is the one place a front reads which cards a variant's deck holds; the keypad is built from
what it returns, so a deck that gains or loses a kind of card (no jokers, other wild ranks: ``[deck] wilds``; a
wild card that is a rank too: ``[deck] also_rank``) changes the keys without a change here. Suit keys come only
where a suit matters to a meld (a table that allows sequences, ``[melds.sequence]``): a suit key adds its suit to
the card typed last (``7`` then ``♥`` is ``7h``).
A red three key comes only where a red three can be written on the form: it is never melded, so only a table
that lets one be left in hand (``[red_threes] in_hand = "penalty"``) has it; díszített counts them instead.

:attr:`DeckSpec.meld_start` is how many cards one tap of a natural rank lays as a new meld on the rank × count
keypad (static/keypad.js): the smallest group the table allows (3) where melds are groups only, so ``K`` alone
is a legal meld and ``K ×7`` a canasta; 1 where sequences are allowed, since ``5 ♥ to J ♥`` builds a run card by
card. It is read from the table's ``[melds.group] min_size``, never set per variant.

A key shows the rank's letter in the page's language (B, D, K, Á, NZ on a Hungarian page: ``pgettext("card
key", …)``) but types the parser's notation (``J``, ``Q``, ``K``, ``A``, ``JK``), so what is typed reads the same
in every language; the one exception is the jack on a Swedish page, ``Kn``, since there ``J`` is the joker (seed
004; rules/card_words.py). The page's own letters and card words are read when typed (rules/cards.py, issue 23).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask_babel import LazyString, get_locale, lazy_gettext as _l, lazy_pgettext

from scorekeeper.rules.cards import DEUCE, JOKER, NATURAL_RANKS, SUITS, THREE, Card, format_cards, language, parse_card
from scorekeeper.rules.errors import NotationError
from scorekeeper.rules.canasta.schema import RedThreeInHand

#: A key: what the button shows, the notation it types, and a name for screen readers.
Key = tuple[Any, str, Any]

_SUIT_SIGNS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
# What a key shows where it differs from its notation: the letters a Hungarian table calls the cards by.
_FACES = {"J": lazy_pgettext("card key", "J"), "Q": lazy_pgettext("card key", "Q"),
          "K": lazy_pgettext("card key", "K"), "A": lazy_pgettext("card key", "A"),
          JOKER: lazy_pgettext("card key", "JK")}
_NAMES = {"J": _l("jack"), "Q": _l("queen"), "K": _l("king"), "A": _l("ace"), DEUCE: _l("deuce"),
          JOKER: _l("joker")}
# A screen reader says what such a key lays (Italian canasta, seed 003 l. 73).
_RANK_TOO_NAMES = {DEUCE: _l("deuce: a wild card, or a meld of 2s of its own")}
_SUIT_NAMES = {"c": _l("clubs"), "d": _l("diamonds"), "h": _l("hearts"), "s": _l("spades")}


def notation_lang() -> str:
    """The language whose card letters and words the page's cards fields read (issue 23): the page's language
    (flask-babel's locale: the ``lang`` cookie, else Accept-Language), "en" outside a request or for a language the
    notation has no table for."""
    try:
        return language(str(get_locale() or "en"))
    except ValueError:
        return "en"


def typed(rank: str) -> Any:
    """What a key of ``rank`` types: the notation as the page's language writes it (a Swedish page's jack is
    ``Kn``: there ``J`` is the joker, seed 004), lazily, so a keypad built once serves every page's language."""
    return LazyString(lambda: format_cards([Card(rank)], notation_lang()))


def face(rank: str) -> Any:
    """What a key of ``rank`` shows: its letter in the page's language (the meld checker's keys too)."""
    return _FACES.get(rank, rank)


def said_cards(text: str, lang: str | None = None) -> str:
    """Cards in the notation (as ``lang`` writes it: rules/meld_check.py's ``understood``, melds apart by " | ")
    written with the faces of the page's keys: a French page's ``K K K JK`` is ``R R R JK``, a Hungarian one's
    ``J J J J`` is ``B B B B`` (issue 23: "understood as …" showed the international letters beside keys showing
    the page's). A suit is its sign, as on the keys ("R♥"); what is no card stays as written. Reads back as the
    same cards in ``lang``, since each face is one of its letters (card_words.LETTERS)."""
    lang = lang or notation_lang()

    def one(token: str) -> str:
        if token == "|":
            return token
        try:
            card = parse_card(token, lang=lang)
        except NotationError:
            return token
        return str(_FACES.get(card.rank, card.rank)) + (_SUIT_SIGNS[card.suit] if card.suit else "")

    return " ".join(one(token) for token in text.split())


@dataclass(frozen=True, slots=True)
class DeckSpec:
    """The kinds of card a deck holds, as the keypad needs them."""

    naturals: tuple[str, ...]        # ranks that meld in groups, ascending
    wilds: tuple[str, ...]           # wild ranks, the joker last when the deck has jokers
    threes: bool                     # red and black threes are in play (keyed apart: a red three scores)
    red_three_key: bool              # a red three can be written on the form (left in hand: a penalty)
    suits: tuple[str, ...]
    meld_start: int = 3              # cards a new meld of a natural rank starts with (see the module docstring)
    # Wild cards that are a rank of their own too (Italian 2s, ``[deck] also_rank``): keyed as wild cards, so a tap
    # adds one to the meld typed (K K K then 2), but a tap on no meld starts a meld of them like a natural rank.
    also_rank: tuple[str, ...] = ()


def deck_spec(rules: Any) -> DeckSpec:
    """Which cards ``rules``' deck holds: the natural ranks (the deuce too where it is not wild), the wild cards
    the table names (the joker only when the deck has any), and the suits when a meld can need them."""
    wild = getattr(rules, "wilds", frozenset((DEUCE, JOKER)))
    jokers = getattr(rules, "jokers", 0)
    wilds = tuple(k for k in (DEUCE, JOKER) if k in wild and (k != JOKER or jokers))
    naturals = NATURAL_RANKS + (() if DEUCE in wild else (DEUCE,))
    suited = "sequence" in getattr(rules, "shapes", {})
    held = getattr(rules, "red_three_in_hand", RedThreeInHand.PENALTY) != RedThreeInHand.IMPOSSIBLE
    group = getattr(rules, "shapes", {}).get("group")
    start = 1 if suited else (group.min_size if group is not None else 3)
    return DeckSpec(naturals=naturals, wilds=wilds, threes=True, red_three_key=held,
                    suits=SUITS if suited else (), meld_start=start,
                    also_rank=tuple(k for k in wilds if k in getattr(rules, "also_rank", ())))


class Keys(tuple):
    """The keys of a hand form, and the :class:`DeckSpec` they were read from (``deck``): the keypad's script needs
    the rank order, which keys are wild and :attr:`DeckSpec.meld_start` as data; one value keeps the front's
    ``keypad`` hook a single call (scorekeeper/fronts/)."""

    deck: DeckSpec

    def __new__(cls, keys: Any, deck: DeckSpec) -> "Keys":
        made = super().__new__(cls, keys)
        made.deck = deck
        return made

    def script_data(self) -> dict[str, Any]:
        """What static/keypad.js reads from the keypad's ``data-deck``: rank order (runs), wilds, meld start."""
        d = self.deck
        # A run's ranks are 4 … A whatever else is natural: a deuce that is a rank of its own (Italian) never
        # continues a sequence, so "Q ♥ to 2" must not type Qh Kh Ah 2h.
        return {"naturals": list(d.naturals), "wilds": list(d.wilds), "start": d.meld_start,
                "sequences": bool(d.suits), "runs": list(NATURAL_RANKS) if d.suits else [],
                # only where a deck has one (Italian 2s): every other deck's data stays as it was
                **({"also_rank": list(d.also_rank)} if d.also_rank else {})}


def keypad(rules: Any) -> Keys:
    """The keys of the hand form: naturals, then wilds, then a red and a black three, then the suits if any
    (a suit's notation is ``~`` and the letter: the form's script adds the letter to the last card). The face
and the name are lazy strings, said in the page's language when the template shows them."""
    deck = deck_spec(rules)
    keys: list[Key] = [(_FACES.get(r, r), typed(r) if r == "J" else r,
                        (_RANK_TOO_NAMES if r in deck.also_rank else _NAMES).get(r, r))
                       for r in deck.naturals + deck.wilds]
    if deck.threes and deck.red_three_key:
        keys.append((THREE + _SUIT_SIGNS["h"], THREE + "h", _l("red three")))
    if deck.threes:
        keys.append((THREE + _SUIT_SIGNS["s"], THREE, _l("black three")))
    keys += [(_SUIT_SIGNS[s], "~" + s, _SUIT_NAMES[s]) for s in deck.suits]
    return Keys(keys, deck)


def no_keypad(rules: Any) -> tuple[Key, ...]:
    """A family whose form has no card keypad (Keltis: its rows are typed, static/keltis.js helps)."""
    return ()
