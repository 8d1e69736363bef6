"""Matches as append-only logs: create, add/edit/undo hands, replay into a scoresheet.

Plain functions over a SQLAlchemy session (no Flask), so the web pages, the JSON API and the CLI share them.
Every save is one transaction guarded by the match version: a save based on a stale version is refused and
nothing is written.
"""

from __future__ import annotations

import secrets
from typing import Any, Mapping, Sequence

from sqlalchemy import bindparam, select, update
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import Session

from scorekeeper.store.match_log import current_entries, log_entries, own_revisions, revisions  # noqa: F401 (the match API)
from scorekeeper.store.models import HandEvent, Match, MatchSide
from scorekeeper.store.tokens import could_be_token
from scorekeeper.store.replays import (Replayed, log_version, remember_next, remembered,  # noqa: F401 (the match API)
                                       replayed, rules_of, score_entries, scored_from, scoresheet)
from scorekeeper.rules import RecordError, bounds, get_variant
from scorekeeper.rules.tables.house import house_block, house_pin
from scorekeeper.rules.tables.pinned import pin, rules_from_json
from scorekeeper.rules.tables.variants import side_size
from scorekeeper.rules.phrases import phrase
from scorekeeper.rules.problems import problem
from scorekeeper.rules.canasta.hand_form import ENTRY_MODES, checked_entry, next_hand_refusal  # noqa: F401 (the match API)
from scorekeeper.rules.canasta.scoring import HandResult
from scorekeeper.rules.work import hands_within
from scorekeeper.store import quota
from scorekeeper.store.saves import AlreadySaved, Unavailable, check_key, repeated

TOKEN_BYTES = 24          # 192 bits from secrets: links cannot be guessed
MAX_VERSION = 2**31 - 1   # the version column is a 32-bit INTEGER on PostgreSQL (and SQLite refuses > 2**63)
# A real match has a few dozen hands (díszített to 10 000 rarely needs forty); the bound keeps every page, PDF and
# answer of a match small however long a script keeps adding. Under a house table dearer than the shipped ones a
# match holds fewer, so that its replay stays within rules.work.REPLAY_WORK (hands_allowed).
MAX_HANDS = 200


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


def _repeat(session: Session, match: Match, event: HandEvent) -> None:
    """Raise :class:`AlreadySaved` (or :class:`KeyReused`) if ``event``'s key was stored before."""
    if event.save_key is not None and (found := repeated(session, match, event)) is not None:
        first, log = found
        result = None if first.action in ("undo", "confirm") else score_entries(match, log_entries(log))[first.hand_number - 1]
        raise AlreadySaved(first.hand_number, result)


def match_is_over() -> HandRejected:
    return HandRejected({"ok": False, "problems": [problem(
        "match_over", phrase("this match is over; correct a past hand or start a new match")).to_dict()]})


def match_is_full(most: int | None = None) -> HandRejected:
    return HandRejected({"ok": False, "problems": [problem("match_full", phrase(
        "this match already has %(count)s hands, the most one match can hold; start a new match",
        count=MAX_HANDS if most is None else most)).to_dict()]})


def hands_allowed(rules: Any) -> int:
    """How many hands a match under ``rules`` holds: :data:`MAX_HANDS`, fewer under a table whose scorings cost
    more than the shipped ones (rules/work.py), so that no replay of a match costs more than REPLAY_WORK."""
    return hands_within(rules, MAX_HANDS)


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def house_of(match: Match) -> dict[str, Any] | None:
    """The house rules ``match`` is played under (``{"name", "changes": [{"key", "variant", "house"}]}``), or
    None: a plain variant."""
    return house_block(match.rules_json)


def _check_side_sizes(rules: Any, sides: list[MatchSide]) -> None:
    """Six players in all are not enough: each side of an even form holds its share (rules/variants.side_size)."""
    size = side_size(rules, len(sides))
    for i, side in enumerate(sides):
        if size is not None and len(side.players) != size:
            raise RecordError(phrase("%(variant)s in this form is played by %(sides)s sides of %(size)s players; "
                                     "side %(side)s has %(count)s", variant=rules.name, sides=len(sides), size=size,
                                     side=repr(side.name), count=len(side.players)), field=f"sides[{i}].players")


