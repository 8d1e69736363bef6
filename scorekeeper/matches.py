"""Matches as append-only logs: create, add/edit/undo hands, replay into a scoresheet.

Plain functions over a SQLAlchemy session (no Flask), so the web pages, the JSON API and the CLI share them.
Every save is one transaction guarded by the match version: a save based on a stale version is refused and
nothing is written.
"""

from __future__ import annotations

import secrets
from collections import OrderedDict
from threading import Lock
from typing import Any, Mapping, Sequence

from sqlalchemy import bindparam, select, update
from sqlalchemy.orm import Session

from .models import HandEvent, Match, MatchSide
from .rules import RecordError, bounds, get_variant, score_match
from .rules.phrases import phrase
from .rules.problems import problem
from .rules.scoring import HandResult

TOKEN_BYTES = 24          # 192 bits from secrets: links cannot be guessed
MAX_VERSION = 2**31 - 1   # the version column is a 32-bit INTEGER on PostgreSQL (and SQLite refuses > 2**63)
ENTRY_MODES = ("cards", "summary")


class StaleMatch(Exception):
    """The match changed since the page the save was based on."""

    def __init__(self, current_version: int) -> None:
        super().__init__(f"this match changed (now at version {current_version}) — here is the current state")
        self.current_version = current_version


class HandRejected(Exception):
    """The hand breaks the rules; nothing was saved. ``result`` is the scored hand with its problems."""

    def __init__(self, result: dict[str, Any]) -> None:
        super().__init__("the hand breaks the rules: " + "; ".join(p["message"] for p in result["problems"]))
        self.result = result


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def create_match(session: Session, *, variant: str, options: Mapping[str, Any] | None,
                 sides: Sequence[Mapping[str, Any]], title: str = "") -> Match:
    """Validate and store a new match. ``sides`` is a list of ``{"name", "players"?}``."""
    rules = get_variant(variant).rules(options)
    if not isinstance(sides, (list, tuple)) or not rules.min_sides <= len(sides) <= rules.max_sides:
        span = rules.min_sides if rules.min_sides == rules.max_sides else f"{rules.min_sides}–{rules.max_sides}"
        raise RecordError(f"{rules.name} in this form needs {span} sides", field="sides")
    stored, seen = [], set()
    for i, side in enumerate(sides):
        name = side.get("name") if isinstance(side, Mapping) else None
        if not isinstance(name, str) or not name.strip():
            raise RecordError("every side needs a name", field=f"sides[{i}].name")
        name = bounds.text(name, f"sides[{i}].name", most=bounds.TEXT_MAX, single_line=True).strip()[:80]
        players = side.get("players") or [name]
        if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
            raise RecordError("players must be a list of names", field=f"sides[{i}].players")
        bounds.at_most(players, bounds.PLAYERS_MAX, f"sides[{i}].players")
        players = [bounds.text(p, f"sides[{i}].players[{k}]", most=bounds.TEXT_MAX, single_line=True).strip()[:80]
                   for k, p in enumerate(players)]
        if len(players) > rules.players_per_side:
            raise RecordError(f"at most {rules.players_per_side} players per side in this form",
                              field=f"sides[{i}].players")
        if name in {s.name for s in stored}:
            raise RecordError(f"two sides are named {name!r}", field=f"sides[{i}].name")
        if twice := [p for p in players if p in seen]:
            raise RecordError(f"{twice[0]!r} plays in two sides", field=f"sides[{i}].players")
        seen.update(players)
        stored.append(MatchSide(position=i, name=name, players=players))
    if not isinstance(title, str):
        raise RecordError("the title must be text", field="title")
    bounds.text(title, "title", most=bounds.TEXT_MAX, single_line=True)
    match = Match(edit_token=new_token(), view_token=new_token(), title=title.strip()[:200], variant=rules.id,
                  options=dict(rules.options), sides=stored, version=0)
    session.add(match)
    session.commit()
    return match


def find_match(session: Session, token: str, *, editable: bool) -> Match | None:
    column = Match.edit_token if editable else Match.view_token
    return session.scalars(select(Match).where(column == token)).one_or_none()


# Built once: the sheet's hot path reads two columns on the session's connection, past the ORM (about a third of
# a remembered page's time otherwise).
_VERSION_BY = {editable: select(Match.id, Match.version).where(column == bindparam("token"))
               for editable, column in ((True, Match.edit_token), (False, Match.view_token))}


def match_version(session: Session, token: str, *, editable: bool) -> tuple[int, int] | None:
    """``(id, version)`` of the match behind a link: one indexed read, for pages remembered per version."""
    row = session.connection().execute(_VERSION_BY[editable], {"token": token}).first()
    return None if row is None else (row[0], row[1])


def current_entries(match: Match) -> list[dict[str, Any]]:
    """Replay the log: the entry each hand has now."""
    hands: list[dict[str, Any]] = []
    for event in match.events:
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
        if event.hand_number == number:
            out.append({"seq": event.seq, "action": event.action, "entry": event.entry,
                        "created_at": event.created_at.isoformat(timespec="seconds")})
    return out


