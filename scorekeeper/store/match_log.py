"""A match's append-only log read back: the entry each hand has now, and each hand's revisions. Undo and
corrections are events; nothing in the log is ever overwritten (:mod:`scorekeeper.store.matches` appends). A
countersign (``confirm``, :mod:`scorekeeper.store.countersign`) is an event too, but no revision: it changes no
entry, so every replay here passes over it."""

from __future__ import annotations

from typing import Any, Sequence

from scorekeeper.store.models import HandEvent, Match


def current_entries(match: Match) -> list[dict[str, Any]]:
    """Replay the log: the entry each hand has now."""
    return log_entries(match.events)


def log_entries(events: Sequence[HandEvent]) -> list[dict[str, Any]]:
    """The entry each hand has after ``events``, the log (or its beginning) in order."""
    hands: list[dict[str, Any]] = []
    for event in events:
        if event.action == "add":
            hands.append(event.entry)
        elif event.action == "edit":
            hands[event.hand_number - 1] = event.entry
        elif event.action == "undo":
            hands.pop()
    return hands


def revisions(match: Match, number: int) -> list[dict[str, Any]]:
    """Every entry hand ``number`` has had, oldest first (undo ends a hand's history)."""
    out = []
    for event in match.events:
        if event.hand_number == number and event.action != "confirm":    # a countersign is no revision
            # entered_by: the side whose phone saved it (issue 24, migration 0009), None when unknown
            out.append({"seq": event.seq, "action": event.action, "entry": event.entry,
                        "created_at": event.created_at.isoformat(timespec="seconds"),
                        "entered_by": event.entered_by})
    return out


def own_revisions(match: Match, number: int) -> int:
    """How many times the hand now numbered ``number`` was entered or corrected: an undo ends a hand, so a hand
    that once had this number and was undone is another hand, not counted."""
    count = 0
    for event in match.events:
        if event.hand_number == number and event.action != "confirm":    # store/countersign.py
            count = 0 if event.action == "undo" else count + 1
    return count
