"""Match arithmetic: running a whole match from its hands (when it is over and who won: :mod:`.outcome`).

A match is an append-only log of entered hands; totals are always recomputed from it.
"""

from __future__ import annotations

from contextlib import nullcontext
from functools import partial
from typing import TYPE_CHECKING, Any, Container, Mapping, Sequence

from scorekeeper.rules.outcome import at_deal

if TYPE_CHECKING:
    from scorekeeper.rules.tables.families import GameResult


def score_match(rules: Any, hands: Sequence[Mapping[str, Any]], totals_before: Mapping[str, int] | None = None, *,
                checked: Container[int] | None = None, first: int = 0) -> list["GameResult"]:
    """Score hands in order under ``rules`` (a built rules object: a match's pinned rules, see :mod:`.tables.pinned`),
    each starting from the totals the previous one produced.

    ``hands`` are hand records; a ``variant``/``options``/``totals_before`` they carry is ignored. Raises
    ``RecordError`` (with the hand number in the field path) for malformed input. ``checked`` holds the indices
    of the hands read with the limits of :mod:`.bounds` (None: all of them); the others were stored before a
    limit existed and are only required to be readable, so an old match still replays.

    ``first``: how many hands of the match come before ``hands`` (``totals_before`` are the running totals after
    them), so a replay can start from a remembered state instead of hand 1 (a preview, a correction): the hands'
    numbers, which decide a match played in rounds of deals, field paths and ``checked`` count from the match's
    first hand.
    """
    from scorekeeper.rules import bounds
    from scorekeeper.rules.errors import RecordError
    from scorekeeper.rules.records import parse_record, score_hand

    totals = dict(totals_before or {})
    results = []
    for n, hand in enumerate(hands, start=first):
        # The match's rules and running totals always win over anything a hand carries.
        # Only the totals of who is in this hand: a record refuses a name it does not hold (record.py), and a
        # cutthroat hand stored before the player count was checked may lack a player, who keeps their total.
        named = _names_in(hand)
        before = {name: total for name, total in totals.items() if name in named}
        record = {**{k: v for k, v in hand.items() if k not in _MATCH_FIELDS}, "totals_before": before}
        try:
            with nullcontext() if checked is None or n in checked else bounds.relaxed():
                result = at_deal(score_hand(parse_record(record, rules)), n + 1)
        except RecordError as exc:
            raise exc.moved(partial(_in_hand, n)) from None
        totals.update(result.totals)
        results.append(result)
    return results


_MATCH_FIELDS = ("variant", "options", "totals_before")


def _in_hand(n: int, field: str) -> str:
    return f"hands[{n}].{field}" if field else f"hands[{n}]"


def _names_in(hand: Mapping[str, Any]) -> set[str]:
    """The side and player names a hand lists (whatever their shape: reading them is record.py's job)."""
    sides = hand.get("sides") if isinstance(hand, Mapping) else None
    names: set[str] = set()
    for side in sides if isinstance(sides, list) else []:
        if isinstance(side, Mapping):
            players = side.get("players")
            names.update(n for n in [side.get("name"), *(players if isinstance(players, list) else [])]
                         if isinstance(n, str))
    return names
