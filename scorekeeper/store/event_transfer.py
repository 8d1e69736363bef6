"""A group file's club nights (issue 24: "Exports: the group's matches and event as one file that imports to the
same statistics"): format version 2 of ``scorekeeper-group`` (store/group_transfer.py) adds ``events``.

Each event is written as it is stored: its name, its settings exactly as the API received them, its entrants
(numbers and roster names), its seated rounds (number, bye) and its tables (round, table, NS, EW) with ``match``,
the index of the table's match in the file's ``matches``: never a token, so the import links the table to the
match it makes with new links, and gives the event a new screen token and a new edit token.

The check reuses the club night's core (scorekeeper.events) rather than repeating it: the settings through
``store.events.read_settings``, the entrant count through ``check_count``, each round's seating through
``TableSeat``/``RoundSeating`` and the whole event through ``standings`` (rounds in order, every entrant seated
or sitting out each round). A refusal is :class:`EventRefused`, an ``ImportRefused`` carrying the core's
:class:`EventProblem` so a front says it with ``event_problem`` (display/event_words.py), as when the API refuses an
event; its part is a path of the file (``events[0].tables[3].match``).

One place per row (issue 24's time-limit rounds, migration 0008, add columns to rounds and tables): a round is
written by :func:`round_out` and read by :func:`round_in`, a table by :func:`table_out` and :func:`table_in`; a
new column is one line in each pair (the keys a file may hold are the keys ``*_in`` reads).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Callable, Mapping

from scorekeeper.events import EventError, EventProblem, RoundSeating, TableSeat, standings
from scorekeeper.events.seating import check_count
from scorekeeper.events.settings import Entrants, EventSettings
from scorekeeper.rules.phrases import phrase
from scorekeeper.rules.roster import key_of
from scorekeeper.store import events as event_store
from scorekeeper.store.matches import MAX_HANDS
from scorekeeper.store.models import Event, EventEntrant, EventRound, EventTable
from scorekeeper.store.transfer import ImportRefused
from scorekeeper.store.transfer_format import stamp
from scorekeeper.store.transfer_check import _moment

#: Events in one file: as many as one group holds (store/events.MAX_EVENTS). Each event's rounds and tables are
#: bounded by its own settings (at most ``rounds`` rounds of at most ``tables`` tables, as the core's ranges
#: allow), so checking a file's events is a few dictionary passes per table, nothing replayed.
MAX_EVENTS = event_store.MAX_EVENTS
EVENT_KEYS = {"name", "created_at", "settings", "entrants", "rounds", "tables"}
ENTRANT_KEYS = {"number", "players"}


class EventRefused(ImportRefused):
    """A club night of the file refused by the events core's rule ``problem`` (said by display/event_words.py's
    ``event_problem``); ``part`` is where in the file."""

    def __init__(self, problem: EventProblem, part: str) -> None:
        super().__init__(f"{problem.code} ({problem.field})", part)
        self.problem = problem


def _refuse(code: str, field: str, part: str, **values: int | str) -> EventRefused:
    return EventRefused(EventProblem(code=code, field=field, values=tuple(values.items())), part)


def _core(exc: EventError, part: str) -> EventRefused:
    return EventRefused(exc.problems[0], part)


# --- one place per row: what the file writes and reads of a round and a table ----------------------------------
# The round's clock (migration 0008: started_at, called_at, closed_at; a table's hands_at_call and hands_counted)
# travels too, so an imported round of minutes counts the same hands: a file written before them lacks the keys
# and reads as None, as a round stored before them.

def _when(moment: datetime | None) -> str | None:
    return None if moment is None else stamp(moment)


def _moment_or_none(value: Any, part: str) -> datetime | None:
    return None if value is None else _moment(value, part)


def round_out(r: EventRound) -> dict[str, Any]:
    return {"round": r.round, "bye": r.bye, "started_at": _when(r.started_at), "called_at": _when(r.called_at),
            "closed_at": _when(r.closed_at)}


def round_in(found: Mapping[str, Any], part: str, whole: Callable[..., int | None]) -> dict[str, Any]:
    """A round's columns as :class:`EventRound` takes them (the entrant numbers are checked against the event
    afterwards, by the core)."""
    return {"round": whole(found.get("round"), f"{part}.round", "round"),
            "bye": whole(found.get("bye"), f"{part}.bye", "bye", optional=True),
            **{moment: _moment_or_none(found.get(moment), f"{part}.{moment}")
               for moment in ("started_at", "called_at", "closed_at")}}


def table_out(t: EventTable, match_index: int) -> dict[str, Any]:
    return {"round": t.round, "table": t.table, "ns": t.ns, "ew": t.ew, "match": match_index,
            "hands_at_call": t.hands_at_call, "hands_counted": t.hands_counted}


def table_in(found: Mapping[str, Any], part: str, whole: Callable[..., int | None]) -> dict[str, Any]:
    """A table's columns as :class:`EventTable` takes them, ``match`` still the file's index."""
    return {"round": whole(found.get("round"), f"{part}.round", "round"),
            "table": whole(found.get("table"), f"{part}.table", "table"),
            "ns": whole(found.get("ns"), f"{part}.ns", "ns"), "ew": whole(found.get("ew"), f"{part}.ew", "ew"),
            "match": whole(found.get("match"), f"{part}.match", "match"),
            # a count of the table's match's hands, which holds at most MAX_HANDS
            **{count: _COUNT(found.get(count), f"{part}.{count}", count, optional=True)
               for count in ("hands_at_call", "hands_counted")}}


# --- export ----------------------------------------------------------------------------------------------------

def export_events(group_events: list[Event], match_index: Mapping[int, int]) -> list[dict[str, Any]]:
    """The group's events oldest first; ``match_index`` maps a match's id to its index in the file's matches."""
    return [{"name": e.name, "created_at": stamp(e.created_at), "settings": e.settings,
             "entrants": [{"number": n.number, "players": list(n.players)} for n in e.entrants],
             "rounds": [round_out(r) for r in e.rounds],
             "tables": [table_out(t, match_index[t.match_id]) for t in e.tables]}
            for e in sorted(group_events, key=lambda e: (e.created_at, e.id))]


