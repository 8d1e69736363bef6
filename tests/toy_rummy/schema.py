"""What a toy rummy table may say, in the core's schema language."""

from __future__ import annotations

from typing import Any

from scorekeeper.rules.tables.schema import HEAD, OPTION, PLAYERS, Int, MapOf

TOY_RUMMY: dict[str, Any] = {
    **HEAD,
    "players": PLAYERS,
    "card_values": MapOf(Int(0, 100)),
    "melds": {"min_size": Int(2, 13), "ace_low": bool},
    "match": {"target": Int(1, 100_000)},
    "options": MapOf(OPTION),
}
