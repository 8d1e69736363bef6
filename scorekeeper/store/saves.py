"""Idempotent saves: the client's key for one save, and what a repeat of that save is answered with.

A phone that double-taps, retries after a timeout or comes back online sends the same save twice. Each save
carries a key the client made up (a web form's hidden ``save_key``, the API's ``Idempotency-Key`` header); the
key is stored with the event, unique per match, so a repeat finds the first save instead of storing a second
hand — also when both copies race (the version guard lets one through, the other then finds its key).
"""

from __future__ import annotations

import json
from typing import Any, Sequence

from sqlalchemy import select
from sqlalchemy.orm import Session

from scorekeeper.store.models import HandEvent, Match
from scorekeeper.rules import RecordError
from scorekeeper.rules.canasta.scoring import HandResult

KEY_LENGTH = 64                    # the column's width; a uuid4 takes 36
KEY_CHARS = frozenset(chr(c) for c in range(0x21, 0x7F))    # visible ASCII: a header value, a form field


class AlreadySaved(Exception):
    """This save was stored before under its key; nothing new was stored. ``number`` is the hand it saved,
    ``result`` that hand as scored by that save (``None`` for an undo)."""

    def __init__(self, number: int, result: HandResult | None) -> None:
        super().__init__(f"this save was already stored (hand {number})")
        self.number, self.result = number, result


class KeyReused(Exception):
    """The key was already used by a different save (another hand, or other content)."""

    def __init__(self, number: int, action: str) -> None:
        super().__init__(f"this save key was already used by another save ({action} of hand {number}); "
                         "send a new key for a new save")
        self.number, self.action = number, action


class Unavailable(Exception):
    """The database could not be written (read-only, full, locked, unreachable); nothing was saved."""

    def __init__(self) -> None:
        super().__init__("the database cannot be written just now; nothing was saved — try again in a moment")


def check_key(key: Any) -> str | None:
    """``None`` (no key) or the key, if it is 1–64 visible ASCII characters."""
    if key is None:
        return None
    if not isinstance(key, str) or not 1 <= len(key) <= KEY_LENGTH or not set(key) <= KEY_CHARS:
        raise RecordError(f"a save key is 1–{KEY_LENGTH} visible ASCII characters (a UUID, for example)",
                          field="save_key")
    return key


def _same(entry: Any) -> str:
    return json.dumps(entry, sort_keys=True, ensure_ascii=False)


def _content(event: HandEvent) -> Any:
    """What makes two saves one: the entry; for a countersign (store/countersign.py) only its side, so a retry
    that arrives after the hand was corrected is still answered as the first countersign."""
    if event.action == "confirm" and isinstance(event.entry, dict):
        return event.entry.get("side")
    return event.entry


def repeated(session: Session, match: Match, event: HandEvent) -> tuple[HandEvent, Sequence[HandEvent]] | None:
    """The stored event with ``event``'s key and the log up to it, or ``None``; :class:`KeyReused` if that
    event saved something else. Read afresh: the session's log may predate a racing copy's commit."""
    first = session.scalars(select(HandEvent).where(HandEvent.match_id == match.id,
                                                    HandEvent.save_key == event.save_key)).one_or_none()
    if first is None:
        return None
    if first.action != event.action or _same(_content(first)) != _same(_content(event)) or (
            event.action in ("edit", "confirm") and first.hand_number != event.hand_number):
        raise KeyReused(first.hand_number, first.action)
    log = session.scalars(select(HandEvent).where(HandEvent.match_id == match.id, HandEvent.seq <= first.seq)
                          .order_by(HandEvent.seq)).all()
    return first, log
