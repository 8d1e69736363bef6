"""A group's export and import (issue 24: "the group's matches … as one file that imports to the same statistics").

The file is one JSON object, ``"format": "scorekeeper-group"``: the group's name, its roster (each player with the
spellings merged into it, so a match that stored "Bela" still counts for "Béla") and each of its matches, oldest
first, exactly as the match export writes it (store/transfer.py). Like a match's file it never holds a link's
token, so either link may export it and an import always makes a NEW group with new links for the group and
every match.

An import checks the whole file before it writes anything: the roster, then every match as a match import checks
it (its rules, sides and whole log in one replay), all of them within one work budget (:data:`MAX_WORK`, the match
import's budget scaled to a group) besides each match's own. A refusal names the bad part as a path of the file
(``matches[2].events[0].entry``), and nothing is stored.

Format version 2 adds the group's club nights (``events``, store/event_transfer.py): each event's settings,
entrants, rounds and tables, a table naming its match by its index in ``matches``. A version 1 file (no
``events``) still imports as before.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any, Mapping

from sqlalchemy.orm import Session

from scorekeeper.rules import RecordError, bounds
from scorekeeper.rules.phrases import Phrase, phrase
from scorekeeper.rules.roster import key_of
from scorekeeper.rules.work import IMPORT_WORK

from scorekeeper.store import event_transfer, events as event_store, groups, matches as match_store, quota, transfer
from scorekeeper.store import transfer_check
from scorekeeper.store.models import Group, GroupMatch, GroupPlayer
from scorekeeper.store.transfer import ImportRefused
from scorekeeper.store.transfer_format import stamp

FORMAT = "scorekeeper-group"
FORMAT_VERSION = 2
READS = (1, 2)                  # version 1: before club nights travelled (issue 24); it has no "events"
#: Matches in one file: a file's matches must fit in one group (groups.MAX_MATCHES). The request body (1 MiB,
#: MAX_CONTENT_LENGTH) is usually the nearer bound: about a hundred real matches.
MAX_MATCHES = groups.MAX_MATCHES
#: The whole file's check: two match imports' worth (each match also within its own IMPORT_WORK), so about
#: twice a match import's worst second ("Work per request" in docs/api.md); the import counts as two against the
#: import rate limit (web/group/views.py, api.py). A natural file is bounded sooner by its 1 MiB: at about 500
#: bytes a hand, some 2,000 hands, each scored once; the budget is there for logs of corrections, each re-scoring
#: the hands after the one it corrects. Checking a group's matches in one scratch database
#: (transfer_check.scratch_session) keeps the rest small: 1,000 empty matches 0.8 s here, 230 real ones filling
#: 1 MiB 0.36 s. Measured at the budget: three díszített logs of 40 hands and 98 corrections of hand 1 (7,960
#: scorings, the third refused) took 1.7 s.
MAX_WORK = 2 * IMPORT_WORK
TOP_KEYS = {"format", "format_version", "exported_at", "name", "created_at", "roster", "matches"}
TOP_KEYS_OF = {1: TOP_KEYS, 2: TOP_KEYS | {"events"}}
PLAYER_KEYS = {"name", "spellings"}


def export_group(session: Session, group: Group) -> dict[str, Any]:
    """The group as a file: name, roster with merged spellings, its matches oldest first as match exports."""
    by_id = {p.id: p for p in group.players}

    def root(p: GroupPlayer) -> GroupPlayer:       # a spelling merged into a name later merged again
        seen = set()
        while p.alias_of is not None and p.alias_of in by_id and p.id not in seen:
            seen.add(p.id)
            p = by_id[p.alias_of]
        return p

    roster = [{"name": p.name, "spellings": sorted(a.name for a in group.players
                                                   if a.alias_of is not None and root(a) is p)}
              for p in groups.roster(group)]
    found = groups.matches_of(session, group)
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "exported_at": stamp(datetime.now(timezone.utc).replace(tzinfo=None)),
        "name": group.name,
        "created_at": stamp(group.created_at),
        "roster": roster,
        "matches": [transfer.export_match(m) for m in found],
        "events": event_transfer.export_events(
            event_store.of_group(session, group),
            {m.id: i for i, m in enumerate(found)}),
    }


def export_json(session: Session, group: Group) -> str:
    import json
    return json.dumps(export_group(session, group), ensure_ascii=False, indent=1) + "\n"


# --- checking ----------------------------------------------------------------------------------------------

_ONE_OBJECT = phrase("the file must hold one JSON object: a group exported by the scorekeeper")


def parse_export(raw: bytes | str) -> dict[str, Any]:
    """The file's JSON object, with the match file's checks (empty, unreadable, not an object, bad text)."""
    try:
        return transfer.parse_export(raw)
    except ImportRefused as exc:
        if exc.says is not None and exc.says.template.startswith("the file must hold one JSON object"):
            raise ImportRefused(_ONE_OBJECT) from None
        raise


def _header(data: Mapping[str, Any]) -> None:
    if data.get("format") != FORMAT:
        raise ImportRefused(phrase("this is not a scorekeeper group export (expected \"format\": "
                                   "\"scorekeeper-group\")"), "format")
    version = data.get("format_version")
    if version not in READS or isinstance(version, bool):
        raise ImportRefused(phrase("this file is format version %(version)s; this scorekeeper reads version "
                                   "%(reads)s", version=repr(version), reads=", ".join(map(str, READS))),
                            "format_version")
    extra = sorted(str(k) for k in data if k not in TOP_KEYS_OF[version])
    if extra:
        raise ImportRefused(phrase("unknown field %(name)s", name=repr(extra[0])), extra[0])
    found = data.get("matches")
    if not isinstance(found, list):
        raise ImportRefused(phrase("expected the list of the group's matches"), "matches")
    if len(found) > MAX_MATCHES:
        raise ImportRefused(phrase("%(count)s matches; a group holds at most %(most)s", count=len(found),
                                   most=MAX_MATCHES), "matches")


def _name(data: Mapping[str, Any]) -> str:
    name = data.get("name")
    if not isinstance(name, str):
        raise ImportRefused(phrase("the name must be text"), "name")
    try:
        name = bounds.text(name, "name", most=bounds.TEXT_MAX, single_line=True).strip()[:groups.NAME_MOST]
    except RecordError as exc:
        raise ImportRefused(transfer_check._core_reason(exc), "name") from None
    if not name:
        raise ImportRefused(phrase("a group needs a name"), "name")
    return name


def _player_name(value: Any, part: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ImportRefused(phrase("a player needs a name"), part)
    try:
        return bounds.text(value, "name", most=bounds.TEXT_MAX, single_line=True).strip()[:groups.PLAYER_MOST]
    except RecordError as exc:
        raise ImportRefused(transfer_check._core_reason(exc), part) from None


def _roster(data: Mapping[str, Any]) -> list[tuple[str, list[str]]]:
    """The roster as ``(name, merged spellings)``; every spelling's key once, at most groups.MAX_ROSTER names."""
    found = data.get("roster", [])
    if not isinstance(found, list):
        raise ImportRefused(phrase("expected the list of the roster's players, each with a name and its "
                                   "spellings"), "roster")
    out: list[tuple[str, list[str]]] = []
    keys: set[str] = set()
    count = 0
    for i, player in enumerate(found):
        part = f"roster[{i}]"
        if not isinstance(player, dict):
            raise ImportRefused(phrase("expected the list of the roster's players, each with a name and its "
                                       "spellings"), part)
        extra = sorted(str(k) for k in player if k not in PLAYER_KEYS)
        if extra:
            raise ImportRefused(phrase("unknown field %(name)s", name=repr(extra[0])), f"{part}.{extra[0]}")
        spellings = player.get("spellings", [])
        if not isinstance(spellings, list):
            raise ImportRefused(phrase("expected a list of names"), f"{part}.spellings")
        names = [_player_name(player.get("name"), f"{part}.name")]
        names += [_player_name(s, f"{part}.spellings[{j}]") for j, s in enumerate(spellings)]
        for j, name in enumerate(names):
            key = key_of(name)[:240]
            if key in keys:
                raise ImportRefused(phrase("%(name)s is on the roster twice", name=name),
                                    f"{part}.name" if j == 0 else f"{part}.spellings[{j - 1}]")
            keys.add(key)
        count += len(names)
        if count > groups.MAX_ROSTER:
            raise ImportRefused(phrase("this group's roster already has %(count)s names, the most it can hold",
                                       count=groups.MAX_ROSTER), part)
        out.append((names[0], names[1:]))
    return out


