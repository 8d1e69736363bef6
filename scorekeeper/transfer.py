"""Match export and import: everything that was entered, as one JSON document, and back.

An export holds the match's variant, options, the resolved rules it is played under with their hash
(:mod:`.rules.pinned`), title, sides and its whole append-only log (every add, edit and undo with its time), so
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
"""

from __future__ import annotations

import json
import re
from datetime import datetime, timezone
from typing import Any, Mapping

from sqlalchemy.orm import Session, sessionmaker

from . import matches
from .db import Base, make_engine
from .models import HandEvent, Match, MatchSide
from .rules import RecordError, ScorekeeperError, get_variant, score_match
from .rules.pinned import digest, document_text, rules_from_json
from .rules.bounds import bad_json

FORMAT = "scorekeeper-match"
FORMAT_VERSION = 1
# A real match has a few dozen hands and a handful of corrections. The events are replayed once (see _Replay), so
# the work is the number of hand scorings, bounded by MAX_SCORINGS (about a second); MAX_EVENTS only bounds the
# file (MAX_HANDS adds, each corrected a few times).
MAX_EVENTS = 1000
MAX_SCORINGS = 4000
ACTIONS = ("add", "edit", "undo")
TOP_KEYS = {"format", "format_version", "exported_at", "variant", "options", "rules", "rules_hash", "title",
            "created_at", "sides", "events"}
EVENT_KEYS = {"seq", "action", "hand_number", "entry", "created_at"}
# Dates an import may carry: a match played with this app, with room on both sides. Outside, a time zone shift or
# the export's "Z" would overflow Python's datetime (years 1 and 9999).
FIRST_YEAR, LAST_YEAR = 2000, 2100


class ImportRefused(ValueError):
    """The file is not an importable match; ``part`` names where (``"events[3].entry"``), ``reason`` says why."""

    def __init__(self, reason: str, part: str | None = None) -> None:
        super().__init__(f"{part}: {reason}" if part else reason)
        self.reason, self.part = reason, part


# --- export ------------------------------------------------------------------------------------------------

def _stamp(moment: datetime) -> str:
    """Stored times are naive UTC; written with their microseconds and a Z so nothing is lost."""
    return moment.isoformat() + "Z"


