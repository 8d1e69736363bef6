"""Match export and import: everything that was entered, as one JSON document, and back.

An export holds the match's variant, options, the resolved rules it is played under with their hash
(:mod:`scorekeeper.rules.tables.pinned`), title, sides and its whole append-only log (every add, edit and undo with its time), so
importing it into any database — whatever that server's tables say — replays to the identical scoresheet and the
identical revision history. It never holds the edit or view token: an import gets new links.

An import re-checks the rules (valid JSON, the family's schema, a table that builds, the hash of their canonical
text equal to ``rules_hash``) and stores them; ``variant`` and ``options`` must be the rules' own. A file without
``rules`` (written before matches were pinned) is played under this server's tables of its variant, as then.

An import is checked completely before anything is written: the sides and options through
``matches.create_match`` (in a scratch in-memory database), then the log in one replay that checks every event as
``add_hand`` / ``edit_hand`` / ``undo_last`` checked it when it was saved (the same entry check, the same rule
check of the hand, the same refusals past the end of a match), scoring each hand once from the totals before it
and re-scoring only what an edit changes, so the work grows with the file, not with its square. Only then is the match written to the real database, in one
transaction. A bad file raises :class:`ImportRefused` naming the bad part, and the database is unchanged.

A refusal's reason is a phrase (:mod:`scorekeeper.rules.phrases`) where it can be: the CLI prints it in English (``str``), the
import page in its language (:func:`scorekeeper.display.words.say_refusal`); the part stays the file's path.

This module holds the export, the reading of a file and the import entry points (:func:`validate`,
:func:`new_match`, :func:`import_match`); the format's constants and :class:`ImportRefused` are in
store/transfer_format.py, the check of a file by replaying its log in store/transfer_check.py (issue 24: split by
concern when this file passed the ~400-line guide).
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from typing import Any, Mapping

from sqlalchemy.orm import Session

from scorekeeper.store import matches, quota
from scorekeeper.store.models import HandEvent, Match, MatchSide
from scorekeeper.store.transfer_check import _checked
from scorekeeper.store.transfer_format import FORMAT, FORMAT_VERSION, ImportRefused, _ONE_OBJECT, stamp
from scorekeeper.rules.bounds import bad_json
from scorekeeper.rules.json_text import JsonUnreadable, read_json
from scorekeeper.rules.phrases import phrase


# --- export ------------------------------------------------------------------------------------------------

def export_match(match: Match) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "exported_at": stamp(datetime.now(timezone.utc).replace(tzinfo=None)),
        "variant": match.variant,
        "options": dict(match.options),
        **_rules(match),
        "title": match.title,
        "created_at": stamp(match.created_at),
        "sides": [{"name": s.name, "players": list(s.players)} for s in match.sides],
        # Issue 22: who deals hand 1; null for a match that never said (its first player). A file written before
        # the key existed imports as such a match.
        "first_dealer": match.first_dealer,
        "events": [{"seq": e.seq, "action": e.action, "hand_number": e.hand_number, "entry": e.entry,
                    "created_at": stamp(e.created_at),
                    **({"entered_by": e.entered_by} if e.entered_by is not None else {})} for e in match.events],
    }


def _rules(match: Match) -> dict[str, Any]:
    """The match's pinned rules as a JSON object and their hash (none for a match the migration left unpinned)."""
    if match.rules_json is None:
        return {}
    return {"rules": json.loads(match.rules_json), "rules_hash": match.rules_hash}


def export_json(match: Match) -> str:
    return json.dumps(export_match(match), ensure_ascii=False, indent=1) + "\n"


# --- reading a file ----------------------------------------------------------------------------------------

def parse_export(raw: bytes | str) -> dict[str, Any]:
    """The JSON object of an export file; anything else is refused with one clear sentence."""
    if not (raw.strip() if isinstance(raw, bytes) else raw.removeprefix("\ufeff").strip()):
        raise ImportRefused(phrase("the file is empty; choose a match file exported by the scorekeeper"))
    try:
        data = read_json(raw)
    except JsonUnreadable as exc:        # the reason in our words, where the parser stopped (rules/json_text.py)
        raise ImportRefused(exc.says) from None
    if not isinstance(data, dict):
        raise ImportRefused(_ONE_OBJECT)
    if bad := bad_json(data):        # text that cannot be shown later, or nesting no export has
        raise ImportRefused(bad[1], bad[0])
    return data




def validate(data: Mapping[str, Any]) -> None:
    """Raise :class:`ImportRefused` unless ``data`` is an importable match export."""
    _checked(data)


def new_match(checked: Mapping[str, Any]) -> Match:
    """The checked match (``_checked``) as a new row with new links, not yet added to a session."""
    return Match(edit_token=matches.new_token(), view_token=matches.new_token(), **checked["match"],
                 sides=[MatchSide(**side) for side in checked["sides"]],
                 events=[HandEvent(**event) for event in checked["events"]])


def import_match(session: Session, data: Mapping[str, Any]) -> Match:
    """Check ``data`` completely, then store it as a new match (new links) in one transaction."""
    match = new_match(_checked(data))
    # the whole file counts against the client's storage quota, as the same match typed hand by hand would
    stored_bytes = matches.match_size(match) + sum(matches.event_size(event) for event in match.events)
    quota.admit(stored_bytes)
    try:
        session.add(match)
        session.commit()
    except Exception:
        session.rollback()
        raise
    quota.spent(stored_bytes)
    return match