def _within(exc: ImportRefused, index: int) -> ImportRefused:
    """A match's refusal as the group file's: its part under ``matches[index]``, its reason unchanged."""
    prefix = f"matches[{index}]"
    where = exc.where
    if where is not None:
        where = Phrase(where.template, tuple((k, f"{prefix}.{v}" if k == "part" else v) for k, v in where.args))
    part = exc.part if where is None else None
    if where is None:
        part = f"{prefix}.{exc.part}" if exc.part else prefix
    return ImportRefused(exc.says if exc.says is not None else exc.reason, part, where=where,
                         problems=exc.problems)


def checked(data: Mapping[str, Any]) -> dict[str, Any]:
    """Check the whole file; the group's name and time, its roster and each match as ``transfer_check._checked``
    returns it. Raises :class:`ImportRefused` naming the bad part."""
    if not isinstance(data, Mapping):
        raise ImportRefused(_ONE_OBJECT)
    _header(data)
    name = _name(data)
    created_at = transfer_check._moment(data.get("created_at"), "created_at")
    roster = _roster(data)
    budget = transfer_check.Budget(MAX_WORK)
    found = []
    with transfer_check.scratch_session() as scratch:
        for i, match in enumerate(data["matches"]):
            if not isinstance(match, dict):
                raise ImportRefused(phrase("each match must be an object, as the match export writes it"),
                                    f"matches[{i}]")
            try:
                found.append(transfer_check._checked(match, budget, scratch))
            except ImportRefused as exc:
                raise _within(exc, i) from None
    events = event_transfer.checked_events(data.get("events"), len(found), _player_name)
    return {"name": name, "created_at": created_at, "roster": roster, "matches": found, "events": events}