def create_match(session: Session, *, variant: str, options: Mapping[str, Any] | None,
                 sides: Sequence[Mapping[str, Any]], title: str = "", pinned: tuple[str, str] | None = None,
                 edit_token: str | None = None, house: Mapping[str, Any] | None = None,
                 house_name: str = "", first_dealer: str | None = None, commit: bool = True) -> Match:
    """Validate and store a new match, pinned to today's rules of its variant and options (or to ``pinned``,
    ``(rules JSON, its hash)`` as an import carries them). ``sides`` is a list of ``{"name", "players"?}``.
    ``edit_token`` is given by a rematch, whose token comes from its form's key (web/share.py); a second match
    with it is refused by the column's unique constraint (``IntegrityError``, session to be rolled back).
    ``house``: a house partial (rules/house.py) merged over the variant and pinned with it, named ``house_name``;
    a key or value it cannot take is a RecordError on ``rules.<key>`` and nothing is stored.
    ``first_dealer``: the player who deals hand 1 (issue 22); None or "": the first player listed. A name that is
    not one of the match's players is a RecordError on ``first_dealer``.
    ``commit=False``: the match is only flushed (it has its id) and the caller commits it with more (a club
    night's round seats all its tables or none, store/events.py); its bytes are counted against the quota at
    once, so a round refused later over-counts, never under-counts."""
    if pinned is None:
        get_variant(variant).rules(options)          # an unknown variant or option: a RecordError naming it
        pinned = house_pin(variant, options, house, name=house_name) if house else pin(variant, options)
    rules = rules_from_json(*pinned)
    if not isinstance(sides, (list, tuple)) or not rules.min_sides <= len(sides) <= rules.max_sides:
        span = rules.min_sides if rules.min_sides == rules.max_sides else f"{rules.min_sides}–{rules.max_sides}"
        # a side of one player is a player: "csapat" (a team) would be wrong for díszített
        raise RecordError(phrase("%(variant)s in this form needs %(span)s players", variant=rules.name, span=span)
                          if getattr(rules, "players_per_side", 1) == 1 else
                          phrase("%(variant)s in this form needs %(span)s sides", variant=rules.name, span=span),
                          field="sides")
    stored, seen = [], set()
    for i, side in enumerate(sides):
        name = side.get("name") if isinstance(side, Mapping) else None
        if not isinstance(name, str) or not name.strip():
            raise RecordError(phrase("every side needs a name"), field=f"sides[{i}].name")
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
    low, high = rules.total_players
    if not low <= len(seen) <= high:
        # Every form seats a number of players in all (seed 002: cutthroat is three, the five-player game 3 + 2).
        span = low if low == high else f"{low}–{high}"
        raise RecordError(f"{rules.name} in this form is played by {span} players in all; {len(seen)} were given",
                          field="sides")
    _check_side_sizes(rules, stored)
    first_dealer = _first_dealer(first_dealer, [p for side in stored for p in side.players])
    if not isinstance(title, str):
        raise RecordError("the title must be text", field="title")
    bounds.text(title, "title", most=bounds.TEXT_MAX, single_line=True)
    match = Match(edit_token=edit_token or new_token(), view_token=new_token(), title=title.strip()[:200], variant=rules.id,
                  options=dict(rules.options), rules_json=pinned[0], rules_hash=pinned[1], sides=stored, version=0,
                  first_dealer=first_dealer)
    stored_bytes = match_size(match)
    quota.admit(stored_bytes)            # the client's storage quota (store/quota.py): nothing stored past it
    session.add(match)
    try:
        session.commit() if commit else session.flush()
    except OperationalError as exc:
        _rollback(session)
        raise Unavailable() from exc
    quota.spent(stored_bytes)
    return match


def _first_dealer(name: Any, players: list[str]) -> str | None:
    """The stored first dealer: one of ``players`` (compared as typed, spaces trimmed), or None for the first of
    them, which is also what every match made before the choice existed reads as."""
    if name is None or (isinstance(name, str) and not name.strip()):
        return None
    if not isinstance(name, str) or name.strip()[:80] not in players:       # kept as the players are
        raise RecordError(phrase("the first dealer must be one of the players: %(players)s",
                                 players=", ".join(players)), field="first_dealer")
    return name.strip()[:80]


def match_size(match: Match) -> int:
    """The bytes a new match takes stored (its rules, the largest part, and its sides), for the quota."""
    return quota.size(match.title, match.options, match.rules_json or "", match.edit_token, match.view_token,
                      match.first_dealer or "",
                      *([side.name, side.players, quota.ROW_BYTES] for side in match.sides))


def find_match(session: Session, token: str, *, editable: bool) -> Match | None:
    if not could_be_token(token):
        return None
    column = Match.edit_token if editable else Match.view_token
    return session.scalars(select(Match).where(column == token)).one_or_none()


# Built once: the sheet's hot path reads two columns on the session's connection, past the ORM (about a third of
# a remembered page's time otherwise).
_VERSION_BY = {editable: select(Match.id, Match.version).where(column == bindparam("token"))
               for editable, column in ((True, Match.edit_token), (False, Match.view_token))}


