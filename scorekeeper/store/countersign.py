"""The opponent's countersign (issue 24, optional part: "the opponent confirms each hand on their own phone (a
countersign recorded in the log)"): clubs score on paper slips an opponent signs; here the opponent's phone says
"I play for East–West, hand 3 is right".

A countersign is one more event of the match's append-only log (``action = "confirm"``: the action column's
String(10) holds it, so no migration), with the hand number and an entry that says which side confirms
(``side``: its index in the match, ``side_name``) and which revision of the hand (``revision``: the hand's own
revision count as the sheet shows it; ``confirms_seq``: the seq of the add or edit that gave the hand the entry
confirmed). The time is the event's ``created_at``. The seq, not the count, decides: a hand undone and entered
again is another hand with the same count, and its old countersign must not cover it.

It never changes an entry: every replay (match_log.log_entries, the statistics, an import) skips it, so totals,
the sheet's numbers and the PDF are those of the log without it. It bumps the match version like any save, so
the live sheet and the remembered pages show it; a hand saved on a version that only countersigns followed is
still current (matches.unchanged_since), so a countersign on one phone never turns the scorer's open form stale.

There are no accounts: a phone says which side it plays for. Clubs' slips are countersigned by an OPPONENT of
the side that wrote them: a phone that said which side it plays for records that side with each hand it enters
or corrects (hand_events.entered_by, migration 0009: beside the entry, never in it), and that side's countersign
of that revision is refused (:class:`OwnHand`). A hand whose entering side is unknown (logs from before 0009, a
phone that never chose, the API without ``entered_by``) may be countersigned by any side. The same side twice on
one revision stores nothing (a no-op answer).
"""

from __future__ import annotations

from typing import Any, Sequence

from sqlalchemy import select
from sqlalchemy.orm import Session

from scorekeeper.rules import RecordError
from scorekeeper.rules.phrases import phrase
from scorekeeper.store.models import EventTable, HandEvent, Match
from scorekeeper.store.saves import AlreadySaved, check_key, repeated

ACTION = "confirm"
ENTRY_KEYS = frozenset({"side", "side_name", "revision", "confirms_seq"})


class Outdated(Exception):
    """The hand was corrected since the revision the phone showed; nothing was stored."""

    def __init__(self, number: int, revision: int) -> None:
        super().__init__(f"hand {number} was corrected since (it is now at revision {revision}); "
                         "look at it again before countersigning")
        self.number, self.revision = number, revision


class OwnHand(Exception):
    """The side countersigning is the one whose phone entered (or last corrected) this revision; nothing stored."""

    def __init__(self, number: int, side: int, side_name: str) -> None:
        super().__init__(f"hand {number} was entered by {side_name}'s phone: an opponent countersigns it")
        self.number, self.side, self.side_name = number, side, side_name


def entry_events(events: Sequence[HandEvent]) -> list[HandEvent]:
    """For each hand the log has now, the add or edit event that gave it its entry (its revision's event)."""
    made: list[HandEvent] = []
    for event in events:
        if event.action == "add":
            made.append(event)
        elif event.action == "edit":
            made[event.hand_number - 1] = event
        elif event.action == "undo":
            made.pop()
    return made


def revision_counts(events: Sequence[HandEvent]) -> list[int]:
    """Each current hand's own revision count (as match_log.own_revisions, for every hand in one pass)."""
    counts: list[int] = []
    for event in events:
        if event.action == "add":
            counts.append(1)
        elif event.action == "edit":
            counts[event.hand_number - 1] += 1
        elif event.action == "undo":
            counts.pop()
    return counts


def entered_by(match: Match) -> list[int | None]:
    """Per current hand (index 0 is hand 1), the side whose phone entered or last corrected it, None if unknown."""
    return [event.entered_by for event in entry_events(match.events)]


