"""Two phones on one match (issue 11): what the other phone changed while this one was typing, whether a new
hand repeats the hand before it, and which saves a phone's stored drafts may already have gone into.

A refused form says what changed instead of quietly turning into "Save hand N+1": one more tap would otherwise
store the hand the other phone just saved a second time (a phantom win in the family's test evening). A new hand
equal to the previous one is only stored once the player confirmed it (the form's ``confirm_duplicate`` field
names the hand it repeats, so a confirmation given for hand 10 does not cover hand 11).

A new hand *nearly* equal to the previous one is asked about too (issue 22, the phantom hand: two phones typed one
hand, one with an extra twin, and "Save mine as hand 2" doubled every total). It is a near-duplicate when the
family's front (``EntryKit.differences``) finds at most :data:`NEAR_CHANGES` changes between them, on the same sides
in the same mode. The question names each difference and defaults to correcting hand N (the carry flow below);
saving it as hand N+1 takes the form's ``confirm_near`` naming N+1, the hand the confirmation is for.

"Correct hand N instead" carries the refused input into hand N's correction: a button of the refused form posts
it to the correction with ``carry=1``, which only fills the correction in (no scripting needed). Nothing is saved
until the player taps "Save the correction" there, under a save key of the correction's own.
"""

from __future__ import annotations

import json
from typing import Any

from flask import request
from sqlalchemy.orm import Session

from scorekeeper.fronts import front_of
from scorekeeper.store.matches import _check_entry, current_entries, rules_of, scoresheet
from scorekeeper.store.models import HandEvent, Match
from scorekeeper.rules import RecordError
from scorekeeper.store.saves import KeyReused, repeated

NEAR_CHANGES = 2
"""Why 2: a real next hand is dealt anew, so every side's melds and cards left (or a Keltis player's rows) change,
each card counting; two typings of one hand differ by a miscounted value or two (the issue's extra twin is one). A
next hand within two changes of the last practically never happens, and if it does, one tap saves it."""
SAVED_KEYS_SHOWN = 20      # a phone's drafts are for the last few saves; older keys are not worth the bytes


def _scores(sheet: dict[str, Any], number: int) -> list[tuple[str, Any]]:
    if not 1 <= number <= len(sheet["hands"]):
        return []
    sides = sheet["hands"][number - 1]["result"].get("sides", [])
    return [(s["name"], s.get("taxed", s.get("score"))) for s in sides]


def changes_since(match: Match, version: int | None) -> list[dict[str, Any]]:
    """The saves after ``version`` (oldest first): action, hand number and, for a hand still there, its sides'
    scores as the sheet shows them now."""
    sheet = scoresheet(match)
    # a countersign (store/countersign.py) changes no hand: not a change to tell the scorer about
    events = [e for e in match.events if version is not None and e.seq > version and e.action != "confirm"]
    return [{"action": e.action, "number": e.hand_number,
             "scores": [] if e.action == "undo" else _scores(sheet, e.hand_number)} for e in events]


def _same(entry: Any) -> str:
    return json.dumps(entry, sort_keys=True, ensure_ascii=False)


def resemblance(session: Session, match: Match, entry: Any, key: str | None) -> tuple[int, list] | None:
    """``(number, differences)`` when ``entry`` (a new hand) repeats the previous hand: no differences for the same
    hand, a few (at most :data:`NEAR_CHANGES` changes) for a near-duplicate; ``None`` otherwise, and also when this
    very save was stored before (a re-sent form is answered as the first save, never asked about)."""
    entries = current_entries(match)
    if not entries:
        return None
    try:
        entry = _check_entry(match, entry)
        if key is not None and repeated(session, match, HandEvent(action="add", entry=entry, save_key=key)):
            return None
    except (RecordError, KeyReused):
        return None                      # the save itself reports what is wrong, in its own words
    last, number = entries[-1], len(entries)
    if _same(entry) == _same(last):
        return number, []
    rules = rules_of(match)
    describe = front_of(rules).entry.differences
    names = [[s.get("name") for s in e.get("sides", [])] for e in (last, entry)]
    if describe is None or last.get("mode", "cards") != entry["mode"] or sorted(map(str, names[0])) != \
            sorted(map(str, names[1])):
        return None                      # another form or other sides (a regrouped hand): not one hand typed twice
    found = describe(rules, last, entry)
    return (number, found) if found and sum(d.changes for d in found) <= NEAR_CHANGES else None


def saved_keys(match: Match) -> list[str]:
    """The save keys of the match's last saves: a phone drops the drafts whose form was saved under one."""
    return [e.save_key for e in match.events[-SAVED_KEYS_SHOWN:] if e.save_key]


def carrying() -> bool:
    """Whether this POST only carries another form's input into a correction (``carry=1``), not a save."""
    return request.method == "POST" and request.endpoint == "entry.edit_hand" and request.args.get("carry") == "1"


def carried_from(match: Match, number: int) -> dict[str, Any]:
    """What the carried correction shows above the input: hand ``number`` as it is stored now."""
    return {"number": number, "scores": _scores(scoresheet(match), number)}
