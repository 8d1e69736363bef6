"""What a Keltis table may say (``rules_ref/README.md`` lists every key): the family's schema, written in the
schema language of :mod:`scorekeeper.rules.tables.schema`."""

from __future__ import annotations

from typing import Any

from scorekeeper.rules.tables.schema import HEAD, OPTION, PLAYERS, Int, ListOf, MapOf

#: Ranges a real Keltis table reaches, with room (issue 19): the game's cards are valued 0–10 with one or two
#: copies a colour, two closing cards, nine stones, five colours; a deck's size bounds a record's rows
#: (rules/keltis/limits.py), so each number here also bounds what a house table can make a scoring cost.
VALUE = Int(0, 20)           # a number card's, grey card's or stone's value
COPIES = Int(0, 4)           # copies of a card per colour
POINTS = Int(-1000, 1000)    # points of a row length, of stones held, of a grey card
CLOSED_ROWS = Int(1, 40)     # rows closed when the game ends: 8 colours × 4 closing cards is 32 closed rows at most
CARDS_AFTER = Int(0, 8)      # cards a player may still lay after the end: a player holds 8 (seed 001 l. 13)

KELTIS: dict[str, Any] = {
    **HEAD,
    "players": PLAYERS,
    "deck": {"two_player_removed": Int(0, 100), "number_copies": MapOf(COPIES, keys=VALUE, most=21),
             "closing_copies": COPIES, "grey_values": ListOf(VALUE, most=21), "grey_copies": COPIES,
             "stones": ListOf(VALUE, most=20)},
    "colours": MapOf({"aliases": ListOf(str, most=8)}, most=8),
    "scoring": {"row_length": ListOf(POINTS, most=40), "stones": ListOf(POINTS, most=21), "grey_card": POINTS},
    "end": {"closed_rows": CLOSED_ROWS, "cards_after": CARDS_AFTER},
    "rows": {"length_counts_grey": bool, "length_counts_closing": bool, "grey_on_row_point": bool,
             "may_start_closed": bool, "max_closing": COPIES},
    "options": MapOf(OPTION),
}
