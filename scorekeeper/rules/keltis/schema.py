"""What a Keltis table may say (``rules_ref/README.md`` lists every key): the family's schema, written in the
schema language of :mod:`scorekeeper.rules.tables.schema`."""

from __future__ import annotations

from typing import Any

from scorekeeper.rules.tables.schema import HEAD, OPTION, PLAYERS, ListOf, MapOf

KELTIS: dict[str, Any] = {
    **HEAD,
    "players": PLAYERS,
    "deck": {"two_player_removed": int, "number_copies": MapOf(int), "closing_copies": int,
             "grey_values": ListOf(int), "grey_copies": int, "stones": ListOf(int)},
    "colours": MapOf({"aliases": ListOf(str)}),
    "scoring": {"row_length": ListOf(int), "stones": ListOf(int), "grey_card": int},
    "rows": {"length_counts_grey": bool, "length_counts_closing": bool, "grey_on_row_point": bool,
             "may_start_closed": bool, "max_closing": int},
    "options": MapOf(OPTION),
}
