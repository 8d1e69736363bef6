"""The tap keypad of the canasta hand form, read from the rules' deck.

:func:`deck_spec` is the one place a front reads which cards a variant's deck holds; the keypad is built from
what it returns, so a deck that gains or loses a kind of card (no jokers, other wild ranks: ``[deck] wilds``)
changes the keys without a change here. Suit keys come only where a suit matters to a meld (a table that allows
sequences, ``[melds.sequence]``): a suit key adds its suit to the card typed last (``7`` then ``♥`` is ``7h``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .rules.cards import DEUCE, JOKER, NATURAL_RANKS, SUITS, THREE

#: A key: what the button shows, the notation it types, and a name for screen readers.
Key = tuple[str, str, str]

_SUIT_SIGNS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
_NAMES = {JOKER: "joker"}
_SUIT_NAMES = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}


@dataclass(frozen=True, slots=True)
class DeckSpec:
    """The kinds of card a deck holds, as the keypad needs them."""

    naturals: tuple[str, ...]        # ranks that meld in groups, ascending
    wilds: tuple[str, ...]           # wild ranks, the joker last when the deck has jokers
    threes: bool                     # red and black threes are in play (keyed apart: a red three scores)
    suits: tuple[str, ...]


def deck_spec(rules: Any) -> DeckSpec:
    """Which cards ``rules``' deck holds: the natural ranks (the deuce too where it is not wild), the wild cards
    the table names (the joker only when the deck has any), and the suits when a meld can need them."""
    wild = getattr(rules, "wilds", frozenset((DEUCE, JOKER)))
    jokers = getattr(rules, "jokers", 0)
    wilds = tuple(k for k in (DEUCE, JOKER) if k in wild and (k != JOKER or jokers))
    naturals = NATURAL_RANKS + (() if DEUCE in wild else (DEUCE,))
    suited = "sequence" in getattr(rules, "shapes", {})
    return DeckSpec(naturals=naturals, wilds=wilds, threes=True, suits=SUITS if suited else ())


def keypad(rules: Any) -> tuple[Key, ...]:
    """The keys of the hand form: naturals, then wilds, then a red and a black three, then the suits if any
    (a suit's notation is ``~`` and the letter: the form's script adds the letter to the last card)."""
    deck = deck_spec(rules)
    keys = [(r, r, _NAMES.get(r, r)) for r in deck.naturals + deck.wilds]
    if deck.threes:
        keys += [(THREE + _SUIT_SIGNS["h"], THREE + "h", "red three"), (THREE + _SUIT_SIGNS["s"], THREE, "black three")]
    keys += [(_SUIT_SIGNS[s], "~" + s, _SUIT_NAMES[s]) for s in deck.suits]
    return tuple(keys)


def no_keypad(rules: Any) -> tuple[Key, ...]:
    """A family whose form has no card keypad (Keltis: its rows are typed, static/keltis.js helps)."""
    return ()