def confirmations(match: Match) -> list[list[dict[str, Any]]]:
    """Per current hand (index 0 is hand 1), who countersigned its current revision, in side order:
    ``{"side", "name", "at"}``. A countersign of an earlier revision (the hand corrected since) is not listed."""
    made = entry_events(match.events)
    current = {event.seq: number for number, event in enumerate(made, start=1)}
    out: list[dict[int, dict[str, Any]]] = [{} for _ in made]
    for event in match.events:
        if event.action != ACTION or not isinstance(event.entry, dict):
            continue
        number = current.get(event.entry.get("confirms_seq"))
        side = event.entry.get("side")
        if number == event.hand_number and isinstance(side, int) and side not in out[number - 1]:
            out[number - 1][side] = {"side": side, "name": event.entry.get("side_name"),
                                     "at": event.created_at.isoformat(timespec="seconds")}
    return [[by[side] for side in sorted(by)] for by in out]


def countersigned_hands(match: Match) -> tuple[int, int]:
    """``(hands countersigned by at least one side, hands)``: a club night's screen shows it per table."""
    found = confirmations(match)
    return sum(1 for by in found if by), len(found)


def uses_countersign(match: Match) -> bool:
    """Whether anyone ever countersigned a hand of this match: a family that never does sees nothing of it."""
    return any(event.action == ACTION for event in match.events)


def at_a_club_night(session: Session, match: Match) -> bool:
    """Whether ``match`` is a table of a club night (issue 24): there countersigning is offered at once."""
    return session.scalar(select(EventTable.match_id).where(EventTable.match_id == match.id)) is not None


def on_the_sheet(session: Session, match: Match, editable: bool) -> dict[str, Any]:
    """What the sheet shows of countersigns: each hand's signers (``countersigns``, index 0 is hand 1), and on the
    edit link whether to offer the countersign page in the hands' card (a club night's table, or a match someone
    already countersigned in) and how many hands no side countersigned. A family that never countersigns gets
    only a small link in the sheet's head."""
    signed = confirmations(match)
    offer = editable and (uses_countersign(match) or at_a_club_night(session, match))
    return {"countersigns": signed, "countersign_offer": offer,
            "countersign_waiting": sum(1 for by in signed if not by)}


def _side(match: Match, side: Any) -> int:
    if isinstance(side, bool) or not isinstance(side, int) or not 0 <= side < len(match.sides):
        raise RecordError(phrase("side must be the number of one of the match's sides, 0 to %(last)s (%(names)s)",
                                 last=len(match.sides) - 1, names=[s.name for s in match.sides]),
                          field="side")
    return side


def confirm_hand(session: Session, match: Match, number: int, side: Any, *, revision: Any = None,
                 key: str | None = None) -> bool:
    """Record that ``side`` (its index) countersigns hand ``number`` as it stands now; True if a countersign was
    stored, False if that side had already countersigned this revision (nothing stored: a no-op).

    ``revision``: the hand's revision count the phone showed; if the hand was corrected since, :class:`Outdated`
    and nothing is stored (the opponent signs what they saw, never a correction they did not). ``key``: the
    save key; a repeat of a stored countersign raises :class:`~scorekeeper.store.saves.AlreadySaved`, as a
    repeated save does. :class:`OwnHand`: ``side``'s phone entered this revision (an opponent countersigns it).
    LookupError: no such hand; RecordError: a bad side, revision or key."""
    from scorekeeper.store import matches            # matches imports the log modules; this one is above them

    side = _side(match, side)
    key = check_key(key)
    made = entry_events(match.events)
    if not 1 <= number <= len(made):
        raise LookupError(f"hand {number} does not exist; the match has {len(made)} hands")
    count = revision_counts(match.events)[number - 1]
    if revision is not None:
        if isinstance(revision, bool) or not isinstance(revision, int) or revision < 1:
            raise RecordError(phrase("revision must be the hand's revision count (1, 2, …)"), field="revision")
        if revision != count:
            raise Outdated(number, count)
    event = HandEvent(action=ACTION, hand_number=number, save_key=key,
                      entry={"side": side, "side_name": match.sides[side].name, "revision": count,
                             "confirms_seq": made[number - 1].seq})
    if key is not None and repeated(session, match, event) is not None:
        raise AlreadySaved(number, None)
    if made[number - 1].entered_by == side:          # a retry of a stored countersign is answered above
        raise OwnHand(number, side, match.sides[side].name)
    if any(by["side"] == side for by in confirmations(match)[number - 1]):
        return False
    loaded = matches.log_version(match)
    matches.save_event(session, match, loaded, event)
    return True