# --- checking --------------------------------------------------------------------------------------------------

def _whole_in(least: int, most: int) -> Callable[..., int | None]:
    """A reader of whole numbers from ``least`` to ``most`` (or None where ``optional``)."""
    def whole(value: Any, part: str, field: str, optional: bool = False) -> int | None:
        if value is None and optional:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise _refuse("not_an_integer", field, part)
        if not least <= value <= most:
            raise _refuse("out_of_range", field, part, least=least, most=most)
        return value
    return whole


_COUNT = _whole_in(0, MAX_HANDS)


def _object(value: Any, part: str, known: set[str]) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise _refuse("not_an_object", part.rsplit(".", 1)[-1], part)
    extra = sorted(str(k) for k in value if k not in known)
    if extra:
        raise _refuse("unknown_field", extra[0], f"{part}.{extra[0]}")
    return value


def _list(value: Any, part: str) -> list[Any]:
    if not isinstance(value, list):
        raise _refuse("not_a_list", part.rsplit(".", 1)[-1], part)
    return value


def _entrants(found: Any, settings: EventSettings, part: str,
              player_name: Callable[[Any, str], str]) -> list[list[str]]:
    listed = _list(found, part)
    try:
        check_count(settings, len(listed))
    except EventError as exc:
        raise _core(exc, part) from None
    size = 2 if settings.entrants is Entrants.PAIRS else 1
    out: list[list[str]] = []
    seen: set[str] = set()
    for i, entrant in enumerate(listed):
        where = f"{part}[{i}]"
        entrant = _object(entrant, where, ENTRANT_KEYS)
        number = _whole_in(1, len(listed))(entrant.get("number"), f"{where}.number", "number")
        if number != i + 1:             # entrant k is the k-th: the seating and the standings number them so
            raise _refuse("entrant_number", "number", f"{where}.number", value=i + 1)
        players = entrant.get("players")
        if not isinstance(players, list) or len(players) != size:
            raise _refuse("entrant_players", where, f"{where}.players", players=size)
        names = [player_name(p, f"{where}.players[{j}]") for j, p in enumerate(players)]
        for j, name in enumerate(names):
            if key_of(name) in seen:
                raise _refuse("player_twice", where, f"{where}.players[{j}]", name=name)
            seen.add(key_of(name))
        out.append(names)
    return out


