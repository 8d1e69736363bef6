"""Checking a match file's log by replaying it, as the match service checked each event when it was saved.

Split from store/transfer.py (issue 24, when it passed the ~400-line guide); the file's format and
:class:`~scorekeeper.store.transfer_format.ImportRefused` are in store/transfer_format.py, the export and the import
entry points (``validate``, ``import_match``) in store/transfer.py. :func:`_checked` checks a whole file: its
header, its dates, its rules (re-checked against their hash), its sides and options through
``matches.create_match`` in a scratch in-memory database (:func:`scratch_session`), then the log in one replay
(:class:`_Replay`) that checks every event as ``add_hand`` / ``edit_hand`` / ``undo_last`` / the countersign
checked it, scoring each hand once from the totals before it and re-scoring only what an edit changes, within
:data:`MAX_WORK` (and, for a group file's matches, the file's :class:`Budget`). It writes nothing to the real
database; a bad file raises ``ImportRefused`` naming the bad part.
"""

from __future__ import annotations

import json
import re
from contextlib import contextmanager
from datetime import datetime, timezone
from typing import Any, Iterator, Mapping

from sqlalchemy.orm import Session, sessionmaker

from scorekeeper.store import matches
from scorekeeper.store.db import Base, make_engine
from scorekeeper.store.models import Match
from scorekeeper.store.transfer_format import (ACTIONS, EVENT_KEYS, FIRST_YEAR, FORMAT, FORMAT_VERSION, LAST_YEAR,
                                               MAX_EVENTS, TOP_KEYS, ImportRefused, _ONE_OBJECT)
from scorekeeper.rules import RecordError, ScorekeeperError, get_variant, score_match
from scorekeeper.rules.tables.pinned import digest, document_text, rules_from_json
from scorekeeper.rules.phrases import Phrase, phrase
from scorekeeper.rules.work import IMPORT_WORK, scoring_cost

# The events are replayed once (see _Replay), so the work is the number of hand scorings times what one costs under
# the file's rules (rules/work.py: 1 at most under a shipped table), bounded by MAX_WORK.
MAX_WORK = IMPORT_WORK
_NOT_A_MOMENT = phrase("%(value)s is not a date and time such as \"2026-05-01T18:30:00Z\"")


def _moment(value: Any, part: str) -> datetime:
    if not isinstance(value, str):
        raise ImportRefused(phrase("expected a date and time such as \"2026-05-01T18:30:00Z\""), part)
    if len(value) > 64:
        raise ImportRefused(phrase(_NOT_A_MOMENT.template, value=f"{value[:40]!r}…"), part)
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise ImportRefused(phrase(_NOT_A_MOMENT.template, value=repr(value[:40])), part) from None
    # Checked before the time zone is applied: 0001-01-01T00:00+01:00 or 9999-12-31T23:59-01:00 would overflow.
    if not FIRST_YEAR <= moment.year <= LAST_YEAR:
        raise ImportRefused(phrase("%(value)s is not a date between %(first)s and %(last)s", value=repr(value[:40]),
                                   first=FIRST_YEAR, last=LAST_YEAR), part)
    if moment.tzinfo is not None:
        moment = moment.astimezone(timezone.utc).replace(tzinfo=None)
    return moment


def _unknown(data: Mapping[str, Any], known: set[str], part: str | None) -> None:
    extra = sorted(str(k) for k in data if k not in known)
    if extra:
        raise ImportRefused(phrase("unknown field %(name)s", name=repr(extra[0])),
                            f"{part}.{extra[0]}" if part else extra[0])


def _header(data: Any) -> None:
    if not isinstance(data, dict):
        raise ImportRefused(_ONE_OBJECT)
    if data.get("format") != FORMAT:
        raise ImportRefused(phrase("this is not a scorekeeper match export (expected \"format\": "
                                   "\"scorekeeper-match\")"), "format")
    version = data.get("format_version")
    if version != FORMAT_VERSION or isinstance(version, bool):
        raise ImportRefused(phrase("this file is format version %(version)s; this scorekeeper reads version "
                                   "%(reads)s", version=repr(version), reads=FORMAT_VERSION), "format_version")
    _unknown(data, TOP_KEYS, None)
    if not isinstance(data.get("variant"), str):
        raise ImportRefused(phrase("expected the variant's id, e.g. \"diszitett\""), "variant")
    if "rules" not in data and "rules_hash" not in data:     # an export from before matches were pinned
        try:
            get_variant(data["variant"])
        except ScorekeeperError as exc:
            raise ImportRefused(_core_reason(exc), "variant") from None
    if not isinstance(data.get("options", {}), dict):
        raise ImportRefused(phrase("expected an object of option names and values"), "options")
    if not isinstance(data.get("sides"), list):
        raise ImportRefused(phrase("expected a list of sides, each with a name and players"), "sides")
    events = data.get("events")
    if not isinstance(events, list):
        raise ImportRefused(phrase("expected the list of hand events"), "events")
    if len(events) > MAX_EVENTS:
        raise ImportRefused(phrase("%(count)s events; an import holds at most %(most)s", count=len(events),
                                   most=MAX_EVENTS), "events")


