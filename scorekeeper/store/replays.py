"""A match's log scored: each version's replay and scoresheet, remembered per (match, version, rules).

The log is append-only and every save bumps the version, so a version always replays to the same results; a page
view, a preview or a save of a match already read starts from what is remembered instead of hand 1 (issue 19).
:mod:`scorekeeper.store.matches` writes the log; this module only reads and scores it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from scorekeeper.rules import bounds, get_variant, score_match
from scorekeeper.rules.deal import dealers, seating
from scorekeeper.rules.canasta.scoring import HandResult
from scorekeeper.rules.tables.pinned import rules_from_json
from scorekeeper.store.match_log import current_entries, own_revisions
from scorekeeper.store.models import Match
from scorekeeper.store.remembered import Remembered


def rules_of(match: Match) -> Any:
    """The rules ``match`` is played under: the resolved rules stored when it was created (:mod:`scorekeeper.rules.tables.pinned`),
    so an edit of ``rules_ref/`` never changes an existing match. A match the migration to revision 0003 could not
    pin (its variant or an option of it no longer exists) has none stored and is read with today's tables, as
    every match was before; that raises the RecordError of the missing variant."""
    if match.rules_json is None:
        return get_variant(match.variant).rules(match.options)
    # A stored match keeps the ranges of the day it was made (issue 19 narrowed them, e.g. deck.packs 1…4): its
    # table is read for its shapes, not refused for a number new input may no longer give.
    with bounds.relaxed():
        return rules_from_json(match.rules_json, match.rules_hash)


def _records(entries: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    return [{"sides": e["sides"]} for e in entries]


def score_entries(match: Match, entries: Sequence[Mapping[str, Any]], *, new: int | None = None) -> list[HandResult]:
    """Replay; only hand ``new`` (1-based, the one being saved) is read with the limits of rules/bounds.py, so a
    hand stored before a limit existed still replays and can be corrected."""
    return score_match(rules_of(match), _records(entries), checked=() if new is None else {new - 1})


def log_version(match: Match) -> int:
    """The version the loaded log stands for (``seq`` of its last event)."""
    # apart from matches._loaded_version, which a save calls once, where tests/web/test_save_races.py holds two racers
    return match.events[-1].seq if match.events else 0


# --- a version's replay --------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Replayed:
    """A match version's log scored: each hand's result as the sheet shows it and the running totals after each
    hand (``totals[0]`` is before the first: ``{}``, as score_match starts). Hand k's result depends only on its
    entry, its number and the totals before it, so a preview or a save starts from here instead of hand 1, and
    the next version's replay keeps what a change left alone. Never modified: the sheets share its dicts."""

    results: tuple[dict[str, Any], ...]
    totals: tuple[Mapping[str, int], ...]

    @property
    def over(self) -> bool:
        return bool(self.results) and bool(self.results[-1]["match_over"])

    def then(self, results: Sequence[HandResult], at: int) -> "Replayed":
        """This replay's first ``at`` hands followed by ``results`` (hands at+1, …)."""
        dicts, totals = list(self.results[:at]), list(self.totals[:at + 1])
        for result in results:
            dicts.append(result.to_dict())
            totals.append({**totals[-1], **result.totals})
        return Replayed(tuple(dicts), tuple(totals))


_NOTHING = Replayed((), ({},))


def scored_from(match: Match, entries: Sequence[Mapping[str, Any]], start: Replayed, at: int, *,
                 new: int | None = None) -> list[HandResult]:
    """Hands at+1 … of ``entries`` scored from the totals ``start`` has after hand ``at``; only hand ``new`` is
    read with the limits (score_entries)."""
    return score_match(rules_of(match), _records(entries[at:]), start.totals[at],
                       checked=() if new is None else {new - 1}, first=at)


def _replay_key(match: Match, version: int) -> tuple[str, int, str | None]:
    return match.edit_token, version, match.rules_hash


def remembered(match: Match, version: int) -> Replayed | None:
    """``version``'s replay of ``match`` if this process remembers it."""
    return _replays.get(_replay_key(match, version))


def replayed(match: Match) -> Replayed:
    """The loaded log scored, remembered per (match, version, rules) like the sheet: a preview and a save of a
    match already read cost one scoring, not a replay of every hand (issue 19: a preview of a 200-hand match
    cost 0.14 CPU-s)."""
    key = _replay_key(match, log_version(match))
    found = _replays.get(key)
    if found is None:
        entries = current_entries(match)
        found = _NOTHING.then(scored_from(match, entries, _NOTHING, 0), 0)
        _replays.put(key, found)
    return found