def _records(entries: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    return [{"sides": e["sides"]} for e in entries]


def score_entries(match: Match, entries: Sequence[Mapping[str, Any]], *, new: int | None = None) -> list[HandResult]:
    """Replay; only hand ``new`` (1-based, the one being saved) is read with the limits of rules/bounds.py, so a
    hand stored before a limit existed still replays and can be corrected."""
    return score_match(match.variant, match.options, _records(entries), checked=() if new is None else {new - 1})


def _check_entry(match: Match, entry: Any) -> dict[str, Any]:
    if not isinstance(entry, Mapping):
        raise RecordError("a hand must be an object with \"sides\"", field="hand")
    mode = entry.get("mode", "cards")
    if mode not in ENTRY_MODES:
        raise RecordError(f"mode must be one of {', '.join(ENTRY_MODES)}", field="mode")
    sides = entry.get("sides")
    if not isinstance(sides, list):
        raise RecordError("a hand needs a list of sides", field="sides")
    for i, side in enumerate(sides):
        if not isinstance(side, Mapping) or not isinstance(side.get("name"), str):
            raise RecordError("each side is an object with the side's name", field=f"sides[{i}]")
    rules = get_variant(match.variant).rules(match.options)
    if rules.score_per == "side":
        names = [s["name"] for s in sides]
        expected = [s.name for s in match.sides]
        if sorted(map(str, names)) != sorted(expected):
            raise RecordError(f"the hand must list each side of the match once: {', '.join(expected)}",
                              field="sides")
        players = {s.name: s.players for s in match.sides}
        sides = [{**s, "players": s.get("players", players[s["name"]])} for s in sides]
    return {"mode": mode, "sides": sides}


def _save(session: Session, match: Match, based_on: int, event: HandEvent) -> None:
    """Append one event if the match is still at ``based_on``; one transaction, nothing half-written."""
    if isinstance(based_on, bool) or not isinstance(based_on, int) or not 0 <= based_on <= MAX_VERSION:
        raise RecordError("the save must say which version of the match it was based on", field="version")
    bumped = session.execute(update(Match).where(Match.id == match.id, Match.version == based_on)
                             .values(version=Match.version + 1))
    if bumped.rowcount != 1:
        session.rollback()
        session.refresh(match)
        raise StaleMatch(match.version)
    event.seq = based_on + 1
    match.events.append(event)
    session.commit()
    session.refresh(match)


def _verified(match: Match, entries: list[dict[str, Any]], number: int) -> HandResult:
    results = score_entries(match, entries, new=number)
    result = results[number - 1]
    if not result.ok:
        raise HandRejected(result.to_dict())
    return result


def add_hand(session: Session, match: Match, entry: Any, *, based_on: int) -> HandResult:
    entry = _check_entry(match, entry)
    entries = current_entries(match)
    if entries and score_entries(match, entries)[-1].match_over:
        raise HandRejected({"ok": False, "problems": [problem(
            "match_over", phrase("this match is over; correct a past hand or start a new match")).to_dict()]})
    result = _verified(match, [*entries, entry], len(entries) + 1)
    _save(session, match, based_on, HandEvent(action="add", hand_number=len(entries) + 1, entry=entry))
    return result


def edit_hand(session: Session, match: Match, number: int, entry: Any, *, based_on: int) -> HandResult:
    entries = current_entries(match)
    if not 1 <= number <= len(entries):
        raise LookupError(f"hand {number} does not exist; the match has {len(entries)} hands")
    entry = _check_entry(match, entry)
    entries[number - 1] = entry
    result = _verified(match, entries, number)
    _save(session, match, based_on, HandEvent(action="edit", hand_number=number, entry=entry))
    return result


def undo_last(session: Session, match: Match, *, based_on: int) -> int:
    entries = current_entries(match)
    if not entries:
        raise LookupError("there is no hand to undo")
    _save(session, match, based_on, HandEvent(action="undo", hand_number=len(entries), entry=None))
    return len(entries)


SHEET_CACHE_SIZE = 64
_sheets: OrderedDict[tuple[str, int], dict[str, Any]] = OrderedDict()
_sheets_lock = Lock()


def scoresheet(match: Match) -> dict[str, Any]:
    """Everything the scoresheet shows, recomputed from the log — remembered per (match, version).

    The log is append-only and every save bumps the version, so a version always replays to the same sheet;
    a page view, an API read or a PDF that changed nothing should not re-score 30 hands. Callers must not
    modify the returned dict.
    """
    key = (match.edit_token, match.version)
    with _sheets_lock:
        if key in _sheets:
            _sheets.move_to_end(key)
            return _sheets[key]
    sheet = _replay(match)
    with _sheets_lock:
        _sheets[key] = sheet
        while len(_sheets) > SHEET_CACHE_SIZE:
            _sheets.popitem(last=False)
    return sheet


def _replay(match: Match) -> dict[str, Any]:
    rules = get_variant(match.variant).rules(match.options)
    entries = current_entries(match)
    results = score_entries(match, entries)
    names = ([p for s in match.sides for p in s.players] if rules.score_per == "player"
             else [s.name for s in match.sides])
    totals = {n: 0 for n in names}
    hands = []
    for number, (entry, result) in enumerate(zip(entries, results), start=1):
        totals.update(result.totals)
        hands.append({"number": number, "mode": entry.get("mode", "cards"),
                      "revisions": sum(1 for e in match.events if e.hand_number == number and e.action != "undo"),
                      "result": result.to_dict()})
    last = results[-1] if results else None
    minimums = {n: rules.opening_minimum(t) for n, t in totals.items()}
    winner = last.to_dict()["winner"] if last else None
    return {"match": {"title": match.title, "variant": rules.id, "variant_name": rules.name,
                      "options": dict(match.options), "created_at": match.created_at.isoformat(timespec="seconds"),
                      "version": match.version,
                      "sides": [{"name": s.name, "players": list(s.players)} for s in match.sides]},
            "columns": names, "hands": hands, "totals": totals, "next_opening_minimum": minimums,
            "match_over": bool(last and last.match_over), "winner": winner}