def _core_reason(exc: Exception) -> str | Phrase:
    """A core error's reason, as its phrase where it has one (said in the page's language), else in English."""
    return getattr(exc, "says", None) or getattr(exc, "reason", None) or str(exc)


def _entry_part(exc: ScorekeeperError, part: str) -> str:
    """Where in an event's entry the service found it malformed (its paths may start with "hands[n].")."""
    field = re.sub(r"^hands\[\d+\]\.?", "", getattr(exc, "field", "") or "")
    return f"{part}.entry.{field}" if field and field != "hand" else f"{part}.entry"


class _Replay:
    """The match as the events so far made it: each hand's entry, result and the running totals after it.

    One pass over the log, scoring only what an event changes: an add scores its hand once from the totals before
    it; an edit of hand k re-scores hands k..n (their totals, and so their taxation, follow from hand k). That work
    is counted in hand scorings, each costing what one costs under the file's rules (rules/work.py), and bounded by
    ``MAX_WORK``, whatever the number of events: under a dearer house table fewer scorings are allowed."""

    def __init__(self, match: Match, budget: "Budget | None" = None) -> None:
        self.match = match
        self.rules = matches.rules_of(match)
        self.entries: list[dict[str, Any]] = []
        self.results: list[Any] = []
        self.totals: list[dict[str, int]] = [{}]     # totals[k]: the running totals after k hands
        self.scorings = 0
        self.cost = scoring_cost(self.rules)
        # scorings within the budget under these rules; a group file's match also within what its earlier
        # matches left of the file's budget (store/group_transfer.py)
        self.most = int(min(MAX_WORK, budget.left if budget is not None else MAX_WORK) / self.cost)
        self.budget = budget if budget is not None and budget.left < MAX_WORK else None   # the file's bound binds
        self.hands = matches.hands_allowed(self.rules)
        self.made: list[int] = []        # per hand, the seq of the event that gave it its entry (a countersign's)
        self.counts: list[int] = []      # per hand, its own revision count
        self.by: list[int | None] = []   # per hand, the side whose phone entered its revision (None: unknown)

    def _score(self, first: int, part: str) -> None:
        """Re-score hands ``first``.. (1-based) from the totals before ``first``."""
        count = len(self.entries) - first + 1
        if self.scorings + count > self.most and self.budget is not None:
            raise ImportRefused(phrase("checking this group file would score more than %(most)s hands in all its "
                                       "matches (every edit re-scores the hands after the one it corrects)",
                                       most=int(self.budget.total / self.cost)), part)
        if self.scorings + count > self.most:
            raise ImportRefused(phrase("checking this file would score more than %(most)s hands (every edit "
                                       "re-scores the hands after the one it corrects); this is more than a match "
                                       "holds", most=self.most), part)
        self.scorings += count
        # first - 1 hands come before: the hands keep their numbers (a match in rounds of deals ends by them)
        results = score_match(self.rules, [{"sides": e["sides"]} for e in self.entries[first - 1:]],
                              totals_before=self.totals[first - 1], first=first - 1)
        del self.results[first - 1:], self.totals[first:]
        for result in results:
            self.results.append(result)
            self.totals.append({**self.totals[-1], **result.totals})

    def add(self, entry: Any, part: str) -> Any:
        entry = matches._check_entry(self.match, entry)
        if len(self.entries) >= self.hands:
            raise matches.match_is_full(self.hands)
        if self.results and self.results[-1].match_over:
            raise matches.match_is_over()
        self.entries.append(entry)
        self._verified(len(self.entries), part)
        return entry

    def edit(self, number: int, entry: Any, part: str) -> Any:
        if not 1 <= number <= len(self.entries):
            raise LookupError(phrase("hand %(number)s does not exist; the match has %(count)s hands", number=number,
                                     count=len(self.entries)))
        entry = matches._check_entry(self.match, entry)
        self.entries[number - 1] = entry
        self._verified(number, part)
        return entry

    def undo(self) -> None:
        if not self.entries:
            raise LookupError(phrase("there is no hand to undo"))
        self.entries.pop()
        self.results.pop()
        self.totals.pop()

    def _verified(self, number: int, part: str) -> None:
        """Score from hand ``number`` on; as at save time, that hand must be legal. (A refusal ends the import,
        so the replay is not put back.)"""
        self._score(number, part)
        if not self.results[number - 1].ok:
            raise matches.HandRejected(self.results[number - 1].to_dict())


