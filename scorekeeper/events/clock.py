"""A round's clock (issue 24: "R rounds of K hands (or a time limit per round)"): calling time, closing the
round, and which hands of a table's match count for the event.

Standard library only, ``mypy --strict``, like the rest of :mod:`scorekeeper.events`.

The issue is silent on how a time limit ends a round; this is what burraco and canasta clubs do (the director
calls time; each table finishes the hand it is playing and starts no new one):

- A round is *seated* (its ``started_at``); a round of ``minutes`` is due at ``started_at + minutes``
  (:func:`ends_at`), which is only shown: nothing stops by itself.
- The organiser may **call time** on the last round (once). Each table is then finished as soon as one more
  hand than it had at the call is entered: the hand being played when time was called. Later hands of that
  match do not count for the event (the match itself keeps them: it is an ordinary match).
- The organiser then **closes** the round, or closes it at once (a table that started no new hand after the
  call). Closing freezes each table's counted hands at what counts then (:func:`count_hands` with
  ``closed=None``); hands entered after the close do not count. A round of K hands may be closed early too
  (a table that could not finish): what is entered counts, at most K.
- A table's result is its match's totals after its last counted hand (0 - 0 when none counts). A closed round
  has no pending table, so a Swiss event seats its next round from it (standings.next_round).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from scorekeeper.events.settings import EventProblem, raise_if


@dataclass(frozen=True, kw_only=True, slots=True)
class HandCount:
    """How many of a table's entered hands count for the event, and whether the table is finished."""

    counted: int
    finished: bool


def count_hands(*, entered: int, hands: int | None, at_call: int | None, closed: int | None,
                over: bool) -> HandCount:
    """The hands that count at a table with ``entered`` hands in its match.

    ``hands``: K for a round of K hands, None for a round of minutes; ``at_call``: the hands the table had when
    time was called (None: not called); ``closed``: the counted hands frozen when the round was closed (None:
    open); ``over``: the match itself is over (a match over before hand K counts with what it has).
    """
    if closed is not None:
        # an undo after the close can leave fewer hands than were frozen: only hands that exist count
        return HandCount(counted=min(closed, entered), finished=True)
    most = hands
    if at_call is not None:
        most = at_call + 1 if most is None else min(most, at_call + 1)
    if most is not None and entered >= most:
        return HandCount(counted=most, finished=True)
    return HandCount(counted=entered, finished=over)


def ends_at(started_at: datetime | None, minutes: int | None) -> datetime | None:
    """When a round of ``minutes`` is due (None for a round of hands, or a round seated before times were
    kept)."""
    if started_at is None or minutes is None:
        return None
    return started_at + timedelta(minutes=minutes)


def check_call(*, round: int, last: int, called: bool, closed: bool) -> None:
    """Time is called on the last round only, once, and not on a closed round (EventError otherwise)."""
    _check_clock(round=round, last=last, closed=closed, called=called)


def check_close(*, round: int, last: int, closed: bool) -> None:
    """Only the last round is closed, once (EventError otherwise); a round whose time was called may be."""
    _check_clock(round=round, last=last, closed=closed, called=False)


def _check_clock(*, round: int, last: int, closed: bool, called: bool) -> None:
    problems = []
    if round != last:
        problems.append(EventProblem(code="round_not_last", field="round", values=(("round", round),
                                                                                    ("last", last))))
    elif closed:
        problems.append(EventProblem(code="round_closed", field="round", values=(("round", round),)))
    elif called:
        problems.append(EventProblem(code="time_called_twice", field="round", values=(("round", round),)))
    raise_if(problems)