def _event(found: Any, part: str, match_count: int, used: dict[int, str],
           player_name: Callable[[Any, str], str]) -> dict[str, Any]:
    data = _object(found, part, EVENT_KEYS)
    name = data.get("name", "")
    if not isinstance(name, str):
        raise ImportRefused(phrase("the name must be text"), f"{part}.name")
    created_at = _moment(data.get("created_at"), f"{part}.created_at")
    settings_data: Any = data.get("settings")
    try:
        settings = event_store.read_settings(settings_data)
    except EventError as exc:
        field = exc.problems[0].field
        raise _core(exc, f"{part}.settings" + ("" if field == "settings" else
                                               "." + field.removeprefix("settings."))) from None
    entrants = _entrants(data.get("entrants"), settings, f"{part}.entrants", player_name)
    count = len(entrants)
    listed = _list(data.get("rounds"), f"{part}.rounds")
    if len(listed) > settings.rounds:
        raise _refuse("out_of_range", "rounds", f"{part}.rounds", least=1, most=settings.rounds)
    rounds = []
    for j, r in enumerate(listed):
        where = f"{part}.rounds[{j}]"
        if not isinstance(r, dict):
            raise _refuse("not_an_object", "rounds", where)
        columns = round_in(r, where, _whole_in(-2**63, 2**63))
        _object(r, where, set(columns))
        for field, most in (("round", settings.rounds), ("bye", count)):
            if columns[field] is not None and not 1 <= columns[field] <= most:
                raise _refuse("out_of_range", field, f"{where}.{field}", least=1, most=most)
        rounds.append(columns)
    numbers = [r["round"] for r in rounds]
    tables = []
    for k, t in enumerate(_list(data.get("tables"), f"{part}.tables")):
        where = f"{part}.tables[{k}]"
        if not isinstance(t, dict):
            raise _refuse("not_an_object", "tables", where)
        columns = table_in(t, where, _whole_in(-2**63, 2**63))
        _object(t, where, set(columns))
        for field, least, most in (("round", 1, len(rounds)), ("table", 1, settings.tables),
                                   ("ns", 1, count), ("ew", 1, count)):
            if not least <= columns[field] <= most or (field == "round" and columns[field] not in numbers):
                raise _refuse("out_of_range", field, f"{where}.{field}", least=least, most=most)
        index = columns["match"]
        if not 0 <= index < match_count:
            raise _refuse("match_not_in_file", "match", f"{where}.match", most=match_count - 1)
        if index in used:
            raise _refuse("match_twice", "match", f"{where}.match", value=index, other=used[index])
        used[index] = where
        tables.append(columns)
    seatings = []
    for j, r in enumerate(rounds):
        try:
            seats = tuple(TableSeat(table=t["table"], ns=t["ns"], ew=t["ew"])
                          for t in tables if t["round"] == r["round"])
            seatings.append(RoundSeating(round=r["round"], tables=tuple(sorted(seats, key=lambda s: s.table)),
                                         bye=r["bye"]))
        except EventError as exc:
            raise _core(exc, f"{part}.rounds[{j}]") from None
    try:        # the core's own reading of the event: rounds 1..k in order, each seating every entrant once
        standings(settings, count, tuple(seatings), ())
    except EventError as exc:
        raise _core(exc, f"{part}.{exc.problems[0].field}") from None
    return {"name": name.strip()[:event_store.NAME_MOST], "created_at": created_at,
            "settings": dict(settings_data), "entrants": entrants, "rounds": rounds, "tables": tables}


def checked_events(found: Any, match_count: int, player_name: Callable[[Any, str], str]) -> list[dict[str, Any]]:
    """The file's ``events`` checked (none when the file has none); a refusal names the part."""
    if found is None:
        return []
    listed = _list(found, "events")
    if len(listed) > MAX_EVENTS:
        raise _refuse("too_many_events", "events", "events", most=MAX_EVENTS)
    used: dict[int, str] = {}        # a match plays one table of one event (event_tables.match_id is unique)
    return [_event(e, f"events[{i}]", match_count, used, player_name) for i, e in enumerate(listed)]


# --- storing ---------------------------------------------------------------------------------------------------

def new_events(found: list[dict[str, Any]], group_id: int, match_ids: list[int],
               join: Callable[[str], str], new_token: Callable[[], str]) -> list[Event]:
    """The checked events as rows of the group ``group_id`` with new tokens; a table's ``match`` index becomes
    the id of the match the import made; each entrant's names join the roster (``join``) as a table's players."""
    out = []
    for e in found:
        event = Event(group_id=group_id, token=new_token(), edit_token=new_token(), name=e["name"],
                      settings=e["settings"], created_at=e["created_at"])
        event.entrants = [EventEntrant(number=i, players=[join(n) for n in names])
                          for i, names in enumerate(e["entrants"], start=1)]
        event.rounds = [EventRound(**columns) for columns in e["rounds"]]
        event.tables = [EventTable(**{k: v for k, v in columns.items() if k != "match"},
                                   match_id=match_ids[columns["match"]]) for columns in e["tables"]]
        out.append(event)
    return out