def validate(data: Mapping[str, Any]) -> None:
    checked(data)


def import_group(session: Session, data: Mapping[str, Any]) -> Group:
    """Check ``data`` completely, then store it as a new group with new links, its roster and its matches (each
    with new links) in one transaction."""
    found = checked(data)
    group = Group(edit_token=match_store.new_token(), view_token=match_store.new_token(), name=found["name"],
                  created_at=found["created_at"])
    new = [transfer.new_match(m) for m in found["matches"]]
    stored = quota.size(group.name, group.edit_token, group.view_token, quota.ROW_BYTES)
    stored += sum(quota.size(n) for name, spellings in found["roster"] for n in [name, *spellings])
    stored += sum(match_store.match_size(m) + sum(match_store.event_size(e) for e in m.events) for m in new)
    stored += sum(quota.size(e["name"], e["settings"], e["entrants"])
                  + quota.ROW_BYTES * (1 + len(e["entrants"]) + len(e["rounds"]) + len(e["tables"]))
                  for e in found["events"])
    quota.admit(stored)
    try:
        session.add(group)
        kept = [(GroupPlayer(name=name, key=key_of(name)[:240]), spellings) for name, spellings in found["roster"]]
        group.players.extend(p for p, _spellings in kept)
        session.flush()
        for player, spellings in kept:
            group.players.extend(GroupPlayer(name=s, key=key_of(s)[:240], alias_of=player.id) for s in spellings)
        # a hand-written file's match may name a player its roster lacks: it joins, as when a match is added
        for match in new:
            for side in match.sides:
                for p in side.players or [side.name]:
                    groups._join(group, p)
        session.add_all(new)
        session.flush()
        session.add_all(GroupMatch(match_id=m.id, group_id=group.id) for m in new)
        # the club nights last: their tables link the matches just made, by the file's index
        session.add_all(event_transfer.new_events(found["events"], group.id, [m.id for m in new],
                                                  lambda name: groups._join(group, name), match_store.new_token))
        session.commit()
    except RecordError as exc:
        session.rollback()
        raise ImportRefused(transfer_check._core_reason(exc), "roster") from None
    except Exception:
        session.rollback()
        raise
    quota.spent(stored)
    return group