def remember_next(match: Match, loaded: int, replay: Replayed) -> None:
    """What the version a save just wrote (``loaded`` + 1: _save appended exactly this event to the log the
    save was checked on) replays to, so its first sheet does not replay from hand 1."""
    _replays.put(_replay_key(match, loaded + 1), replay)


# A scoresheet dict holds about 3 KB per hand and side; this keeps ~24 MB per worker (some sixty evenings of
# thirty four-player hands) however long the matches are. The replays behind the sheets are as many again; most
# of their weight, the hands' result dicts, the sheets share.
SHEET_SIDE_HANDS_KEPT = 8000
_sheets: Remembered[dict[str, Any]] = Remembered(SHEET_SIDE_HANDS_KEPT,
                                                 weigh=lambda s: (len(s["hands"]) + 1) * len(s["columns"]))
_replays: Remembered[Replayed] = Remembered(SHEET_SIDE_HANDS_KEPT,
                                            weigh=lambda r: len(r.totals) * max(1, len(r.totals[-1])))


def scoresheet(match: Match) -> dict[str, Any]:
    """Everything the scoresheet shows, recomputed from the log — remembered per (match, version, rules).

    The log is append-only and every save bumps the version, so a version always replays to the same sheet;
    a page view, an API read or a PDF that changed nothing should not re-score 30 hands. The rules' hash is in
    the key too: a sheet is what the log gives under those rules, whatever else ever shares the token. Callers
    must not modify the returned dict.
    """
    key = (match.edit_token, match.version, match.rules_hash)
    sheet = _sheets.get(key)
    if sheet is None:
        sheet = _replay(match)
        _sheets.put(key, sheet)
    return sheet


def _replay(match: Match) -> dict[str, Any]:
    rules = rules_of(match)
    entries = current_entries(match)
    results = replayed(match).results
    names = ([p for s in match.sides for p in s.players] if rules.score_per == "player"
             else [s.name for s in match.sides])
    totals = {n: 0 for n in names}
    seats = seating([s.players for s in match.sides])
    first = match.first_dealer if match.first_dealer in seats else None   # NULL: an older match, its first player
    # a match stored without sides (only ever by hand, as a migration test does) has no seat to deal from
    dealt: list[str | None] = [*dealers(len(entries), seats, first, rules.deal_passes)] if seats else \
        [None] * (len(entries) + 1)
    hands = []
    for number, (entry, result) in enumerate(zip(entries, results), start=1):
        totals.update(result["totals"])
        hands.append({"number": number, "mode": entry.get("mode", "cards"),
                      "revisions": own_revisions(match, number),
                      "result": result, "dealer": dealt[number - 1]})
    last = results[-1] if results else None
    # A family without opening minimums (the GameRules protocol has none) gets null, as Keltis's rules give.
    minimums = {n: rules.opening_minimum(t) if hasattr(rules, "opening_minimum") else None for n, t in totals.items()}
    # Seed 003 (Brazilian canasta, classic 7500 game): the canasta the next opening must hold, null for none.
    canastas = {n: rules.opening_canasta(t) if hasattr(rules, "opening_canasta") else None for n, t in totals.items()}
    winner = last["winner"] if last else None
    over = bool(last and last["match_over"])
    return {"match": {"title": match.title, "variant": rules.id, "variant_name": rules.name,
                      "options": dict(match.options), "created_at": match.created_at.isoformat(timespec="seconds"),
                      "version": match.version, "rules_hash": match.rules_hash,
                      "sides": [{"name": s.name, "players": list(s.players)} for s in match.sides],
                      # Issue 22: the seats in the order play goes, who dealt hand 1, which way the deal moves and
                      # whether the seat it reaches deals or (Keltis) begins.
                      "seats": seats, "first_dealer": dealt[0], "deal_passes": rules.deal_passes,
                      "dealer_role": rules.dealer_role},
            # Who deals the next hand, a plain name the offline snapshot can show (issue 22); null once it is over.
            "next_dealer": None if over else dealt[-1],
            "columns": names, "hands": hands, "totals": totals, "next_opening_minimum": minimums,
            "next_opening_canasta": canastas, "match_over": over, "winner": winner,
            # Seed 003's classic game is to 7500 with three sides: the target the match-over decision uses (outcome.py).
            "target": rules.target_for(len(names)) if hasattr(rules, "target_for") else rules.target}
