"""Club nights stored (issue 24, "Club night"): a group's event, its entrants, and per round per table the
ordinary match of the group it plays.

The pure core (scorekeeper.events) seats the rounds and turns results into standings; this module only keeps
what it needs and reads each table's result from its match: the match's totals after the hands that count are
the table's match points (NS is the match's first side, EW its second).

Which hands count (scorekeeper/events/clock.py; the issue says "R rounds of K hands (or a time limit per round)"
and is silent on how time ends a round, so this is what burraco and canasta clubs do):
- A round of K hands: the table is finished once K hands are entered (its totals after hand K; a match over
  before hand K counts as finished with its final totals).
- A round of some minutes is due ``minutes`` after it was seated (``started_at``); until time is called a table
  is finished only when its match is over. The organiser **calls time** (:func:`call_time`, the last round only,
  once): each table finishes the hand it is playing and starts no new one, so a table is finished as soon as one
  more hand than it had at the call (``hands_at_call``) is entered, and later hands do not count.
- The organiser then **closes the round** (:func:`close_round`), or closes it directly (a table that started no
  new hand after the call): each table's counted hands are frozen at what counts then (``hands_counted``) and
  hands entered later in that match do not count for the event (the match itself keeps them). A round of K
  hands can be closed early too (a table that could not finish): what is entered counts. A closed round has no
  pending table, so a Swiss event seats its next round once the round is closed or every table finished.

Every function takes a SQLAlchemy session, like store/groups.py.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Mapping, cast

from sqlalchemy import select
from sqlalchemy.orm import Session

from scorekeeper.events import (EventError, EventProblem, EventSettings, RoundSeating, Standings, TableResult,
                                TableSeat, next_round, preset, standings)
from scorekeeper.events.clock import HandCount, check_call, check_close, count_hands
from scorekeeper.events.seating import check_count
from scorekeeper.events.settings import Entrants, FirstRound, Seating, VictoryScale
from scorekeeper.store import groups, matches as match_store
from scorekeeper.store.models import Event, EventEntrant, EventRound, EventTable, Group, _now
from scorekeeper.store.replays import scoresheet
from scorekeeper.store.tokens import could_be_token

SETTINGS_FIELDS = frozenset({"tables", "rounds", "entrants", "seating", "variant", "scale", "hands", "minutes",
                             "first_round", "seed", "bye_vp"})
DEFAULT_SCALE = "burraco_3_hands"     # the burraco-style 0-20 preset (rules_ref/events)
NAME_MOST = 200
MAX_EVENTS = 200                      # events of one group: a weekly club night for four years


def _problem(code: str, field: str, **values: int | str) -> EventError:
    return EventError((EventProblem(code=code, field=field, values=tuple(values.items())),))


def read_settings(data: Any) -> EventSettings:
    """The settings object of the API (and the group page's form) as :class:`EventSettings`; every problem is an
    :class:`EventError` naming its field. ``scale`` is a preset's name (default the burraco 3-hand table) or a
    list of ``[least difference, winner VP, loser VP]`` rows."""
    if not isinstance(data, Mapping):
        raise _problem("not_an_object", "settings")
    unknown = sorted(set(data) - SETTINGS_FIELDS)
    if unknown:
        raise _problem("unknown_field", f"settings.{unknown[0]}")
    problems: list[EventProblem] = []
    words: dict[str, Any] = {}
    for name, kind, default in (("entrants", Entrants, "pairs"), ("seating", Seating, "mitchell"),
                                ("first_round", FirstRound, "seed_order")):
        try:
            words[name] = kind(data.get(name, default))
        except (ValueError, TypeError):
            problems.append(EventProblem(code="unknown_word", field=name,
                                         values=(("known", ", ".join(k.value for k in kind)),)))
    scale = data.get("scale", DEFAULT_SCALE)
    try:
        if isinstance(scale, str):
            words["scale"] = preset(scale)
        elif isinstance(scale, list) and all(isinstance(r, list) and len(r) == 3 for r in scale):
            words["scale"] = VictoryScale.of([(r[0], r[1], r[2]) for r in scale])
        else:
            problems.append(EventProblem(code="unknown_word", field="scale"))
    except EventError as exc:
        problems.extend(exc.problems)
    if problems:
        raise EventError(tuple(problems))
    # a missing or wrong-typed field reaches EventSettings as it is: its own check names the field (casts only)
    given: dict[str, Any] = dict(data)
    hands, minutes = given.get("hands"), given.get("minutes")
    if hands is None and minutes is None:
        hands = 3                     # the burraco preset's round: 3 hands
    return EventSettings(tables=cast(int, given.get("tables")), rounds=cast(int, given.get("rounds")),
                         variant=cast(str, given.get("variant")),
                         hands=hands, minutes=minutes, seed=given.get("seed", 0), bye_vp=given.get("bye_vp", 12),
                         **words)


def settings_of(event: Event) -> EventSettings:
    return read_settings(event.settings)


def _entrants(group: Group, settings: EventSettings, entrants: Any) -> list[list[str]]:
    """The entrants as roster names (a pair's two, an individual's one); new names join the roster."""
    size = 2 if settings.entrants is Entrants.PAIRS else 1
    if not isinstance(entrants, list):
        raise _problem("not_a_list", "entrants")
    check_count(settings, len(entrants))
    named: list[list[str]] = []
    seen: set[str] = set()
    for i, entrant in enumerate(entrants):
        names = [entrant] if isinstance(entrant, str) and size == 1 else entrant
        if (not isinstance(names, list) or len(names) != size
                or not all(isinstance(n, str) and n.strip() for n in names)):
            raise _problem("entrant_players", f"entrants[{i}]", players=size)
        sides, _changed = groups.named_sides(group, [{"name": names[0], "players": names}]
                                             if size == 2 else [{"name": names[0]}])
        roster_names = list(sides[0].get("players") or [sides[0]["name"]])
        for n in roster_names:
            if n in seen:
                raise _problem("player_twice", f"entrants[{i}]", name=n)
            seen.add(n)
        named.append(roster_names)
    return named


def side_name(players: list[str]) -> str:
    return " & ".join(players)


def create_event(session: Session, group: Group, name: Any, settings_data: Any, entrants: Any) -> Event:
    """A new event of the group with its first round seated and each table's match started. Nothing is stored
    when the settings, the entrants or the first table's match is refused."""
    if not isinstance(name, str):
        raise _problem("not_text", "name")
    settings = read_settings(settings_data)
    if len(session.scalars(select(Event.id).where(Event.group_id == group.id)).all()) >= MAX_EVENTS:
        raise _problem("too_many_events", "events", most=MAX_EVENTS)
    named = _entrants(group, settings, entrants)
    event = Event(group_id=group.id, token=match_store.new_token(), edit_token=match_store.new_token(), name=name.strip()[:NAME_MOST],
                  settings=dict(settings_data))
    event.entrants = [EventEntrant(number=i, players=p) for i, p in enumerate(named, start=1)]
    session.add(event)
    _seat(session, group, event, settings, next_round(settings, len(named), (), ()))
    return event


def find_event(session: Session, token: str, *, editable: bool = False) -> Event | None:
    """The event behind its screen token, or (``editable``) its edit token."""
    if not could_be_token(token):
        return None
    column = Event.edit_token if editable else Event.token
    return session.scalars(select(Event).where(column == token)).one_or_none()


def of_group(session: Session, group: Group) -> list[Event]:
    """The group's club nights, oldest first."""
    return list(session.scalars(select(Event).where(Event.group_id == group.id).order_by(Event.id)))


def group_of(session: Session, event: Event) -> Group:
    return session.get_one(Group, event.group_id)


def tables_of(event: Event, number: int) -> list[EventTable]:
    """Round ``number``'s tables, by table number."""
    return [t for t in event.tables if t.round == number]


def seatings(event: Event) -> tuple[RoundSeating, ...]:
    byes = {r.round: r.bye for r in event.rounds}
    out = []
    for number in sorted(byes):
        tables = tuple(TableSeat(table=t.table, ns=t.ns, ew=t.ew) for t in tables_of(event, number))
        out.append(RoundSeating(round=number, tables=tables, bye=byes[number]))
    return tuple(out)


def round_of(event: Event, number: int) -> EventRound | None:
    return next((r for r in event.rounds if r.round == number), None)


def _count(settings: EventSettings, table: EventTable, entered: int, over: bool) -> HandCount:
    return count_hands(entered=entered, hands=settings.hands, at_call=table.hands_at_call,
                       closed=table.hands_counted, over=over)


def table_state(settings: EventSettings, table: EventTable) -> dict[str, Any]:
    """A table's totals (NS, EW) after the hands that count, those hands, and whether its round is finished
    there (module docstring; events/clock.py)."""
    sheet = scoresheet(table.match)
    columns = sheet["columns"]
    hands = sheet["hands"]
    count = _count(settings, table, len(hands), bool(sheet["match_over"]))
    if count.counted == len(hands):
        totals = sheet["totals"]
    else:
        totals = hands[count.counted - 1]["result"]["totals"] if count.counted else {}
    ns, ew = (int(totals.get(columns[0], 0)), int(totals.get(columns[1], 0))) if len(columns) >= 2 else (0, 0)
    return {"ns": ns, "ew": ew, "hands": count.counted, "finished": count.finished}


def results(event: Event, settings: EventSettings) -> tuple[TableResult, ...]:
    out = []
    for t in event.tables:
        state = table_state(settings, t)
        if state["finished"]:
            out.append(TableResult(round=t.round, table=t.table, ns=state["ns"], ew=state["ew"]))
    return tuple(out)


def standings_of(event: Event, settings: EventSettings) -> Standings:
    return standings(settings, len(event.entrants), seatings(event), results(event, settings))


def seat_next(session: Session, event: Event) -> RoundSeating:
    """Seat and start the next round from the standings (Swiss needs the rounds before finished)."""
    settings = settings_of(event)
    seating = next_round(settings, len(event.entrants), seatings(event), results(event, settings))
    _seat(session, group_of(session, event), event, settings, seating)
    return seating


def call_time(session: Session, event: Event, number: int, *, now: datetime | None = None) -> EventRound:
    """Call time on round ``number`` (the last, once): each table's hands now are kept as ``hands_at_call``.
    LookupError: no such round; EventError: refused (events/clock.py check_call)."""
    found = round_of(event, number)
    if found is None:
        raise LookupError(number)
    check_call(round=number, last=event.rounds[-1].round, called=found.called_at is not None,
               closed=found.closed_at is not None)
    found.called_at = now or _now()
    for t in tables_of(event, number):
        t.hands_at_call = len(scoresheet(t.match)["hands"])
    session.commit()
    return found


def close_round(session: Session, event: Event, number: int, *, now: datetime | None = None) -> EventRound:
    """Close round ``number`` (the last, once), called or not: each table's counted hands are frozen at what
    counts now. LookupError: no such round; EventError: refused (events/clock.py check_close)."""
    found = round_of(event, number)
    if found is None:
        raise LookupError(number)
    check_close(round=number, last=event.rounds[-1].round, closed=found.closed_at is not None)
    settings = settings_of(event)
    found.closed_at = now or _now()
    for t in tables_of(event, number):
        sheet = scoresheet(t.match)
        t.hands_counted = _count(settings, t, len(sheet["hands"]), bool(sheet["match_over"])).counted
    session.commit()
    return found


def _seat(session: Session, group: Group, event: Event, settings: EventSettings, seating: RoundSeating) -> None:
    """Seat a round whole: every table's match is flushed, not committed, and the round is committed once, so a
    refused match at table 3 leaves no round, no match and no table (the event too, for its first round)."""
    players = {e.number: e.players for e in event.entrants}
    # the group's room is checked for the whole round first: a round cut off by the group's limit is refused
    # with the limit's own sentence, not the first table's past it
    if len(groups.matches_of(session, group)) + len(seating.tables) > groups.MAX_MATCHES:
        session.rollback()
        raise _problem("group_full", "round", most=groups.MAX_MATCHES)
    try:
        event.rounds.append(EventRound(round=seating.round, bye=seating.bye, started_at=_now()))
        for seat in seating.tables:
            sides = [{"name": side_name(players[e]), **({"players": players[e]} if len(players[e]) > 1 else {})}
                     for e in (seat.ns, seat.ew)]
            title = f"{event.name} · {seating.round}/{seat.table}" if event.name else f"{seating.round}/{seat.table}"
            match, _changed = groups.start_match(session, group, commit=False, variant=settings.variant,
                                                 options=None, sides=sides, title=title[:NAME_MOST])
            event.tables.append(EventTable(round=seating.round, table=seat.table, ns=seat.ns, ew=seat.ew,
                                           match_id=match.id, match=match))
        session.commit()
    except BaseException:
        session.rollback()
        raise