# Where an event's refusal is: "events[1] (add of hand 2)". Written as phrase(...) calls for the catalogue.
_WHAT = {"add": phrase("%(part)s (add of hand %(number)s)"), "edit": phrase("%(part)s (edit of hand %(number)s)"),
         "undo": phrase("%(part)s (undo of hand %(number)s)"),
         "confirm": phrase("%(part)s (countersign of hand %(number)s)")}


def _countersign(replay: _Replay, number: int, entry: Any, part: str) -> dict[str, Any]:
    """A countersign as countersign.confirm_hand stored it: a side of the match, the hand's revision then
    current (its count and the seq of the event that made it)."""
    from scorekeeper.store.countersign import ENTRY_KEYS

    sides = replay.match.sides
    if not 1 <= number <= len(replay.entries):
        raise LookupError(phrase("hand %(number)s does not exist; the match has %(count)s hands", number=number,
                                 count=len(replay.entries)))
    if not isinstance(entry, dict) or set(entry) != ENTRY_KEYS:
        raise ImportRefused(phrase("a countersign's entry is an object with side, side_name, revision and "
                                   "confirms_seq"), f"{part}.entry")
    side = entry["side"]
    if isinstance(side, bool) or not isinstance(side, int) or not 0 <= side < len(sides) or \
            entry["side_name"] != sides[side].name:
        raise ImportRefused(phrase("side must be the number of one of the match's sides, 0 to %(last)s "
                                   "(%(names)s)", last=len(sides) - 1, names=[s.name for s in sides]),
                            f"{part}.entry.side")
    if replay.by[number - 1] == side:             # countersign.OwnHand: the app never stores it
        raise ImportRefused(phrase("a countersign by %(side)s, whose phone entered the hand: an opponent "
                                   "countersigns it", side=sides[side].name), f"{part}.entry.side")
    if entry["confirms_seq"] != replay.made[number - 1] or entry["revision"] != replay.counts[number - 1]:
        raise ImportRefused(phrase("a countersign names the revision of the hand current when it was made "
                                   "(revision %(revision)s, event %(seq)s)", revision=replay.counts[number - 1],
                                   seq=replay.made[number - 1]), f"{part}.entry")
    return dict(entry)


def _replay_event(replay: _Replay, i: int, event: Any) -> dict[str, Any]:
    """Check event ``i`` as it was checked when it was saved; the event as stored (the entry as the service
    keeps it)."""
    part = f"events[{i}]"
    if not isinstance(event, dict):
        raise ImportRefused(phrase("each event must be an object with seq, action, hand_number, entry, "
                                   "created_at"), part)
    _unknown(event, EVENT_KEYS, part)
    if event.get("seq") != i + 1 or isinstance(event.get("seq"), bool):
        raise ImportRefused(phrase("expected seq %(seq)s, found %(found)s: the events must be complete and in the "
                                   "order they were saved", seq=i + 1, found=repr(event.get("seq"))), f"{part}.seq")
    action, number = event.get("action"), event.get("hand_number")
    if action not in ACTIONS:
        raise ImportRefused(phrase("%(action)s is not one of %(actions)s", action=repr(action),
                                   actions=", ".join(ACTIONS)), f"{part}.action")
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise ImportRefused(phrase("expected a hand number (1, 2, …)"), f"{part}.hand_number")
    created_at = _moment(event.get("created_at"), f"{part}.created_at")
    entered_by = _entered_by(replay, event, action, part)
    hands = len(replay.entries)
    what = phrase(_WHAT[action].template, part=part, number=number)
    try:
        if action == "add":
            if number != hands + 1:
                raise ImportRefused(phrase("hand %(number)s cannot be added after %(count)s hands", number=number,
                                           count=hands), f"{part}.hand_number")
            entry = replay.add(event.get("entry"), part)
            replay.made.append(i + 1)
            replay.counts.append(1)
            replay.by.append(entered_by)
        elif action == "edit":
            entry = replay.edit(number, event.get("entry"), part)
            replay.made[number - 1] = i + 1
            replay.counts[number - 1] += 1
            replay.by[number - 1] = entered_by
        elif action == "confirm":
            entry = _countersign(replay, number, event.get("entry"), part)
        else:
            if number != hands or event.get("entry") is not None:
                raise ImportRefused(phrase("an undo removes the last hand (%(last)s) and has \"entry\": null",
                                           last=hands), part)
            replay.undo()
            replay.made.pop()
            replay.counts.pop()
            replay.by.pop()
            entry = None
    except matches.HandRejected as exc:
        raise ImportRefused(phrase("the hand breaks the rules"), where=what, problems=exc.result["problems"]) \
            from None
    except ScorekeeperError as exc:          # RecordError: a malformed entry
        raise ImportRefused(_core_reason(exc), _entry_part(exc, part)) from None
    except LookupError as exc:
        raise ImportRefused(exc.args[0] if exc.args else str(exc), where=what) from None
    return {"seq": i + 1, "action": action, "hand_number": number, "entry": entry, "created_at": created_at,
            "entered_by": entered_by}