def match_version(session: Session, token: str, *, editable: bool) -> tuple[int, int] | None:
    """``(id, version)`` of the match behind a link: one indexed read, for pages remembered per version."""
    if not could_be_token(token):
        return None
    row = session.connection().execute(_VERSION_BY[editable], {"token": token}).first()
    return None if row is None else (row[0], row[1])


def _check_entry(match: Match, entry: Any) -> dict[str, Any]:
    return checked_entry(rules_of(match), [{"name": s.name, "players": s.players} for s in match.sides], entry)


def _save(session: Session, match: Match, based_on: int, loaded: int, event: HandEvent) -> None:
    """Append one event if the match is still at ``loaded``, the version whose log the save was validated on,
    and the client based its save on that version too; one transaction, nothing half-written.

    The client's number alone is not enough: a client that already saw version v+1 while this request loaded
    v would otherwise write a hand scored on v on top of v+1 (two adds of one hand number).
    """
    if isinstance(based_on, bool) or not isinstance(based_on, int) or not 0 <= based_on <= MAX_VERSION:
        raise RecordError("the save must say which version of the match it was based on", field="version")
    # Before anything is written: past the client's storage quota nothing is (store/quota.py).
    stored_bytes = event_size(event)
    quota.admit(stored_bytes)
    try:
        if unchanged_since(match, based_on, loaded) and _bump(session, match, loaded):
            event.seq = loaded + 1
            match.events.append(event)
            session.commit()
            session.refresh(match)
            quota.spent(stored_bytes)
            return
    except IntegrityError:               # the same key or seq, committed by a racing save
        _rollback(session)
        _repeat(session, match, event)
        if match.version == loaded:
            raise                        # nobody else saved: a fault, not a race
        raise StaleMatch(match.version) from None
    except OperationalError as exc:      # read-only file, full disk, locked database, server gone
        _rollback(session)
        raise Unavailable() from exc
    _rollback(session)
    _repeat(session, match, event)       # a racing copy of this very save won: answer as it did
    raise StaleMatch(match.version)


def unchanged_since(match: Match, based_on: int, loaded: int | None = None) -> bool:
    """Whether a save based on version ``based_on`` is still current on the loaded log (at ``loaded``, default
    its last seq): the same version, or only countersigns after it (store/countersign.py: they change no entry,
    so an opponent's confirm on their phone never turns the scorer's open form stale)."""
    loaded = _loaded_version(match) if loaded is None else loaded
    if based_on == loaded:
        return True
    return based_on < loaded and all(e.action == "confirm" for e in match.events if e.seq > based_on)


def save_event(session: Session, match: Match, loaded: int, event: HandEvent) -> None:
    """Append ``event`` (a countersign: store/countersign.py) on the loaded log at ``loaded``, as a save does."""
    _save(session, match, loaded, loaded, event)
    if (base := remembered(match, loaded)) is not None:
        remember_next(match, loaded, base)       # the same hands: the next version replays as this one


def event_size(event: HandEvent) -> int:
    """The bytes a hand event takes stored (its entry, the largest part), for the quota."""
    return quota.size(event.entry, event.save_key or "")


def _bump(session: Session, match: Match, loaded: int) -> bool:
    bumped = session.execute(update(Match).where(Match.id == match.id, Match.version == loaded)
                             .values(version=loaded + 1))
    return bumped.rowcount == 1


def _rollback(session: Session) -> None:
    try:
        session.rollback()
    except OperationalError:
        pass                             # the connection is gone; the session starts afresh next time


def _loaded_version(match: Match) -> int:
    """The version the loaded log stands for: every save appends the event with ``seq`` = the new version."""
    return log_version(match)


def _scored(match: Match, entries: list[dict[str, Any]], number: int, base: Replayed) -> HandResult:
    """Hand ``number`` of ``entries`` scored as its save would: from the remembered totals before it (``base``,
    the replay of the log the entries come from), read with the limits."""
    return scored_from(match, entries[:number], base, number - 1, new=number)[0]


def _verified(match: Match, entries: list[dict[str, Any]], number: int, base: Replayed) -> HandResult:
    result = _scored(match, entries, number, base)
    if not result.ok:
        raise HandRejected(result.to_dict())
    return result


