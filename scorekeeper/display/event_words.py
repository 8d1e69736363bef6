"""A club night's problems in the page's language (issue 24): the events core and the group file's import say
what is wrong as a code, a field and numbers (scorekeeper/events/settings.py EventProblem); the API, the night
page, the group file's pages and the CLI say them here, with one sentence per code."""

from __future__ import annotations

from datetime import datetime
from typing import Callable

from flask_babel import gettext as _

from scorekeeper.display.words import headed, say_refusal
from scorekeeper.events import EventProblem
from scorekeeper.rules import RecordError
from scorekeeper.store.event_transfer import EventRefused
from scorekeeper.store.transfer import ImportRefused


def event_problem(problem: EventProblem, field_word: Callable[[str], str] | None = None) -> str:
    """One problem of scorekeeper.events (a code, a field, numbers) as a sentence in the request's language.

    Every code the events core and store/events.py emit has its own sentence (test_event_refusals reads the codes
    from the source and proves none reaches the last, generic one). ``field_word`` names the field for a page (the
    night form says its label, "Rounds", where the API says the path "rounds", "entrants[2]")."""
    v = dict(problem.values)
    field = field_word(problem.field) if field_word else problem.field
    code = problem.code
    if code == "out_of_range":
        return _("%(field)s must be from %(least)s to %(most)s", field=field, least=v.get("least"),
                 most=v.get("most"))
    if code == "not_an_integer":
        return _("%(field)s must be a whole number", field=field)
    if code == "hands_or_minutes":
        return _("a round lasts either a number of hands or a number of minutes: give one of them")
    if code == "unknown_word":
        return _("%(field)s: not one of the words it takes", field=field)
    if code == "unknown_field":
        return _("unknown field %(name)r", name=field)
    if code == "unknown_scale":
        return _("there is no victory point scale called %(name)r", name=v.get("value"))
    if code == "variant_name":
        return _("name the variant the tables play")
    # the body's shape (store/events.py reads it before the core checks it; a group file's parts are said below)
    if code == "not_an_object" and problem.field == "settings":
        return _("%(field)s must be an object of named settings, such as {\"tables\": 2, \"rounds\": 3}",
                 field=field)
    if code == "not_a_list" and problem.field == "entrants":
        return _("%(field)s must be a list of entrants, each a list of roster names", field=field)
    if code == "not_text":
        return _("%(field)s must be text", field=field)
    # a victory point scale given as rows [least difference, winner VP, loser VP] (settings.VictoryScale)
    if code == "scale_size":
        return _("%(field)s: a victory point scale has from %(least)s to %(most)s rows", field=field,
                 least=v.get("least"), most=v.get("most"))
    if code == "scale_starts_above_zero":
        return _("%(field)s: the first row of the scale starts at a difference of 0", field=field)
    if code == "scale_tie_unequal":
        return _("%(field)s: the first row is a draw and gives both sides the same victory points", field=field)
    if code == "scale_not_rising":
        return _("%(field)s: each row starts at a larger difference than the row before", field=field)
    if code == "scale_winner_falls":
        return _("%(field)s: the winner's victory points never fall from one row to the next", field=field)
    if code == "scale_loser_above_winner":
        return _("%(field)s: the loser cannot get more victory points than the winner", field=field)
    if code == "scale_sum_differs":
        return _("%(field)s: every row hands out %(total)s victory points in all, this one %(value)s", field=field,
                 total=v.get("total"), value=v.get("value"))
    # the seatings and results the store hands the core: never wrong from a stored event (a group file's rounds
    # are said below, after the file's own codes)
    if code == "result_for_empty_table":
        return _("%(field)s: nobody sits at table %(table)s in round %(round)s", field=field,
                 table=v.get("table"), round=v.get("round"))
    if code == "result_twice":
        return _("%(field)s: table %(table)s of round %(round)s has two results", field=field,
                 table=v.get("table"), round=v.get("round"))
    if code == "round_out_of_range":
        return _("this event has rounds 1 to %(most)s, not %(value)s", most=v.get("most"), value=v.get("value"))
    if code == "order_not_every_entrant":
        return _("%(field)s: the order names every entrant once", field=field)
    if code == "mitchell_rounds_above_tables":
        return _("a Mitchell movement of %(tables)s tables has at most %(tables)s rounds", tables=v.get("most"))
    if code == "entrant_count" and v.get("least") == v.get("most"):     # one table: "2 or 2 entrants" says little
        return _("a club night needs at least two entrants, not %(count)s", count=v.get("value"))
    if code == "entrant_count":
        return _("%(tables)s tables seat %(least)s or %(most)s entrants, not %(count)s",
                 tables=(int(v.get("most", 2)) + 1) // 2, least=v.get("least"), most=v.get("most"),
                 count=v.get("value"))
    if code == "fixed_needs_even_count":
        return _("fixed tables need an even number of entrants")
    if code == "entrant_players":
        return _("%(field)s: each entrant is %(count)s roster names", field=field, count=v.get("players"))
    if code == "player_twice":
        return _("%(name)s plays in two entrants", name=v.get("name"))
    if code == "round_unfinished":
        return _("a Swiss round is seated from the standings: finish every table of the round first")
    if code == "group_full":
        return _("this group already has %(count)s matches, the most one group can hold", count=v.get("most"))
    if code == "event_over":
        return _("every round of this event is seated already")
    # a group file's club night (store/event_transfer.py) refused by the core or by the file's shape
    if code == "too_many_events":
        return _("a group holds at most %(most)s club nights", most=v.get("most"))
    if code == "not_an_object":
        return _("%(field)s must be an object, as the group export writes it", field=field)
    if code == "not_a_list":
        return _("%(field)s must be a list", field=field)
    if code == "entrant_number":
        return _("entrants are numbered 1, 2, 3… in order: this one is %(number)s", number=v.get("value"))
    if code == "match_not_in_file":
        return _("a table's match is the index of one of the file's matches, from 0 to %(most)s",
                 most=v.get("most"))
    if code == "match_twice":
        return _("match %(index)s already plays %(other)s", index=v.get("value"), other=v.get("other"))
    if code in ("round_misses_entrants", "entrant_seated_twice"):
        return _("each round seats every entrant once, at a table or sitting out")
    if code == "table_seated_twice":
        return _("a round seats each table once")
    if code == "entrant_meets_itself":
        return _("an entrant cannot play itself")
    if code == "rounds_out_of_order":
        return _("the rounds are numbered 1, 2, 3… in order")
    if code.startswith("scale"):
        return _("%(field)s: the victory point scale does not add up (each row must give the same total, rising)",
                 field=field)
    if code == "round_not_last":
        return _("round %(round)s is over: only the last round (%(last)s) can be called or closed",
                 round=v.get("round"), last=v.get("last"))
    if code == "time_called_twice":
        return _("time was already called in round %(round)s", round=v.get("round"))
    if code == "round_closed":
        return _("round %(round)s is closed already", round=v.get("round"))
    return _("%(field)s is not valid here", field=field)


def event_field(exc: RecordError) -> str:
    """The event's field a refused table match is about: the match's ``title`` is made of the event's ``name``,
    its sides' names of the ``entrants``, and a side with more players than the variant's form seats (pairs in
    a two-player variant) or an unknown variant is the ``variant``'s problem. The match's own path
    (``sides[0].players``) means nothing to whoever sent the event."""
    field = exc.field or ""
    if field == "title":
        return "name"
    if field.startswith("sides") and not field.endswith(".players"):
        return "entrants"
    return "variant"


def say_import_refusal(exc: ImportRefused) -> tuple[str, bool]:
    """A group file's refusal in the page's language (``say_refusal``'s answer): a club night's part refused by
    the events core is said by :func:`event_problem`, as the API says it when an event is made."""
    if isinstance(exc, EventRefused):
        return headed(exc.part or "events", event_problem(exc.problem)), False
    return say_refusal(exc)


def utc(when: datetime | None) -> str | None:
    """A stored time (naive UTC, models._now) as ISO 8601 with its Z, or None."""
    return when.isoformat(timespec="seconds") + "Z" if when is not None else None
