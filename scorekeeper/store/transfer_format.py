"""A match file's format: its name and version, the keys it may hold, its bounds, and :class:`ImportRefused`,
the refusal of a file.

Split from store/transfer.py (issue 24, when it passed the ~400-line guide): the export and the import entry
points (store/transfer.py) and the check of a file's log by replaying it (store/transfer_check.py) both stand on
these. They live below both because the check cannot import store/transfer.py, which calls it: that would be an
import cycle (tests/core/test_import_cycles.py).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Iterable, Mapping

from scorekeeper.rules.phrases import Phrase, phrase

FORMAT = "scorekeeper-match"
FORMAT_VERSION = 1
# A real match has a few dozen hands and a handful of corrections. MAX_EVENTS only bounds the file (MAX_HANDS adds,
# each corrected a few times); the work of checking it is bounded by transfer_check.MAX_WORK.
MAX_EVENTS = 1000
# "confirm": an opponent's countersign (issue 24, store/countersign.py); it changes no entry and costs no scoring
ACTIONS = ("add", "edit", "undo", "confirm")
TOP_KEYS = {"format", "format_version", "exported_at", "variant", "options", "rules", "rules_hash", "title",
            "created_at", "sides", "first_dealer", "events"}
# entered_by (issue 24, migration 0009): the side whose phone entered or corrected the hand, written when known;
# a file without it (older, or an unknown side) imports as unknown
EVENT_KEYS = {"seq", "action", "hand_number", "entry", "created_at", "entered_by"}
# Dates an import may carry: a match played with this app, with room on both sides. Outside, a time zone shift or
# the export's "Z" would overflow Python's datetime (years 1 and 9999).
FIRST_YEAR, LAST_YEAR = 2000, 2100



class ImportRefused(ValueError):
    """The file is not an importable match; ``part`` names where (``"events[3].entry"``), ``reason`` says why;
    ``says`` is the reason as a phrase (None: English only), ``where`` the part with the event's action ("events[1]
    (add of hand 2)"), ``problems`` a refused hand's problems (dicts with ``sentence``), said after the reason."""

    def __init__(self, reason: str | Phrase, part: str | None = None, *, where: Phrase | None = None,
                 problems: Iterable[Mapping[str, Any]] = ()) -> None:
        self.says = reason if isinstance(reason, Phrase) else None
        self.problems = tuple(problems)
        english = reason.render() if isinstance(reason, Phrase) else reason
        if self.problems:
            english += ": " + "; ".join(p["message"] for p in self.problems)
        shown = where.render() if where else part
        super().__init__(f"{shown}: {english}" if shown else english)
        self.reason, self.part, self.where = english, shown, where

_ONE_OBJECT = phrase("the file must hold one JSON object: a match exported by the scorekeeper")


def stamp(moment: datetime) -> str:
    """Stored times are naive UTC; written with their microseconds and a Z so nothing is lost (every file: a
    match's, a group's and its club nights')."""
    return moment.isoformat() + "Z"