def export_match(match: Match) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "exported_at": _stamp(datetime.now(timezone.utc).replace(tzinfo=None)),
        "variant": match.variant,
        "options": dict(match.options),
        **_rules(match),
        "title": match.title,
        "created_at": _stamp(match.created_at),
        "sides": [{"name": s.name, "players": list(s.players)} for s in match.sides],
        "events": [{"seq": e.seq, "action": e.action, "hand_number": e.hand_number, "entry": e.entry,
                    "created_at": _stamp(e.created_at)} for e in match.events],
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
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError as exc:
        raise ImportRefused(f"the file is not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise ImportRefused("the file is empty; choose a match file exported by the scorekeeper")
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise ImportRefused(f"the file is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") \
            from None
    except RecursionError:
        raise ImportRefused("the JSON is nested too deeply to be a match export") from None
    except ValueError as exc:        # a number of more than 4,300 digits, NaN or Infinity
        raise ImportRefused(f"the file is not valid JSON ({str(exc)[:120]})") from None
    if not isinstance(data, dict):
        raise ImportRefused("the file must hold one JSON object: a match exported by the scorekeeper")
    if bad := bad_json(data):        # text that cannot be shown later, or nesting no export has
        raise ImportRefused(bad[1], bad[0])
    return data


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a JSON number")


# --- checking ----------------------------------------------------------------------------------------------

def _moment(value: Any, part: str) -> datetime:
    if not isinstance(value, str):
        raise ImportRefused("expected a date and time such as \"2026-05-01T18:30:00Z\"", part)
    if len(value) > 64:
        raise ImportRefused(f"{value[:40]!r}… is not a date and time such as \"2026-05-01T18:30:00Z\"", part)
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise ImportRefused(f"{value[:40]!r} is not a date and time such as \"2026-05-01T18:30:00Z\"", part) \
            from None
    # Checked before the time zone is applied: 0001-01-01T00:00+01:00 or 9999-12-31T23:59-01:00 would overflow.
    if not FIRST_YEAR <= moment.year <= LAST_YEAR:
        raise ImportRefused(f"{value[:40]!r} is not a date between {FIRST_YEAR} and {LAST_YEAR}", part)
    if moment.tzinfo is not None:
        moment = moment.astimezone(timezone.utc).replace(tzinfo=None)
    return moment


def _unknown(data: Mapping[str, Any], known: set[str], part: str | None) -> None:
    extra = sorted(str(k) for k in data if k not in known)
    if extra:
        raise ImportRefused(f"unknown field {extra[0]!r}", f"{part}.{extra[0]}" if part else extra[0])


def _header(data: Any) -> None:
    if not isinstance(data, dict):
        raise ImportRefused("the file must hold one JSON object: a match exported by the scorekeeper")
    if data.get("format") != FORMAT:
        raise ImportRefused("this is not a scorekeeper match export (expected \"format\": \"scorekeeper-match\")",
                            "format")
    version = data.get("format_version")
    if version != FORMAT_VERSION or isinstance(version, bool):
        raise ImportRefused(f"this file is format version {version!r}; this scorekeeper reads version "
                            f"{FORMAT_VERSION}", "format_version")
    _unknown(data, TOP_KEYS, None)
    if not isinstance(data.get("variant"), str):
        raise ImportRefused("expected the variant's id, e.g. \"diszitett\"", "variant")
    if "rules" not in data and "rules_hash" not in data:     # an export from before matches were pinned
        try:
            get_variant(data["variant"])
        except ScorekeeperError as exc:
            raise ImportRefused(getattr(exc, "reason", str(exc)), "variant") from None
    if not isinstance(data.get("options", {}), dict):
        raise ImportRefused("expected an object of option names and values", "options")
    if not isinstance(data.get("sides"), list):
        raise ImportRefused("expected a list of sides, each with a name and players", "sides")
    events = data.get("events")
    if not isinstance(events, list):
        raise ImportRefused("expected the list of hand events", "events")
    if len(events) > MAX_EVENTS:
        raise ImportRefused(f"{len(events)} events; an import holds at most {MAX_EVENTS}", "events")


def _entry_part(exc: ScorekeeperError, part: str) -> str:
    """Where in an event's entry the service found it malformed (its paths may start with "hands[n].")."""
    field = re.sub(r"^hands\[\d+\]\.?", "", getattr(exc, "field", "") or "")
    return f"{part}.entry.{field}" if field and field != "hand" else f"{part}.entry"


class _Replay:
    """The match as the events so far made it: each hand's entry, result and the running totals after it.

    One pass over the log, scoring only what an event changes: an add scores its hand once from the totals before
    it; an edit of hand k re-scores hands k..n (their totals, and so their taxation, follow from hand k). That work
    is counted in hand scorings and bounded by ``MAX_SCORINGS``, whatever the number of events."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.rules = matches.rules_of(match)
        self.entries: list[dict[str, Any]] = []
        self.results: list[Any] = []
        self.totals: list[dict[str, int]] = [{}]     # totals[k]: the running totals after k hands
        self.scorings = 0

    def _score(self, first: int, part: str) -> None:
        """Re-score hands ``first``.. (1-based) from the totals before ``first``."""
        count = len(self.entries) - first + 1
        if self.scorings + count > MAX_SCORINGS:
            raise ImportRefused(f"checking this file would score more than {MAX_SCORINGS} hands (every edit "
                                "re-scores the hands after the one it corrects); this is more than a match "
                                "holds", part)
        self.scorings += count
        results = score_match(self.rules, [{"sides": e["sides"]} for e in self.entries[first - 1:]],
                              totals_before=self.totals[first - 1])
        del self.results[first - 1:], self.totals[first:]
        for result in results:
            self.results.append(result)
            self.totals.append({**self.totals[-1], **result.totals})

    def add(self, entry: Any, part: str) -> Any:
        entry = matches._check_entry(self.match, entry)
        if len(self.entries) >= matches.MAX_HANDS:
            raise matches.match_is_full()
        if self.results and self.results[-1].match_over:
            raise matches.match_is_over()
        self.entries.append(entry)
        self._verified(len(self.entries), part)
        return entry

    def edit(self, number: int, entry: Any, part: str) -> Any:
        if not 1 <= number <= len(self.entries):
            raise LookupError(f"hand {number} does not exist; the match has {len(self.entries)} hands")
        entry = matches._check_entry(self.match, entry)
        self.entries[number - 1] = entry
        self._verified(number, part)
        return entry

    def undo(self) -> None:
        if not self.entries:
            raise LookupError("there is no hand to undo")
        self.entries.pop()
        self.results.pop()
        self.totals.pop()

    def _verified(self, number: int, part: str) -> None:
        """Score from hand ``number`` on; as at save time, that hand must be legal. (A refusal ends the import,
        so the replay is not put back.)"""
        self._score(number, part)
        if not self.results[number - 1].ok:
            raise matches.HandRejected(self.results[number - 1].to_dict())


def _replay_event(replay: _Replay, i: int, event: Any) -> dict[str, Any]:
    """Check event ``i`` as it was checked when it was saved; the event as stored (the entry as the service
    keeps it)."""
    part = f"events[{i}]"
    if not isinstance(event, dict):
        raise ImportRefused("each event must be an object with seq, action, hand_number, entry, created_at", part)
    _unknown(event, EVENT_KEYS, part)
    if event.get("seq") != i + 1 or isinstance(event.get("seq"), bool):
        raise ImportRefused(f"expected seq {i + 1}, found {event.get('seq')!r}: the events must be complete "
                            "and in the order they were saved", f"{part}.seq")
    action, number = event.get("action"), event.get("hand_number")
    if action not in ACTIONS:
        raise ImportRefused(f"{action!r} is not one of {', '.join(ACTIONS)}", f"{part}.action")
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise ImportRefused("expected a hand number (1, 2, …)", f"{part}.hand_number")
    created_at = _moment(event.get("created_at"), f"{part}.created_at")
    hands = len(replay.entries)
    what = f"{part} ({action} of hand {number})"
    try:
        if action == "add":
            if number != hands + 1:
                raise ImportRefused(f"hand {number} cannot be added after {hands} hands", f"{part}.hand_number")
            entry = replay.add(event.get("entry"), part)
        elif action == "edit":
            entry = replay.edit(number, event.get("entry"), part)
        else:
            if number != hands or event.get("entry") is not None:
                raise ImportRefused(f"an undo removes the last hand ({hands}) and has \"entry\": null", part)
            replay.undo()
            entry = None
    except matches.HandRejected as exc:
        raise ImportRefused(str(exc), what) from None
    except ScorekeeperError as exc:          # RecordError: a malformed entry
        raise ImportRefused(getattr(exc, "reason", str(exc)), _entry_part(exc, part)) from None
    except LookupError as exc:
        raise ImportRefused(str(exc.args[0] if exc.args else exc), what) from None
    return {"seq": i + 1, "action": action, "hand_number": number, "entry": entry, "created_at": created_at}


def _checked(data: Mapping[str, Any]) -> dict[str, Any]:
    """Check the match as the match service would have, in one replay of its log: the sides and options through
    ``matches.create_match`` (in a scratch in-memory database), then every event as it was checked at save
    time. Returns the columns of the match, its sides and its events as the service stores them, with the
    file's times."""
    _header(data)
    created_at = _moment(data.get("created_at"), "created_at")
    title = data.get("title", "")
    if not isinstance(title, str):
        raise ImportRefused("the title must be text", "title")
    engine = make_engine("sqlite://")
    try:
        Base.metadata.create_all(engine)
        with sessionmaker(engine, expire_on_commit=False)() as session:
            pinned = _pinned(data)
            try:
                match = matches.create_match(session, variant=data["variant"], options=data.get("options"),
                                             sides=data["sides"], title=title, pinned=pinned)
            except ScorekeeperError as exc:
                raise ImportRefused(getattr(exc, "reason", str(exc)), getattr(exc, "field", None)) from None
            replay = _Replay(match)
            events = [_replay_event(replay, i, event) for i, event in enumerate(data["events"])]
            return {
                "match": {"title": match.title, "variant": match.variant, "options": dict(match.options),
                          "rules_json": match.rules_json, "rules_hash": match.rules_hash,
                          "created_at": created_at, "version": len(events)},
                "sides": [{"position": s.position, "name": s.name, "players": list(s.players)}
                          for s in match.sides],
                "events": events,
            }
    finally:
        engine.dispose()


def _pinned(data: Mapping[str, Any]) -> tuple[str, str] | None:
    """The file's rules as ``(canonical JSON, hash)``, re-checked (the family's schema, a table that builds, the
    hash), and agreeing with the file's ``variant`` and ``options``; None for a file written before rules were
    exported."""
    if "rules" not in data and "rules_hash" not in data:
        return None
    if not isinstance(data.get("rules_hash"), str) or len(data["rules_hash"]) != 64:
        raise ImportRefused("expected the SHA-256 of the rules as 64 hexadecimal digits", "rules_hash")
    try:
        text = document_text(data.get("rules"))
        if digest(text) != data["rules_hash"]:
            raise RecordError("the rules do not match rules_hash: they were changed after the export",
                              field="rules")
        rules = rules_from_json(text, data["rules_hash"])
    except RecordError as exc:
        raise ImportRefused(exc.reason, exc.field or "rules") from None
    if data["variant"] != rules.id:
        raise ImportRefused(f"the file's rules are those of {rules.id!r}, not {data['variant']!r}", "variant")
    if data.get("options", {}) != dict(rules.options):
        raise ImportRefused("the options are not those of the file's rules: "
                            + json.dumps(dict(rules.options), ensure_ascii=False), "options")
    return text, data["rules_hash"]


def validate(data: Mapping[str, Any]) -> None:
    """Raise :class:`ImportRefused` unless ``data`` is an importable match export."""
    _checked(data)


def import_match(session: Session, data: Mapping[str, Any]) -> Match:
    """Check ``data`` completely, then store it as a new match (new links) in one transaction."""
    checked = _checked(data)
    match = Match(edit_token=matches.new_token(), view_token=matches.new_token(), **checked["match"],
                  sides=[MatchSide(**side) for side in checked["sides"]],
                  events=[HandEvent(**event) for event in checked["events"]])
    try:
        session.add(match)
        session.commit()
    except Exception:
        session.rollback()
        raise
    return match
