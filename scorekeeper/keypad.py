"""The tap keypad of the canasta hand form, read from the rules' deck.

:func:`deck_spec` is the one place a front reads which cards a variant's deck holds; the keypad is built from
what it returns, so a deck that gains or loses a kind of card (no jokers, other wild ranks) changes the keys
without a change here. Today the deck is ``rules.packs`` and ``rules.jokers``; when the tables say which cards
are wild (``[deck] wilds``), only :func:`deck_spec` reads it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .rules.cards import DEUCE, JOKER, NATURAL_RANKS, SUITS, THREE

#: A key: what the button shows, the notation it types, and a name for screen readers.
Key = tuple[str, str, str]

_SUIT_SIGNS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
_NAMES = {JOKER: "joker"}


@dataclass(frozen=True, slots=True)
class DeckSpec:
    """The kinds of card a deck holds, as the keypad needs them."""

    naturals: tuple[str, ...]        # ranks that meld in groups, ascending
    wilds: tuple[str, ...]           # wild ranks, the joker last when the deck has jokers
    threes: bool                     # red and black threes are in play (keyed apart: a red three scores)
    suits: tuple[str, ...]


def deck_spec(rules: Any) -> DeckSpec:
    """Which cards ``rules``' deck holds: every natural rank, the deuce as wild, the joker when the deck has any."""
    wilds = (DEUCE,) + ((JOKER,) if getattr(rules, "jokers", 0) else ())
    return DeckSpec(naturals=NATURAL_RANKS, wilds=wilds, threes=True, suits=SUITS)


def keypad(rules: Any) -> tuple[Key, ...]:
    """The keys of the hand form: naturals, then wilds, then a red and a black three."""
    deck = deck_spec(rules)
    keys = [(r, r, _NAMES.get(r, r)) for r in deck.naturals + deck.wilds]
    if deck.threes:
        keys += [(THREE + _SUIT_SIGNS["h"], THREE + "h", "red three"), (THREE + _SUIT_SIGNS["s"], THREE, "black three")]
    return tuple(keys)


def no_keypad(rules: Any) -> tuple[Key, ...]:
    """A family whose form has no card keypad (Keltis: its rows are typed, static/keltis.js helps)."""
    return ()