def _entered_by(replay: _Replay, event: dict[str, Any], action: str, part: str) -> int | None:
    """An add's or edit's ``entered_by`` as matches.entering_side checks it; None when absent (unknown)."""
    side = event.get("entered_by")
    if side is None:
        return None
    if action not in ("add", "edit"):
        raise ImportRefused(phrase("only an add or an edit says which side's phone entered the hand"),
                            f"{part}.entered_by")
    try:
        return matches.entering_side(replay.match, side)
    except RecordError as exc:
        raise ImportRefused(_core_reason(exc), f"{part}.entered_by") from None


class Budget:
    """Work left for the rest of a file holding several matches (a group's export): each match's check spends
    its scorings × their cost from it."""

    def __init__(self, left: float) -> None:
        self.left = self.total = left


def _checked(data: Mapping[str, Any], budget: Budget | None = None,
             scratch: Session | None = None) -> dict[str, Any]:
    """Check the match as the match service would have, in one replay of its log: the sides and options through
    ``matches.create_match`` (in a scratch in-memory database), then every event as it was checked at save
    time. Returns the columns of the match, its sides and its events as the service stores them, with the
    file's times."""
    _header(data)
    created_at = _moment(data.get("created_at"), "created_at")
    title = data.get("title", "")
    if not isinstance(title, str):
        raise ImportRefused(phrase("the title must be text"), "title")
    if scratch is not None:
        return _checked_in(scratch, data, title, created_at, budget)
    with scratch_session() as session:
        return _checked_in(session, data, title, created_at, budget)


@contextmanager
def scratch_session() -> Iterator[Session]:
    """An in-memory database for checking files in: one per match file; one for all of a group file's matches,
    since making one costs about 10 ms (a thousand matches: 10 s)."""
    engine = make_engine("sqlite://")
    try:
        Base.metadata.create_all(engine)
        with sessionmaker(engine, expire_on_commit=False)() as session:
            yield session
    finally:
        engine.dispose()


def _checked_in(session: Session, data: Mapping[str, Any], title: str, created_at: datetime,
                budget: Budget | None) -> dict[str, Any]:
    pinned = _pinned(data)
    try:
        match = matches.create_match(session, variant=data["variant"], options=data.get("options"),
                                     sides=data["sides"], title=title, pinned=pinned,
                                     first_dealer=data.get("first_dealer"))
    except ScorekeeperError as exc:
        raise ImportRefused(_core_reason(exc), getattr(exc, "field", None)) from None
    replay = _Replay(match, budget)
    events = [_replay_event(replay, i, event) for i, event in enumerate(data["events"])]
    if budget is not None:
        budget.left -= replay.scorings * replay.cost
    return {
        "match": {"title": match.title, "variant": match.variant, "options": dict(match.options),
                  "rules_json": match.rules_json, "rules_hash": match.rules_hash,
                  "created_at": created_at, "version": len(events), "first_dealer": match.first_dealer},
        "sides": [{"position": s.position, "name": s.name, "players": list(s.players)}
                  for s in match.sides],
        "events": events,
    }


def _pinned(data: Mapping[str, Any]) -> tuple[str, str] | None:
    """The file's rules as ``(canonical JSON, hash)``, re-checked (the family's schema, a table that builds, the
    hash), and agreeing with the file's ``variant`` and ``options``; None for a file written before rules were
    exported."""
    if "rules" not in data and "rules_hash" not in data:
        return None
    if not isinstance(data.get("rules_hash"), str) or len(data["rules_hash"]) != 64:
        raise ImportRefused(phrase("expected the SHA-256 of the rules as 64 hexadecimal digits"), "rules_hash")
    try:
        text = document_text(data.get("rules"))
        if digest(text) != data["rules_hash"]:
            raise RecordError(phrase("the rules do not match rules_hash: they were changed after the export"),
                              field="rules")
        rules = rules_from_json(text, data["rules_hash"])
    except RecordError as exc:
        raise ImportRefused(_core_reason(exc), exc.field or "rules") from None
    if data["variant"] != rules.id:
        raise ImportRefused(phrase("the file's rules are those of %(ours)s, not %(theirs)s", ours=repr(rules.id),
                                   theirs=repr(data["variant"])), "variant")
    if data.get("options", {}) != dict(rules.options):
        raise ImportRefused(phrase("the options are not those of the file's rules: %(options)s",
                                   options=json.dumps(dict(rules.options), ensure_ascii=False)), "options")
    return text, data["rules_hash"]