def _placed(match: Match, entry: dict[str, Any], number: int | None,
            base: Replayed) -> tuple[list[dict[str, Any]], int]:
    """The match's entries with the checked ``entry`` as hand ``number`` (None: the next hand) and that number,
    after what a save refuses before scoring (a full or finished match, a hand that does not exist)."""
    entries = current_entries(match)
    if number is None:
        refusal = next_hand_refusal(len(entries), most := hands_allowed(rules_of(match)), base.over)
        if refusal == "match_full":
            raise match_is_full(most)
        if refusal == "match_over":
            raise match_is_over()
        return [*entries, entry], len(entries) + 1
    if not 1 <= number <= len(entries):
        raise LookupError(f"hand {number} does not exist; the match has {len(entries)} hands")
    entries[number - 1] = entry
    return entries, number


def preview_hand(match: Match, entry: Any, number: int | None = None) -> tuple[int, HandResult]:
    """``entry`` scored exactly as saving it as hand ``number`` (None: the next hand) would score it, and the
    hand's number; nothing is stored (the hand form's live preview). Raises what the save raises before
    writing: RecordError (unreadable), HandRejected (a full or finished match), LookupError (no such hand);
    a hand that breaks the rules comes back with its problems (``result.ok`` False). One scoring on top of the
    remembered replay (:func:`replayed`): hand ``number``'s result follows from the totals before it alone."""
    entry = _check_entry(match, entry)
    base = replayed(match)
    entries, number = _placed(match, entry, number, base)
    return number, _scored(match, entries, number, base)


def entering_side(match: Match, side: Any) -> int | None:
    """``None`` or the index of one of the match's sides: the side whose phone enters a hand (issue 24, the
    countersign by an opponent: store/countersign.py). A RecordError on ``entered_by`` otherwise."""
    if side is None:
        return None
    if isinstance(side, bool) or not isinstance(side, int) or not 0 <= side < len(match.sides):
        raise RecordError(phrase("entered_by must be the number of one of the match's sides, 0 to %(last)s "
                                 "(%(names)s)", last=len(match.sides) - 1, names=[s.name for s in match.sides]),
                          field="entered_by")
    return side


def add_hand(session: Session, match: Match, entry: Any, *, based_on: int, key: str | None = None,
             entered_by: int | None = None) -> HandResult:
    """Append hand N+1. With ``key``, a save already stored under it raises :class:`AlreadySaved` instead.
    ``entered_by``: the side whose phone entered it (:func:`entering_side`), kept beside the entry, never in it,
    so a retry is recognised by its entry alone."""
    entered_by = entering_side(match, entered_by)
    entry = _check_entry(match, entry)
    event = HandEvent(action="add", entry=entry, save_key=check_key(key), entered_by=entered_by)
    _repeat(session, match, event)
    loaded, base = _loaded_version(match), replayed(match)
    entries, number = _placed(match, entry, None, base)
    result = _verified(match, entries, number, base)
    event.hand_number = number
    _save(session, match, based_on, loaded, event)
    remember_next(match, loaded, base.then([result], number - 1))
    return result


def edit_hand(session: Session, match: Match, number: int, entry: Any, *, based_on: int,
              key: str | None = None, entered_by: int | None = None) -> HandResult:
    """Correct hand ``number``: one scoring checks it; once saved, hands number+1 … are re-scored from its new
    totals (their taxation follows from them) for the new version's sheet, the hands before it kept."""
    loaded, count = _loaded_version(match), len(current_entries(match))
    if not 1 <= number <= count:         # before the entry's own checks, as the API has always answered
        raise LookupError(f"hand {number} does not exist; the match has {count} hands")
    entered_by = entering_side(match, entered_by)       # the side whose phone corrects it (add_hand)
    entry = _check_entry(match, entry)
    event = HandEvent(action="edit", hand_number=number, entry=entry, save_key=check_key(key),
                      entered_by=entered_by)
    _repeat(session, match, event)
    base = replayed(match)
    entries, number = _placed(match, entry, number, base)
    result = _verified(match, entries, number, base)
    _save(session, match, based_on, loaded, event)
    corrected = base.then([result], number - 1)
    remember_next(match, loaded, corrected.then(scored_from(match, entries, corrected, number), number))
    return result


def undo_last(session: Session, match: Match, *, based_on: int, key: str | None = None) -> int:
    event = HandEvent(action="undo", entry=None, save_key=check_key(key))
    _repeat(session, match, event)
    entries, loaded = current_entries(match), _loaded_version(match)
    if not entries:
        raise LookupError("there is no hand to undo")
    event.hand_number = len(entries)
    _save(session, match, based_on, loaded, event)
    if (base := remembered(match, loaded)) is not None:
        # the hands before the last one replay as they did: nothing to score
        remember_next(match, loaded, Replayed(base.results[:-1], base.totals[:-1]))
    return len(entries)
